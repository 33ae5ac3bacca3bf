"""The semantic stage: factor paraphrases the lexicon missed, found by sentence embeddings.

An argument is cut into segments (at sentence ends, punctuation and the words that open a
new proposition: "and", "but", "because", "which", ...). A segment holding no lexicon hit
and at least ``MIN_CONTENT_WORDS`` content words is embedded, case names removed, and compared with every
reference description (``references.REFERENCES``). It names the factor of its nearest
reference when that similarity reaches ``threshold``, beats the nearest background
description by ``margin``, and beats the runner-up factor by ``gap``; cue words then settle
a pro/con twin (``resolve_twin``). The result is a ``Hit`` like a lexicon match, spanning
the segment's words outside any case reference, so negation, attribution and "unlike X"
are decided by the same rules as for the lexicon.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from citeproof.bench.factors.embed import Vectors
from citeproof.bench.factors.mentions import PROMISED, Hit
from citeproof.bench.factors.references import BACKGROUND, REFERENCES, resolve_lexicon_twin, resolve_twin
from citeproof.bench.factors.refs import Ref
from citeproof.bench.factors.static import shared_embedder

# Set on the dev set only, with the paraphrase lexicon switched off (benchmarks/factor_threshold.py).
THRESHOLD = 0.40
MARGIN = 0.10
GAP = 0.0
MIN_CONTENT_WORDS = 2
# Twins that cue words tell apart (``resolve_twin``) are scored as one topic.
_TOPICS = (("F6", "F19"), ("F10", "F12"), ("F16", "F25"))
# function words (articles, pronouns, prepositions, auxiliaries, modals) and the words of
# every argument: a segment needs content words besides them to be read
_STOP_WORDS = (
    "a an the in of on at to for by with from as and or but its it his her their they there "
    "this that these those which who whose where when was were is are be been had has have "
    "did does do also likewise same case cases owner plaintiff defendant court involved involves "
    "involve involving information here into onto out up over under about like than then so "
    "such any all some each both either one own other only just even still too very "
    "can could cannot should would will shall may might must not no nor "
    "he she him them we us our you your i me my what why how whether if "
    "being having doing done precedent precedents analogy analogous argument"
)
# the vocabulary of arguing itself (abstaining, comparing, weighing the record): words that
# describe the argument, never a fact of a case
_ARGUMENT_WORDS = (
    "argue argues argued arguing arguments abstain abstains abstaining abstention decline declines "
    "advocate advocating analogies comparison comparisons compare compared similarity similarities "
    "similar point points instructive apt controlling controls governs govern persuasive "
    "distinguishable distinguish distinguishes record claim claims reason reasons proposition "
    "concession sound reliable reliably responsible responsibly credible credibly plausible "
    "plausibly insufficient enough consider considering better closer closest stronger strongest "
    "weaker weakest favour favor favours favors favourable favorable support supports supported "
    "helps help stands matter matters true issue question weigh decisive i"
)
_STOP_WORDS += " " + _ARGUMENT_WORDS
_STOP = frozenset(_STOP_WORDS.split())

_BREAK = re.compile(
    r"[.!?](?=\s)|\n+|[,;:()\u2014]|\s-\s|"
    r"\s(?=(?:and|but|because|while|whereas|although|though|since|yet|which|where|whose|"
    r"who|so|unlike|as\s+well\s+as|even\s+though)\b)",
    re.IGNORECASE,
)
# negation words, less the idioms in which they state a factor: a promise "not to compete",
# a product "no one else" / "nobody else" made, "no counterpart" on the market
_NEGATED = re.compile(
    r"\b(?:no(?!\s+(?:one|other|counterpart|equivalent|rival|competitor)\b)|not(?!\s+to\b)|"
    r"never|nothing|nobody(?!\s+else\b)|none|without|neither|nor)\b|n't\b",
    re.IGNORECASE,
)


def _denied(phrase: str) -> bool:
    """A negation in the segment that is not the content of a promise made in it."""
    return any(not PROMISED.search(phrase[: m.start()]) for m in _NEGATED.finditer(phrase))


_NEGATIVE_FACTORS = frozenset({"F5", "F19"})  # their descriptions are negations
_SUBJECT_PRONOUN = re.compile(r"(?:(?:and|but|so|yet)\s+)?(?:it|they|its)\s+", re.IGNORECASE)
# words that say which cases a segment is about, kept outside its hit so the attribution reads
# them: "in each case the information changed hands ...", "... worked out in both cases"
_GROUP = r"(?:in\s+(?:both|each|all\s+three)(?:\s+(?:cases?|instances?|disputes?))?|both|each|there|here)"
_LEADING_GROUP = re.compile(r"(?:(?:and|but|so|yet)\s+)?" + _GROUP + r"[\s,]+(?:too[\s,]+)?", re.IGNORECASE)
_TRAILING_GROUP = re.compile(r"[\s,]+" + _GROUP + r"(?:[\s,]+too)?$", re.IGNORECASE)
_META = re.compile(r"\bfactors?\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][\w'-]*")


@dataclass(frozen=True, slots=True)
class Segment:
    start: int
    end: int
    text: str  # with case references removed, for the embedding


# what may stand between a factor code and the words that gloss it: "F19 (the owner took no
# precautions)", "no safeguards whatsoever, F19", "F23, and had ..."
_GLOSS_AFTER = re.compile(r"[\s,:(\u2014-]*$")
_GLOSS_BEFORE = re.compile(r"^[\s,:;)\u2014-]*(?:and\s+)?$")


def _glosses_code(text: str, a: int, b: int, codes: Sequence[Hit]) -> bool:
    """The stretch text[a:b] sits right next to a factor code: it restates that code."""
    return any(
        (c.start >= b and _GLOSS_AFTER.match(text[b : c.start]))
        or (c.end <= a and _GLOSS_BEFORE.match(text[c.end : a]))
        for c in codes
        if c.start - b < 4 and a - c.end < 8
    )


def segments(text: str, hits: Sequence[Hit], refs: Sequence[Ref]) -> list[Segment]:
    """Segments free of lexicon hits, each spanning its longest stretch outside references;
    none that glosses a factor code beside it (the code already names the factor)."""
    cuts = sorted({0, len(text), *(m.start() for m in _BREAK.finditer(text))})
    codes = [h for h in hits if h.is_code]
    out: list[Segment] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        if any(h.start < b and a < h.end for h in hits) or _glosses_code(text, a, b, codes):
            continue
        inside = sorted((max(a, r.start), min(b, r.end)) for r in refs if r.start < b and a < r.end)
        pieces, pos = [], a
        for s, e in inside:
            pieces.append((pos, s))
            pos = max(pos, e)
        pieces.append((pos, b))
        lo, hi = max(pieces, key=lambda p: len(_WORD.findall(text[p[0] : p[1]])))
        words = _WORD.findall(text[lo:hi])
        # too short to mean anything alone, or talk about factors ("the same two factors")
        # "s": a possessive's end; "the plaintiff's" is the function word "plaintiff"
        content = sum(len(w) > 1 and w.lower().removesuffix("'s") not in _STOP for w in words)
        if content < MIN_CONTENT_WORDS or _META.search(text[lo:hi]):
            continue
        m = re.search(r"[A-Za-z]", text[lo:hi])
        lo += m.start() if m else 0
        hi = lo + len(text[lo:hi].rstrip(" ,;:.-\n\t"))
        kept = "".join(text[p0:p1] for p0, p1 in pieces)
        out.append(Segment(lo, hi, " ".join(_WORD.findall(kept))))
    return out


def settle_twins(text: str, hits: Sequence[Hit]) -> tuple[Hit, ...]:
    """Lexicon hits whose segment settles a pro/con twin: an outsider disclosure (F10) said to
    be restricted ("shared it with clients only on restricted terms") is F12; security
    measures the owner never took are F19; a vague nondisclosure agreement is F5."""
    cuts = sorted({0, len(text), *(m.start() for m in _BREAK.finditer(text))})
    out = []
    for h in hits:
        if h.factor in ("F10", "F6", "F4", "F25") and not h.is_code:
            lo = max(c for c in cuts if c <= h.start)
            hi = min(c for c in cuts if c >= h.end)
            if h.factor == "F10":
                factor = resolve_twin("F10", text[lo:hi]) or "F10"
            else:
                factor = resolve_lexicon_twin(h.factor, text[lo : h.start], text[lo:hi])
            h = Hit(factor, h.start, h.end, h.is_code, h.shadow)
        out.append(h)
    return tuple(out)


def _hit_span(phrase: str, start: int) -> tuple[int, int]:
    """A segment's hit, less the words that name its cases: a leading group phrase ("in each
    case", "both", "there"), then a leading "it"/"they"/"its" (read as a pronoun beside a
    lexicon hit is), and a trailing group phrase ("in both cases")."""
    lo, hi = 0, len(phrase)
    group = _LEADING_GROUP.match(phrase)
    lo = group.end() if group else 0
    lead = _SUBJECT_PRONOUN.match(phrase, lo)
    lo = lead.end() if lead else lo
    tail = _TRAILING_GROUP.search(phrase, lo)
    hi = tail.start() if tail and tail.start() > lo else hi
    return start + lo, start + hi


class Encoder(Protocol):
    """Anything that turns texts into unit vectors (rows, in order)."""

    def encode(self, texts: list[str]) -> Vectors: ...


class SemanticStage:
    """Scores segments against the reference descriptions of every factor.

    The reference and background descriptions are embedded once, when the stage is built;
    each argument's segments are embedded in one call and scored with matrix products."""

    def __init__(
        self,
        embedder: Encoder | None = None,
        threshold: float = THRESHOLD,
        margin: float = MARGIN,
        gap: float = GAP,
    ) -> None:
        self.embedder = embedder or shared_embedder()
        self.threshold, self.margin, self.gap = threshold, margin, gap
        self.factors = tuple(REFERENCES)
        texts = [d for f in self.factors for d in REFERENCES[f]]
        # the references are grouped by factor: each group starts at one of these rows
        counts = [len(REFERENCES[f]) for f in self.factors]
        self._starts = np.cumsum([0, *counts[:-1]])
        self._refs = self.embedder.encode(texts)
        self._background = self.embedder.encode(list(BACKGROUND))
        self._topics = [(self.factors.index(a), self.factors.index(b)) for a, b in _TOPICS]

    def scores(self, vectors: Vectors) -> tuple[Vectors, Vectors]:
        """Per segment: the best similarity to each factor (columns), and to the background."""
        per_factor = np.maximum.reduceat(vectors @ self._refs.T, self._starts, axis=1)
        for i, j in self._topics:
            per_factor[:, i] = per_factor[:, j] = np.maximum(per_factor[:, i], per_factor[:, j])
        return per_factor, (vectors @ self._background.T).max(axis=1)

    def _accepted(self, per_factor: Vectors, background: Vectors) -> list[int | None]:
        """Per segment, the index of the factor it names, or None (threshold, margin, gap)."""
        top = per_factor.argmax(axis=1)
        best = per_factor.max(axis=1)
        runner_up = np.where(per_factor == best[:, None], -1.0, per_factor).max(axis=1)
        ok = (best >= self.threshold) & (best - background >= self.margin) & (best - runner_up >= self.gap)
        return [int(t) if keep else None for t, keep in zip(top, ok, strict=True)]

    def hits(self, text: str, lexicon: Sequence[Hit], refs: Sequence[Ref]) -> tuple[Hit, ...]:
        """Factor hits for the segments the lexicon left empty."""
        segs = segments(text, lexicon, refs)
        if not segs:
            return ()
        accepted = self._accepted(*self.scores(self.embedder.encode([s.text for s in segs])))
        out = []
        for seg, top in zip(segs, accepted, strict=True):
            if top is None:
                continue
            phrase = text[seg.start : seg.end]
            factor = resolve_twin(self.factors[top], phrase)
            # an embedding does not see negation: a negated segment asserts no factor, except
            # the absence the twin rule read from it ("never made any attempt at secrecy")
            if factor is not None and (factor in _NEGATIVE_FACTORS or not _denied(phrase)):
                # a leading "it"/"they"/"its" names a case: left outside the hit, the
                # attribution reads it as it reads a pronoun beside a lexicon hit
                out.append(Hit(factor, *_hit_span(phrase, seg.start)))
        return tuple(out)

"""A brief's claim as written, and the opinion sentences it paraphrases.

Briefs do not copy the opinion: they wrap the proposition in the citation itself ("Maleng v.
Cook, 490 U.S. 488 (1989) (reversing ...)"), a lead-in ("In Morrow, the court held that"),
and reword it. `read_statement` separates the cited case's own name and cite, the
attribution ("held", "noted", "argued") and the explanatory parentheticals from the
proposition. `align` then finds the opinion's window of one or two sentences that best covers
the proposition's content words, crudely stemmed ("required" / "requirement") and weighted by
how rare each word is in this opinion (a word every sentence uses says little), so a
paraphrase that shares a third of its words with one sentence is still found there.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

from citeproof.core.checking.memo import per_opinion
from citeproof.core.checking.signatures import opinion_sentences, signature
from citeproof.core.checking.word_index import WordIndex
from citeproof.core.models import Opinion

STEM = 6  # letters a stem keeps: "requirement" and "required" are one word, "custody" and "custodial"
# Words a paraphrase uses for the opinion's (folded before stemming).
SYNONYMS = {
    "due": "entitled",
    "obliged": "required",
    "obligated": "required",
    "compelled": "required",
    "necessary": "required",
    "void": "invalid",
    "ineffective": "invalid",
    "precludes": "bars",
    "preclude": "bar",
    "forecloses": "bars",
    "foreclose": "bar",
    "barred": "bar",
    "bars": "bar",
    "installments": "payments",
    "installment": "payment",
    "paying": "payment",
    "paid": "payment",
    "pays": "payment",
}
_GENERIC_NAME_WORDS = frozenset(
    {
        "v",
        "vs",
        "in",
        "re",
        "ex",
        "rel",
        "inc",
        "co",
        "corp",
        "corporation",
        "company",
        "ltd",
        "llc",
        "the",
        "of",
        "and",
        "state",
        "states",
        "united",
        "people",
        "commonwealth",
        "city",
        "county",
        "town",
        "secretary",
        "department",
        "board",
        "estate",
        "matter",
    }
)
# The cited case's cite as a brief writes it: "490 U.S. 488, 493 (1989)", "12 So. 3d 907 (Fla. 2d DCA 2009)".
_CITE = re.compile(
    r"\b\d{1,4}\s+(?:[A-Z][A-Za-z.'&]*\.?\s*|\d[a-z]{1,2}\.?\s*){1,6}\d{1,5}\b(?:,\s*\d+(?:[-–]\d+)?)*"
    r"(?:\s*\([^()]*\d{4}\))?"
)
_DIGIT = re.compile(r"\d")
_PAREN = re.compile(r"\(([^()]*)\)")
_SIGNAL = re.compile(r"(?:^|(?<=[.;]\s))(?:see also|see, e\.g\.,|see|cf\.|accord|but see|compare)\s+", re.I)
# Who said it: "X held that", "the court explained in X that", "As the court observed in X,".
_ATTRIBUTION = re.compile(
    r"^(?P<head>[^.;:]{0,120}?)\b(?P<verb>held|holds|hold|establish(?:ed|es)|recogni[sz](?:ed|es)|explain(?:ed|s)|"
    r"not(?:ed|es)|observ(?:ed|es)|conclud(?:ed|es)|found|finds|rul(?:ed|es)|reason(?:ed|s)|stat(?:ed|es)|"
    r"confirm(?:ed|s)|reaffirm(?:ed|s)|acknowledg(?:ed|es)|announc(?:ed|es)|emphasi[sz](?:ed|es)|"
    r"determin(?:ed|es)|decid(?:ed|es)|made clear|put it|sa(?:id|ys)|teach(?:es)?|instruct(?:s|ed))"
    r"(?:\s+that,?\s+|\s*:\s*|,\s+(?=[a-z]))",
    re.I,
)
_FIRM_VERBS = frozenset(
    {"held", "holds", "hold", "established", "establishes", "found", "finds", "ruled", "rules"}
)


@dataclass(frozen=True, slots=True)
class Statement:
    """A claim as a brief wrote it, taken apart: the proposition (the cited case's name and
    cite, the attribution and the parentheticals left out), the attribution's verb ("held",
    "noted", "" when none), the words before it, and each explanatory parenthetical."""

    proposition: str
    verb: str
    attribution: str
    parentheticals: tuple[str, ...]
    other_case: bool = False  # another case is named or cited in it

    @property
    def asserted_as_held(self) -> bool:
        """Whether the brief says the court held it (or states it bare, as briefs do)."""
        return self.verb.lower() in _FIRM_VERBS or not self.verb


_CASE = "CASEX"  # stands where the cited case's name or cite was, until the lead-ins around it are read
_NAME_WORD = (  # a word of a case's name: capitalised, not a lead-in ("In", "Under") nor a statute's name
    r"(?!(?:In|Under|See|As|Per|Following|Accord|Cf|But|And|Also|Compare|Act|Code|Rule|Amendment|Clause)\b)"
    r"[A-Z][\w.&'-]*,?\s+"
)
_CASE_NAME = re.compile(  # "Tibbils v. Federal Insurance Co." "In re Smith": capitalised words around "v."
    rf"(?:\b{_NAME_WORD}(?:(?:of|the|and|&|de|la)\s+)?){{1,7}}v\.\s+(?:(?:of|the|and|&)\s+|[A-Z][\w.&'-]*,?\s*){{1,8}}"
    r"|\bIn re\s+(?:[A-Z][\w.&'-]*,?\s*){1,4}"
)
_LEAD_INS = (
    (re.compile(rf"\b(?:in|under|see|per|following)\s+(?:{_CASE}\s*)+", re.I), " "),
    (re.compile(rf"\b(?:the|this|that)\s+{_CASE}\s+(?=court|panel|majority)", re.I), "the "),
    (re.compile(rf"^(?:{_CASE}[\s,]*)+(?=[a-z])"), "the court "),
)


def _name_words(case_name: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z][\w'-]*", case_name) if w.lower() not in _GENERIC_NAME_WORDS}


def without_case(text: str, case_name: str = "") -> tuple[str, bool]:
    """``text`` with the cited case's name, short name and cite left out (and the lead-ins that
    only name it: "In Morrow,", "Under X,", "The Tibbils court" read "the court"); and whether
    another case is named or cited in it."""
    own = _name_words(case_name)
    other = False

    def case(m: re.Match[str]) -> str:
        nonlocal other
        other = other or not (set(re.findall(r"[A-Za-z][\w'-]*", m.group(0))) & own)
        return f" {_CASE} "

    out = _CITE.sub(f" {_CASE} ", text) if _DIGIT.search(text) else text  # a cite holds a digit
    out = _CASE_NAME.sub(case, out) if "v." in out or "In re" in out else out
    if any(word in out for word in own):  # else the pattern below cannot match: spare compiling it
        words = "|".join(map(re.escape, sorted(own, key=len, reverse=True)))
        out = re.sub(rf"\b(?:{words})(?:'s)?\b", _CASE, out)
    out = " ".join(out.split())
    for pattern, by in _LEAD_INS:
        out = pattern.sub(by, out)
    out = re.sub(rf"\s*\b{_CASE}\b[\s,.;]*", " ", out)
    out = " ".join(out.split()).replace(" ,", ",").replace(" .", ".")
    return out.lstrip(" ,.;:"), other


def read_statement(text: str, case_name: str = "") -> Statement:
    """The claim taken apart (`Statement`). Parentheticals that only date or place the cite
    ("(1989)", "(per curiam)", "(App. Div. 1951)") are dropped; the others are kept apart."""
    bare, other = without_case(
        re.sub(r"\(\w{1,3}\)", "", " ".join(text.replace("’", "'").split())), case_name
    )
    parentheticals = []
    for paren in _PAREN.finditer(bare):
        inner = paren.group(1).strip()
        if len(inner.split()) >= 3 and not re.search(r"\d{4}$", inner):
            parentheticals.append(inner)
    proposition = " ".join(_PAREN.sub(" ", bare).split())
    proposition = _SIGNAL.sub("", proposition).strip(" ,.;")
    verb, head = "", ""
    said = _ATTRIBUTION.match(proposition)
    if said and len(proposition) - said.end() > 20:
        verb, head = said.group("verb"), said.group("head")
        proposition = proposition[said.end() :]
    return Statement(proposition.strip(" ,.;"), verb, head.strip(" ,"), tuple(parentheticals), other)


def stem(word: str) -> str:
    """A crude stem: a synonym folded to its common word, then at most ``STEM`` letters."""
    word = SYNONYMS.get(word, word)
    return word[:STEM]


def stems(text: str) -> frozenset[str]:
    """The stemmed content words of a text (`signature`: negations left out, antonyms folded)."""
    return frozenset(map(stem, signature(text)[0]))


def content_words(text: str) -> frozenset[str]:
    """The content words of a text as written (`signature`)."""
    return signature(text)[0]


class Lowered:
    """An opinion's sentences, each lower-cased (spaces folded) when first read: the rules read
    a handful of an opinion's thousands."""

    def __init__(self, text: str, spans: Sequence[tuple[int, int]]) -> None:
        self._text = text
        self._spans = spans
        self._done: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._spans)

    def __getitem__(self, n: int) -> str:
        if n not in self._done:
            s, e = self._spans[n]
            self._done[n] = " ".join(self._text[s:e].lower().replace("’", "'").split())
        return self._done[n]


@per_opinion
def lowered(opinion: Opinion) -> Lowered:
    return Lowered(opinion.text, opinion_sentences(opinion))


_SYNONYMS_OF: dict[str, frozenset[str]] = {}  # a stem → the words folded into it by SYNONYMS
for _word, _common in SYNONYMS.items():
    _SYNONYMS_OF[_common[:STEM]] = _SYNONYMS_OF.get(_common[:STEM], frozenset()) | {_word}


# Endings a stem takes in the opinion's words ("requir": "required", "requirement"); a claim's
# own words are matched as written too. Generated per claim: the opinion is never stemmed; the
# words are looked up in the opinion's index (`word_index`).
SUFFIXES = (
    "", "s", "es", "ed", "d", "e", "er", "ers", "ing", "ion", "ions", "ation", "ment", "ments", "al",
    "ally", "ly", "y", "ies", "ity", "ive", "ence", "ent", "ance", "ant", "able", "ial", "ate", "ated",
)  # fmt: skip


def stems_of(index: WordIndex, number: int) -> frozenset[str]:
    """The stems of one sentence's content words."""
    return frozenset(map(stem, index.content(number)))


_ENDINGS = frozenset(SUFFIXES)


def variants(
    claim: frozenset[str], index: WordIndex, written: frozenset[str] = frozenset()
) -> dict[str, str]:
    """The opinion's words that stand for each of the claim's stems: a stem of ``STEM``
    letters with each ending of ``SUFFIXES``, a shorter stem as a whole word, the synonyms
    folded into it (these first), and the claim's written words; word → stem. Found in the
    opinion's sorted words by prefix, not generated."""
    out: dict[str, str] = {}
    for s in claim:
        if len(s) == STEM:
            out.update((w, s) for w in index.words_from(s) if w[STEM:] in _ENDINGS)
        elif len(s) < STEM and s in index:
            out[s] = s
    for s in claim & _SYNONYMS_OF.keys():
        out.update((w, s) for w in _SYNONYMS_OF[s] if w in index)
    for w in written:
        if w in index:
            out.setdefault(w, stem(w))
    return out


@dataclass(frozen=True, slots=True)
class Window:
    """One sentence (``last == first``) or two adjacent ones, and the share of the claim's
    weighted content words they hold."""

    first: int
    last: int
    coverage: float
    shared: frozenset[str]


def align(
    claim: frozenset[str],
    index: WordIndex,
    best: int = 8,
    written: frozenset[str] = frozenset(),
    pairs: bool = True,
) -> list[Window]:
    """The opinion's best windows of one or two sentences for the claim's stems, best first:
    each stem weighted by its rarity in the opinion (inverse sentence frequency); only
    sentences sharing two stems are scored."""
    if not claim:
        return []
    words_of_stem: dict[str, list[str]] = {}
    for word, s in variants(claim, index, written).items():
        words_of_stem.setdefault(s, []).append(word)
    holding = {  # a stem → the sentences holding one of its words, from the opinion's index
        s: set().union(*map(index.sentences_with, words)) for s, words in words_of_stem.items()
    }
    df = {s: len(numbers) for s, numbers in holding.items()}
    counts = Counter(chain.from_iterable(holding.values()))  # a sentence → how many claim stems it holds
    candidates = {k for k, held in counts.items() if held >= 2}
    stems_at: dict[int, list[str]] = {}
    for s, numbers in holding.items():
        for k in numbers & candidates:
            stems_at.setdefault(k, []).append(s)
    shared_by = {k: frozenset(stems) for k, stems in stems_at.items()}
    n = len(index) + 1
    weight = {s: math.log(n / (df.get(s, 0) + 0.5)) for s in claim}
    total = sum(weight.values())

    def covered(shared: frozenset[str]) -> float:
        return sum(map(weight.__getitem__, shared)) / total

    coverage = {k: covered(shared) for k, shared in shared_by.items()}
    ranked = sorted(shared_by, key=lambda k: (-coverage[k], k))[:best]
    found = [Window(k, k, coverage[k], shared_by[k]) for k in ranked]
    for k in ranked if pairs else ():
        for m in (k - 1, k + 1):
            if 0 <= m < len(index):
                both = shared_by[k] | (claim & stems_of(index, m))
                if both != shared_by[k]:
                    found.append(Window(min(k, m), max(k, m), covered(both), both))
    return sorted(found, key=lambda w: (-w.coverage, w.last - w.first, w.first))

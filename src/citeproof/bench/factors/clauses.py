"""Splitting an argument into sentences and clauses without breaking case names."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.bench.factors.refs import Ref
from citeproof.core.checking.signatures import split_sentences


@dataclass(frozen=True, slots=True)
class Clause:
    start: int
    end: int
    sentence: int


_LINE_BREAK = re.compile(r"\n+")
PREDICATE = (
    r"(?:shares|shared|has|had|have|involved|involves|contains|contained|features|"
    r"featured|presents|presented|includes|included|matches|matched)\b"
)
# Separators that always open a new clause (the match is the separator itself).
_ALWAYS = re.compile(
    r"[;:]|,(?=\s+(?:which|whose|who|neither\s+of\s+which|none\s+of\s+which|both\s+of\s+which"
    r"|all\s+of\s+which|(?:as|so)\s+(?:does|do|did|had|has|have)|exactly\s+as|just\s+as|whereas"
    r"|while|yet"
    r"|but|although|though|even\s+though|much\s+as)\b)|\s(?=(?:but|whereas|although)\b)"
    r"|,(?=\s+(?:also\s+)?" + PREDICATE + r")|\s(?=and\s+(?:also\s+)?" + PREDICATE + ")",
    re.IGNORECASE,
)
_VERB = (
    r"(?:'s\s+\w+\s+)?(?:\s*\([^)]*\))?\s+(?:also\s+|instead\s+|only\s+)?(?:has|had|have|"
    r"involves|involved|features|featured|contains|contained|shows|showed|presents|"
    r"presented|lacks|lacked|shares|shared|does|did|is|was)\b"
)
_AND = re.compile(r",\s+and\s+|,\s+where\s+(?=\S)|,\s+(?=\S)", re.IGNORECASE)  # ", where X has"
_PARTY_OF = re.compile(
    r"the\s+(?:\w+\s+)?(?:defendant|plaintiff|owner|employer|employee|"
    r"court)s?\s+(?:in|of)\s+",
    re.IGNORECASE,
)  # ", and the defendant in X"
_PRONOUN_START = re.compile(
    r"(?:it|its|they|there|in\s+both|both|in\s+each|each)\b|"
    r"F\d+\s+(?:was|were|is|are)\b",
    re.IGNORECASE,
)


def _in_ref(pos: int, refs: Sequence[Ref]) -> bool:
    return any(r.start <= pos < r.end for r in refs)


def _ref_at(pos: int, refs: Sequence[Ref]) -> Ref | None:
    return next((r for r in refs if r.start == pos), None)


def _sentence_breaks(text: str, refs: Sequence[Ref]) -> list[int]:
    """Where sentences end: after the last mark of each sentence of the document's own
    splitter (`split_sentences`, which keeps "Co." and "v." inside a name), and after
    every run of line breaks (arguments are written in lines and bullets); never inside
    a case reference."""
    marks = {_last_mark(text, start, end) for start, end in split_sentences(text)[:-1]}
    breaks = {(mark, mark + 1) for mark in marks}
    breaks |= {(m.start(), m.end()) for m in _LINE_BREAK.finditer(text)}
    return sorted({after for at, after in breaks if not _in_ref(at, refs)})


def _last_mark(text: str, start: int, end: int) -> int:
    """The offset of the last character of ``text[start:end]`` that is not a space."""
    while end > start + 1 and text[end - 1].isspace():
        end -= 1
    return end - 1


def _conditional_breaks(text: str, refs: Sequence[Ref]) -> list[int]:
    """ ", and X has" / ", X has" / ", where X has" where X is a case, a pronoun or "both"."""
    out = []
    for m in _AND.finditer(text):
        pos = m.end()
        with_and = "and" in m.group().lower()
        ref = _ref_at(pos, refs)
        names_case = ref is not None and (with_and or re.match(_VERB, text[ref.end :]))
        party = _PARTY_OF.match(text, pos)
        opens_clause = with_and and (
            _PRONOUN_START.match(text, pos)
            or (text[pos : pos + 3].lower() == "in " and _ref_at(pos + 3, refs))
            or (party is not None and _ref_at(party.end(), refs))
        )
        if names_case or opens_clause:
            out.append(m.start())
    return out


def _relative_ends(text: str, cuts: list[int]) -> set[int]:
    """A relative clause ("..., which Kendrick lacks, and ...") ends at its ", and"."""
    out = set()
    for a, b in zip(cuts, cuts[1:], strict=False):
        if _RELATIVE_START.match(text[a:b].lstrip(" ,")):
            m = re.search(r",\s+and\s+", text[a:b])
            if m:
                out.add(a + m.start())
    return out


_RELATIVE_START = re.compile(
    r"(?:which|whose|who|neither\s+of\s+which|none\s+of\s+which|"
    r"both\s+of\s+which|all\s+of\s+which)\b",
    re.IGNORECASE,
)


def split_clauses(text: str, refs: Sequence[Ref]) -> tuple[Clause, ...]:
    """Clauses in text order, each tagged with its sentence number."""
    sentence_ends = _sentence_breaks(text, refs)
    cuts = {0, len(text), *sentence_ends, *_conditional_breaks(text, refs)}
    cuts |= {m.start() for m in _ALWAYS.finditer(text) if not _in_ref(m.start(), refs)}
    cuts |= _relative_ends(text, sorted(cuts))
    points = sorted(cuts)
    clauses = []
    for a, b in zip(points, points[1:], strict=False):
        if text[a:b].strip(" \n\t,;:.-—*"):
            sentence = sum(1 for e in sentence_ends if e <= a)
            clauses.append(Clause(a, b, sentence))
    return tuple(clauses)

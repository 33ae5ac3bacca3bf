"""Statute citations from the two readers: eyecite's and ours (`statutes/us.py`), each placed
once, in time linear in their number (an overlap is found by binary search)."""

from __future__ import annotations

import bisect
import itertools
import re
from typing import NamedTuple

from citeproof.core.extraction.statutes.us import StatuteCite, statute_year
from citeproof.core.models import Citation, CitationType, CiteForm, Span


class LawCite(NamedTuple):
    """A statute eyecite read: where, its code, title and section."""

    span: Span
    reporter: str
    title: str | None
    section: str | None


_SUBSECTIONS = re.compile(r"(?:\([a-zA-Z0-9]{1,4}\))+")


def statute_citations(
    text: str, laws: list[LawCite], unmarked: list[StatuteCite], case_spans: set[Span]
) -> list[Citation]:
    """The statute citations: eyecite's (``laws``, with the subsections it stops before)
    unless our own reading of the same place holds more, then ours (``unmarked``) where no
    citation already stands."""
    found: list[Citation] = []
    taken: list[Span] = list(case_spans)
    longest_at: dict[int, int] = {}  # where an unmarked statute starts → its farthest end
    for u in unmarked:
        longest_at[u.span.start] = max(u.span.end, longest_at.get(u.span.start, 0))
    for raw in laws:
        sub = _SUBSECTIONS.match(text, raw.span.end)  # eyecite stops before "(d)(1)"
        span = Span(raw.span.start, sub.end()) if sub else raw.span
        if longest_at.get(span.start, 0) > span.end:
            continue  # our reading holds more of it: "§§ 1681-1681a", where eyecite stops at 1681
        section = (raw.section or "") + (sub.group() if sub else "")
        found.append(_statute(text, span, raw.reporter or "", raw.title, section))
        taken.append(span)
    overlaps = _Overlaps(taken)
    for cite in unmarked:  # in order of their starts
        if overlaps.any(cite.span):
            continue
        found.append(_statute(text, cite.span, cite.code, cite.title, cite.section))
        overlaps.add_later(cite.span)
    return found


class _Overlaps:
    """Whether a span overlaps one of a set, in log time: the given spans, and spans added
    in order of their starts (each queried span starting at or after those added)."""

    def __init__(self, spans: list[Span]) -> None:
        ordered = sorted(spans, key=lambda s: s.start)
        self.starts = [s.start for s in ordered]
        self.reach = list(itertools.accumulate((s.end for s in ordered), max))  # farthest end so far
        self.later_reach = -1

    def any(self, span: Span) -> bool:
        k = bisect.bisect_left(self.starts, span.end)  # the spans that start before this one ends
        return (k > 0 and self.reach[k - 1] > span.start) or self.later_reach > span.start

    def add_later(self, span: Span) -> None:
        self.later_reach = max(self.later_reach, span.end)


def _statute(text: str, span: Span, code: str, title: str | None, section: str) -> Citation:
    return Citation(
        id=f"law{span.start}",
        type=CitationType.STATUTE,
        form=CiteForm.FULL,
        text=span.slice(text),
        span=span,
        statute_code=code,
        statute_title=title,
        statute_section=section,
        year=statute_year(text, span.start, span.end),
    )

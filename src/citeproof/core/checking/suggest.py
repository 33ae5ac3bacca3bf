"""The real case a writer may have meant, for a cite that is nonexistent or misnamed.

The library is searched by the name as written (`Library.cases_named`: distinctive parties,
normalised; a remote library asks CourtListener's search). Only a case of the same
jurisdiction and era is offered: one printed in the reporter series the cite names (the
same court system), decided within `ERA_YEARS` of the year written. A same-named case of
another court or century is no fix: an agent told to fix errors would substitute it.
Candidates are ranked by how nearly the names are the same, then by the year. Without a
candidate, the suggestion says so: that no case of that name is known there is itself
evidence for the reader.
"""

from __future__ import annotations

import re

from citeproof.core.models import Authority, Citation
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.text.names import same_name_score

_EDITION = re.compile(r"\s*(?:2d|3d|4th|5th)$")


def _series(reporter: str) -> str:
    """``F.3d`` → ``F.``; ``So. 2d`` → ``So.``: the reporter series, a proxy for the court."""
    return _EDITION.sub("", reporter)


def _year(a: Authority) -> int | None:
    return int(a.decision_date[:4]) if a.decision_date[:4].isdigit() else None


ERA_YEARS = 30


def plausible(c: Citation, a: Authority) -> bool:
    """Could ``a`` be the case the writer of ``c`` meant: the same reporter series (where
    the cite names one) and, where both years are known, within `ERA_YEARS` of it?"""
    if c.reporter and not any(_series(x.reporter) == _series(c.reporter) for x in a.citations):
        return False
    year = _year(a)
    return year is None or c.year is None or abs(year - c.year) <= ERA_YEARS


def _rank(c: Citation, a: Authority) -> tuple[float, int]:
    year = _year(a)
    distance = abs(year - c.year) if year is not None and c.year is not None else 99
    return (-same_name_score(c.case_name or "", a.name_abbreviation), distance)


def suggest(c: Citation, library: Library, written_at: Authority | None = None) -> str:
    """One line naming the real case of the written name, or saying there is none known;
    "" when the citation gives no name or the library cannot be asked."""
    if not c.case_name:
        return ""
    try:
        named = library.cases_named(c.case_name, limit=10)
    except LibraryError:
        return ""
    others = sorted(
        (a for a in named if (written_at is None or a.id != written_at.id) and plausible(c, a)),
        key=lambda a: _rank(c, a),
    )
    if others:
        best = others[0]
        year = f" ({_year(best)})" if _year(best) else ""
        return f"a case named {c.case_name} is {best.name_abbreviation}, {best.citation}{year}"
    where = f" at {c.cite}" if c.cite else ""
    if c.reporter:
        return f"{c.case_name} is not{where}; the library has no case of that name in {c.reporter}" + (
            f" within {ERA_YEARS} years of {c.year}" if c.year else ""
        )
    return f"{c.case_name} is not{where}; the library has no case of that name"

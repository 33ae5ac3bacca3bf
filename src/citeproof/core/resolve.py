"""Citations + a library → resolutions: which real case each citation points to."""

from __future__ import annotations

from functools import lru_cache

from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    Coverage,
    Reason,
    Resolution,
    ResolutionStatus,
)
from citeproof.core.names import compare_names
from citeproof.core.protocols import Library, LibraryError

# Last volume of reporter series that have closed.
CLOSED_SERIES_LAST_VOLUME = {
    "F.": 300,
    "F.2d": 999,
    "F. Supp.": 999,
    "F. Supp. 2d": 999,
    "L. Ed.": 100,
    "A.2d": 999,
    "P.2d": 999,
    "S.W.2d": 999,
    "So. 2d": 999,
    "N.E.2d": 999,
}
# Series that began with volume 1 on their start date. Official reports (U.S., Mass., Va., ...)
# number their earlier nominative volumes retroactively (5 U.S. 137 is from 1803), so a year
# before reporters-db's start date proves nothing for them.
FRESH_SERIES = frozenset(
    {
        "F.",
        "F.2d",
        "F.3d",
        "F.4th",
        "F. Supp.",
        "F. Supp. 2d",
        "F. Supp. 3d",
        "F.R.D.",
        "B.R.",
        "S. Ct.",
        "L. Ed. 2d",
        "Fed. Cl.",
        "F. App'x",
        "A.",
        "A.2d",
        "A.3d",
        "P.",
        "P.2d",
        "P.3d",
        "N.E.",
        "N.E.2d",
        "N.E.3d",
        "N.W.",
        "N.W.2d",
        "S.E.",
        "S.E.2d",
        "S.W.",
        "S.W.2d",
        "S.W.3d",
        "So.",
        "So. 2d",
        "So. 3d",
        "Cal. Rptr.",
        "Cal. Rptr. 2d",
        "Cal. Rptr. 3d",
        "N.Y.S.",
        "N.Y.S.2d",
        "N.Y.S.3d",
    }
)
# An ordinary opinion is shorter than this; a page this close after a case's first page,
# before the next catalogued case, lies inside it.
ORDINARY_OPINION_PAGES = 60


@lru_cache(maxsize=1)
def _edition_years() -> dict[str, tuple[int, int | None]]:
    from reporters_db import REPORTERS

    years: dict[str, tuple[int, int | None]] = {}
    for editions in REPORTERS.values():
        for entry in editions:
            for name, span in entry["editions"].items():
                start, end = span["start"], span["end"]
                if start is None:
                    continue
                # Several series share an edition name ("Ark."): take the union of their years.
                low, high = years.get(name, (start.year, end.year if end else None))
                open_ended = end is None or high is None
                years[name] = (min(low, start.year), None if open_ended else max(high, end.year))
    return years


def impossible_cite(citation: Citation) -> str | None:
    """Why a volume/reporter/page cannot exist, from the reporter's own history."""
    reporter, volume = citation.reporter or "", citation.volume or ""
    last = CLOSED_SERIES_LAST_VOLUME.get(reporter)
    if last is not None and volume.isdigit() and int(volume) > last:
        return f"{reporter} ended with volume {last}; there is no volume {volume}"
    span = _edition_years().get(reporter)
    if span and citation.year:
        start, end = span
        if reporter in FRESH_SERIES and citation.year < start - 1:
            return f"{reporter} began publishing in {start}; nothing in it dates from {citation.year}"
        if end is not None and citation.year > end + 1:
            return f"{reporter} stopped publishing in {end}; nothing in it dates from {citation.year}"
    return None


def resolve(citation: Citation, library: Library) -> Resolution:
    """Resolve one case citation; backend faults become an ``error`` resolution."""
    if citation.type is not CitationType.CASE:
        return Resolution(citation.id, ResolutionStatus.UNRESOLVED, reason=Reason.NOT_CHECKED)
    if citation.abstention is not None:  # a short form the text does not tie to one case
        why = citation.abstention
        return Resolution(citation.id, ResolutionStatus.UNRESOLVED, reason=why.reason, note=why.note)
    if not (citation.volume and citation.reporter and citation.page):
        reason = Reason.UNRESOLVED_SHORT_FORM if citation.antecedent_id is None else Reason.INCOMPLETE_CITE
        return Resolution(citation.id, ResolutionStatus.UNRESOLVED, reason=reason)
    if not citation.page.isdigit():
        return Resolution(
            citation.id,
            ResolutionStatus.UNRESOLVED,
            reason=Reason.INCOMPLETE_CITE,
            note="blank or non-numeric page",
        )
    try:
        return _resolve(citation, library)
    except LibraryError as exc:
        return Resolution(citation.id, ResolutionStatus.ERROR, reason=exc.reason, note=str(exc))


def _resolve(citation: Citation, library: Library) -> Resolution:
    volume, reporter, page = citation.volume or "", citation.reporter or "", int(citation.page or 0)
    coverage = library.coverage(reporter, volume)
    found = library.cases_at(volume, reporter, page)
    if len(found) == 1:
        return Resolution(citation.id, ResolutionStatus.FOUND, found[0], coverage=coverage)
    if len(found) > 1:
        return _disambiguate(citation, found, coverage)
    why = impossible_cite(citation)
    if why:
        return Resolution(citation.id, ResolutionStatus.IMPOSSIBLE, coverage=coverage, note=why)
    around = library.case_around(volume, reporter, page)
    if around is not None and page <= around.last_known_page:
        note = (
            f"page {page} lies inside {around.authority.name_abbreviation}, "
            f"{around.authority.citation}, which runs to at least page {around.last_known_page}"
        )
        return Resolution(
            citation.id, ResolutionStatus.NOT_FOUND, coverage=coverage, containing=around.authority, note=note
        )
    if (
        around is not None
        and around.next_case_page
        and page < around.next_case_page
        and around.in_opinions_section
        and coverage is not Coverage.NOT_COVERED
        and around.next_case_page - around.first_page <= ORDINARY_OPINION_PAGES
    ):
        note = (
            f"page {page} falls between {around.authority.name_abbreviation} "
            f"(p. {around.first_page}) and the next opinion (p. {around.next_case_page}), "
            "inside the opinions section"
        )
        return Resolution(
            citation.id,
            ResolutionStatus.NOT_FOUND,
            coverage=coverage,
            containing=around.authority,
            note=note,
            probable=True,
        )
    return Resolution(citation.id, ResolutionStatus.NOT_FOUND, coverage=coverage)


def _disambiguate(citation: Citation, found: tuple[Authority, ...], coverage: Coverage) -> Resolution:
    if citation.case_name:
        named = [a for a in found if compare_names(citation.case_name, a.name, a.name_abbreviation).matches]
        if len(named) == 1:
            return Resolution(
                citation.id, ResolutionStatus.FOUND, named[0], candidates=found, coverage=coverage
            )
    return Resolution(
        citation.id,
        ResolutionStatus.AMBIGUOUS,
        candidates=found,
        coverage=coverage,
        reason=Reason.AMBIGUOUS,
        note=f"{len(found)} cases begin at {citation.cite}",
    )

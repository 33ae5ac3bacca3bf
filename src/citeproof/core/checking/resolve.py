"""Citations + a library → resolutions: which real case each citation points to."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from citeproof.core.checking.impossible import impossible_cite
from citeproof.core.checking.us_reports import in_orders_section, inside_listed
from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    Coverage,
    Reason,
    Resolution,
    ResolutionStatus,
)
from citeproof.core.protocols import CasePages, Library, LibraryError
from citeproof.core.text.names import compare_names
from citeproof.core.text.reporter_facts import reporter_history


def resolve(citation: Citation, library: Library, as_of: dt.date | None = None) -> Resolution:
    """Resolve one case citation; backend faults become an ``error`` resolution.

    ``as_of`` is the date of the check: the rules that need one (a decision year after it,
    a volume not yet printed by it) are skipped without it."""
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
        return _resolve(citation, library, as_of)
    except LibraryError as exc:
        return Resolution(citation.id, ResolutionStatus.ERROR, reason=exc.reason, note=str(exc))


def _resolve(citation: Citation, library: Library, as_of: dt.date | None) -> Resolution:
    volume, reporter, page = citation.volume or "", citation.reporter or "", int(citation.page or 0)
    coverage = library.coverage(reporter, volume)
    found = library.cases_at(volume, reporter, page)
    if len(found) == 1:
        return Resolution(citation.id, ResolutionStatus.FOUND, found[0], coverage=coverage)
    if len(found) > 1:
        return _disambiguate(citation, found, coverage)
    history = reporter_history(reporter, library.volume_years(reporter))
    why = impossible_cite(citation, history, as_of)
    if why:
        year_only = (
            citation.year is not None
            and impossible_cite(replace(citation, year=None), history, as_of) is None
        )
        return Resolution(
            citation.id, ResolutionStatus.IMPOSSIBLE, coverage=coverage, note=why, year_only=year_only
        )
    around = library.case_around(volume, reporter, page)
    inside = _inside(around, page, coverage) or (inside_listed(around, volume, page) if around else None)
    between = around is not None and around.next_start is not None and page < around.next_start
    if around is not None and coverage is Coverage.COMPLETE and between:  # no case can begin there
        inside = _absent(citation, library, around)
    if around is not None and inside:
        return Resolution(
            citation.id,
            ResolutionStatus.NOT_FOUND,
            coverage=coverage,
            containing=around.authority,
            note=inside,
        )
    orders = in_orders_section(around, volume, page) if coverage is not Coverage.COMPLETE else None
    if orders:
        return Resolution(
            citation.id,
            ResolutionStatus.NOT_FOUND,
            coverage=coverage,
            note=orders,
            reason=Reason.ORDERS_SECTION,
        )
    note = _absent(citation, library, around) if coverage is Coverage.COMPLETE else _between(around, page)
    return Resolution(citation.id, ResolutionStatus.NOT_FOUND, coverage=coverage, note=note)


def _inside(around: CasePages | None, page: int, coverage: Coverage) -> str | None:
    """Why no case can begin at ``page``: it lies strictly inside a known case (a case
    may begin on the page where the one before it ends). (Strictly between two cases of a
    volume catalogued completely is `_absent`.)"""
    if around is None:
        return None
    case = f"{around.authority.name_abbreviation}, {around.authority.citation}"
    complete = coverage is Coverage.COMPLETE  # then no uncatalogued case shares a page with it
    if page < around.last_known_page or (complete and page == around.last_known_page):
        return f"page {page} lies inside {case}, which runs to at least page {around.last_known_page}"
    return None


def _absent(citation: Citation, library: Library, around: CasePages | None) -> str:
    """The evidence for a cite missing from a volume the library holds completely: which
    index was searched, of what date, and the cases nearest the page."""
    snap, copy_of = library.snapshot(), library.origin().copy_of
    if copy_of and snap.snapshot_date:
        index = f"{copy_of}'s citation index of {snap.snapshot_date}"
    else:
        index = f"the library {snap.name}" + (
            f" (data of {snap.snapshot_date})" if snap.snapshot_date else ""
        )
    near = []
    if around is not None:
        near.append(f"{around.authority.name_abbreviation}, {around.authority.citation}")
        if around.next_start is not None:
            after = library.cases_at(citation.volume or "", citation.reporter or "", around.next_start)
            near += [
                f"{a.name_abbreviation}, {citation.volume} {citation.reporter} {around.next_start}"
                for a in after[:1]
            ]
    nearest = f"; nearest cases: {'; '.join(near)}" if near else ""
    return f"no case at {citation.cite} in {index}, which holds every case of the volume{nearest}"


def _between(around: CasePages | None, page: int) -> str:
    """A hint, never evidence: the catalogue of opinions leaves out per curiam and
    memorandum decisions, which do begin between two catalogued opinions."""
    if around is None or not around.next_case_page or page >= around.next_case_page:
        return ""
    return (
        f"no catalogued case begins at page {page}; it falls between "
        f"{around.authority.name_abbreviation} (p. {around.first_page}) and the next catalogued "
        f"opinion (p. {around.next_case_page}), where an uncatalogued decision may begin"
    )


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

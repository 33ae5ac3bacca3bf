"""Negative treatment: whether the case a citation names was later overruled.

The library's table of overrulings is keyed by the overruled case's U.S. cite; a citation finds
it through the case it resolved to, by any of that case's citations, so a parallel (S. Ct.,
L. Ed.) or nominative cite of the same case finds the same row. A row belongs to the case when
the names agree, or when no other case begins at that cite (the table names one of several
cases decided together: "Peirce v. New Hampshire" for the License Cases). Treatment is a warning
beside the verdict, never a verdict: the citation is real and correctly cited, but no longer
good law, in whole or in part. The table holds explicit overrulings only: no row is no proof.
"""

from __future__ import annotations

from citeproof.core.models import Authority, ErrorKind, ReporterCite, Treatment, Verdict
from citeproof.core.protocols import Library
from citeproof.core.text.names import compare_names

# Errors that say the case at the cite is not the case the citation names.
_NOT_THE_CASE = frozenset({ErrorKind.NONEXISTENT, ErrorKind.NAME_MISMATCH})


def overruling(authority: Authority, library: Library) -> Treatment | None:
    """The decision that overruled ``authority``, found at any of its cites; None when the
    library's table lists none (or the library keeps no such table)."""
    for cite in authority.citations:
        if not cite.page.isdigit():
            continue
        found = library.treatment(cite.volume, cite.reporter, int(cite.page))
        if found is not None and _is_this_case(found, authority, cite, library):
            return found
    return None


def _is_this_case(found: Treatment, authority: Authority, cite: ReporterCite, library: Library) -> bool:
    if compare_names(found.overruled_name, authority.name, authority.name_abbreviation).matches:
        return True
    alone = library.cases_at(cite.volume, cite.reporter, int(cite.page))
    return [a.id for a in alone] == [authority.id]


def carries_treatment(verdict: Verdict) -> bool:
    """Whether the verdict names a case whose treatment it should carry: it resolved to a case
    and no error says that case is not the one cited."""
    return verdict.authority is not None and not any(e.kind in _NOT_THE_CASE for e in verdict.errors)

"""Local library first, a remote one (CourtListener) for what the local one cannot settle.

The local library settles a cite when it knows a case beginning there, when the page lies
inside a case it knows, or when it covers the volume completely. Everything else goes to
the remote library, whose answers (and faults) then decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Protocol

from citeproof.core.models import Authority, Citation, CitationType, Coverage, Opinion, Snapshot, Treatment
from citeproof.core.protocols import (
    CasePages,
    CodeSection,
    FederalRule,
    Library,
    LibraryError,
    Origin,
    StatuteTable,
)
from citeproof.core.text.reporter_facts import VolumeYears

_RANK = (Coverage.COMPLETE, Coverage.COMPLETE_OPINIONS, Coverage.PARTIAL, Coverage.NOT_COVERED)


class RemoteLibrary(Library, Protocol):
    def owns(self, case_id: str) -> bool:
        """True for the ids of the cases this library hands out."""
        ...


class ChainLibrary:
    def __init__(self, local: Library, remote: RemoteLibrary) -> None:
        self.local, self.remote = local, remote

    def snapshot(self) -> Snapshot:
        local, remote = self.local.snapshot(), self.remote.snapshot()
        return Snapshot(
            name=f"{local.name} + {remote.name}",
            built_at=local.built_at,
            cases=local.cases,
            opinions_with_text=local.opinions_with_text,
            citations=local.citations,
            statutes=local.statutes,
            content_hash=local.content_hash,
            snapshot_date=local.snapshot_date,
            source=local.source,
        )

    def origin(self) -> Origin:
        """The local library's file (and what it copies), with the remote library's host."""
        return replace(self.local.origin(), host=self.remote.origin().host)

    def answered(self) -> list[str]:
        return self.remote.answered()

    def kept_answers(self, lookups: Sequence[str]) -> frozenset[str] | None:
        return self.remote.kept_answers(lookups)

    def settled_locally(self, volume: str, reporter: str, page: int) -> bool:
        if self.local.cases_at(volume, reporter, page):
            return True
        if self.local.coverage(reporter, volume) is Coverage.COMPLETE:
            return True
        around = self.local.case_around(volume, reporter, page)
        return around is not None and page <= around.last_known_page

    def prefetch(self, citations: Iterable[Citation]) -> None:
        """Batch the remote lookups of every cite the local library cannot settle."""
        self.remote.prefetch(
            [
                c
                for c in citations
                if c.type is CitationType.CASE
                and c.volume
                and c.reporter
                and (c.page or "").isdigit()
                and not self.settled_locally(c.volume, c.reporter, int(c.page or 0))
            ]
        )

    def cases_at(self, volume: str, reporter: str, page: int) -> tuple[Authority, ...]:
        if self.settled_locally(volume, reporter, page):
            return self.local.cases_at(volume, reporter, page)
        return self.remote.cases_at(volume, reporter, page)

    def case_around(self, volume: str, reporter: str, page: int) -> CasePages | None:
        local = self.local.case_around(volume, reporter, page)
        if local is not None and page <= local.last_known_page:
            return local
        return self.remote.case_around(volume, reporter, page) or local

    def coverage(self, reporter: str, volume: str) -> Coverage:
        both = (self.local.coverage(reporter, volume), self.remote.coverage(reporter, volume))
        return min(both, key=_RANK.index)

    def coverage_table(self) -> list[tuple[str, str, int, int]]:
        """The local table: the remote library keeps none."""
        return self.local.coverage_table()

    def volume_years(self, reporter: str) -> frozenset[VolumeYears]:
        """The local library's: the remote one keeps no volume table."""
        return self.local.volume_years(reporter)

    def case(self, case_id: str) -> Authority | None:
        return (self.remote if self.remote.owns(case_id) else self.local).case(case_id)

    fetches_text = True  # the pipeline asks for text even where the local case has none

    def opinion(self, case_id: str) -> Opinion | None:
        """The local text, else the remote text of the same case (found by its citations);
        a remote that fails leaves a local case as it is offline, never worse."""
        if self.remote.owns(case_id):
            return self.remote.opinion(case_id)
        local = self.local.opinion(case_id)
        if local is not None:
            return local
        try:
            return self._remote_text_of_local_case(case_id)
        except LibraryError:
            return None  # the remote failed: the local case stands as it would offline

    def _remote_text_of_local_case(self, case_id: str) -> Opinion | None:
        case = self.local.case(case_id)
        for cite in case.citations if case is not None else ():
            covered = self.remote.coverage(cite.reporter, cite.volume)
            if not cite.page.isdigit() or covered not in (Coverage.COMPLETE, Coverage.COMPLETE_OPINIONS):
                continue
            found = self.remote.cases_at(cite.volume, cite.reporter, int(cite.page))
            if len(found) == 1:
                return self.remote.opinion(found[0].id)
        return None

    def passages(self, case_id: str, query: str, limit: int = 5) -> list[tuple[str, int, str]]:
        return (self.remote if self.remote.owns(case_id) else self.local).passages(case_id, query, limit)

    def cases_named(self, name: str, limit: int = 5) -> tuple[Authority, ...]:
        """The local library's cases of that name, else CourtListener's search."""
        return self.local.cases_named(name, limit) or self.remote.cases_named(name, limit)

    def statute_tables(self) -> tuple[StatuteTable, ...]:
        """The local library's: the remote one keeps no statute tables."""
        return self.local.statute_tables()

    def usc_section(self, title: str, section: str) -> CodeSection | None:
        return self.local.usc_section(title, section)

    def usc_sections_near(self, title: str, section: str, n: int) -> tuple[CodeSection, ...]:
        return self.local.usc_sections_near(title, section, n)

    def federal_rules(self, rule_set: str) -> tuple[FederalRule, ...]:
        return self.local.federal_rules(rule_set)

    def treatment(self, volume: str, reporter: str, page: int) -> Treatment | None:
        """The local library's: the remote one keeps no table of overrulings."""
        return self.local.treatment(volume, reporter, page)

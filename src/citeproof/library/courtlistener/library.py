"""CourtListener as a `Library`: batched lookups, pin-page awareness, opinions with star pages.

A 404 counts as "no such case" only for reporters CourtListener covers completely
(``coverage`` answers ``complete``); Westlaw/Lexis numbers, slip opinions, neutral and
unpublished reporters stay ``not_covered``, so their absence proves nothing. An answer that
makes no sense (`sense.py`: a cite left out, a cluster that does not carry the cite) is a
``backend_error`` for that cite, said once on stderr and never cached.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import replace

import httpx

from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    Coverage,
    Opinion,
    PageBreak,
    ReporterCite,
    Snapshot,
    Treatment,
)
from citeproof.core.protocols import CasePages, CodeSection, FederalRule, LibraryError, Origin, StatuteTable
from citeproof.core.text.names import SAME_NAME, same_name_score
from citeproof.core.text.reporter_facts import VolumeYears
from citeproof.library.courtlistener import sense
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.client import (
    UNTRUSTED,
    ClusterInfo,
    CourtListenerClient,
    Lookup,
    batches,
)
from citeproof.library.courtlistener.pagination import breaks_from_html, marker_pages

CASE_PREFIX = "courtlistener-cluster:"
# Published case reporters whose every volume CourtListener holds (Harvard CAP + its own
# collection). F. App'x (unpublished), WL/LEXIS numbers and neutral cites are left out.
COVERED_REPORTERS = frozenset(
    {
        "U.S.",
        "S. Ct.",
        "L. Ed.",
        "L. Ed. 2d",
        "Dall.",
        "Cranch",
        "Wheat.",
        "Pet.",
        "How.",
        "Black",
        "Wall.",
        "F.",
        "F.2d",
        "F.3d",
        "F.4th",
        "F. Supp.",
        "F. Supp. 2d",
        "F. Supp. 3d",
        "B.R.",
        "F.R.D.",
        "Fed. Cl.",
        "Ct. Cl.",
        "A.",
        "A.2d",
        "A.3d",
        "N.E.",
        "N.E.2d",
        "N.E.3d",
        "N.W.",
        "N.W.2d",
        "P.",
        "P.2d",
        "P.3d",
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
        "Ill. App. 3d",
        "Ill. 2d",
        "Cal. 4th",
        "Cal. App. 4th",
        "N.Y.3d",
        "Mass.",
        "Pa.",
        "Ohio St. 3d",
        "Wash. 2d",
        "Wis. 2d",
    }
)
_NOT_PAGINATION = ("WL", "LEXIS")


def authority(cluster: ClusterInfo) -> Authority:
    cites = sorted(cluster.citations, key=lambda c: any(x in c.reporter for x in _NOT_PAGINATION))
    return Authority(
        id=f"{CASE_PREFIX}{cluster.id}",
        name=cluster.case_name_full or cluster.case_name,
        name_abbreviation=cluster.case_name or cluster.case_name_full,
        decision_date=cluster.date_filed,
        court=cluster.court,
        citations=tuple(cites),
        has_text=bool(cluster.opinion_ids),
    )


def paginated_cite(cites: Iterable[ReporterCite], html: str) -> ReporterCite | None:
    """The cite whose pages the markers count: the closest first page below the first marker."""
    numeric = [c for c in cites if c.page.isdigit() and not any(x in c.reporter for x in _NOT_PAGINATION)]
    pages = marker_pages(html)
    if not numeric:
        return None
    below = [c for c in numeric if pages and int(c.page) < pages[0]]
    return max(below, key=lambda c: int(c.page)) if below else numeric[0]


def assemble_opinion(case_id: str, cluster: ClusterInfo, htmls: list[str]) -> Opinion:
    """Join a cluster's opinions (lead, concurrences, dissents) into one text with page breaks.

    Reporters sharing the paginated reporter's first page (nominative reports such as
    ``7 Cranch 288`` beside ``11 U.S. 288``) get the same breaks.
    """
    text, breaks, last_page = "", [], 0
    for html in (h for h in htmls if h.strip()):
        cite = paginated_cite(cluster.citations, html)
        part, part_breaks = breaks_from_html(html, cite)
        offset = len(text) + (2 if text else 0)
        for brk in part_breaks:
            if brk.page > last_page:
                twins = [
                    c
                    for c in cluster.citations
                    if cite and c.page == cite.page and c.reporter != cite.reporter
                ]
                breaks.append(replace(brk, offset=brk.offset + offset))
                breaks.extend(PageBreak(t.reporter, t.volume, brk.page, brk.offset + offset) for t in twins)
                last_page = brk.page
        text = f"{text}\n\n{part}" if text else part
    return Opinion(case_id, text, tuple(breaks))


class CourtListenerLibrary:
    """The remote library; ``prefetch`` batches a whole document's lookups first."""

    fetches_text = False  # ``has_text`` says whether the cluster lists opinions

    def __init__(
        self,
        client: CourtListenerClient,
        cache: RemoteCache | None = None,
        covered: frozenset[str] = COVERED_REPORTERS,
    ) -> None:
        self.client, self.cache, self.covered = client, cache, covered
        self.source = client.base_url
        self._known: dict[str, Lookup] = {}
        self._errors: dict[str, LibraryError] = {}
        self._clusters: dict[int, ClusterInfo] = {}
        self._opinions: dict[str, Opinion] = {}
        self._unknown_reporters: set[str] = set()
        host = httpx.URL(self.source).host
        self._snapshot = Snapshot(
            name=f"CourtListener ({host})",
            built_at=dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            cases=0,
            opinions_with_text=0,
        )

    def snapshot(self) -> Snapshot:
        return self._snapshot

    def owns(self, case_id: str) -> bool:
        return case_id.startswith(CASE_PREFIX)

    def origin(self) -> Origin:
        """The host asked (no file, no token)."""
        return Origin(host=httpx.URL(self.source).host)

    def answered(self) -> list[str]:
        """The cites CourtListener answered (from the network or the cache), for a run manifest."""
        return sorted(self._known)

    def kept_answers(self, lookups: Sequence[str]) -> frozenset[str] | None:
        """The cites whose answers from this host the cache still keeps; None without a cache."""
        return None if self.cache is None else frozenset(self.cache.lookups(self.source, lookups))

    # -- lookups -------------------------------------------------------------------------------

    def prefetch(self, citations: Iterable[Citation]) -> None:
        """Start a check (its remote deadline; earlier faults forgotten) and look up every
        distinct full case cite of its document, up to 250 per request."""
        self.client.start_check()
        self._errors.clear()
        self.prefetch_cites(
            c.cite for c in citations if c.type is CitationType.CASE and c.cite and (c.page or "").isdigit()
        )

    def prefetch_cites(self, cites: Iterable[str | None]) -> None:
        missing = [c for c in dict.fromkeys(cites) if c and c not in self._known]
        if self.cache is not None and missing:
            kept = [sense.checked(lk) for lk in self.cache.lookups(self.source, missing).values()]
            self._remember(lk for lk in kept if lk.status != UNTRUSTED)  # the rest is asked again
            missing = [c for c in missing if c not in self._known]
        for batch in batches(missing):
            try:
                found = [sense.checked(lk) for lk in self.client.lookup(batch).values()]
            except LibraryError as exc:  # kept in memory only: never cached as "not found"
                self._errors.update(dict.fromkeys(batch, exc))
                continue
            trusted = [lk for lk in found if lk.status != UNTRUSTED]
            self._distrust([lk for lk in found if lk.status == UNTRUSTED])
            self._remember(trusted)
            if self.cache is not None:
                self.cache.put_lookups(self.source, trusted)

    def _distrust(self, untrusted: list[Lookup]) -> None:
        """Cites whose answers made no sense: a backend error each, said once, never cached."""
        if not untrusted:
            return
        self.client.warn(sense.warning(untrusted))
        for lookup in untrusted:
            why = f"CourtListener's answer for {lookup.cite}: {lookup.message}"
            self._errors[lookup.cite] = LibraryError(why)

    def _remember(self, lookups: Iterable[Lookup]) -> None:
        for lookup in lookups:
            for cluster in sense.nameless(lookup):
                self.client.warn(
                    f"CourtListener's cluster {cluster.id} for {lookup.cite} has no case name: the name "
                    "written with that cite cannot be compared (backend_error)"
                )
            self._known[lookup.cite] = lookup
            self._errors.pop(lookup.cite, None)
            if lookup.status == 400:
                self._unknown_reporters.add(lookup.cite.split(" ", 1)[-1].rsplit(" ", 1)[0])
            for cluster in lookup.clusters:
                self._clusters[cluster.id] = cluster

    def _lookup(self, volume: str, reporter: str, page: int) -> Lookup:
        cite = f"{volume} {reporter} {page}"
        if cite not in self._known and cite not in self._errors:
            self.prefetch_cites([cite])
        if cite in self._errors:
            raise self._errors[cite]
        return self._known[cite]

    def cases_at(self, volume: str, reporter: str, page: int) -> tuple[Authority, ...]:
        lookup = self._lookup(volume, reporter, page)
        if lookup.status not in (200, 300):
            return ()
        starts = {cl.id: cl for cl, first in sense.cluster_pages(lookup, volume, reporter) if first == page}
        return tuple(authority(cl) for cl in starts.values())

    def case_around(self, volume: str, reporter: str, page: int) -> CasePages | None:
        """The case a pin-page answer placed ``page`` in; never sends a request."""
        lookup = self._known.get(f"{volume} {reporter} {page}")
        if lookup is None or lookup.status != 200:
            return None
        inside = [(cl, first) for cl, first in sense.cluster_pages(lookup, volume, reporter) if first < page]
        if not inside:
            return None
        cluster, first = max(inside, key=lambda pair: pair[1])
        return CasePages(authority(cluster), first, page, False, None)

    def coverage(self, reporter: str, volume: str) -> Coverage:
        if reporter in self._unknown_reporters or reporter not in self.covered or not volume.isdigit():
            return Coverage.NOT_COVERED
        return Coverage.COMPLETE

    def coverage_table(self) -> list[tuple[str, str, int, int]]:
        """[]: coverage is by reporter (`COVERED_REPORTERS`), with no volume table."""
        return []

    def volume_years(self, reporter: str) -> frozenset[VolumeYears]:
        """Empty: a remote library is asked about citations, never for a volume's years."""
        return frozenset()

    def statute_tables(self) -> tuple[StatuteTable, ...]:
        """(): CourtListener holds case law, no statute tables."""
        return ()

    def usc_section(self, title: str, section: str) -> CodeSection | None:
        return None

    def usc_sections_near(self, title: str, section: str, n: int) -> tuple[CodeSection, ...]:
        return ()

    def federal_rules(self, rule_set: str) -> tuple[FederalRule, ...]:
        return ()

    def treatment(self, volume: str, reporter: str, page: int) -> Treatment | None:
        """None: CourtListener's API gives no table of overrulings."""
        return None

    def case(self, case_id: str) -> Authority | None:
        """A case this run has already seen in a lookup; never sends a request."""
        number = case_id.removeprefix(CASE_PREFIX)
        if not self.owns(case_id) or not number.isdigit() or int(number) not in self._clusters:
            return None
        return authority(self._clusters[int(number)])

    def cases_named(self, name: str, limit: int = 5) -> tuple[Authority, ...]:
        """Cases of that name by CourtListener's search API, cached like a citation lookup."""
        key = f"search:{name}"
        found = self._known.get(key)
        if found is None and self.cache is not None:
            found = self.cache.lookups(self.source, [key]).get(key)
        if found is None:
            clusters = self.client.search_cases(name)
            found = Lookup(key, 200 if clusters else 404, clusters)
            if self.cache is not None:
                self.cache.put_lookups(self.source, [found])
        self._remember([found])
        ranked = sorted(
            ((same_name_score(name, a.name_abbreviation), a) for a in map(authority, found.clusters)),
            key=lambda pair: -pair[0],
        )
        return tuple(a for score, a in ranked[:limit] if score >= SAME_NAME)

    # -- opinions ------------------------------------------------------------------------------

    def opinion(self, case_id: str) -> Opinion | None:
        if not self.owns(case_id):
            return None
        if case_id in self._opinions:
            return self._opinions[case_id]
        cached = self.cache.opinion(self.source, case_id) if self.cache is not None else None
        if cached is None:
            cluster_id = int(case_id.removeprefix(CASE_PREFIX))
            cluster = self._clusters.get(cluster_id) or self.client.cluster(cluster_id)
            htmls = [self.client.opinion_html(i) for i in cluster.opinion_ids]
            cached = assemble_opinion(case_id, cluster, htmls)
            if self.cache is not None and cached.text:
                self.cache.put_opinion(self.source, cached)
        self._opinions[case_id] = cached
        return cached if cached.text else None

    def passages(self, case_id: str, query: str, limit: int = 5) -> list[tuple[str, int, str]]:
        """[]: no full-text index; callers search the opinion text themselves."""
        return []

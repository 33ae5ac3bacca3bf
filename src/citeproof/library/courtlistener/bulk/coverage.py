"""Which reporter volumes a CourtListener dump holds completely, by rules read off the data.

A missing cite is evidence of a fabrication only where the index is complete. No list of
reporters is trusted for that; after a full dump (``complete``: the whole bulk-data
snapshot, as `library download courtlistener` fetches it) a volume is ``complete`` when:

1. its reporter is a published case reporter in CourtListener's citator (reporters-db types
   it ``federal``, ``state``, ``state_regional`` or ``scotus_early``: not a Westlaw or Lexis
   number, a neutral cite or a topical service), and is numbered by volume, not by year;
2. the dump holds at least ``MIN_CASES`` cases in it, and at least ``DENSE_SHARE`` of the
   median count of the volumes within ``WINDOW`` volumes of it (a volume the dump holds
   only part of stands out against its neighbours);
3. it lies in a run of at least ``MIN_RUN`` consecutive volumes that meet 2 (a gap, a
   volume the dump lacks or holds thinly, ends a run);
4. it is not thin against the dump's own distribution: each volume's count over the median
   of its neighbours is a ratio, and a volume whose ratio lies more than ``THIN_Z`` robust
   standard deviations (median absolute deviation / 0.6745) below the median ratio of its
   reporter (of the whole dump, for a reporter of fewer than ``MIN_VOLUMES`` volumes) is
   thin; the bar never rises above ``MAX_SHARE`` nor falls below ``DENSE_SHARE``;
5. its citations all belong to clusters of the dump: a volume with ``MIN_ORPHANS`` or more
   citations whose cluster the clusters file lacks, and more than ``ORPHAN_SHARE`` of its
   citations, was cut from the dump.

Every other volume the dump holds is ``partial``: a cite missing there proves nothing.
The rules and their numbers are written in ``docs/courtlistener.md`` and in the library's
``meta`` (``coverage_rules``); `write_coverage` says which volumes rules 4 and 5 held back.
"""

from __future__ import annotations

import bisect
import sqlite3
import statistics
from collections.abc import Iterator
from dataclasses import dataclass

from citeproof.core.text.citator import is_case_reporter
from citeproof.core.text.reporter_facts import YEAR_NUMBERED_FROM

MIN_CASES = 5
DENSE_SHARE = 0.5
WINDOW = 10
MIN_RUN = 3
THIN_Z = 3.5  # Iglewicz and Hoaglin's bar for an outlier, in robust standard deviations
MAX_SHARE = 0.9  # a volume within 10% of its neighbours is never thin
MIN_VOLUMES = 20
MIN_ORPHANS = 3
ORPHAN_SHARE = 0.02
COVERAGE_RULES = (
    f"case reporter in the citator; volume with >= {MIN_CASES} cases and >= {DENSE_SHARE:g} x the median "
    f"of the volumes within {WINDOW}; in a run of >= {MIN_RUN} such consecutive volumes; not thinner "
    f"than {THIN_Z:g} robust deviations below the dump's own ratios (bar {DENSE_SHARE:g}-{MAX_SHARE:g}); "
    f"fewer than {MIN_ORPHANS} or {ORPHAN_SHARE:.0%} citations without their cluster; full dump only"
)


@dataclass(frozen=True, slots=True)
class HeldBack:
    """Volumes that rules 1-3 would call complete but rules 4 and 5 hold back as partial."""

    thin: tuple[tuple[str, int, float, float], ...] = ()  # (reporter, volume, ratio, bar)
    cut: tuple[tuple[str, int, int], ...] = ()  # (reporter, volume, citations without a cluster)

    def lines(self) -> list[str]:
        """What a user reads of it, one line per volume (at most 20)."""
        out = [
            f"{v} {r}: {ratio:.0%} of its neighbours' cases, under the dump's bar of {bar:.0%}"
            for r, v, ratio, bar in self.thin
        ]
        out += [f"{v} {r}: {n:,} citations whose cluster the dump lacks" for r, v, n in self.cut]
        return out[:20]


def ratios(counts: dict[int, int]) -> dict[int, float]:
    """Each volume's count over the median count of the volumes within `WINDOW` of it."""
    volumes = sorted(counts)
    out = {}
    for v in volumes:
        lo, hi = bisect.bisect_left(volumes, v - WINDOW), bisect.bisect_right(volumes, v + WINDOW)
        out[v] = counts[v] / statistics.median(counts[u] for u in volumes[lo:hi])
    return out


def thin_bar(observed: list[float]) -> float:
    """The share of its neighbours' median below which a volume is thin for this dump."""
    if not observed:
        return DENSE_SHARE
    middle = statistics.median(observed)
    spread = statistics.median(abs(r - middle) for r in observed) / 0.6745
    return min(MAX_SHARE, max(DENSE_SHARE, middle - THIN_Z * spread))


def dense_volumes(counts: dict[int, int], share: float = DENSE_SHARE) -> set[int]:
    """The volumes that meet rule 2 (rule 4 too, with the dump's ``share``)."""
    return {v for v, r in ratios(counts).items() if counts[v] >= MIN_CASES and r >= share}


def runs(volumes: set[int]) -> Iterator[tuple[int, int]]:
    """Maximal ranges of consecutive volume numbers."""
    ordered = sorted(volumes)
    start = None
    for i, v in enumerate(ordered):
        if start is None:
            start = v
        if i + 1 == len(ordered) or ordered[i + 1] != v + 1:
            yield start, v
            start = None


def case_reporter(reporter: str, counts: dict[int, int]) -> bool:
    """Rule 1."""
    return is_case_reporter(reporter) and not any(v >= YEAR_NUMBERED_FROM for v in counts)


def complete_ranges(
    reporter: str, counts: dict[int, int], share: float = DENSE_SHARE, cut: frozenset[int] = frozenset()
) -> list[tuple[int, int]]:
    """The volume ranges of ``reporter`` that rules 1-3 call complete (4 and 5 too, given
    the dump's ``share`` and the volumes ``cut`` from it)."""
    if not case_reporter(reporter, counts):
        return []
    return [(a, b) for a, b in runs(dense_volumes(counts, share) - cut) if b - a + 1 >= MIN_RUN]


_COUNTS = (
    "SELECT reporter, CAST(volume AS INTEGER), COUNT(*) FROM citations "
    "WHERE volume <> '' AND volume NOT GLOB '*[^0-9]*' GROUP BY reporter, volume"
)
# Citations of the dump whose cluster its clusters file lacks (the import drops them).
_ORPHANS = (
    "SELECT c.reporter, CAST(c.volume AS INTEGER), COUNT(*) FROM stage.citations c "
    "LEFT JOIN stage.clusters k ON k.id = c.cluster_id WHERE k.id IS NULL AND c.volume <> '' "
    "AND c.volume NOT GLOB '*[^0-9]*' GROUP BY c.reporter, c.volume"
)


def write_coverage(conn: sqlite3.Connection, complete: bool) -> HeldBack:
    """One row per range of volumes and status, for every reporter of the dump; what rules
    4 and 5 held back. ``conn`` has the staged dump attached as ``stage``."""
    table: dict[str, dict[int, int]] = {}
    for reporter, volume, cases in conn.execute(_COUNTS):
        table.setdefault(reporter, {})[volume] = cases
    orphans = {(r, v): n for r, v, n in conn.execute(_ORPHANS)} if complete else {}
    cases = {r: counts for r, counts in table.items() if case_reporter(r, counts)}
    by_reporter = {r: ratios(counts) for r, counts in cases.items()}
    pooled = thin_bar([x for found in by_reporter.values() for x in found.values()])
    rows, thin, cut = [], [], []
    for reporter, counts in table.items():
        found = by_reporter.get(reporter, {})
        bar = thin_bar(list(found.values())) if len(found) >= MIN_VOLUMES else pooled
        holes = frozenset(
            v
            for v in counts
            if (n := orphans.get((reporter, v), 0)) >= MIN_ORPHANS and n > ORPHAN_SHARE * (n + counts[v])
        )
        whole = complete_ranges(reporter, counts, bar, holes) if complete else []
        inside = {v for a, b in whole for v in range(a, b + 1)}
        if complete:
            plain = {v for a, b in complete_ranges(reporter, counts) for v in range(a, b + 1)}
            thin += [(reporter, v, found[v], bar) for v in sorted(plain - holes) if found[v] < bar]
            cut += [(reporter, v, orphans[(reporter, v)]) for v in sorted(holes & plain)]
        rows += [(reporter, a, b, "complete") for a, b in whole]
        rows += [(reporter, a, b, "partial") for a, b in runs(set(counts) - inside)]
    conn.executemany("INSERT INTO coverage VALUES (?,?,?,?)", rows)
    return HeldBack(tuple(thin), tuple(cut))

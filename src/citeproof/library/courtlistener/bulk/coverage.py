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
   volume the dump lacks or holds thinly, ends a run).

Every other volume the dump holds is ``partial``: a cite missing there proves nothing.
The rules and their numbers are written in ``docs/courtlistener.md`` and in the library's
``meta`` (``coverage_rules``).
"""

from __future__ import annotations

import bisect
import sqlite3
import statistics
from collections.abc import Iterator

from citeproof.core.text.citator import is_case_reporter
from citeproof.core.text.reporter_facts import YEAR_NUMBERED_FROM

MIN_CASES = 5
DENSE_SHARE = 0.5
WINDOW = 10
MIN_RUN = 3
COVERAGE_RULES = (
    f"case reporter in the citator; volume with >= {MIN_CASES} cases and >= {DENSE_SHARE:g} x the median "
    f"of the volumes within {WINDOW}; in a run of >= {MIN_RUN} such consecutive volumes; full dump only"
)


def dense_volumes(counts: dict[int, int]) -> set[int]:
    """The volumes that meet rule 2."""
    volumes = sorted(counts)
    dense = set()
    for v in volumes:
        lo, hi = bisect.bisect_left(volumes, v - WINDOW), bisect.bisect_right(volumes, v + WINDOW)
        median = statistics.median(counts[u] for u in volumes[lo:hi])
        if counts[v] >= MIN_CASES and counts[v] >= DENSE_SHARE * median:
            dense.add(v)
    return dense


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


def complete_ranges(reporter: str, counts: dict[int, int]) -> list[tuple[int, int]]:
    """The volume ranges of ``reporter`` that rules 1-3 call complete."""
    if not is_case_reporter(reporter) or any(v >= YEAR_NUMBERED_FROM for v in counts):
        return []
    return [(a, b) for a, b in runs(dense_volumes(counts)) if b - a + 1 >= MIN_RUN]


def write_coverage(conn: sqlite3.Connection, complete: bool) -> None:
    """One row per range of volumes and status, for every reporter of the dump."""
    table: dict[str, dict[int, int]] = {}
    for reporter, volume, cases in conn.execute(
        "SELECT reporter, CAST(volume AS INTEGER), COUNT(*) FROM citations "
        "WHERE volume <> '' AND volume NOT GLOB '*[^0-9]*' GROUP BY reporter, volume"
    ):
        table.setdefault(reporter, {})[volume] = cases
    rows = []
    for reporter, counts in table.items():
        whole = complete_ranges(reporter, counts) if complete else []
        inside = {v for a, b in whole for v in range(a, b + 1)}
        rows += [(reporter, a, b, "complete") for a, b in whole]
        rows += [(reporter, a, b, "partial") for a, b in runs(set(counts) - inside)]
    conn.executemany("INSERT INTO coverage VALUES (?,?,?,?)", rows)

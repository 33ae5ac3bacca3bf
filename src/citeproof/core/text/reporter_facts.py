"""What is known of each reporter's history: which years its volumes hold, from real data.

The facts are derived from the data pack by ``scripts/derive_reporter_facts.py`` and ship
in ``citeproof/data/reporters/`` (see ``docs/reporter-facts.md``):

* ``volume_years.csv.gz``: per reporter volume, the first and last decision year of the
  real cases catalogued in it (82,498 catalogue rows and the opinions' own citations);
* ``editions.json``: reporters-db's edition dates, each marked trusted only where real
  data does not contradict it, the corrections with the rows that justify them, and the
  editions of every series.

A library adds what it imported (`Library.volume_years`): `reporter_history` merges it.
The rules that read these facts are in `impossible.py`.
"""

from __future__ import annotations

import bisect
import csv
import datetime as dt
import gzip
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

# Last volume of editions that have closed (a later edition of the series exists).
CLOSED_SERIES_LAST_VOLUME = {
    "F.": 300,
    "F.2d": 999,
    "F.3d": 999,
    "F. Supp.": 999,
    "F. Supp. 2d": 999,
    "L. Ed.": 100,
    "App. D.C.": 74,
    "A.2d": 999,
    "P.2d": 999,
    "S.W.2d": 999,
    "So. 2d": 999,
    "N.E.2d": 999,
}
# Editions whose numbering another edition continues: courts still write "App. D.C." for
# the United States Court of Appeals Reports, whose volume 75 followed App. D.C. 74 (1941).
CONTINUED_BY = {"App. D.C.": "U.S. App. D.C."}
# Editions that began with volume 1 on their start date. Official reports (U.S., Mass., Va.,
# ...) number their earlier nominative volumes retroactively (5 U.S. 137 is from 1803), so
# a year before reporters-db's start date proves nothing for them.
FRESH_SERIES = frozenset(
    {
        "F.", "F.2d", "F.3d", "F.4th", "F. Supp.", "F. Supp. 2d", "F. Supp. 3d", "F.R.D.", "B.R.",
        "S. Ct.", "L. Ed. 2d", "Fed. Cl.", "F. App'x", "A.", "A.2d", "A.3d", "P.", "P.2d", "P.3d",
        "N.E.", "N.E.2d", "N.E.3d", "N.W.", "N.W.2d", "N.W.3d", "S.E.", "S.E.2d", "S.W.", "S.W.2d",
        "S.W.3d", "So.", "So. 2d", "So. 3d", "Cal. Rptr.", "Cal. Rptr. 2d", "Cal. Rptr. 3d", "N.Y.S.",
        "N.Y.S.2d", "N.Y.S.3d",
    }
)  # fmt: skip
# Volumes numbered by year (``2014-Ohio-1234``, ``1996 U.S. LEXIS 5``) are not a sequence: a
# reporter observed with such volumes is not judged by its volume numbers from here up.
YEAR_NUMBERED_FROM = 1700
# A volume's neighbours bound its years: the bound at a volume is taken over this many
# observed volumes, so that one volume with a stray date (a typo, a late-printed old case)
# does not move the bound of the volumes around it.
WINDOW = 3
# The pace of a reporter is measured over its most recent years of observations.
RECENT_YEARS = 15
PACE_VOLUMES = 5


@dataclass(frozen=True, slots=True)
class VolumeYears:
    """The decision years of the real cases seen in one volume of a reporter."""

    volume: int
    first_year: int
    last_year: int
    cases: int = 1


@dataclass(frozen=True, slots=True)
class Edition:
    """One reporter edition's dates in reporters-db, and whether real data bears them out."""

    name: str
    start: int | None
    end: int | None
    start_trusted: bool
    end_trusted: bool
    shared: bool = False  # two different reporters use this name: its volumes prove nothing


@dataclass(frozen=True, slots=True)
class Bound:
    """A year bound at a volume, with the observed volumes that set it."""

    year: int
    first_volume: int
    last_volume: int


@dataclass(frozen=True, slots=True)
class ReporterHistory:
    """One reporter's observed volumes (sorted, year-numbered ones left out) and edition."""

    reporter: str
    volumes: tuple[VolumeYears, ...]
    edition: Edition | None
    year_numbered: bool  # some of its volumes are years ("2014-Ohio-1234"): those are left out
    _numbers: tuple[int, ...]  # the observed volume numbers, for bisection
    _latest: tuple[Bound, ...]  # per observed volume: the latest year a volume up to it can hold
    _earliest: tuple[Bound, ...]  # per observed volume: the earliest year a volume from it on holds

    @property
    def last_volume(self) -> int | None:
        return CLOSED_SERIES_LAST_VOLUME.get(self.reporter)

    @property
    def fresh(self) -> bool:
        return self.reporter in FRESH_SERIES

    def latest_year(self, volume: int) -> Bound | None:
        """The latest decision year volume ``volume`` can hold: no later than what the
        observed volumes after it hold (they were printed after it)."""
        i = bisect.bisect_left(self._numbers, volume)
        return self._latest[i] if i < len(self._latest) else None

    def earliest_year(self, volume: int) -> Bound | None:
        """The earliest decision year the observed volumes up to ``volume`` agree on."""
        i = bisect.bisect_right(self._numbers, volume)
        return self._earliest[i - 1] if i else None

    def newest(self) -> VolumeYears | None:
        return self.volumes[-1] if self.volumes else None

    def volumes_per_year(self) -> float | None:
        """How many volumes a year the reporter printed over its last RECENT_YEARS observed;
        None with fewer than PACE_VOLUMES observed volumes in that time."""
        if not self.volumes:
            return None
        last = self.volumes[-1]
        recent = [v for v in self.volumes if v.first_year >= last.last_year - RECENT_YEARS]
        if len(recent) < PACE_VOLUMES or recent[0].volume >= last.volume:
            return None
        return (last.volume - recent[0].volume) / max(1, last.last_year - recent[0].first_year)


def history_of(reporter: str, observed: tuple[VolumeYears, ...], edition: Edition | None) -> ReporterHistory:
    volumes = _merged(v for v in observed if v.volume < YEAR_NUMBERED_FROM)
    year_numbered = any(v.volume >= YEAR_NUMBERED_FROM for v in observed)
    numbers = tuple(v.volume for v in volumes)
    return ReporterHistory(
        reporter, volumes, edition, year_numbered, numbers, _latest_bounds(volumes), _earliest_bounds(volumes)
    )


def _merged(observed: Iterable[VolumeYears]) -> tuple[VolumeYears, ...]:
    by_volume: dict[int, VolumeYears] = {}
    for v in observed:
        old = by_volume.get(v.volume)
        by_volume[v.volume] = (
            v
            if old is None
            else VolumeYears(
                v.volume,
                min(v.first_year, old.first_year),
                max(v.last_year, old.last_year),
                v.cases + old.cases,
            )
        )
    return tuple(by_volume[k] for k in sorted(by_volume))


def _latest_bounds(volumes: tuple[VolumeYears, ...]) -> tuple[Bound, ...]:
    """At each observed volume i: the smallest, over windows of WINDOW observed volumes
    starting at i or later, of the window's latest year (a suffix minimum)."""
    out: list[Bound] = []
    best: Bound | None = None
    for i in range(len(volumes) - 1, -1, -1):
        window = volumes[i : i + WINDOW]
        here = Bound(max(v.last_year for v in window), window[0].volume, window[-1].volume)
        best = here if best is None or here.year < best.year else best
        own = volumes[i].last_year  # a volume's own cases always fit it
        out.append(best if best.year >= own else Bound(own, volumes[i].volume, volumes[i].volume))
    return tuple(reversed(out))


def _earliest_bounds(volumes: tuple[VolumeYears, ...]) -> tuple[Bound, ...]:
    """At each observed volume i: the largest, over windows of WINDOW observed volumes
    ending at i or earlier, of the window's earliest year (a prefix maximum)."""
    out: list[Bound] = []
    best: Bound | None = None
    for i in range(len(volumes)):
        window = volumes[max(0, i - WINDOW + 1) : i + 1]
        here = Bound(min(v.first_year for v in window), window[0].volume, window[-1].volume)
        best = here if best is None or here.year > best.year else best
        own = volumes[i].first_year
        out.append(best if best.year <= own else Bound(own, volumes[i].volume, volumes[i].volume))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class EditionsFacts:
    """reporters-db's editions as judged against real data (``editions.json``)."""

    editions: dict[str, Edition]
    series: dict[str, tuple[str, ...]]
    known_as_of: dt.date
    corrections: tuple[dict[str, Any], ...]


def _data_file(name: str) -> Any:
    return resources.files("citeproof") / "data" / "reporters" / name


@lru_cache(maxsize=1)
def editions_facts() -> EditionsFacts:
    raw = json.loads(_data_file("editions.json").read_text(encoding="utf-8"))
    editions = {name: Edition(name, **fields) for name, fields in raw["editions"].items()}
    series = {key: tuple(names) for key, names in raw["series"].items()}
    known = dt.date.fromisoformat(raw["editions_known_as_of"])
    return EditionsFacts(editions, series, known, tuple(raw["corrections"]))


@lru_cache(maxsize=1)
def shipped_volume_years() -> dict[str, tuple[VolumeYears, ...]]:
    data = gzip.decompress(_data_file("volume_years.csv.gz").read_bytes()).decode("utf-8")
    table: dict[str, list[VolumeYears]] = {}
    for row in csv.DictReader(io.StringIO(data)):
        table.setdefault(row["reporter"], []).append(
            VolumeYears(int(row["volume"]), int(row["first_year"]), int(row["last_year"]), int(row["cases"]))
        )
    return {reporter: tuple(rows) for reporter, rows in table.items()}


@lru_cache(maxsize=512)
def reporter_history(reporter: str, imported: frozenset[VolumeYears] = frozenset()) -> ReporterHistory:
    """The shipped facts of ``reporter`` merged with what a library imported (a frozenset:
    it keeps its hash, so a library that returns the same set is looked up at no cost)."""
    shipped = shipped_volume_years().get(reporter, ())
    return history_of(reporter, shipped + tuple(imported), editions_facts().editions.get(reporter))

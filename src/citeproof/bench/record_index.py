"""A CourtListener index whose old reporters' volumes are complete: what a brief's record
cites meet after `citeproof library download courtlistener`.

A brief cites its own record in forms that are also reporters' abbreviations: ``(1 App.
12)`` (appendix) reads as Ohio Appellate Reports, ``(3 R. 45)`` (record) as Rawle,
``(4 A. 123)`` as the Atlantic Reporter, ``(2 P. 45)`` as the Pacific Reporter. The full
index holds those volumes densely, so the coverage rules call them complete and a page
where no case begins is evidence of a fabrication. `record_index` builds such an index the
way a user gets one: a generated dump served by the fake bulk-data bucket over loopback,
downloaded and imported as a full dump. Cases begin every `PAGE_STEP` pages of each volume.
"""

from __future__ import annotations

from pathlib import Path

import httpx

from citeproof.core.models import ReporterCite
from citeproof.library.courtlistener.bulk.download import download_snapshot
from citeproof.library.courtlistener.bulk.importer import import_bulk
from citeproof.library.courtlistener.fakes.bucket import DumpCase, FakeBucket, dump_files

SNAPSHOT = "2024-12-31"
# (reporter, first and last volume, year of the first): the reporters record cites collide with.
VOLUMES = (
    ("A.", 1, 12, 1885),
    ("P.", 1, 12, 1883),
    ("Ohio App.", 1, 12, 1913),
    ("Rawle", 1, 5, 1828),
    ("Cow.", 1, 9, 1823),
)
PAGE_STEP = 97
CASES_PER_VOLUME = 12  # pages 1 to 1,068


def record_dump_cases() -> list[DumpCase]:
    """Generated cases filling each volume of `VOLUMES` every `PAGE_STEP` pages."""
    cases = []
    cluster = 7_000_000
    for reporter, first, last, year in VOLUMES:
        for volume in range(first, last + 1):
            for k in range(CASES_PER_VOLUME):
                cluster += 1
                cite = ReporterCite(str(volume), reporter, str(1 + PAGE_STEP * k))
                name = f"Old Party {cluster} v. Other Party {cluster}"
                cases.append(DumpCase(cluster, name, f"{year + volume // 3}-06-01", (cite,)))
    return cases


def record_index(folder: Path) -> Path:
    """The library file of `record_dump_cases`, downloaded over loopback from a fake bucket
    and imported as a full dump (coverage rules on)."""
    folder.mkdir(parents=True, exist_ok=True)
    bucket = FakeBucket(dump_files(record_dump_cases(), SNAPSHOT))
    with bucket.serve() as url, httpx.Client() as client:
        _, paths = download_snapshot(client, url, folder)
    out = folder / f"courtlistener-{SNAPSHOT}.sqlite"
    import_bulk(paths, out, snapshot_date=SNAPSHOT, complete=True)
    return out

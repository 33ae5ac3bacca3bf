"""How popular a cited case is: how many of the library's opinions cite it.

A case's **popularity** is the number of distinct opinions with text in the library whose
text holds a reporter citation (``volume reporter page``, any of the case's parallel
cites) of that case, the opinion's own cites left out. A cite that names two catalogued
cases counts for neither. On the bundled sample (382 opinions) most cases score 0 and
few reach 5: a small library makes a coarse measure, and the report says how many
opinions it was counted over.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from citeproof.bench.grounding.commonlaw import CASE_CITE
from citeproof.library.sqlite import SQLiteLibrary

# (label, lowest, highest): the bins of the popularity table and figure
BINS: tuple[tuple[str, int, int | None], ...] = (("0", 0, 0), ("1", 1, 1), ("2-4", 2, 4), ("5+", 5, None))


@dataclass(frozen=True, slots=True)
class Popularity:
    library: str
    opinions: int  # opinions with text scanned
    counts: Mapping[str, int] = field(default_factory=dict)  # case id -> citing opinions

    def of(self, case_id: str) -> int:
        return self.counts.get(case_id, 0)

    def describe(self) -> dict[str, object]:
        return {"library": self.library, "opinions": self.opinions, "cited_cases": len(self.counts)}


def bin_of(popularity: int) -> str:
    for label, low, high in BINS:
        if popularity >= low and (high is None or popularity <= high):
            return label
    raise ValueError(f"popularity {popularity} below 0")


def _key(volume: str, reporter: str, page: str) -> tuple[int, str, int] | None:
    if not (volume.isdigit() and page.isdigit()):
        return None
    return int(volume), re.sub(r"\s+", "", reporter), int(page)


def citation_counts(library: SQLiteLibrary) -> Popularity:
    """Each catalogued case's number of citing opinions in ``library``."""
    conn = library.conn
    owners: dict[tuple[int, str, int], set[str]] = {}
    for case_id, volume, reporter, page in conn.execute(
        "SELECT case_id, volume, reporter, page FROM citations"
    ):
        key = _key(str(volume), str(reporter), str(page))
        if key is not None:
            owners.setdefault(key, set()).add(str(case_id))
    unique = {key: next(iter(ids)) for key, ids in owners.items() if len(ids) == 1}
    counts: Counter[str] = Counter()
    opinions = 0
    for citing, text in conn.execute("SELECT case_id, text FROM opinions ORDER BY case_id"):
        opinions += 1
        cited = {
            unique.get(_key(m["vol"], m["rep"], m["page"]) or (0, "", 0)) for m in CASE_CITE.finditer(text)
        }
        counts.update(c for c in cited if c is not None and c != citing)
    return Popularity(library.snapshot().name, opinions, dict(counts))

"""Adjudicate an oracle's flags (cited articles absent from its graph) on the registry.

- ``fabricated``: the article does not exist (beyond its code's last article);
- ``outdated``: repealed, or its code not in force, at the context date (a CT failure);
- ``coverage_gap``: a real article in force: the oracle, not the answer, is missing it;
- ``indeterminate``: the registry cannot settle it (a known gap in the source, a code
  outside the registry, an ambiguous name).

Flag precision = (fabricated + outdated) / (all flags − indeterminate), Wilson interval.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from citeproof.bench.grounding.metrics import CitationTable, grounded
from citeproof.core.extraction.statutes.ua_registry import CiteStatus, Registry
from citeproof.core.stats import Estimate, wilson


class FlagVerdict(StrEnum):
    FABRICATED = "fabricated"
    OUTDATED = "outdated"
    COVERAGE_GAP = "coverage_gap"
    INDETERMINATE = "indeterminate"


_BY_STATUS = {
    CiteStatus.NONEXISTENT: FlagVerdict.FABRICATED,
    CiteStatus.REPEALED: FlagVerdict.OUTDATED,
    CiteStatus.CODE_NOT_IN_FORCE: FlagVerdict.OUTDATED,
    CiteStatus.EXISTS: FlagVerdict.COVERAGE_GAP,
    CiteStatus.UNKNOWN: FlagVerdict.INDETERMINATE,
}


@dataclass(frozen=True, slots=True)
class Flag:
    system: str
    query_id: str
    code: str
    article: str
    date: str | None = None


@dataclass(frozen=True, slots=True)
class Adjudicated:
    flag: Flag
    verdict: FlagVerdict
    evidence: str

    def to_dict(self) -> dict[str, object]:
        f = self.flag
        return {
            "system": f.system,
            "query_id": f.query_id,
            "code": f.code,
            "article": f.article,
            "date": f.date,
            "verdict": str(self.verdict),
            "evidence": self.evidence,
        }


@dataclass(frozen=True, slots=True)
class AdjudicationSummary:
    counts: dict[FlagVerdict, int]
    precision: Estimate

    @property
    def flags(self) -> int:
        return sum(self.counts.values())

    def to_dict(self) -> dict[str, object]:
        return {
            "flags": self.flags,
            "counts": {str(k): v for k, v in self.counts.items()},
            "precision": self.precision.to_dict(),
        }


def adjudicate_flag(flag: Flag, registry: Registry) -> Adjudicated:
    check = registry.check(flag.code, flag.article, flag.date)
    return Adjudicated(flag, _BY_STATUS[check.status], check.evidence)


def adjudicate(flags: tuple[Flag, ...], registry: Registry) -> tuple[Adjudicated, ...]:
    return tuple(adjudicate_flag(f, registry) for f in flags)


def summarise(adjudicated: tuple[Adjudicated, ...]) -> AdjudicationSummary:
    counts = Counter(a.verdict for a in adjudicated)
    full = {v: counts.get(v, 0) for v in FlagVerdict}
    true = full[FlagVerdict.FABRICATED] + full[FlagVerdict.OUTDATED]
    return AdjudicationSummary(full, wilson(true, true + full[FlagVerdict.COVERAGE_GAP]))


def flags_of(table: CitationTable, present: np.ndarray) -> tuple[Flag, ...]:
    """Every citation of the table that the oracle does not ground."""
    hits = grounded(table, present)
    cites = [(r, c) for r in table.responses for c in r.citations]
    return tuple(
        Flag(r.system, r.query_id, c.code, c.article, r.date)
        for (r, c), h in zip(cites, hits.tolist(), strict=True)
        if not h
    )

"""Separability of systems: a seeded, vectorised paired bootstrap over queries.

All systems are resampled with the same query indices (they answered the same
queries). For each system: a percentile interval of its mean score; for each pair:
Pr[A > B] over resamples (ties count half) and the interval of A − B. A pair is
separable when that interval excludes 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np

from citeproof.core.stats import Estimate, difference, interval, mean_of, resample


@dataclass(frozen=True, slots=True)
class PairResult:
    a: str
    b: str
    p_a_greater: float
    diff: Estimate

    @property
    def separable(self) -> bool:
        return bool(self.diff.low > 0 or self.diff.high < 0)

    def to_dict(self) -> dict[str, object]:
        return {
            "a": self.a,
            "b": self.b,
            "p_a_greater": self.p_a_greater,
            "diff": self.diff.to_dict(),
            "separable": self.separable,
        }


@dataclass(frozen=True, slots=True)
class Separability:
    systems: tuple[Estimate, ...]
    names: tuple[str, ...]
    pairs: tuple[PairResult, ...]
    resamples: int
    seed: int

    @property
    def separable_pairs(self) -> int:
        return sum(p.separable for p in self.pairs)

    def to_dict(self) -> dict[str, object]:
        return {
            "resamples": self.resamples,
            "seed": self.seed,
            "systems": {n: e.to_dict() for n, e in zip(self.names, self.systems, strict=True)},
            "pairs": [p.to_dict() for p in self.pairs],
            "separable_pairs": self.separable_pairs,
        }


def separability(
    scores: np.ndarray, names: tuple[str, ...], resamples: int = 5000, seed: int = 0, level: float = 0.95
) -> Separability:
    """Bootstrap a systems × queries score matrix (nan = missing answer)."""
    method = f"paired-bootstrap(B={resamples},seed={seed})"
    q = scores.shape[1]
    if q == 0:
        nan = Estimate(float("nan"), 0, float("nan"), float("nan"), method)
        return Separability(tuple(nan for _ in names), names, (), resamples, seed)
    means = mean_of(scores)  # one statistic per system, all on the same resampled queries
    boot = means(resample(q, seed, resamples))  # systems × resamples
    lo, hi = interval(boot, level)
    with np.errstate(invalid="ignore"):
        point = np.nanmean(scores, axis=1)
    counts = (~np.isnan(scores)).sum(axis=1)
    systems = tuple(
        Estimate(float(point[s]), int(counts[s]), float(lo[s]), float(hi[s]), method)
        for s in range(len(names))
    )
    pairs = []
    for a, b in combinations(range(len(names)), 2):
        test = difference(boot[a] - boot[b], float(point[a] - point[b]), q, level, method)
        pairs.append(PairResult(names[a], names[b], test.p_greater, test.estimate))
    return Separability(systems, names, tuple(pairs), resamples, seed)

"""Interval estimates shared by every reported figure: Wilson and seeded bootstrap."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure with its sample size and a confidence interval (``nan`` when n = 0)."""

    value: float
    n: int
    low: float
    high: float
    method: str

    def to_dict(self) -> dict[str, float | int | str]:
        return {"value": self.value, "n": self.n, "low": self.low, "high": self.high,
                "method": self.method}

    def __str__(self) -> str:
        if self.n == 0:
            return "n/a (n=0)"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}] (n={self.n})"


NAN = float("nan")


def wilson(successes: int, n: int, z: float = 1.959964) -> Estimate:
    """Wilson score interval for a proportion; ``nan`` with n = 0."""
    if n == 0:
        return Estimate(NAN, 0, NAN, NAN, "wilson")
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} outside 0..{n}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, n, max(0.0, centre - half), min(1.0, centre + half), "wilson")


def bootstrap(
    values: Sequence[float],
    seed: int,
    resamples: int = 2000,
    statistic: Callable[[np.ndarray], np.ndarray] | None = None,
    level: float = 0.95,
) -> Estimate:
    """Percentile bootstrap of a statistic over items (default: the mean).

    ``statistic`` receives a 2-D array (resamples x n) and returns one value per row.
    """
    data = np.asarray(values, dtype=float)
    n = data.size
    if n == 0:
        return Estimate(NAN, 0, NAN, NAN, f"bootstrap(B={resamples},seed={seed})")
    stat = statistic or (lambda a: a.mean(axis=-1))
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(resamples, n))
    dist = stat(data[idx])
    alpha = (1 - level) / 2
    low, high = np.quantile(dist, [alpha, 1 - alpha])
    point = float(stat(data[np.newaxis, :])[0])
    return Estimate(point, n, float(low), float(high), f"bootstrap(B={resamples},seed={seed})")

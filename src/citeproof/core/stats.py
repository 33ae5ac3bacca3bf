"""Interval estimates shared by every reported figure: Wilson and seeded bootstrap.

Every bootstrap in citeproof is this one: ``resample`` draws ``resamples x n`` item
indices from a fresh ``numpy`` Generator seeded with ``seed`` (one draw, nothing else), a
statistic maps each row of indices to one value, and the interval is the percentile one
(resamples whose statistic is undefined, ``nan``, are left out). So the same seed resamples
the same items whatever the statistic: a mean (`bootstrap`), a ratio of sums resampled
jointly (`ratio_bootstrap`), or the difference of two statistics on the same resampled
items (`paired_bootstrap`).
"""

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

    def to_dict(self) -> dict[str, float | int | str | None]:
        """For JSON: an undefined figure (``nan``) is ``None`` (``null``), never ``NaN``."""
        return {
            "value": finite_or_none(self.value),
            "n": self.n,
            "low": finite_or_none(self.low),
            "high": finite_or_none(self.high),
            "method": self.method,
        }

    def __str__(self) -> str:
        if self.n == 0:
            return "n/a (n=0)"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}] (n={self.n})"


NAN = float("nan")


def finite_or_none(value: float) -> float | None:
    """``value``, or ``None`` when it is ``nan`` or infinite (JSON has no NaN)."""
    return value if math.isfinite(value) else None


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


Statistic = Callable[[np.ndarray], np.ndarray]
"""Rows of item indices (``... x n``) to one value per row (the last axis reduced)."""


def resample(n: int, seed: int, resamples: int) -> np.ndarray:
    """``resamples x n`` item indices drawn with replacement: the one draw of every bootstrap."""
    return np.random.default_rng(seed).integers(0, n, size=(resamples, n))


def mean_of(values: Sequence[float] | np.ndarray) -> Statistic:
    """The mean of the values at each row of indices; ``nan`` values (missing) are skipped.

    ``values`` may be 2-D (say systems x queries): every row is resampled with the same
    indices, and the statistic gives one mean per row and resample.
    """
    data = np.asarray(values, dtype=float)
    if not np.isnan(data).any():
        return lambda idx: data[..., idx].mean(axis=-1)

    def stat(idx: np.ndarray) -> np.ndarray:
        with np.errstate(invalid="ignore"):
            means: np.ndarray = np.nanmean(data[..., idx], axis=-1)
        return means

    return stat


def ratio_of(
    num: Sequence[float] | np.ndarray, den: Sequence[float] | np.ndarray, empty: float = NAN
) -> Statistic:
    """sum(num) / sum(den) over each row of indices (both resampled together); ``empty``
    where the resampled denominator is 0 (``nan``: that resample is left out)."""
    top, bottom = np.asarray(num, dtype=float), np.asarray(den, dtype=float)

    def stat(idx: np.ndarray) -> np.ndarray:
        n, d = top[..., idx].sum(axis=-1), bottom[..., idx].sum(axis=-1)
        out = np.full(np.shape(n), empty, dtype=float)
        np.divide(n, d, out=out, where=d > 0)
        return out

    return stat


def interval(dist: np.ndarray, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Percentile interval over the last axis, ``nan`` resamples left out."""
    alpha = (1 - level) / 2
    low, high = np.nanquantile(dist, [alpha, 1 - alpha], axis=-1)
    return low, high


def _method(resamples: int, seed: int) -> str:
    return f"bootstrap(B={resamples},seed={seed})"


def bootstrap_statistic(
    statistic: Statistic,
    n: int,
    seed: int,
    resamples: int = 2000,
    level: float = 0.95,
    method: str | None = None,
) -> Estimate:
    """Percentile bootstrap of any statistic of ``n`` items; ``nan`` interval with n = 0."""
    method = method or _method(resamples, seed)
    if n == 0:
        return Estimate(NAN, 0, NAN, NAN, method)
    low, high = interval(statistic(resample(n, seed, resamples)), level)
    point = float(statistic(np.arange(n)[np.newaxis, :])[0])
    return Estimate(point, n, float(low), float(high), method)


def bootstrap(
    values: Sequence[float] | np.ndarray, seed: int, resamples: int = 2000, level: float = 0.95
) -> Estimate:
    """Percentile bootstrap of the mean over items; ``nan`` with n = 0."""
    data = np.asarray(values, dtype=float)
    return bootstrap_statistic(mean_of(data), data.size, seed, resamples, level)


def ratio_bootstrap(
    num: Sequence[float] | np.ndarray,
    den: Sequence[float] | np.ndarray,
    seed: int,
    resamples: int = 2000,
    level: float = 0.95,
    empty: float = NAN,
) -> Estimate:
    """sum(num) / sum(den) with items (numerator and denominator together) resampled.

    ``n`` is the number of items; ``nan`` with n = 0 or nothing in the denominator.
    ``empty``: the ratio of a resample whose denominator is 0 (``nan``: left out).
    """
    top, bottom = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    if bottom.sum() == 0:
        return Estimate(NAN, bottom.size, NAN, NAN, _method(resamples, seed))
    return bootstrap_statistic(ratio_of(top, bottom, empty), bottom.size, seed, resamples, level)


@dataclass(frozen=True, slots=True)
class Difference:
    """A paired bootstrap of a - b over the same resampled items."""

    estimate: Estimate  # the point difference and its percentile interval
    p_greater: float  # share of resamples with a > b, ties counting half
    p_value: float  # two-sided: 2 min(Pr[d <= 0], Pr[d >= 0]), at most 1


def difference(
    dist: np.ndarray, point: float, n: int, level: float = 0.95, method: str = "paired bootstrap"
) -> Difference:
    """Summarise resampled differences ``dist`` (a - b per resample)."""
    low, high = interval(dist, level)
    p_greater = float(np.mean(dist > 0) + 0.5 * np.mean(dist == 0))
    p_value = min(1.0, 2 * min(float(np.mean(dist <= 0)), float(np.mean(dist >= 0))))
    return Difference(Estimate(point, n, float(low), float(high), method), p_greater, p_value)


def paired_bootstrap(
    a: Statistic,
    b: Statistic,
    n: int,
    seed: int,
    resamples: int = 2000,
    level: float = 0.95,
    method: str | None = None,
) -> Difference:
    """a - b, both statistics of the same ``n`` items on the same resamples."""
    method = method or f"paired-{_method(resamples, seed)}"
    if n == 0:
        return Difference(Estimate(NAN, 0, NAN, NAN, method), NAN, NAN)
    idx, full = resample(n, seed, resamples), np.arange(n)[np.newaxis, :]
    point = float((a(full) - b(full))[0])
    return difference(a(idx) - b(idx), point, n, level, method)

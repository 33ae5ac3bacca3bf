"""Coverage sweep: CG per system on subsampled oracles against the analytic curve.

Uniform by record, a statute node v with k(v) records survives a keep-probability p
with Pr[v ∈ V(p)] = 1 − (1 − p)^k(v); clustered by decision (the robustness check),
the exponent is d(v), the number of distinct decisions citing v. The expected CG of
a response is the mean of these probabilities over its citations.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from citeproof.bench.grounding.metrics import (
    CitationTable,
    analytic_response_cg,
    response_cg,
    system_means,
)
from citeproof.bench.grounding.oracle import Oracle

FRACTIONS: tuple[float, ...] = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)
TOLERANCES: tuple[float, ...] = (0.05, 0.02, 0.01)


class Mode(StrEnum):
    RECORDS = "records"
    DECISIONS = "decisions"


@dataclass(frozen=True, slots=True)
class SweepPoint:
    fraction: float
    mode: Mode
    records: float  # mean over repeats
    decisions: float
    cg: tuple[float, ...]  # per system, mean over repeats
    analytic: tuple[float, ...]

    def to_dict(self, systems: tuple[str, ...]) -> dict[str, object]:
        return {
            "fraction": self.fraction,
            "mode": str(self.mode),
            "records": self.records,
            "decisions": self.decisions,
            "cg": dict(zip(systems, self.cg, strict=True)),
            "analytic": dict(zip(systems, self.analytic, strict=True)),
        }


def subsample(oracle: Oracle, p: float, mode: Mode, rng: np.random.Generator) -> Oracle:
    if mode is Mode.RECORDS:
        return oracle.subsample_records(p, rng)
    return oracle.subsample_decisions(p, rng)


def sweep(
    oracle: Oracle,
    table: CitationTable,
    rng: np.random.Generator,
    fractions: tuple[float, ...] = FRACTIONS,
    mode: Mode = Mode.RECORDS,
    repeats: int = 1,
) -> tuple[SweepPoint, ...]:
    """CG per system at each fraction (mean over ``repeats`` draws) and its expectation."""
    counts = oracle.record_counts() if mode is Mode.RECORDS else oracle.decision_counts()
    points = []
    for p in fractions:
        cgs, recs, decs = [], [], []
        for _ in range(repeats):
            sub = subsample(oracle, p, mode, rng)
            cgs.append(system_means(table, response_cg(table, sub.present())))
            snap = sub.snapshot()
            recs.append(snap.records)
            decs.append(snap.decisions)
        expected = system_means(table, analytic_response_cg(table, counts, p))
        points.append(
            SweepPoint(
                p,
                mode,
                float(np.mean(recs)),
                float(np.mean(decs)),
                tuple(np.mean(cgs, axis=0).tolist()),
                tuple(expected.tolist()),
            )
        )
    return tuple(points)


def max_deviation(points: tuple[SweepPoint, ...]) -> float:
    """Largest |empirical − analytic| CG over all points and systems."""
    return max(abs(e - a) for pt in points for e, a in zip(pt.cg, pt.analytic, strict=True))


def thresholds(
    points: tuple[SweepPoint, ...], full: tuple[float, ...], tolerances: tuple[float, ...] = TOLERANCES
) -> dict[float, float | None]:
    """Per tolerance: the smallest record count from which on every system stays
    within the tolerance of its full-coverage CG (None if no sweep point does)."""
    ordered = sorted(points, key=lambda pt: pt.records)
    out: dict[float, float | None] = {}
    for tol in tolerances:
        ok = [all(abs(c - f) <= tol for c, f in zip(pt.cg, full, strict=True)) for pt in ordered]
        first = next((i for i in range(len(ok)) if all(ok[i:])), None)
        out[tol] = ordered[first].records if first is not None else None
    return out

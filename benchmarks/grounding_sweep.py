"""Sweep vs analytic curve on a simulated graph, both subsampling modes.

Run: ``python benchmarks/grounding_sweep.py``; writes
``benchmarks/results/grounding_sweep.json`` with the largest |empirical − analytic| CG.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from citeproof.bench.grounding.metrics import citation_table
from citeproof.bench.grounding.simulate import (
    GraphConfig,
    population,
    simulate_oracle,
    simulate_responses,
)
from citeproof.bench.grounding.sweep import Mode, max_deviation, sweep
from citeproof.core.extraction.statutes.ua_registry import load_registry


def main(decisions: int = 100_000, repeats: int = 10, seed: int = 0) -> dict[str, object]:
    registry = load_registry()
    rng = np.random.default_rng(seed)
    pop = population(registry, rng)
    oracle = simulate_oracle(pop, rng, GraphConfig(decisions=decisions), name="dense")
    table = citation_table(simulate_responses(registry, pop, rng, queries=100), oracle)
    out: dict[str, object] = {"oracle": oracle.snapshot().to_dict(), "repeats": repeats, "seed": seed}
    for mode in Mode:
        points = sweep(oracle, table, np.random.default_rng(seed + 1), mode=mode, repeats=repeats)
        out[f"max_deviation_{mode}"] = max_deviation(points)
    path = Path(__file__).parent / "results" / "grounding_sweep.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))

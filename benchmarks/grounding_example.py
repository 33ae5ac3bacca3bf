"""The worked example of docs/grounding.md: four simulated systems, a sparse and a
dense oracle. Run: ``python benchmarks/grounding_example.py`` (prints Markdown, writes
``docs/grounding_sweep.png`` and ``benchmarks/results/grounding_example.md``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from citeproof.bench.grounding import render
from citeproof.bench.grounding.adjudicate import adjudicate, flags_of, summarise
from citeproof.bench.grounding.metrics import (
    citation_table,
    response_cg,
    score,
    score_matrix,
    system_means,
)
from citeproof.bench.grounding.plot import plot_sweep
from citeproof.bench.grounding.separability import separability
from citeproof.bench.grounding.simulate import (
    GraphConfig,
    population,
    simulate_oracle,
    simulate_responses,
)
from citeproof.bench.grounding.sweep import Mode, sweep, thresholds
from citeproof.core.extraction.statutes.ua_registry import load_registry

ROOT = Path(__file__).resolve().parents[1]


def main(seed: int = 0) -> str:
    registry = load_registry()
    rng = np.random.default_rng(seed)
    pop = population(registry, rng)
    dense = simulate_oracle(pop, rng, GraphConfig(decisions=100_000), name="dense")
    sparse = dense.subsample_decisions(0.01, np.random.default_rng(seed + 1))
    responses = simulate_responses(registry, pop, rng, queries=100)
    parts = []
    for oracle in (sparse, dense):
        parts.append("#### Scores\n\n" + render.score_md(score(responses, oracle, registry, seed)))
        table = citation_table(responses, oracle)
        items = adjudicate(flags_of(table, oracle.present()), registry)
        parts.append(
            "#### Flags\n\n"
            + render.adjudication_md(oracle.snapshot(), summarise(items), items, limit=0).split("\n\n|")[0]
        )
    table = citation_table(responses, dense)
    for mode in Mode:
        points = sweep(dense, table, np.random.default_rng(seed + 2), mode=mode, repeats=3)
        full = tuple(system_means(table, response_cg(table, dense.present())).tolist())
        parts.append(
            "#### Sweep\n\n"
            + render.sweep_md(points, table.systems, dense.snapshot(), thresholds(points, full))
        )
        if mode is Mode.RECORDS:
            plot_sweep(points, table.systems, dense.snapshot(), ROOT / "docs/grounding_sweep.png")
    results = []
    for p in (0.01, 0.1, 1.0):
        sub = dense if p == 1 else dense.subsample_records(p, np.random.default_rng(seed + 3))
        matrix = score_matrix(table, response_cg(table, sub.present()))
        results.append((sub.snapshot(), separability(matrix, table.systems, 5000, seed)))
    parts.append("#### Separability\n\n" + render.separability_md(results))
    text = "\n\n".join(parts)
    (ROOT / "benchmarks/results/grounding_example.md").write_text(text + "\n", encoding="utf-8")
    return text


if __name__ == "__main__":
    print(main())

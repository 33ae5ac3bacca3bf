"""Time the separability bootstrap: 4 systems × 100 queries × 5,000 resamples (< 2 s).

Run: ``python benchmarks/grounding_separability.py``; writes
``benchmarks/results/grounding_separability.json``.
"""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path

import numpy as np

from citeproof.bench.grounding.separability import separability

TARGET_S = 2.0


def main(repeats: int = 5) -> dict[str, object]:
    scores = np.random.default_rng(0).random((4, 100))
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = separability(scores, ("A", "B", "C", "D"), resamples=5000, seed=0)
        times.append(time.perf_counter() - start)
    again = separability(scores, ("A", "B", "C", "D"), resamples=5000, seed=0)
    out = {
        "systems": 4,
        "queries": 100,
        "resamples": 5000,
        "repeats": repeats,
        "best_s": min(times),
        "median_s": float(np.median(times)),
        "target_s": TARGET_S,
        "meets_target": max(times) < TARGET_S,
        "reproducible": again == result,
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    path = Path(__file__).parent / "results" / "grounding_separability.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return out


if __name__ == "__main__":
    print(json.dumps(main(), indent=2))

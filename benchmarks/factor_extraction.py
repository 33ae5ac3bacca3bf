"""Load time of the embedding model and extraction speed of the factor extractors.

    python benchmarks/factor_extraction.py [--repeat 3]

Writes benchmarks/results/factor_extraction.json. The model load is timed in a fresh
process each time (import of onnxruntime and tokenizers included, then the ONNX session
and tokenizer), so nothing is cached in memory; extraction runs over every shipped gold
argument (both styles), once to warm up and then ``--repeat`` times, lexicon alone and
hybrid. Targets (issue 18): model load < 1 s; >= 200 arguments/s on 2 cores. The machine's
load average is recorded with the figures, since the cores may be shared.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from citeproof.bench.factors.extract import DeterministicExtractor, Extractor, HybridExtractor
from citeproof.bench.factors.gold import load_gold

RESULTS = Path(__file__).resolve().parent / "results" / "factor_extraction.json"
_LOAD = (
    "import time; t = time.perf_counter(); c = time.process_time(); "
    "from citeproof.bench.factors.embed import Embedder; Embedder(); "
    "print(time.perf_counter() - t, time.process_time() - c)"
)


def load_seconds() -> tuple[float, float]:
    """Wall and CPU seconds to import the runtime and load model and tokenizer, in a fresh process."""
    out = subprocess.run([sys.executable, "-c", _LOAD], check=True, capture_output=True, text=True)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def rate(
    extractor: Extractor, texts: list[tuple[str, object]], repeat: int
) -> tuple[list[float], list[float]]:
    """Arguments per wall second and per CPU second (all threads), one figure per pass (after a
    warm-up pass). On shared cores the CPU figure is the better guide to an idle machine."""
    for text, triple in texts:
        extractor.extract(text, triple)  # type: ignore[arg-type]
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        for text, triple in texts:
            extractor.extract(text, triple)  # type: ignore[arg-type]
        wall.append(len(texts) / (time.perf_counter() - t))
        cpu.append(len(texts) / (time.process_time() - c))
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    gold = load_gold(("dev", "heldout", "heldout2"))
    texts = [(g.text, g.triple) for g in gold]
    loads = [load_seconds() for _ in range(args.repeat)]
    load_wall, load_cpu = [w for w, _ in loads], [c for _, c in loads]
    t = time.perf_counter()
    hybrid = HybridExtractor()
    stage_init = time.perf_counter() - t
    lexicon, lexicon_cpu = rate(DeterministicExtractor(), texts, args.repeat)
    semantic, semantic_cpu = rate(hybrid, texts, args.repeat)
    result = {
        "command": f"python benchmarks/factor_extraction.py --repeat {args.repeat}",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "load_avg": os.getloadavg()},
        "arguments": len(texts),
        "model_load_seconds": {
            "median": statistics.median(load_wall),
            "runs": load_wall,
            "cpu_seconds_median": statistics.median(load_cpu),
            "target": "< 1",
        },
        "hybrid_init_seconds": stage_init,
        "arguments_per_second": {
            "lexicon": {
                "median": statistics.median(lexicon),
                "runs": lexicon,
                "per_cpu_second_median": statistics.median(lexicon_cpu),
            },
            "hybrid": {
                "median": statistics.median(semantic),
                "runs": semantic,
                "per_cpu_second_median": statistics.median(semantic_cpu),
                "target": ">= 200",
            },
        },
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

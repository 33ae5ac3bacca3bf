"""Load time of the embeddings and extraction speed of the factor extractors.

    python benchmarks/factor_extraction.py [--repeat 3]

Writes benchmarks/results/factor_extraction.json. Loads are timed in a fresh process each
time, so nothing is cached in memory: the static table the semantic stage reads (import of
tokenizers, tokenizer, table), and for reference the transformer it was distilled from
(onnxruntime, ONNX session), which extraction no longer runs. Extraction runs over the
tuned gold arguments (dev, held-out 1, held-out 2; both styles), once to warm up and then
``--repeat`` times, lexicon alone and hybrid, each pass with a new extractor so nothing
learnt from one pass serves the next (there is no segment cache). Targets (issue 31): load
< 1 s; >= 200 arguments per CPU-second. The machine's load average is recorded with the
figures, since the cores may be shared.
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
from collections.abc import Callable
from pathlib import Path

from citeproof.bench.factors.extract import DeterministicExtractor, Extractor, HybridExtractor
from citeproof.bench.factors.gold import load_gold
from citeproof.bench.factors.semantic import SemanticStage

RESULTS = Path(__file__).resolve().parent / "results" / "factor_extraction.json"
_LOAD = (
    "import time; t = time.perf_counter(); c = time.process_time(); "
    "from citeproof.bench.factors.{module} import {cls}; {cls}(); "
    "print(time.perf_counter() - t, time.process_time() - c)"
)
STATIC = {"module": "static", "cls": "StaticEmbedder"}
TRANSFORMER = {"module": "embed", "cls": "Embedder"}


def load_seconds(what: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds to import and load one embedder, in a fresh process."""
    code = _LOAD.format(**what)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def rate(
    make: Callable[[], Extractor], texts: list[tuple[str, object]], repeat: int
) -> tuple[list[float], list[float]]:
    """Arguments per wall second and per CPU second (all threads), one figure per pass (after a
    warm-up pass). On shared cores the CPU figure is the better guide to an idle machine."""
    extractor = make()
    for text, triple in texts:
        extractor.extract(text, triple)  # type: ignore[arg-type]
    wall, cpu = [], []
    for _ in range(repeat):
        extractor = make()
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
    loads = [load_seconds(STATIC) for _ in range(args.repeat)]
    load_wall, load_cpu = [w for w, _ in loads], [c for _, c in loads]
    transformer = [load_seconds(TRANSFORMER) for _ in range(args.repeat)]
    t = time.perf_counter()
    stage = SemanticStage()
    stage_init = time.perf_counter() - t
    lexicon, lexicon_cpu = rate(DeterministicExtractor, texts, args.repeat)
    semantic, semantic_cpu = rate(lambda: HybridExtractor(stage), texts, args.repeat)
    result = {
        "command": f"python benchmarks/factor_extraction.py --repeat {args.repeat}",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "load_avg": os.getloadavg()},
        "arguments": len(texts),
        "static_table_load_seconds": {
            "median": statistics.median(load_wall),
            "runs": load_wall,
            "cpu_seconds_median": statistics.median(load_cpu),
            "target": "< 1",
        },
        "transformer_load_seconds_for_reference": {
            "median": statistics.median(w for w, _ in transformer),
            "cpu_seconds_median": statistics.median(c for _, c in transformer),
        },
        "semantic_stage_init_seconds": stage_init,
        "arguments_per_second": {
            "lexicon": {
                "median": statistics.median(lexicon),
                "runs": lexicon,
                "per_cpu_second_median": statistics.median(lexicon_cpu),
                "per_cpu_second_runs": lexicon_cpu,
            },
            "hybrid": {
                "median": statistics.median(semantic),
                "runs": semantic,
                "per_cpu_second_median": statistics.median(semantic_cpu),
                "per_cpu_second_runs": semantic_cpu,
                "target": ">= 200 per CPU-second",
            },
        },
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

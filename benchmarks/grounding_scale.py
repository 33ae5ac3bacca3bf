"""Grounding at the paper's scale: score, sweep and separability on a generated Parquet
oracle of 5×10⁷ decision → statute records, with time and peak memory.

    python benchmarks/grounding_scale.py [--records 50000000] [--seed 0] [--resamples 1000]

The graph is drawn like `citeproof grounding --simulate` (heavy-tailed article popularity
per domain over the real registry, ~3 records per decision, a date and a domain per
decision) and written in chunks of 5×10⁶ records with pyarrow, never held as Python
objects. A fresh process then loads it with `load_edges` (streamed by `edges_parquet.py`)
and runs what `citeproof grounding score`, `sweep` and `separability` run, on simulated
answers of the four simulated systems; each stage's wall and CPU time and the process's peak RSS
after it (VmHWM) are recorded. Writes benchmarks/results/grounding_scale.json (one entry per
--records, so runs at several sizes accumulate).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

RESULTS = Path(__file__).resolve().parent / "results" / "grounding_scale.json"
CHUNK = 5_000_000


def write_graph(path: Path, records: int, seed: int) -> None:
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from citeproof.bench.grounding.simulate import DOMAINS, population
    from citeproof.core.extraction.statutes.ua_registry import load_registry

    rng = np.random.default_rng(seed)
    pop = population(load_registry(), rng)
    dates = pa.array([f"{y}-{m:02d}-15" for y in range(2015, 2026) for m in range(1, 13)])
    domain_names = pa.array(DOMAINS)
    first_decision, written = 0, 0
    with pq.ParquetWriter(path, _schema()) as out:
        while written < records:
            size = min(CHUNK, records - written)
            per = 1 + rng.poisson(2.0, size // 2 + 1)  # more records than needed: cut to size
            decision = np.repeat(np.arange(per.size), per)[:size]
            domain = rng.integers(0, len(DOMAINS), per.size)[decision]
            code = np.empty(size, dtype=np.int64)
            article_ids = np.empty(size, dtype=np.int64)
            code_names: list[str] = []
            article_names: list[str] = []
            for d, name in enumerate(DOMAINS):
                where = np.flatnonzero(domain == d)
                weights = pop.weights[name] / pop.weights[name].sum()
                code[where] = d
                article_ids[where] = len(article_names) + rng.choice(weights.size, where.size, p=weights)
                code_names.append(name)
                article_names.extend(pop.articles[name])
            ids = pa.array(decision + first_decision)
            codes = pa.DictionaryArray.from_arrays(pa.array(code), pa.array(code_names))
            articles = pa.DictionaryArray.from_arrays(pa.array(article_ids), pa.array(article_names))
            table = pa.table(
                {
                    "decision_id": pc.binary_join_element_wise("d", pc.cast(ids, pa.string()), ""),
                    "code": codes.cast(pa.string()),
                    "article": articles.cast(pa.string()),
                    "date": pc.take(dates, pa.array(rng.integers(0, len(dates), per.size)[decision])),
                    "domain": pc.take(domain_names, pa.array(domain)),
                }
            )
            out.write_table(table)
            first_decision += int(decision[-1]) + 1
            written += size


def _schema():  # type: ignore[no-untyped-def]
    import pyarrow as pa

    return pa.schema([(c, pa.string()) for c in ("decision_id", "code", "article", "date", "domain")])


STAGES = """
import json, sys, time
import numpy as np
from citeproof.bench.grounding.metrics import citation_table, response_cg, score, score_matrix
from citeproof.bench.grounding.edges import load_edges
from citeproof.bench.grounding.separability import separability
from citeproof.bench.grounding.simulate import population, simulate_responses
from citeproof.bench.grounding.sweep import Mode, subsample, sweep
from citeproof.core.extraction.statutes.ua_registry import load_registry

path, seed, resamples = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def peak_mb():  # VmHWM: this process's own peak (ru_maxrss keeps the parent's across exec)
    line = next(l for l in open("/proc/self/status") if l.startswith("VmHWM:"))
    return round(int(line.split()[1]) / 1024)
out = {"peak_rss_mb_after_imports": peak_mb()}
def stage(name, call):
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    out[name] = {"wall_s": round(time.perf_counter() - wall, 1), "cpu_s": round(time.process_time() - cpu, 1),
                 "peak_rss_mb": peak_mb()}
    print(name, out[name], file=sys.stderr, flush=True)
    return value
registry = load_registry()
rng = np.random.default_rng(seed)
responses = simulate_responses(registry, population(registry, rng), rng, 100)
oracle = stage("load", lambda: load_edges(path))
out["oracle"] = oracle.snapshot().to_dict()
report = stage("score", lambda: score(responses, oracle, registry, seed))
out["cg_macro"] = {s.system: round(s.cg.value, 4) for s in report.scores}
table = citation_table(responses, oracle)
fractions = (0.01, 0.1, 0.5, 1.0)
stage("sweep", lambda: sweep(oracle, table, np.random.default_rng(seed), fractions, Mode.RECORDS, 1))
def separate():
    for p in (0.01, 0.1, 1.0):
        sub = oracle if p >= 1 else subsample(oracle, p, Mode.RECORDS, rng)
        separability(score_matrix(table, response_cg(table, sub.present())), table.systems, resamples, seed)
stage("separability", separate)
print(json.dumps(out))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=50_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--resamples", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        graph = Path(tmp) / "oracle.parquet"
        write_graph(graph, args.records, args.seed)
        size_mb = graph.stat().st_size / 1e6
        done = subprocess.run(
            [sys.executable, "-c", STAGES, str(graph), str(args.seed), str(args.resamples)],
            capture_output=True,
            text=True,
            check=True,
        )
    measured = json.loads(done.stdout.strip().splitlines()[-1])
    entry = {
        "command": " ".join(["python", *sys.argv]),
        "machine": f"{platform.machine()} {platform.python_version()}, {os.cpu_count()} cores (shared)",
        "load_average_at_end": os.getloadavg(),
        "records": args.records,
        "parquet_mb": round(size_mb, 1),
        **measured,
    }
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[str(args.records)] = entry
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(entry, indent=2))


if __name__ == "__main__":
    main()

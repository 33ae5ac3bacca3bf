"""Documents per second of a batch check: 1,000 realistic briefs on a process pool and on
a local Ray instance.

    python benchmarks/batch_speed.py [--briefs 1000] [--citations 25] [--jobs 2] [--no-ray]

Each brief is `benchmarks/realistic_brief.py` output (``--citations`` citations, its own
seed). The pool run is ``citeproof check DIR --jobs N -o FILE --quiet`` in a fresh process
(wall time, and the CPU seconds of it and its workers); the Ray run starts a local instance
with ``ray.init(num_cpus=N)`` and streams the same per-file check through
``citeproof.cli.batch.on_ray`` (wall time; the instance's start-up is timed apart). Writes
benchmarks/results/batch_speed.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "batch_speed.json"


def pool_run(folder: Path, out: Path, jobs: int) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "citeproof",
            "check",
            str(folder),
            "--jobs",
            str(jobs),
            "--out",
            str(out),
            "--quiet",
        ],
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    return {
        "jobs": jobs,
        "files": len(records),
        "failed": sum("error" in r for r in records),
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "docs_per_s": round(len(records) / wall, 2),
        "docs_per_cpu_s": round(len(records) / cpu, 2),
        "summary_line": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "",
    }


def ray_run(files: list[str], library: str, cpus: int) -> dict:
    import ray

    from citeproof.cli.batch import on_ray

    started = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    startup = time.perf_counter() - started
    try:
        started = time.perf_counter()
        records = list(on_ray(files, library, "local"))
        wall = time.perf_counter() - started
    finally:
        ray.shutdown()
    return {
        "num_cpus": cpus,
        "files": len(records),
        "failed": sum("error" in r for r in records),
        "startup_s": round(startup, 1),
        "wall_s": round(wall, 1),
        "docs_per_s": round(len(records) / wall, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--briefs", type=int, default=1000)
    parser.add_argument("--citations", type=int, default=25)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from realistic_brief import brief_from, load_cases

    from citeproof.library.default import default_library

    library = default_library(quiet=True).path
    result: dict = {
        "command": " ".join(["python", *sys.argv]),
        "machine": f"{platform.machine()} {platform.python_version()}, {os.cpu_count()} cores (shared)",
        "load_average_at_start": os.getloadavg(),
        "briefs": args.briefs,
        "citations_per_brief": args.citations,
    }
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "briefs"
        folder.mkdir()
        cases = load_cases(library)
        for i in range(args.briefs):
            (folder / f"brief-{i:05d}.txt").write_text(brief_from(cases, args.citations, None, i))
        result["pool"] = pool_run(folder, Path(tmp) / "pool.jsonl", args.jobs)
        print(json.dumps(result["pool"]), file=sys.stderr)
        if not args.no_ray:
            files = sorted(str(p) for p in folder.iterdir())
            result["ray"] = ray_run(files, str(library), args.jobs)
            print(json.dumps(result["ray"]), file=sys.stderr)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

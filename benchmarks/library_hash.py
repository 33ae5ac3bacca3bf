"""Seconds to compute a library's content hash when a manifest is written, cold and remembered.

    python benchmarks/library_hash.py [--library PATH] [--repeats 3]

A manifest records the library's content hash computed from its rows
(`citeproof.library.hash_cache.computed_content_hash`), never the hash its metadata claims.
This times, on the bundled default library (or ``--library``): the full computation (what
``citeproof audit`` and the first manifest of a library file pay), and the remembered answer
(what later manifests of the same unchanged file pay: a ``stat`` and a small JSON read). The
remembered case runs in a fresh process each time, so it reads the cache file, not this
process's memory. Writes benchmarks/results/library_hash.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "library_hash.json"
REMEMBERED = (
    "import sys, time; from citeproof.library.hash_cache import computed_content_hash as h; "
    "t = time.perf_counter(); h(sys.argv[1]); print(time.perf_counter() - t)"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", default=None, help="a library file (default: the bundled one)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    from citeproof.library.hash_cache import computed_content_hash
    from citeproof.library.registry import open_library_file

    library = open_library_file(args.library)
    path = library.path
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache  # a cold cache of our own
        cold = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            value = computed_content_hash(path, remembered=False)
            cold.append(time.perf_counter() - started)
        computed_content_hash(path)  # remembered in the cache file
        remembered = [
            float(
                subprocess.run(
                    [sys.executable, "-c", REMEMBERED, str(path)],
                    capture_output=True,
                    text=True,
                    check=True,
                    env={**os.environ, "XDG_CACHE_HOME": cache},
                ).stdout
            )
            for _ in range(args.repeats)
        ]
    snap = library.snapshot()
    result = {
        "library": snap.name,
        "file_bytes": path.stat().st_size,
        "cases": snap.cases,
        "content_hash": value,
        "matches_recorded": value == snap.content_hash,
        "repeats": args.repeats,
        "cold_seconds": {"median": statistics.median(cold), "min": min(cold), "max": max(cold)},
        "remembered_seconds": {
            "median": statistics.median(remembered),
            "min": min(remembered),
            "max": max(remembered),
        },
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

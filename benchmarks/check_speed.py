"""CPU time, citations per CPU-second and peak memory of whole checks on realistic briefs,
and the CPU of the first check on a fresh install.

    python benchmarks/check_speed.py [--repeats 3] [--seed 17] [--skip-50k]

Briefs come from `benchmarks/realistic_brief.py` (quotes on their real pin pages,
parentheticals, short forms, string cites): 1,000 citations; 10,000 citing all 382
opinions with text; 10,000 citing 30 of them; 50,000. Each check runs in a fresh process
that opens the library and checks a two-line brief first (eyecite compiles its regexes
once per process), then times ``check_document`` on the brief in CPU seconds
(``time.process_time``: the machines are shared, so wall time is noisy) and reports the
process's peak RSS. The briefs run in turn, ``--repeats`` rounds (paired runs); figures
are medians, and the 382/30 ratio is the median of each round's ratio. The first check:
``citeproof check examples/sample_brief.md`` in a fresh process with an empty cache
directory (user + system CPU of the whole process, the prebuilt library unpacked included),
and for comparison the CPU of building the library from the bundled data instead.
Writes benchmarks/results/check_speed.json. ``--src OLD/src --out FILE`` times another
checkout's code on the same briefs; ``--before OLD/src`` times it right after each check of
this code (paired rounds: the shared machine's speed drifts by tens of percent over an hour,
so a before/after ratio is only sound within a round). Each round starts with a fixed
pure-Python probe, whose CPU seconds say how fast the machine was.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "check_speed.json"
SAMPLE = HERE.parent / "examples" / "sample_brief.md"
BRIEFS = {  # name: (citations, distinct opinions; None = all)
    "1k": (1_000, None),
    "10k_382": (10_000, None),
    "10k_30": (10_000, 30),
    "50k": (50_000, None),
}

TIMED = """
import json, resource, sys, time
from citeproof.core.limits import Limits
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.sqlite import SQLiteLibrary
library = SQLiteLibrary(sys.argv[2])
check_document(document_from_text("Brown v. Board of Education, 347 U.S. 483, 495 (1954).\\n"), library)
doc = document_from_text(open(sys.argv[1], encoding="utf-8").read())
unlimited = Limits(max_chars=0, max_citations=0, deadline_seconds=0)  # the briefs are long on purpose
start = time.process_time()
report = check_document(doc, library, limits=unlimited)
cpu = time.process_time() - start
hwm = next(l for l in open("/proc/self/status") if l.startswith("VmHWM:"))  # not ru_maxrss:
print(json.dumps({"cpu": cpu, "summary": report.to_json()["summary"],  # that keeps the parent's
                  "rss_mb": int(hwm.split()[1]) / 1024}))
"""


def timed_check(brief: Path, library: Path, src: Path | None = None) -> dict:
    """One timed check in a fresh process (of the code under ``src`` when given)."""
    env = {**os.environ, "PYTHONPATH": str(src)} if src else None
    out = subprocess.run(
        [sys.executable, "-c", TIMED, str(brief), str(library)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


PROBE = """
import time
start = time.process_time()
total = sum(i * i % 7 for i in range(3_000_000))
print(time.process_time() - start)
"""


def machine_probe() -> float:
    """CPU seconds of a fixed pure-Python loop in a fresh process: the same code takes
    markedly more CPU on this shared machine at some hours than at others, so each round
    records how fast the machine was."""
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    return round(float(out.stdout.strip()), 3)


def first_check_cpu() -> dict:
    """CPU of a first ``citeproof check`` on a fresh install: no cache, no $CITEPROOF_LIBRARY."""
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "CITEPROOF_LIBRARY"}
        env["XDG_CACHE_HOME"] = cache
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "citeproof", "check", str(SAMPLE), "--format", "json"],
            env=env,
            capture_output=True,
            text=True,
        )
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu": round(cpu, 2), "wall": round(wall, 2), "exit": done.returncode}


BUILD = """
import sys, tempfile, time
from pathlib import Path
from citeproof.library.build import build_library
from citeproof.library.default import bundled_data_dir
with tempfile.TemporaryDirectory() as tmp:
    start = time.process_time()
    build_library([bundled_data_dir()], Path(tmp) / "library.sqlite")
    print(time.process_time() - start)
"""


def build_cpu() -> float:
    """CPU seconds of building the bundled library from its data (what the prebuilt copy saves)."""
    out = subprocess.run([sys.executable, "-c", BUILD], capture_output=True, text=True, check=True)
    return round(float(out.stdout.strip()), 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--skip-50k", action="store_true")
    parser.add_argument(
        "--src",
        type=Path,
        default=None,
        help="time another checkout's src/ (before/after)",
    )
    parser.add_argument(
        "--before",
        type=Path,
        default=None,
        help="also time this checkout's src/ on the same briefs, right after each timed check",
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from realistic_brief import make_brief

    from citeproof.library.default import default_library

    library = default_library(quiet=True).path
    briefs = {k: v for k, v in BRIEFS.items() if not (args.skip_50k and k == "50k")}
    runs: dict[str, list[dict]] = {k: [] for k in briefs}
    before: dict[str, list[dict]] = {k: [] for k in briefs if k != "50k"}
    probes: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, (n, opinions) in briefs.items():
            paths[name] = Path(tmp) / f"{name}.txt"
            paths[name].write_text(make_brief(library, n, opinions, args.seed), encoding="utf-8")
        for round_ in range(args.repeats):
            probes.append(machine_probe())
            for name in briefs:
                runs[name].append(timed_check(paths[name], library, args.src))
                print(f"round {round_ + 1} {name}: {runs[name][-1]}", file=sys.stderr)
                if args.before is not None and name in before:
                    before[name].append(timed_check(paths[name], library, args.before))
                    print(f"round {round_ + 1} {name} before: {before[name][-1]}", file=sys.stderr)
    result: dict = {
        "command": " ".join(["python", *sys.argv]),
        "machine": f"{platform.machine()} {platform.python_version()}, {os.cpu_count()} cores (shared)",
        "repeats": args.repeats,
        "load_average_at_end": list(os.getloadavg()),
        "machine_probe_cpu_s": probes,
        "briefs": {},
    }
    for name, rows in runs.items():
        cites = sum(rows[0]["summary"][s] for s in ("verified", "hallucinated", "unverifiable"))
        cpu = statistics.median(r["cpu"] for r in rows)
        result["briefs"][name] = {
            "citations": cites,
            "summary": rows[0]["summary"],
            "cpu_s_median": round(cpu, 2),
            "cpu_s_all": [round(r["cpu"], 2) for r in rows],
            "citations_per_cpu_s": round(cites / cpu),
            "peak_rss_mb": round(max(r["rss_mb"] for r in rows)),
        }
        if before.get(name):
            old = [r["cpu"] for r in before[name]]
            speedups = [o / r["cpu"] for o, r in zip(old, rows, strict=True)]
            result["briefs"][name]["before"] = {
                "src": str(args.before),
                "cpu_s_all": [round(c, 2) for c in old],
                "speedup_median": round(statistics.median(speedups), 2),
                "peak_rss_mb": round(max(r["rss_mb"] for r in before[name])),
            }
    ratios = [a["cpu"] / b["cpu"] for a, b in zip(runs["10k_382"], runs["10k_30"], strict=True)]
    result["ratio_382_to_30_opinions"] = round(statistics.median(ratios), 2)
    if args.src is None:
        result["first_check_fresh_install"] = [first_check_cpu() for _ in range(args.repeats)]
        result["library_build_cpu_s"] = build_cpu()
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

"""Hostile remote answers and bulk files (issue 30, items 3 and 5): memory and time bounded.

    python benchmarks/remote_hostile.py [--answer-mib 300] [--bomb-mib 1024]

1. ``answer``: a fake CourtListener (loopback, in a process of its own) pads every answer
   to --answer-mib MiB of valid JSON; `citeproof check --courtlistener` on a five-cite brief runs in a child
   process: its exit code, warning line, wall time and peak RSS (the audit: 2.4 GB for 300 MB).
2. ``drip``: the same fake sends its answers a byte every 50 ms; the child's check has a
   3-s CourtListener deadline (``RetryPolicy.deadline``, through a small driver): its wall
   time (the audit: still running at 400 s with the 120-s deadline).
3. ``bomb``: a citations file of a few KB of bzip2 that decompresses to one line of
   --bomb-mib MiB after a valid header, imported by `citeproof library import
   courtlistener-bulk` in a child: its exit code, stderr, wall time and the peak RSS of the
   child and its decompressing grandchild (the audit: 6.6 GB, and a 0-case library, exit 0).
4. ``coverage``: how the import's own checks treat real complete volumes (the Supreme Court
   Database's cases per volume of U.S., S. Ct. and L. Ed. 2d, from the data pack), whole and
   with 35% or 50% of one volume's cases removed, volume by volume: how many whole volumes
   are held back (false alarms of the check), and how many cut volumes are caught, before
   (rules 1-3) and now (rule 4, the dump's own distribution), with Wilson 95% intervals.

Writes benchmarks/results/remote_hostile.json.
"""

from __future__ import annotations

import argparse
import bz2
import collections
import csv
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from citeproof.core.stats import wilson
from citeproof.library.courtlistener.bulk.coverage import complete_ranges, ratios, thin_bar
from citeproof.library.courtlistener.bulk.importer import CITATION_COLUMNS, CLUSTER_COLUMNS, copy_line

RESULTS = Path(__file__).resolve().parent / "results" / "remote_hostile.json"
SCDB = Path("/work/shared/data/us/catalog/scdb_2014_01.csv")
BRIEF = "".join(f"Doe v. Roe {n}, {900 + n} F.3d {100 + n} (2d Cir. 2019).\n" for n in range(5))
SERVER = """
import sys
from citeproof.library.courtlistener.fakes.api import FakeCourtListener
from citeproof.library.default import default_library
fake = FakeCourtListener(default_library(quiet=True), token="t")
name, value = sys.argv[1].split("=")
setattr(fake.state, name, float(value) if "." in value else int(value))
with fake.serve() as url:
    print(url, flush=True)
    sys.stdin.read()
"""
DRIVER = """
import sys, time
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.library import CourtListenerLibrary
client = CourtListenerClient(sys.argv[1], "t", policy=RetryPolicy(deadline=3.0))
verdicts = check_document(document_from_text(open(sys.argv[2]).read()), CourtListenerLibrary(client)).verdicts
print(sorted({(v.status.value, v.reason.value if v.reason else None) for v in verdicts}))
"""


def _child(args: list[str], env: dict[str, str] | None = None) -> dict:
    """Run ``args``; exit code, last lines of its output, wall seconds, and the peak RSS of
    that child and the descendants it waited for (``wait4``)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        child = subprocess.Popen(args, stdout=out, stderr=err, text=True, env={**os.environ, **(env or {})})
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        out.seek(0), err.seek(0)
        stdout, stderr = out.read(), err.read()
    lines = [line for line in stderr.splitlines() if line.strip()]
    return {
        "exit_code": child.returncode,
        "stderr_last": lines[-1] if lines else "",
        "stdout_last": (stdout.strip().splitlines() or [""])[-1][:300],
        "seconds": round(seconds, 2),
        "peak_rss_mib": round(usage.ru_maxrss / 1024, 1),  # KiB on Linux
    }


def remote(answer_mib: int, tmp: Path) -> dict:
    """The fake serves from a process of its own: a child's peak RSS counts its parent's
    size at the fork, so the 300-MB answers must not be built in this process."""
    brief = tmp / "brief.txt"
    brief.write_text(BRIEF)
    out = {}
    for case, setting in (("answer", f"pad={answer_mib << 20}"), ("drip", "drip=0.05")):
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, setting], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert server.stdout is not None and server.stdin is not None
        url = server.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):  # never let the client fall back to the real host
            server.kill()
            raise SystemExit("the fake CourtListener did not start")
        try:
            if case == "answer":
                env = {"COURTLISTENER_API_URL": url, "COURTLISTENER_API_TOKEN": "t"}
                env["CITEPROOF_CONFIG"] = str(tmp / "none")
                check = [sys.executable, "-c", "from citeproof.cli import main; main()", "check"]
                out[case] = {"answer_mib": answer_mib, **_child([*check, "--courtlistener", str(brief)], env)}
            else:
                out[case] = {"deadline_s": 3.0, **_child([sys.executable, "-c", DRIVER, url, str(brief)])}
        finally:
            server.stdin.close()
            server.wait()
    return out


def bomb(bomb_mib: int, tmp: Path) -> dict:
    packer = bz2.BZ2Compressor(9)
    parts = [packer.compress(copy_line(CITATION_COLUMNS, True).encode() + b"`1`,`")]
    block = b"9" * (1 << 20)
    parts += [packer.compress(block) for _ in range(bomb_mib)]
    parts.append(packer.flush())
    citations = tmp / "citations-2024-12-31.csv.bz2"
    citations.write_bytes(b"".join(parts))
    clusters = tmp / "opinion-clusters-2024-12-31.csv.bz2"
    clusters.write_bytes(bz2.compress(copy_line(CLUSTER_COLUMNS, True).encode()))
    command = [sys.executable, "-c", "from citeproof.cli import main; main()", "library", "import"]
    args = [*command, "courtlistener-bulk", str(citations), str(clusters), "-o", str(tmp / "bomb.sqlite")]
    result = _child(args)
    left = sorted(p.name for p in tmp.iterdir() if p.name.startswith(".") or p.suffix == ".sqlite")
    return {
        "file_bytes": citations.stat().st_size,
        "decompressed_mib": bomb_mib,
        **result,
        "left_behind": left,
    }


def _interval(k: int, n: int) -> list[float]:
    estimate = wilson(k, n)
    return [round(estimate.low, 3), round(estimate.high, 3)]


def _volumes(ranges: list[tuple[int, int]]) -> set[int]:
    return {v for a, b in ranges for v in range(a, b + 1)}


def coverage() -> dict:
    by: dict[str, collections.Counter[int]] = collections.defaultdict(collections.Counter)
    with SCDB.open(encoding="utf-8") as source:
        for row in csv.DictReader(source):
            if row["volume"].isdigit():
                by[row["reporter"]][int(row["volume"])] += 1
    out: dict = {"source": "Supreme Court Database 2014-01 (data pack), cases per volume"}
    for reporter in ("U.S.", "S. Ct.", "L. Ed. 2d"):
        counts = dict(by[reporter])
        whole = {v for a, b in complete_ranges(reporter, counts) for v in range(a, b + 1)}
        bar = thin_bar(list(ratios(counts).values()))
        kept = {v for a, b in complete_ranges(reporter, counts, bar) for v in range(a, b + 1)}
        row: dict = {
            "volumes_complete_by_rules_1_3": len(whole),
            "bar": round(bar, 3),
            "whole_volumes_held_back": len(whole - kept),
            "held_back_interval": _interval(len(whole - kept), len(whole)),
        }
        for cut in (0.35, 0.5):
            before = now = 0
            for v in sorted(whole):
                damaged = {**counts, v: math.floor(counts[v] * (1 - cut))}
                share = thin_bar(list(ratios(damaged).values()))
                before += v not in {u for a, b in complete_ranges(reporter, damaged) for u in range(a, b + 1)}
                now += v not in {
                    u for a, b in complete_ranges(reporter, damaged, share) for u in range(a, b + 1)
                }
            row[f"cut_{cut:.0%}"] = {
                "n": len(whole),
                "caught_before": before,
                "caught_now": now,
                "caught_now_interval": _interval(now, len(whole)),
            }
        out[reporter] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answer-mib", type=int, default=300)
    parser.add_argument("--bomb-mib", type=int, default=1024)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        result = {
            "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
            **remote(options.answer_mib, tmp),
            "bomb": bomb(options.bomb_mib, tmp),
            "coverage": coverage(),
        }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

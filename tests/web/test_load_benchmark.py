"""The bounded load test runs end to end (small numbers here) and reports no errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_load_benchmark_smoke(tmp_path, library_path):
    out = tmp_path / "web_load.json"
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "web_load.py"),
            "--requests",
            "12",
            "--concurrency",
            "4",
            "--out",
            str(out),
            "--library",
            str(library_path),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(out.read_text())
    assert result["errors"] == 0 and result["requests"] == 12
    assert result["requests_per_second"] > 0
    assert result["summary_per_request"] == {
        "verified": 9,
        "hallucinated": 5,
        "unverifiable": 1,
        "overruled": 0,
        "hidden": 0,
    }
    assert result["citations_per_request"] == 15

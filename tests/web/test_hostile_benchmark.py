"""The hostile-load benchmark runs end to end (a few seconds here) and sees every hostile
payload refused with its documented status while the honest clients are answered."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_hostile_benchmark_smoke(tmp_path, library_path):
    out = tmp_path / "web_hostile.json"
    args = ["--seconds", "5", "--honest", "1", "--job-ttl", "1", "--job-chars", "20000"]
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "web_hostile.py"), *args]
        + ["--library", str(library_path), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    result = json.loads(out.read_text())
    hostile = result["hostile_codes"]
    assert set(hostile["oversized_body"]) == {"413"}  # refused from its Content-Length
    # each refused with its own status, or 503 while the queue is full (before the body is read)
    for kind, status in (("deep_json", "400"), ("docx_bomb", "413"), ("many_jobs", "202")):
        assert status in hostile[kind] and set(hostile[kind]) <= {status, "503"}, (kind, hostile[kind])
    assert result["honest_checks"]["requests"] > 0 and result["page"]["probes"] > 0
    assert result["honest_checks"]["codes"].keys() <= {"200", "503"}
    assert result["jobs"]["still_kept_after_ttl"] == 0
    assert result["page_after"] == 200
    assert run.returncode in (0, 1), run.stderr  # 1: some answer missed a deadline on a loaded machine

"""Bounded load test of `citeproof serve`, loopback only.

Starts the server in a subprocess on 127.0.0.1 (a free port), warms it up, then sends
``--requests`` uploads of a brief to ``POST /api/v1/check`` from ``--concurrency`` client
threads. A response counts as an error unless it is 200 with the same summary as the
warm-up answer. Writes requests/s, latency percentiles and errors to a JSON file.

    python benchmarks/web_load.py --requests 200 --concurrency 8
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
SERVE = ["-c", "from citeproof.cli import main; main()", "serve", "--host", "127.0.0.1"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    port: int, library: str | None, workers: int, options: tuple[str, ...] = ()
) -> subprocess.Popen[bytes]:
    """``citeproof serve`` on ``port`` (with more ``options``), once it answers."""
    args = [sys.executable, *SERVE, "--port", str(port), "--workers", str(workers), *options]
    if library:
        args += ["--library", library]
    # a file, not a pipe: a pipe nobody reads fills with the server's warnings and stops it
    log = tempfile.TemporaryFile()  # noqa: SIM115 - open for as long as the server runs
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise SystemExit(f"server exited: {log.read().decode(errors='replace')}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/v1/library", timeout=2).raise_for_status()
            return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start within 120 s")


def run_load(url: str, document: Path, requests: int, concurrency: int) -> dict[str, object]:
    data = document.read_bytes()
    files = {"file": (document.name, data)}
    warm = httpx.post(f"{url}/api/v1/check", files=files, timeout=120)
    warm.raise_for_status()
    expected = warm.json()["summary"]
    local = threading.local()
    errors: list[str] = []

    def one(_: int) -> float:
        client = getattr(local, "client", None) or httpx.Client(timeout=120)
        local.client = client
        started = time.perf_counter()
        try:
            resp = client.post(f"{url}/api/v1/check", files={"file": (document.name, data)})
            if resp.status_code != 200 or resp.json().get("summary") != expected:
                errors.append(f"HTTP {resp.status_code}: {resp.text[:200]}")
        except httpx.HTTPError as exc:
            errors.append(repr(exc))
        return time.perf_counter() - started

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        latencies = sorted(pool.map(one, range(requests)))
    seconds = time.perf_counter() - started
    pick = lambda q: round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1)  # noqa: E731
    return {
        "requests": requests,
        "concurrency": concurrency,
        "seconds": round(seconds, 3),
        "requests_per_second": round(requests / seconds, 2),
        "errors": len(errors),
        "error_samples": errors[:5],
        "latency_ms": {
            "mean": round(1000 * statistics.fmean(latencies), 1),
            "p50": pick(0.5),
            "p95": pick(0.95),
            "max": pick(1.0),
        },
        "citations_per_request": sum(expected[s] for s in ("verified", "hallucinated", "unverifiable")),
        "summary_per_request": expected,
        "document": str(document.relative_to(ROOT) if document.is_relative_to(ROOT) else document),
        "document_bytes": len(data),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--document", type=Path, default=ROOT / "examples" / "sample_brief.md")
    parser.add_argument("--library", default=None, help="library file (default: bundled)")
    parser.add_argument("--server-workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "web_load.json")
    args = parser.parse_args(argv)
    if not 0 < args.requests <= 10_000 or not 0 < args.concurrency <= 64:
        parser.error("keep it bounded: 1-10000 requests, 1-64 concurrent clients")
    port = free_port()
    server = start_server(port, args.library, args.server_workers)
    try:
        result = run_load(
            f"http://127.0.0.1:{port}", args.document.resolve(), args.requests, args.concurrency
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
    result["machine"] = {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }
    result["command"] = "python benchmarks/web_load.py " + " ".join(argv or sys.argv[1:])
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

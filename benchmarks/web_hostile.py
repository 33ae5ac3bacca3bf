"""Hostile load on `citeproof serve` beside honest clients, loopback only (issues 13 and 30).

Starts the server in a subprocess on 127.0.0.1, warms it up and reads its resident
memory, then for ``--seconds`` runs at once, each client from its own loopback address
(127.0.0.N, as distinct machines would; the server gives each address its share):

- honest clients: ``--honest`` threads posting the sample brief to ``POST /api/v1/check``
  (a 503 is retried after its ``Retry-After``), and one probe of ``GET /`` every 0.25 s;
- hostile clients, one thread each: the same full citation 16,000 times on one line
  (dense citations), a DOCX that inflates to 300 MB (a bomb), a 30 MB body (oversized),
  a JSON body nested 100,000 levels deep, and background jobs of a 2 MB brief posted as
  fast as the server takes them (many jobs; ``--job-chars`` characters of the sample
  brief repeated, 200,000 by default: about 1,400 citations each);
- issue 30's attacks: ``--slow-heads`` connections (300) that send a request head a byte
  a second and open again when the server closes them (slow headers), from five
  addresses; three clients posting, over and over, 99 KB packed with 2,000 citations in one
  sentence (dense text, under the length that made a document heavy before); and one job
  of 10 such documents, whose time to fail against ``--job-deadline`` is reported
  (deadline probe).

Then it waits for the accepted jobs to finish and for the server to drop them (its job
TTL), and reads the memory again. The baseline is read after a warm-up: one check of the
sample brief and one job of the job document, dropped again (what every later check
shares, such as reporter tables and caches, is loaded by then). An honest request counts
as answered in time when it got its 200 within ``--honest-deadline`` seconds (retries
included); a probe of ``/`` when it got its 200 within ``--page-deadline``. Writes
everything to a JSON file.

    python benchmarks/web_hostile.py --seconds 60
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import socket
import subprocess
import sys
import threading
import time
import zipfile
from collections import Counter
from pathlib import Path

import httpx
import web_load  # beside this script: the same server start-up and port picking

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "sample_brief.md"
DENSE = "Brown v. Board of Education, 347 U.S. 483 (1954). " * 16_000
PACKED = "Brown v. Board of Education, 347 U.S. 483 (1954), " * 2_000  # 99 KB in one sentence
# a job of 9,900 citations (under the cap), each a lookup and a quotation to find: about 10 s
# of work on an idle machine, longer than a 20 s deadline once it waits behind the attacks
LONG_JOB = "\n\n".join(
    f'The Court held that "the rights number {k} are plainly secured here." Brown v. Board of '
    f"Education, 347 U.S. 483, {483 + k % 12} (1954); Gideon v. Wainwright, 372 U.S. {335 + k % 7}, "
    f"{340 + k % 5} (1963)."
    for k in range(4_950)
)
HEAD = b"POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nX-Slow: "


def client(url: str, address: str, timeout: float) -> httpx.Client:
    """An HTTP client that connects from ``address`` (a loopback address of its own)."""
    return httpx.Client(base_url=url, timeout=timeout, transport=httpx.HTTPTransport(local_address=address))


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def docx_bomb(inflated_mb: int = 300) -> bytes:
    """A DOCX whose one text node inflates to ``inflated_mb`` MB (written in chunks)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"><Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        with z.open("word/document.xml", "w", force_zip64=True) as part:
            part.write(
                b'<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
                b'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>'
            )
            chunk = b"A" * (1 << 20)
            for _ in range(inflated_mb):
                part.write(chunk)
            part.write(b"</w:t></w:r></w:p></w:body></w:document>")
    return out.getvalue()


def start_server(port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    limits = ("--queue", str(args.queue), "--deadline", str(args.deadline), "--job-ttl", str(args.job_ttl))
    options = (
        *limits,
        "--job-deadline",
        str(args.job_deadline),
        "--header-timeout",
        str(args.header_timeout),
    )
    return web_load.start_server(port, args.library, args.server_workers, options)


def _stats(seconds: list[float]) -> dict[str, float | None]:
    if not seconds:
        return {"n": 0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    ordered = sorted(seconds)
    pick = lambda q: round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)  # noqa: E731
    return {"n": len(ordered), "p50_ms": pick(0.5), "p95_ms": pick(0.95), "max_ms": pick(1.0)}


class Run:
    """Shared state of one benchmark run: what each client saw."""

    def __init__(self, url: str, args: argparse.Namespace) -> None:
        self.url, self.args = url, args
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.codes: dict[str, Counter[int | str]] = {}
        self.honest: list[tuple[float, bool]] = []  # (seconds, answered 200)
        self.page: list[tuple[float, bool]] = []
        self.retries = 0
        self.jobs: list[str] = []
        self.slow = Counter[str]()  # opened, closed by the server, peak held
        self.deadline_probe: dict[str, object] = {}

    def count(self, kind: str, code: int | str) -> None:
        with self.lock:
            self.codes.setdefault(kind, Counter())[code] += 1

    def honest_client(self, address: str, body: bytes, expected: dict[str, int]) -> None:
        with client(self.url, address, self.args.honest_deadline + 30) as client_:
            while not self.stop.is_set():
                started, ok = time.monotonic(), False
                while time.monotonic() - started < self.args.honest_deadline:
                    try:
                        resp = client_.post("/api/v1/check", files={"file": ("brief.md", body)})
                    except httpx.HTTPError as exc:
                        self.count("honest", type(exc).__name__)
                        break
                    self.count("honest", resp.status_code)
                    if resp.status_code == 503 and "Retry-After" in resp.headers:
                        with self.lock:
                            self.retries += 1
                        time.sleep(min(float(resp.headers["Retry-After"]), 5.0))
                        continue
                    ok = resp.status_code == 200 and resp.json()["summary"] == expected
                    break
                with self.lock:
                    self.honest.append((time.monotonic() - started, ok))

    def page_probe(self, address: str) -> None:
        with client(self.url, address, self.args.page_deadline + 30) as client_:
            while not self.stop.is_set():
                started = time.monotonic()
                try:
                    ok = client_.get("/").status_code == 200
                except httpx.HTTPError:
                    ok = False
                with self.lock:
                    self.page.append((time.monotonic() - started, ok))
                time.sleep(0.25)

    def hostile(self, kind: str, address: str, send: object) -> None:
        with client(self.url, address, 120) as client_:
            while not self.stop.is_set():
                try:
                    resp = send(client_)  # type: ignore[operator]
                    self.count(kind, resp.status_code)
                    if kind == "many_jobs" and resp.status_code == 202:
                        with self.lock:
                            self.jobs.append(resp.json()["links"]["self"])
                    elif resp.status_code == 503:
                        time.sleep(min(float(resp.headers.get("Retry-After", 1)), 1.0))
                except httpx.HTTPError as exc:
                    self.count(kind, type(exc).__name__)
                    time.sleep(0.2)

    def slow_heads(self, addresses: list[str]) -> None:
        """``--slow-heads`` connections sending a request head a byte a second; one the
        server closes (408 or reset) is opened again."""
        port = int(self.url.rsplit(":", 1)[1])
        sockets: list[socket.socket | None] = [None] * self.args.slow_heads
        while not self.stop.is_set():
            for k, s in enumerate(sockets):
                if s is None:
                    try:
                        s = socket.create_connection(
                            ("127.0.0.1", port), 5, (addresses[k % len(addresses)], 0)
                        )
                        s.sendall(HEAD)
                        s.setblocking(False)
                        sockets[k] = s
                        self.slow["opened"] += 1
                    except OSError:
                        self.slow["refused"] += 1
                    continue
                try:
                    if s.recv(4096) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    try:
                        s.send(b"a")
                        continue
                    except OSError:
                        pass
                except OSError:
                    pass
                s.close()
                sockets[k] = None
                self.slow["closed_by_server"] += 1
            self.slow["peak_held"] = max(self.slow["peak_held"], sum(s is not None for s in sockets))
            self.stop.wait(1.0)
        for s in sockets:
            if s is not None:
                s.close()

    def probe_deadline(self, address: str) -> None:
        """One job longer than the job deadline: how long until it fails."""
        with client(self.url, address, 60) as client_:
            while not self.stop.is_set():
                resp = client_.post("/api/v1/jobs", data={"text": LONG_JOB})
                if resp.status_code == 202:
                    break
                time.sleep(1.0)
            else:
                return
            started, url = time.monotonic(), resp.json()["links"]["self"]
            waited = None
            while time.monotonic() - started < 600:
                job = client_.get(url).json()
                if waited is None and job["status"] != "queued":
                    waited = round(time.monotonic() - started, 1)
                if job["status"] in {"done", "failed"}:
                    self.deadline_probe = {
                        "job_deadline_s": self.args.job_deadline,
                        "status": job["status"],
                        "error": job.get("error"),
                        "seconds_queued": waited,
                        "seconds_from_acceptance_to_end": round(time.monotonic() - started, 1),
                    }
                    return
                time.sleep(0.25)


def run(args: argparse.Namespace) -> dict[str, object]:
    port = web_load.free_port()
    server = start_server(port, args)
    url = f"http://127.0.0.1:{port}"
    try:
        brief = SAMPLE.read_bytes()
        warm = httpx.post(f"{url}/api/v1/check", files={"file": ("brief.md", brief)}, timeout=120)
        warm.raise_for_status()
        expected = warm.json()["summary"]
        first = rss_mb(server.pid)
        bomb, big = docx_bomb(), (SAMPLE.read_text() + "\n\n") * (args.job_chars // len(SAMPLE.read_text()))
        # steady state: one check of a job-sized document loads what every later check shares
        warm_job = httpx.post(f"{url}/api/v1/jobs", data={"text": big}, timeout=120).json()["links"]["self"]
        while httpx.get(f"{url}{warm_job}", timeout=30).json()["status"] not in {"done", "failed"}:
            time.sleep(0.5)
        time.sleep(args.job_ttl + 1.0)
        httpx.get(f"{url}{warm_job}", timeout=30)  # dropped now: its memory is released
        time.sleep(3.0)
        baseline = rss_mb(server.pid)
        deep = '{"text": ' + "[" * 100_000 + "]" * 100_000 + "}"
        oversized = b"x" * (30 * 1024 * 1024)
        state = Run(url, args)
        addresses = (f"127.0.0.{n}" for n in range(10, 250))
        senders = {
            "dense_citations": lambda c: c.post("/api/v1/check", data={"text": DENSE}),
            "docx_bomb": lambda c: c.post("/api/v1/check", files={"file": ("bomb.docx", bomb)}),
            "oversized_body": lambda c: c.post(
                "/api/v1/check", content=oversized, headers={"content-type": "text/plain"}
            ),
            "deep_json": lambda c: c.post(
                "/api/v1/check", content=deep, headers={"content-type": "application/json"}
            ),
            "many_jobs": lambda c: c.post("/api/v1/jobs", data={"text": big}),
            **{f"dense_text_{n}": lambda c: c.post("/api/v1/check", data={"text": PACKED}) for n in range(3)},
        }
        threads = [threading.Thread(target=state.page_probe, args=(next(addresses),))]
        threads += [
            threading.Thread(target=state.honest_client, args=(next(addresses), brief, expected))
            for _ in range(args.honest)
        ]
        threads += [
            threading.Thread(target=state.hostile, args=(kind, next(addresses), send))
            for kind, send in senders.items()
        ]
        threads.append(threading.Thread(target=state.slow_heads, args=([next(addresses) for _ in range(5)],)))
        threads.append(threading.Thread(target=state.probe_deadline, args=(next(addresses),)))
        peak = baseline
        started = time.monotonic()
        for thread in threads:
            thread.start()
        while time.monotonic() - started < args.seconds:
            time.sleep(0.5)
            peak = max(peak, rss_mb(server.pid))
        state.stop.set()
        for thread in threads:
            thread.join(timeout=300)
        drain_started = time.monotonic()
        finished = Counter[str]()
        with httpx.Client(base_url=url, timeout=30) as client:
            for job_url in state.jobs:
                while time.monotonic() - drain_started < 900:
                    status = client.get(job_url)
                    if status.status_code == 404 or status.json()["status"] in {"done", "failed"}:
                        finished["gone" if status.status_code == 404 else status.json()["status"]] += 1
                        break
                    peak = max(peak, rss_mb(server.pid))
                    time.sleep(0.5)
            drained = time.monotonic() - drain_started
            time.sleep(args.job_ttl + 1.0)
            kept = sum(client.get(job_url).status_code == 200 for job_url in state.jobs)
            page_after = client.get("/").status_code
        time.sleep(3.0)  # the server hands freed memory back after a second of idleness
        after = rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=60)
    honest_ok = [s for s, ok in state.honest if ok]
    page_ok = [s for s, ok in state.page if ok]
    return {
        "seconds_of_hostile_load": args.seconds,
        "server": {
            "workers": args.server_workers,
            "queue": args.queue,
            "deadline_s": args.deadline,
            "job_deadline_s": args.job_deadline,
            "job_ttl_s": args.job_ttl,
        },
        "honest_checks": {
            "clients": args.honest,
            "requests": len(state.honest),
            "answered_200_within_deadline": sum(
                1 for s, ok in state.honest if ok and s <= args.honest_deadline
            ),
            "deadline_s": args.honest_deadline,
            "retries_after_503": state.retries,
            "latency_of_answered": _stats(honest_ok),
            "codes": dict(state.codes.get("honest", {})),
        },
        "page": {
            "probes": len(state.page),
            "answered_200_within_deadline": sum(1 for s, ok in state.page if ok and s <= args.page_deadline),
            "deadline_s": args.page_deadline,
            "latency": _stats(page_ok),
        },
        "hostile_codes": {k: dict(v) for k, v in state.codes.items() if k != "honest"},
        "slow_heads": {"connections": args.slow_heads, **dict(state.slow)},
        "deadline_probe": state.deadline_probe,
        "jobs": {
            "accepted": len(state.jobs),
            "finished": dict(finished),
            "drain_seconds": round(drained, 1),
            "still_kept_after_ttl": kept,
        },
        "page_after": page_after,
        "memory_mib": {
            "after_first_check": round(first, 1),
            "baseline": round(baseline, 1),
            "peak": round(peak, 1),
            "after": round(after, 1),
        },
        "payload_bytes": {
            "dense_citations": len(DENSE),
            "dense_text": len(PACKED),
            "docx_bomb": len(bomb),
            "docx_bomb_inflated": 300 * (1 << 20),
            "oversized_body": len(oversized),
            "deep_json": len(deep),
            "job_document": len(big),
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="duration of the hostile load")
    parser.add_argument("--honest", type=int, default=4, help="honest client threads")
    parser.add_argument("--honest-deadline", type=float, default=2.0)
    parser.add_argument("--page-deadline", type=float, default=2.0)
    parser.add_argument("--library", default=None, help="library file (default: bundled)")
    parser.add_argument("--server-workers", type=int, default=2)
    parser.add_argument("--queue", type=int, default=16)
    parser.add_argument("--deadline", type=float, default=60.0)
    parser.add_argument("--job-deadline", type=float, default=20.0)
    parser.add_argument("--header-timeout", type=float, default=10.0)
    parser.add_argument("--slow-heads", type=int, default=300, help="connections trickling their heads")
    parser.add_argument("--job-ttl", type=float, default=10.0)
    parser.add_argument("--job-chars", type=int, default=200_000)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "web_hostile.json")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 < args.honest <= 32:
        parser.error("keep it bounded: up to 600 s and 32 honest clients")
    result = run(args)
    result["machine"] = {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }
    result["command"] = "python benchmarks/web_hostile.py " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    honest = result["honest_checks"]
    page = result["page"]
    assert isinstance(honest, dict) and isinstance(page, dict)
    healthy = (
        honest["answered_200_within_deadline"] == honest["requests"] > 0
        and page["answered_200_within_deadline"] == page["probes"] > 0
    )
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())

"""Clients that trickle their request heads cannot hold the server (issue 30), over real
loopback sockets: before, 300 connections sending their headers a byte at a time held the
256-connection limit and every other client got 503."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn

from citeproof.web import create_app
from citeproof.web.protocol import head_deadline_protocol


@contextmanager
def serving(library, tmp_path, head_seconds: float, limit: int, **protocol: int) -> Iterator[tuple[str, int]]:
    app = create_app(library, upload_root=tmp_path / "uploads")
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_level="warning",
        limit_concurrency=limit,
        http=head_deadline_protocol(head_seconds, **protocol),
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    yield "127.0.0.1", server.servers[0].sockets[0].getsockname()[1]
    server.should_exit = True
    thread.join(timeout=20)


def _trickling(host: str, port: int, n: int, source: str = "127.0.0.1") -> list[socket.socket]:
    """``n`` connections that have sent only the start of a request head."""
    out = []
    for _ in range(n):
        s = socket.create_connection((host, port), source_address=(source, 0))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        out.append(s)
    return out


def test_connections_trickling_their_heads_leave_room_for_honest_clients(library, tmp_path):
    with serving(library, tmp_path, head_seconds=60, limit=16) as (host, port):
        slow = _trickling(host, port, 40, "127.0.0.2")
        try:
            for s in slow[:20]:
                s.sendall(b"a")  # still trickling
            page = httpx.get(f"http://{host}:{port}/", timeout=10)
            assert page.status_code == 200  # before: 503, the limit held by the slow heads
        finally:
            for s in slow:
                s.close()


def test_a_head_that_takes_too_long_is_answered_408_and_closed(library, tmp_path):
    with serving(library, tmp_path, head_seconds=0.5, limit=16) as (host, port):
        (slow,) = _trickling(host, port, 1)
        slow.settimeout(10)
        started = time.monotonic()
        answer = slow.recv(4096)
        assert answer.startswith(b"HTTP/1.1 408 ") and b"did not arrive in time" in answer
        assert slow.recv(4096) == b""  # closed
        assert time.monotonic() - started < 8
        slow.close()
        # a kept-alive connection gets the same deadline for its next head
        with socket.create_connection((host, port)) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            s.settimeout(10)
            first = b""
            while b"</html>" not in first:
                first += s.recv(65536)
            assert first.startswith(b"HTTP/1.1 200 ")
            s.sendall(b"GET / HTTP/1.1\r\nHo")
            rest = b""
            while chunk := s.recv(65536):
                rest += chunk
            assert rest.startswith(b"HTTP/1.1 408 ")


def test_one_address_cannot_hold_every_waiting_place(library, tmp_path):
    with serving(library, tmp_path, head_seconds=60, limit=16, waiting_per_client=8) as (host, port):
        slow = _trickling(host, port, 12, "127.0.0.3")
        try:
            for s in slow:
                s.settimeout(5)
            closed = 0
            for s in slow[8:]:
                try:
                    closed += s.recv(1) == b""
                except ConnectionResetError:
                    closed += 1
            assert closed == 4  # past eight waiting from one address, a new one is closed at once
            assert httpx.get(f"http://{host}:{port}/", timeout=10).status_code == 200
        finally:
            for s in slow:
                s.close()

"""Every HTTP call within a total deadline and a size cap (`citeproof.net.bounded`), against
real loopback servers that drip their answer or send far too much."""

from __future__ import annotations

import gzip
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from citeproof.net import loopback
from citeproof.net.bounded import TooLarge, bounded, bounded_client, fetch

BODY = b'{"ok": true, "pad": "' + b"x" * 400 + b'"}'


class Record:
    """What a test server managed to send before the client hung up."""

    def __init__(self) -> None:
        self.sent = 0
        self.stop = threading.Event()


@contextmanager
def server(mode: str, record: Record) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.close_connection = True
            try:
                if mode == "drip-body":
                    head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(BODY)}\r\n\r\n".encode()
                    self.wfile.write(head)
                    self._drip(BODY)
                elif mode == "drip-headers":
                    self._drip(b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"y" * 300 + b"\r\n\r\n")
                elif mode == "flood":
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
                    block = b"x" * 65536
                    for _ in range(1024):  # 64 MB
                        self.wfile.write(block)
                        record.sent += len(block)
                elif mode == "bomb":
                    packed = gzip.compress(b"\0" * (20 << 20))
                    self.wfile.write(
                        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n"
                        + f"Content-Length: {len(packed)}\r\n\r\n".encode()
                        + packed
                    )
                else:
                    head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(BODY)}\r\n\r\n"
                    self.wfile.write(head.encode() + BODY)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def _drip(self, data: bytes) -> None:
            for n in range(len(data)):
                if record.stop.wait(0.05):
                    return
                self.wfile.write(data[n : n + 1])
                self.wfile.flush()
                record.sent += 1

        def log_message(self, *args: object) -> None:
            pass

    try:
        with loopback.serve(Handler) as url:
            yield url
    finally:
        record.stop.set()


@pytest.mark.parametrize("mode", ["drip-body", "drip-headers"])
def test_an_answer_drip_fed_a_byte_at_a_time_is_cut_at_the_call_s_deadline(mode: str) -> None:
    """Each byte comes well within the 30-s read timeout, so only a total deadline ends it:
    the whole answer would take 20 s or more; the call ends near its 0.5 s."""
    record = Record()
    with server(mode, record) as url, bounded_client(timeout=30.0) as client:
        started = time.monotonic()
        with pytest.raises(httpx.TimeoutException):
            fetch(client, client.build_request("GET", url + "/"), cap=1 << 20, seconds=0.5)
        took = time.monotonic() - started
    assert took < 3.0, took
    assert record.sent < 100  # far from the 400-odd bytes of the answer


def test_an_answer_past_the_cap_stops_reading_with_a_clear_error() -> None:
    record = Record()
    too_large = pytest.raises(TooLarge, match=r"larger than 1,048,576 bytes; reading stopped")
    with server("flood", record) as url, bounded_client(timeout=30.0) as client, too_large:
        fetch(client, client.build_request("GET", url + "/"), cap=1 << 20, seconds=30.0)
    assert record.sent < 32 << 20  # the server could not push its 64 MB: the client hung up


def test_the_cap_counts_the_decoded_size_of_a_compressed_answer() -> None:
    with server("bomb", Record()) as url, bounded_client(timeout=30.0) as client, pytest.raises(TooLarge):
        fetch(client, client.build_request("GET", url + "/"), cap=1 << 20, seconds=30.0)


def test_an_answer_within_both_bounds_comes_back_read() -> None:
    with server("plain", Record()) as url, bounded_client(timeout=30.0) as client:
        response = fetch(client, client.build_request("GET", url + "/"), cap=1 << 20, seconds=5.0)
    assert response.status_code == 200 and response.json()["ok"] is True


def test_every_pool_is_bounded_proxies_from_the_environment_included(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    with bounded_client() as client:
        assert client._mounts  # the environment's proxy made a pool of its own
        assert bounded(client)
    with httpx.Client() as plain:
        assert not bounded(plain)


def test_a_transport_without_sockets_still_keeps_the_cap() -> None:
    transport = httpx.MockTransport(lambda request: httpx.Response(200, content=b"y" * 5000))
    with bounded_client(transport=transport) as client, pytest.raises(TooLarge):
        fetch(client, client.build_request("GET", "http://example.test/"), cap=4096, seconds=5.0)

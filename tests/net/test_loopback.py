"""net/loopback.py: a handler served on 127.0.0.1 from a daemon thread, then stopped."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler

import httpx
import pytest

from citeproof.net import loopback


class Hello(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        data = f"hello {self.path}".encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


def test_serves_on_an_ephemeral_loopback_port_then_stops():
    with loopback.serve(Hello) as url, loopback.serve(Hello) as other:
        assert url.startswith("http://127.0.0.1:") and url != other
        assert httpx.get(url + "/x").text == "hello /x"
        threads = [t for t in threading.enumerate() if t.name == f"loopback:{url.rsplit(':', 1)[1]}"]
        assert len(threads) == 1 and threads[0].daemon
    assert not threads[0].is_alive()
    with pytest.raises(httpx.ConnectError):
        httpx.get(url + "/x")


def test_stops_when_the_body_raises():
    with pytest.raises(RuntimeError), loopback.serve(Hello) as url:
        raise RuntimeError("boom")
    with pytest.raises(httpx.ConnectError):
        httpx.get(url)

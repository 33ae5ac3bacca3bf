"""A real OpenAI-compatible chat endpoint on loopback, answering from a script."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler

import pytest

from citeproof.net import loopback

Script = Callable[[list[dict[str, str]]], str]


class FakeEndpoint:
    def __init__(self) -> None:
        self.script: Script = lambda messages: ""
        self.requests: list[dict[str, object]] = []
        self.headers: list[dict[str, str]] = []
        self.status = 200
        self.url = ""


def _handler(endpoint: FakeEndpoint) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            endpoint.requests.append(body)
            endpoint.headers.append(dict(self.headers))
            if self.path != "/v1/chat/completions" or endpoint.status != 200:
                self.send_response(404 if endpoint.status == 200 else endpoint.status)
                self.end_headers()
                return
            content = endpoint.script(body["messages"])
            reply = {"choices": [{"message": {"role": "assistant", "content": content}}]}
            data = json.dumps(reply).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@pytest.fixture
def endpoint() -> Iterator[FakeEndpoint]:
    ep = FakeEndpoint()
    with loopback.serve(_handler(ep)) as url:
        ep.url = url + "/v1"
        yield ep

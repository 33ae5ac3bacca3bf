"""The one fake OpenAI-compatible chat endpoint: ``POST /v1/chat/completions`` on loopback.

It answers from a queue of `Reply`s, else from ``answer(request)``, and records every
request and its headers. The tests of the client, the judge and the factor study use it,
and so do the benchmarks and the phantom runner's ``NAME:scripted`` systems (through
`scripted_endpoint`, the deterministic model of `scripted.py` behind it), so a model
asked over HTTP always goes through the real `ChatClient`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from citeproof.llm import scripted
from citeproof.net import loopback

PATH = "/v1/chat/completions"


@dataclass(frozen=True, slots=True)
class Reply:
    """One HTTP response: a status, a body (a mapping is sent as JSON, a string as it is),
    headers, and a delay before it is sent."""

    status: int = 200
    body: Mapping[str, Any] | str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    delay: float = 0.0

    def raw(self) -> bytes:
        return (self.body if isinstance(self.body, str) else json.dumps(self.body)).encode()


def completion_reply(content: str, prompt_tokens: int = 11, completion_tokens: int = 7) -> Reply:
    """A chat completion whose message is ``content``."""
    return Reply(
        200,
        {
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens},
        },
    )


Answer = Callable[[dict[str, Any]], Reply]


class FakeChatEndpoint:
    """Serves `PATH` from ``queue`` (first in, first out), else from ``answer(request)``, else
    a 500; any other path is a 404. ``base_url`` (ending in ``/v1``) is set on entering."""

    def __init__(self, answer: Answer | None = None) -> None:
        self.queue: list[Reply] = []
        self.answer = answer
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.base_url = ""
        self._serving = ExitStack()

    def reply_to(self, path: str, request: dict[str, Any], headers: dict[str, str]) -> Reply:
        """Record the request and choose its reply."""
        self.requests.append(request)
        self.headers.append(headers)
        if path != PATH:
            return Reply(404, {"error": "not found"})
        if self.queue:
            return self.queue.pop(0)
        if self.answer is not None:
            return self.answer(request)
        return Reply(500, {"error": "nothing scripted"})

    def start(self) -> FakeChatEndpoint:
        """Serve until `close` (``with`` does both)."""
        self.base_url = self._serving.enter_context(loopback.serve(_handler(self))) + "/v1"
        return self

    def __enter__(self) -> FakeChatEndpoint:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._serving.close()


def _handler(endpoint: FakeChatEndpoint) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", 0))
            request = json.loads(self.rfile.read(length) or b"{}")
            reply = endpoint.reply_to(self.path, request, dict(self.headers))
            time.sleep(reply.delay)
            raw = reply.raw()
            headers = {"content-type": "application/json", "content-length": str(len(raw)), **reply.headers}
            try:
                self.send_response(reply.status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(raw)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


def scripted_endpoint() -> FakeChatEndpoint:
    """The endpoint answering as the deterministic model of `scripted.py` (not yet started)."""
    return FakeChatEndpoint(lambda request: Reply(body=scripted.completion(request)))

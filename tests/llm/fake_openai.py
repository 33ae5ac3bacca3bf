"""A local OpenAI-compatible server on loopback with scripted responses."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

from citeproof.net import loopback


@dataclass
class Scripted:
    """One response: a status, a body (dict → JSON, str → raw), headers, a delay."""

    status: int = 200
    body: dict[str, Any] | str = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def completion(content: str, prompt_tokens: int = 11, completion_tokens: int = 7) -> Scripted:
    return Scripted(
        200,
        {
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens},
        },
    )


class FakeOpenAI:
    """Serves ``POST /v1/chat/completions`` from a queue of `Scripted` responses, or from
    ``handler(request_json)`` when the queue is empty; records every request."""

    def __init__(self, handler: Callable[[dict[str, Any]], Scripted] | None = None) -> None:
        self.queue: list[Scripted] = []
        self.handler = handler
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.requests.append(body)
                fake.headers.append(dict(self.headers))
                if self.path != "/v1/chat/completions":
                    reply = Scripted(404, {"error": "not found"})
                elif fake.queue:
                    reply = fake.queue.pop(0)
                elif fake.handler:
                    reply = fake.handler(body)
                else:
                    reply = Scripted(500, {"error": "nothing scripted"})
                time.sleep(reply.delay)
                raw = reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
                try:
                    self.send_response(reply.status)
                    for k, v in {"content-type": "application/json", **reply.headers}.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(raw.encode())
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self._handler = Handler
        self._serving = ExitStack()
        self.base_url = ""  # set on entering

    def __enter__(self) -> FakeOpenAI:
        self.base_url = self._serving.enter_context(loopback.serve(self._handler)) + "/v1"
        return self

    def __exit__(self, *exc: object) -> None:
        self._serving.close()

"""The LLM detectors in the phantom runner's registry.

Names: ``rules+judge``, ``single-call`` and ``agent``, each optionally ``:MODEL``.
A real endpoint is configured as for ``check --llm`` (``CITEPROOF_LLM_MODEL``,
``OPENAI_BASE_URL``, ``OPENAI_API_KEY``, ``CITEPROOF_LLM_CONFIG``, or the run's
``--model`` / ``--base-url`` / ``--llm-config``); ``:MODEL`` names the model.
``NAME:scripted`` (or ``--scripted``) runs the deterministic stand-in of `scripted.py`
behind a loopback OpenAI-compatible server, through the real `ChatClient`, with no
response cache (a cache would keep replies across changes to the script).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any

from citeproof.bench.phantom.llm_systems import AgentDetector, RulesDetector, SingleCallDetector
from citeproof.bench.systems import Detection, Detector
from citeproof.core.protocols import Library
from citeproof.llm.agent import DEFAULT_BUDGET
from citeproof.llm.client import ChatClient, LLMConfig
from citeproof.llm.judge import LLMJudge
from citeproof.llm.scripted import completion
from citeproof.net import loopback

SCRIPTED = "scripted"
KINDS = ("rules+judge", "single-call", "agent")


class ScriptedServer:
    """``POST /v1/chat/completions`` on 127.0.0.1 answered by `scripted.completion`."""

    def __init__(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", 0))))
                ok = self.path == "/v1/chat/completions"
                raw = json.dumps(completion(body) if ok else {"error": "not found"}).encode()
                self.send_response(200 if ok else 404)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, *args: Any) -> None:
                pass

        self._serving = ExitStack()
        self.base_url = self._serving.enter_context(loopback.serve(Handler)) + "/v1"

    def close(self) -> None:
        self._serving.close()


@dataclass(frozen=True, slots=True)
class LLMOptions:
    """What a run passes to the LLM systems (None: from the environment / config file)."""

    model: str | None = None
    base_url: str | None = None
    llm_config: str | None = None
    budget: int = DEFAULT_BUDGET
    traces: str | None = None


class Closing:
    """A detector that owns a client (and a scripted server); ``close()`` frees both."""

    def __init__(self, inner: Any, client: ChatClient, server: ScriptedServer | None) -> None:
        self.inner, self.client, self.server = inner, client, server
        self.name = str(inner.name)

    def detect(self, text: str) -> Detection:
        return self.inner.detect(text)  # type: ignore[no-any-return]

    def close(self) -> None:
        self.client.close()
        if self.server is not None:
            self.server.close()


def open_client(model: str | None, options: LLMOptions) -> tuple[ChatClient, ScriptedServer | None]:
    if model == SCRIPTED:
        server = ScriptedServer()
        return ChatClient(LLMConfig(model=SCRIPTED, base_url=server.base_url, cache_path="off")), server
    config = LLMConfig.load(file=options.llm_config, model=model or options.model, base_url=options.base_url)
    return ChatClient(config), None


def make_llm_detector(
    kind: str, model: str | None, library: Library, options: LLMOptions = LLMOptions()
) -> Closing:
    """``kind`` in `KINDS`; ``model`` None for the configured one, or ``"scripted"``."""
    client, server = open_client(model, options)
    inner: Any
    if kind == "rules+judge":
        inner = RulesDetector(library, LLMJudge(client))
    elif kind == "single-call":
        inner = SingleCallDetector(client, library)
    elif kind == "agent":
        inner = AgentDetector(client, library, options.budget, options.traces)
    else:
        client.close()
        if server is not None:
            server.close()
        raise KeyError(f"unknown LLM system {kind!r}")
    return Closing(inner, client, server)


def factory(kind: str, model: str | None = None) -> Callable[..., Detector]:
    """A registry factory: ``factory(library, **LLMOptions fields)``."""

    def build(library: Library, **options: Any) -> Detector:
        return make_llm_detector(kind, model, library, LLMOptions(**options))

    return build


def register() -> None:
    """``rules+judge``, ``single-call``, ``agent``, each also ``:scripted`` and ``:MODEL``."""
    from citeproof.bench.phantom.systems import register_family, register_system

    for kind in KINDS:
        register_system(kind, factory(kind))
        register_system(f"{kind}:{SCRIPTED}", factory(kind, SCRIPTED))
        register_family(kind, _family(kind))


def _family(kind: str) -> Callable[[str], Callable[..., Detector]]:
    def make(model: str) -> Callable[..., Detector]:
        return factory(kind, model)

    return make

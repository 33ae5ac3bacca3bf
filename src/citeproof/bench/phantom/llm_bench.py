"""The LLM detectors of the phantom runner: how each is built from a name and options.

Names: ``rules+judge``, ``single-call`` and ``agent``, each optionally ``:MODEL``.
A real endpoint is configured as for ``check --llm`` (``CITEPROOF_LLM_MODEL``,
``OPENAI_BASE_URL``, ``OPENAI_API_KEY``, ``CITEPROOF_LLM_CONFIG``, or the run's
``--model`` / ``--base-url`` / ``--llm-config``); ``:MODEL`` names the model.
``NAME:scripted`` (or ``--scripted``) runs the deterministic stand-in of `scripted.py`
behind the fake endpoint on loopback (`citeproof.llm.fake_endpoint`), through the real
`ChatClient`, with no response cache (a cache would keep replies across changes to the
script). The agent is offered CourtListener lookups when a remote is configured
(``--courtlistener``, ``CITEPROOF_COURTLISTENER``, the config file), and chooses its
actions by expected information gain (``policy="fixed"``: a checklist, for comparison).
The registry (`systems.py`) names them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from citeproof.bench.phantom.llm_systems import AgentDetector, RulesDetector, SingleCallDetector
from citeproof.bench.systems import Detection, Detector
from citeproof.core.protocols import Library
from citeproof.library.courtlistener.config import load_settings, remote_library
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.llm.action_table import ActionTable, action_table
from citeproof.llm.agent import DEFAULT_BUDGET
from citeproof.llm.client import ChatClient, LLMConfig
from citeproof.llm.fake_endpoint import FakeChatEndpoint, scripted_endpoint
from citeproof.llm.judge import LLMJudge
from citeproof.llm.scripted import SCRIPTED

KINDS = ("rules+judge", "single-call", "agent")


@dataclass(frozen=True, slots=True)
class LLMOptions:
    """What a run passes to the LLM systems (None: from the environment / config file)."""

    model: str | None = None
    base_url: str | None = None
    llm_config: str | None = None
    budget: int = DEFAULT_BUDGET
    traces: str | None = None
    courtlistener: bool | None = None  # None: as configured (CITEPROOF_COURTLISTENER, config file)
    policy: str = "information"


class Closing:
    """A detector that owns a client (a scripted endpoint, a CourtListener client);
    ``close()`` frees them."""

    def __init__(
        self,
        inner: Detector,
        client: ChatClient,
        endpoint: FakeChatEndpoint | None,
        remote: CourtListenerLibrary | None = None,
    ) -> None:
        self.inner, self.client, self.endpoint, self.remote = inner, client, endpoint, remote
        self.name = inner.name
        self.stand_in = endpoint is not None  # the scripted model answers: a plumbing check

    def detect(self, text: str) -> Detection:
        return self.inner.detect(text)

    def action_table(self, seed: int = 0) -> ActionTable | None:
        """The agent's actions so far (the paper's Tables A7/A9); None for other systems."""
        return action_table(self.inner.runs, seed) if isinstance(self.inner, AgentDetector) else None

    def close(self) -> None:
        self.inner.close()
        self.client.close()
        if self.endpoint is not None:
            self.endpoint.close()
        if self.remote is not None:
            self.remote.client.close()


def open_remote(flag: bool | None) -> CourtListenerLibrary | None:
    """CourtListener when ``flag`` (else the environment or the config file) turns it on."""
    settings = load_settings(flag)
    return remote_library(settings) if settings.enabled else None


def open_client(model: str | None, options: LLMOptions) -> tuple[ChatClient, FakeChatEndpoint | None]:
    """The client of ``model`` (None: the configured one), and the endpoint it opened for
    ``"scripted"``."""
    if model == SCRIPTED:
        endpoint = scripted_endpoint().start()
        return ChatClient(LLMConfig(model=SCRIPTED, base_url=endpoint.base_url, cache_path="off")), endpoint
    config = LLMConfig.load(file=options.llm_config, model=model or options.model, base_url=options.base_url)
    return ChatClient(config), None


def make_llm_detector(
    kind: str, model: str | None, library: Library, options: LLMOptions = LLMOptions()
) -> Closing:
    """``kind`` in `KINDS`; ``model`` None for the configured one, or ``"scripted"``."""
    if kind not in KINDS:
        raise KeyError(f"unknown LLM system {kind!r}")
    client, endpoint = open_client(model, options)
    inner: Detector
    if kind == "rules+judge":
        inner = RulesDetector(library, LLMJudge(client))
    elif kind == "single-call":
        inner = SingleCallDetector(client, library)
    else:
        remote = open_remote(options.courtlistener)
        inner = AgentDetector(client, library, options.budget, options.traces, remote, options.policy)
        return Closing(inner, client, endpoint, remote)
    return Closing(inner, client, endpoint)


def factory(kind: str, model: str | None = None) -> Callable[..., Detector]:
    """A registry factory: ``factory(library, **LLMOptions fields)``."""

    def build(library: Library, **options: Any) -> Detector:
        return make_llm_detector(kind, model, library, LLMOptions(**options))

    return build


def family(kind: str) -> Callable[[str], Callable[..., Detector]]:
    """The factories of ``kind:MODEL``, by model."""

    def make(model: str) -> Callable[..., Detector]:
        return factory(kind, model)

    return make

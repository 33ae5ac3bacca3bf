"""A client for any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp).

Plain httpx with an injectable ``transport=`` and ``sleep=`` so tests neither touch the
network nor wait. Replies asked for as JSON are validated on receipt (a malformed one is
sent back once or twice for repair), retries back off on 429 / 5xx / timeouts, every
validated reply is cached by model + prompt, and the API key never appears in a log,
an error message or a repr. Each answer (retries and repairs included) has a deadline;
each HTTP call ends within ``timeout`` however slowly its body drips, and a reply longer
than ``max_answer_bytes`` is refused (`citeproof.net.bounded`). The first failure no retry
cured (a refused key, an unreachable endpoint, the deadline) is logged once as a warning on
``citeproof.remote``, naming the endpoint, and answers every later question at once, so a
dead endpoint costs one deadline, not one per citation.
"""

from __future__ import annotations

import logging
import os
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

import httpx

from citeproof.core.models import Reason
from citeproof.llm.cache import ResponseCache, cache_key
from citeproof.llm.schema import SchemaError, parse_json
from citeproof.net import retry
from citeproof.net.bounded import TooLarge, bounded_client, fetch

log = logging.getLogger(__name__)
warn = logging.getLogger("citeproof.remote")
DEFAULT_BASE_URL = "https://api.openai.com/v1"
Message = dict[str, str]


class LLMError(Exception):
    """The model could not give a usable answer, and the `Reason` why."""

    def __init__(self, message: str, reason: Reason = Reason.BACKEND_ERROR) -> None:
        super().__init__(message)
        self.reason = reason


class EndpointDown(LLMError):
    """No question can be answered: a refused key, an unreachable endpoint, the deadline."""


@dataclass(frozen=True, slots=True)
class LLMConfig:
    model: str
    base_url: str = DEFAULT_BASE_URL
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 60.0
    max_retries: int = 4
    backoff: float = 1.0
    max_backoff: float = 30.0
    max_repairs: int = 2
    deadline: float = 120.0  # seconds for one answer, retries and repairs included
    max_answer_bytes: int = 8 << 20  # a longer reply is refused unread
    temperature: float = 0.0
    response_format: str = "json_schema"  # or "json_object" / "none" for older servers
    cache_path: str | None = None  # None: the user cache dir; "off": no cache

    @classmethod
    def load(
        cls, env: Mapping[str, str] | None = None, file: str | Path | None = None, **overrides: Any
    ) -> LLMConfig:
        """Flags (``overrides`` that are not None) over environment over a TOML file."""
        env = os.environ if env is None else env
        values: dict[str, Any] = {}
        path = file or env.get("CITEPROOF_LLM_CONFIG")
        if path:
            table = tomllib.loads(Path(path).read_text(encoding="utf-8")).get("llm", {})
            names = {f.name for f in fields(cls)} - {"api_key"}  # keys live in the environment
            values.update({k: v for k, v in table.items() if k in names})
        for name, var in (
            ("base_url", "OPENAI_BASE_URL"),
            ("api_key", "OPENAI_API_KEY"),
            ("model", "CITEPROOF_LLM_MODEL"),
            ("cache_path", "CITEPROOF_LLM_CACHE"),
        ):
            if env.get(var):
                values[name] = env[var]
        values.update({k: v for k, v in overrides.items() if v is not None})
        if not values.get("model"):
            raise LLMError("no model configured: set CITEPROOF_LLM_MODEL or pass --model", Reason.NOT_CHECKED)
        return cls(**values)

    def open_cache(self) -> ResponseCache | None:
        if self.cache_path == "off":
            return None
        if self.cache_path:
            return ResponseCache(self.cache_path)
        from citeproof.net.cache_dir import cache_dir

        return ResponseCache(cache_dir() / "llm-responses.sqlite")


@dataclass(frozen=True, slots=True)
class ChatReply:
    content: str
    data: Any  # the parsed JSON when a schema was given, else None
    prompt_tokens: int
    completion_tokens: int
    cached: bool = False
    requests: int = 1  # HTTP completions made (0 from the cache; more after repairs)


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """What a run records of the model it asked: its name and its endpoint's host (never a
    key or a path); ``endpoint`` is None for a model answering in-process."""

    model: str
    endpoint: str | None = None


class ChatModel(Protocol):
    """What every user of a model needs from it (a client, a replay, a script): a name,
    what to record of it, and a reply to a conversation."""

    @property
    def name(self) -> str: ...

    def describe(self) -> ModelInfo: ...

    def chat(
        self,
        messages: list[Message],
        schema: dict[str, Any] | None = None,
        name: str = "answer",
        seed: int | None = None,
    ) -> ChatReply: ...


class ChatClient:
    """Talks to ``{base_url}/chat/completions``."""

    def __init__(
        self,
        config: LLMConfig,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
        cache: ResponseCache | None | bool = True,
    ) -> None:
        self.config = config
        headers = {"Authorization": f"Bearer {config.api_key}"} if config.api_key else {}
        self._http = bounded_client(
            base_url=config.base_url.rstrip("/") + "/",
            headers=headers,
            timeout=config.timeout,
            transport=transport,
        )
        self._sleep = sleep
        self._retry = retry.Policy(
            attempts=config.max_retries + 1, backoff=config.backoff, max_backoff=config.max_backoff
        )  # 429 and 5xx, Retry-After
        self.cache = (
            config.open_cache() if cache is True else (cache if isinstance(cache, ResponseCache) else None)
        )
        self.deadline = retry.Deadline(config.deadline)
        self.failure: LLMError | None = None  # what stopped every later question

    @property
    def name(self) -> str:
        return self.config.model

    def describe(self) -> ModelInfo:
        return ModelInfo(self.config.model, self.host)

    @property
    def host(self) -> str | None:
        """The endpoint's host, as warnings name it (never a key or a path)."""
        return httpx.URL(self.config.base_url).host or None

    def chat(
        self,
        messages: list[Message],
        schema: dict[str, Any] | None = None,
        name: str = "answer",
        seed: int | None = None,
    ) -> ChatReply:
        """One validated reply; `LLMError` when none could be had. ``seed`` is sent to
        endpoints that sample with one (and is part of the cache key)."""
        key = cache_key(
            self.config.model,
            {
                "messages": messages,
                "schema": schema,
                "temperature": self.config.temperature,
                **({"seed": seed} if seed is not None else {}),
            },
        )
        hit = self.cache.get(key) if self.cache is not None else None
        if hit is not None:
            data = parse_json(hit[0], schema) if schema else None
            return ChatReply(hit[0], data, hit[1], hit[2], cached=True, requests=0)
        if self.failure is not None:
            raise self.failure
        self.deadline.restart()
        convo, tokens, problem = list(messages), [0, 0], ""
        for attempt in range(1, self.config.max_repairs + 2):
            try:
                content, p, c = self._complete(convo, schema, name, seed)
            except EndpointDown as exc:
                raise self._fail(exc) from None
            tokens = [tokens[0] + p, tokens[1] + c]
            try:
                data = parse_json(content, schema) if schema else None
            except SchemaError as exc:
                problem = str(exc)
                log.info("model %s gave an invalid reply (%s); asking again", self.name, problem)
                convo += [
                    {"role": "assistant", "content": content},
                    {
                        "role": "user",
                        "content": f"That reply was invalid: {problem}. "
                        "Answer again with only the JSON object the schema asks for.",
                    },
                ]
                continue
            if self.cache is not None:
                self.cache.put(key, self.config.model, content, *tokens)
            return ChatReply(content, data, tokens[0], tokens[1], requests=attempt)
        raise LLMError(f"no valid reply from {self.name}: {problem}", Reason.BACKEND_ERROR)

    def _fail(self, error: EndpointDown) -> EndpointDown:
        """Remember ``error`` for every later question, and say it once on stderr."""
        self.failure = error
        warn.warning(
            "the LLM endpoint %s: %s; its checks are unverifiable (%s)", self.host, error, error.reason.value
        )
        return error

    def _body(
        self, messages: list[Message], schema: dict[str, Any] | None, name: str, seed: int | None = None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.config.model,
            "messages": messages,
            "temperature": self.config.temperature,
        }
        if seed is not None:
            body["seed"] = seed
        if schema is not None and self.config.response_format == "json_schema":
            body["response_format"] = {"type": "json_schema", "json_schema": {"name": name, "schema": schema}}
        elif schema is not None and self.config.response_format == "json_object":
            body["response_format"] = {"type": "json_object"}
        return body

    def _complete(
        self, messages: list[Message], schema: dict[str, Any] | None, name: str, seed: int | None = None
    ) -> tuple[str, int, int]:
        body = self._body(messages, schema, name, seed)

        def call() -> httpx.Response:
            remaining = self.deadline.remaining()
            if remaining <= 0:
                raise EndpointDown(f"{self.name}: no answer within the {self.config.deadline:.0f}-s deadline")
            seconds = min(self.config.timeout, remaining)
            request = self._http.build_request("POST", "chat/completions", json=body, timeout=seconds)
            return fetch(self._http, request, cap=self.config.max_answer_bytes, seconds=seconds)

        try:
            return retry.send(call, self._retry, self._accept, sleep=self._sleep, deadline=self.deadline)
        except TooLarge as exc:
            raise LLMError(f"{self.name}: {exc}") from None
        except retry.GaveUp as gave_up:
            if gave_up.late:
                reason = Reason.RATE_LIMITED if _throttled(gave_up.last) else Reason.BACKEND_ERROR
                raise EndpointDown(
                    f"{self.name}: no answer within the {self.config.deadline:.0f}-s deadline "
                    f"(last: {_describe(gave_up.last)})",
                    reason,
                ) from None
            raise self._failure(gave_up.last) from None

    def _accept(self, resp: httpx.Response) -> tuple[str, int, int]:
        if resp.status_code != 200:
            refused = EndpointDown if resp.status_code in (401, 403, 404) else LLMError
            raise refused(f"{self.name}: HTTP {resp.status_code}: {self._scrub(resp.text[:200])}")
        parsed = _completion(resp)
        if parsed is None:
            raise retry.Again("malformed completion response")
        return parsed

    def _failure(self, last: httpx.Response | Exception) -> EndpointDown:
        """The error for the last of the failed attempts."""
        if isinstance(last, httpx.TimeoutException):
            return EndpointDown(f"{self.name}: request timed out after {self.config.timeout}s")
        if isinstance(last, httpx.TransportError):
            return EndpointDown(f"{self.name}: connection failed ({type(last).__name__})")
        if isinstance(last, httpx.Response):
            reason = Reason.RATE_LIMITED if last.status_code == 429 else Reason.BACKEND_ERROR
            return EndpointDown(f"{self.name}: HTTP {last.status_code}", reason)
        return EndpointDown(f"{self.name}: {last}")

    def _scrub(self, text: str) -> str:
        key = self.config.api_key
        return text.replace(key, "[key]") if key else text

    def close(self) -> None:
        self._http.close()
        if self.cache is not None:
            self.cache.close()


def _throttled(last: httpx.Response | Exception) -> bool:
    return isinstance(last, httpx.Response) and last.status_code == 429


def _describe(last: httpx.Response | Exception) -> str:
    return f"HTTP {last.status_code}" if isinstance(last, httpx.Response) else type(last).__name__


def _completion(resp: httpx.Response) -> tuple[str, int, int] | None:
    """``(content, prompt_tokens, completion_tokens)`` of an OpenAI-style response; None
    for any other shape."""
    try:
        body = resp.json()
        content = body["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    usage = body.get("usage") or {}
    if not isinstance(content, str) or not isinstance(usage, dict):
        return None
    tokens = [usage.get("prompt_tokens") or 0, usage.get("completion_tokens") or 0]
    if not all(isinstance(t, int) and not isinstance(t, bool) for t in tokens):
        return None
    return content, tokens[0], tokens[1]

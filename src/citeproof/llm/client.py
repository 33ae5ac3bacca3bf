"""A client for any OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp).

Plain httpx with an injectable ``transport=`` and ``sleep=`` so tests neither touch the
network nor wait. Replies asked for as JSON are validated on receipt (a malformed one is
sent back once or twice for repair), retries back off on 429 / 5xx / timeouts, every
validated reply is cached by model + prompt, and the API key never appears in a log,
an error message or a repr.
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
from citeproof.library import retry
from citeproof.llm.cache import ResponseCache, cache_key
from citeproof.llm.schema import SchemaError, parse_json

log = logging.getLogger(__name__)
DEFAULT_BASE_URL = "https://api.openai.com/v1"
Message = dict[str, str]


class LLMError(Exception):
    """The model could not give a usable answer, and the `Reason` why."""

    def __init__(self, message: str, reason: Reason = Reason.BACKEND_ERROR) -> None:
        super().__init__(message)
        self.reason = reason


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
        from citeproof.library.default import cache_dir

        return ResponseCache(cache_dir() / "llm-responses.sqlite")


@dataclass(frozen=True, slots=True)
class ChatReply:
    content: str
    data: Any  # the parsed JSON when a schema was given, else None
    prompt_tokens: int
    completion_tokens: int
    cached: bool = False
    requests: int = 1  # HTTP completions made (0 from the cache; more after repairs)


class ChatModel(Protocol):
    """What the judge and the agent need from a model (a client, a replay, a script)."""

    def chat(
        self, messages: list[Message], schema: dict[str, Any] | None = None, name: str = "answer"
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
        self._http = httpx.Client(
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

    @property
    def name(self) -> str:
        return self.config.model

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
        convo, tokens, problem = list(messages), [0, 0], ""
        for attempt in range(1, self.config.max_repairs + 2):
            content, p, c = self._complete(convo, schema, name, seed)
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
        try:
            return retry.send(
                lambda: self._http.post("chat/completions", json=body),
                self._retry,
                self._accept,
                sleep=self._sleep,
            )
        except retry.GaveUp as gave_up:
            raise self._failure(gave_up.last) from None

    def _accept(self, resp: httpx.Response) -> tuple[str, int, int]:
        if resp.status_code != 200:
            raise LLMError(f"{self.name}: HTTP {resp.status_code}: {self._scrub(resp.text[:200])}")
        parsed = _completion(resp)
        if parsed is None:
            raise retry.Again("malformed completion response")
        return parsed

    def _failure(self, last: httpx.Response | Exception) -> LLMError:
        """The error for the last of the failed attempts."""
        if isinstance(last, httpx.TimeoutException):
            return LLMError(f"{self.name}: request timed out after {self.config.timeout}s")
        if isinstance(last, httpx.TransportError):
            return LLMError(f"{self.name}: connection failed ({type(last).__name__})")
        if isinstance(last, httpx.Response):
            reason = Reason.RATE_LIMITED if last.status_code == 429 else Reason.BACKEND_ERROR
            return LLMError(f"{self.name}: HTTP {last.status_code}", reason)
        return LLMError(f"{self.name}: {last}")

    def _scrub(self, text: str) -> str:
        key = self.config.api_key
        return text.replace(key, "[key]") if key else text

    def close(self) -> None:
        self._http.close()
        if self.cache is not None:
            self.cache.close()


def _completion(resp: httpx.Response) -> tuple[str, int, int] | None:
    """``(content, prompt_tokens, completion_tokens)`` of an OpenAI-style response."""
    try:
        body = resp.json()
        content = body["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    if not isinstance(content, str):
        return None
    usage = body.get("usage") or {}
    return content, int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)

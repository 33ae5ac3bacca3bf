"""A minimal chat-model seam over any OpenAI-compatible chat-completions endpoint.

Stands in for the project's LLM client (issue 5) until it lands; the rest of the
package depends only on the ``ChatModel`` protocol.
"""

from __future__ import annotations

import os
from typing import Any, Protocol

import httpx


class ChatModel(Protocol):
    """Anything that answers a list of chat messages with text."""

    name: str

    def complete(self, messages: list[dict[str, str]], *, seed: int | None) -> str: ...


class LLMError(RuntimeError):
    """The endpoint failed or answered something that is not a chat completion."""


class OpenAIChatModel:
    """Chat completions over HTTP. Configuration comes from arguments or the environment:
    ``OPENAI_BASE_URL`` (e.g. ``http://localhost:8000/v1``), ``OPENAI_API_KEY``,
    ``CITEPROOF_LLM_MODEL``. The key is sent as a bearer token and never logged."""

    def __init__(self, model: str | None = None, base_url: str | None = None,
                 api_key: str | None = None, *, temperature: float = 0.0,
                 timeout: float = 120.0, transport: httpx.BaseTransport | None = None) -> None:
        self.name = model or os.environ.get("CITEPROOF_LLM_MODEL", "")
        if not self.name:
            raise LLMError("no model: pass one or set CITEPROOF_LLM_MODEL")
        url = base_url or os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1")
        key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY", "")
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.temperature = temperature
        self._client = httpx.Client(base_url=url.rstrip("/") + "/", headers=headers,
                                    timeout=timeout, transport=transport)

    def __repr__(self) -> str:
        return f"OpenAIChatModel(model={self.name!r}, base_url={str(self._client.base_url)!r})"

    def complete(self, messages: list[dict[str, str]], *, seed: int | None) -> str:
        body: dict[str, Any] = {"model": self.name, "messages": messages,
                                "temperature": self.temperature}
        if seed is not None:
            body["seed"] = seed
        try:
            response = self._client.post("chat/completions", json=body)
        except httpx.HTTPError as exc:
            raise LLMError(f"request failed: {type(exc).__name__}") from exc
        if response.status_code != 200:
            raise LLMError(f"HTTP {response.status_code} from chat/completions")
        try:
            content = response.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMError("response is not a chat completion") from exc
        return str(content or "")

    def close(self) -> None:
        self._client.close()

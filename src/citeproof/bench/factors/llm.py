"""The chat-model seam of the factor study, over the project's LLM client.

The rest of the package depends only on the ``ChatModel`` protocol; `OpenAIChatModel`
adapts `citeproof.llm.client.ChatClient` (retries, token accounting, response cache) to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

import httpx

from citeproof.llm.client import ChatClient, LLMConfig, LLMError

__all__ = ["ChatModel", "LLMError", "OpenAIChatModel"]


class ChatModel(Protocol):
    """Anything that answers a list of chat messages with text."""

    name: str

    def complete(self, messages: list[dict[str, str]], *, seed: int | None) -> str: ...


class OpenAIChatModel:
    """Chat completions over any OpenAI-compatible endpoint. Configuration comes from
    arguments or the environment (``OPENAI_BASE_URL``, ``OPENAI_API_KEY``,
    ``CITEPROOF_LLM_MODEL``); the key is sent as a bearer token and never logged."""

    def __init__(
        self,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        temperature: float = 0.0,
        timeout: float = 120.0,
        transport: httpx.BaseTransport | None = None,
        max_retries: int = 4,
        sleep: Callable[[float], None] = time.sleep,
        cache: bool = True,
    ) -> None:
        config = LLMConfig.load(
            model=model,
            base_url=base_url,
            api_key=api_key or None,
            temperature=temperature,
            timeout=timeout,
            max_retries=max_retries,
        )
        self.name = config.model
        self._client = ChatClient(config, transport=transport, sleep=sleep, cache=cache)

    def __repr__(self) -> str:
        return f"OpenAIChatModel(model={self.name!r}, base_url={self._client.config.base_url!r})"

    def complete(self, messages: list[dict[str, str]], *, seed: int | None) -> str:
        return self._client.chat(messages, seed=seed).content

    def close(self) -> None:
        self._client.close()

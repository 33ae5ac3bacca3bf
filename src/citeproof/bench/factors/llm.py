"""The factor study's model: the project's `ChatClient` (retries, token accounting,
response cache), configured from arguments or the environment (``OPENAI_BASE_URL``,
``OPENAI_API_KEY``, ``CITEPROOF_LLM_MODEL``). The rest of the package asks any
`citeproof.llm.client.ChatModel`; the key is sent as a bearer token and never logged."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from citeproof.llm.client import ChatClient, LLMConfig

STUDY_TIMEOUT = 120.0  # seconds: a 3-ply argument is a long answer


def open_model(
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    *,
    temperature: float = 0.0,
    timeout: float = STUDY_TIMEOUT,
    transport: httpx.BaseTransport | None = None,
    max_retries: int = 4,
    sleep: Callable[[float], None] = time.sleep,
    cache: bool = True,
) -> ChatClient:
    """A client of ``model`` at ``base_url`` (None: from the environment); `LLMError`
    when no model is configured."""
    config = LLMConfig.load(
        model=model,
        base_url=base_url,
        api_key=api_key or None,
        temperature=temperature,
        timeout=timeout,
        max_retries=max_retries,
    )
    return ChatClient(config, transport=transport, sleep=sleep, cache=cache)

"""Small scripted models for tests: each answers through the `ChatModel` seam."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from citeproof.core.models import Reason
from citeproof.llm.client import ChatReply, LLMError, ModelInfo
from citeproof.llm.schema import parse_json

BROWN_CONTRADICTED = (
    "Brown v. Board of Education held that in the field of public education "
    "the doctrine of separate but equal has a place. Brown v. Board of "
    "Education, 347 U.S. 483, 495 (1954)."
)
BROWN_SUPPORTED = (
    "In the field of public education the doctrine of separate but equal has no "
    "place. Brown v. Board of Education, 347 U.S. 483, {pin} (1954)."
)


class FuncModel:
    """Replies with ``reply(user_prompt, call_number)`` (a dict → JSON); counts calls."""

    name = "func"

    def __init__(self, reply: Callable[[str, int], dict[str, Any] | Exception]) -> None:
        self.reply = reply
        self.calls = 0
        self.prompts: list[str] = []

    def describe(self) -> ModelInfo:
        return ModelInfo(self.name)

    def chat(
        self,
        messages: list[dict[str, str]],
        schema: dict[str, Any] | None = None,
        name: str = "answer",
        seed: int | None = None,
    ) -> ChatReply:
        self.calls += 1
        self.prompts.append(messages[-1]["content"])
        out = self.reply(messages[-1]["content"], self.calls)
        if isinstance(out, Exception):
            raise out
        content = json.dumps(out)
        return ChatReply(content, parse_json(content, schema) if schema else None, 10, 5)


def failing(reason: Reason) -> FuncModel:
    return FuncModel(lambda _p, _n: LLMError("scripted failure", reason))

"""An LLM-backed extractor behind the same interface as the deterministic one."""

from __future__ import annotations

import json
import re

from citeproof.bench.factors.mentions import Mention
from citeproof.bench.factors.prompts import extraction_messages
from citeproof.bench.factors.triples import Role, Triple
from citeproof.llm.client import ChatModel

_CODE = re.compile(r"^F\d{1,3}$")


def parse_extraction(answer: str) -> tuple[Mention, ...]:
    """Mentions from the model's JSON answer; anything unparsable yields no mentions."""
    match = re.search(r"\{.*\}", answer, re.DOTALL)
    if not match:
        return ()
    try:
        data = json.loads(match.group())
    except json.JSONDecodeError:
        return ()
    if not isinstance(data, dict):
        return ()
    out: set[Mention] = set()
    for role in Role:
        values = data.get(role.value) or []
        if isinstance(values, list):
            codes = (str(v).strip().upper().split()[0] for v in values if str(v).strip())
            out |= {Mention(role, c) for c in codes if _CODE.match(c)}
    return tuple(sorted(out, key=lambda m: (m.role, m.factor)))


class LLMExtractor:
    """Asks a chat model to list the factors an argument asserts per case."""

    def __init__(self, model: ChatModel, seed: int | None = 0) -> None:
        self.model = model
        self.seed = seed
        self.name = f"llm:{model.name}"

    def extract(self, text: str, triple: Triple) -> tuple[Mention, ...]:
        answer = self.model.chat(extraction_messages(text, triple), seed=self.seed).content
        return parse_extraction(answer)

"""The drafting prompts of the rate study: what is asked, of which court, on what topic.

The bundled set (``data/prompts/rate_study.jsonl``) has 96 prompts, 32 per court level:
U.S. Supreme Court questions, federal circuit questions (every numbered circuit, the
D.C. and the Federal Circuit) and state questions (23 states). One JSON object a line:
``{"id", "level", "jurisdiction", "topic", "prompt"}``; a file of the older form
``{"id", "prompt"}`` reads with level ``unspecified``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from pathlib import Path


class CourtLevel(StrEnum):
    SUPREME_COURT = "supreme_court"
    FEDERAL_CIRCUIT = "federal_circuit"
    STATE = "state"
    UNSPECIFIED = "unspecified"


@dataclass(frozen=True, slots=True)
class Prompt:
    id: str
    prompt: str
    level: CourtLevel = CourtLevel.UNSPECIFIED
    jurisdiction: str = ""
    topic: str = ""

    def to_dict(self) -> dict[str, str]:
        return {
            "id": self.id,
            "level": str(self.level),
            "jurisdiction": self.jurisdiction,
            "topic": self.topic,
            "prompt": self.prompt,
        }


def bundled_prompts_path() -> Path:
    return Path(str(resources.files("citeproof") / "data" / "prompts" / "rate_study.jsonl"))


def load_prompts(path: str | Path | None = None) -> tuple[Prompt, ...]:
    """The prompts of ``path`` (default: the bundled set); a clear ``ValueError`` naming the
    line for a malformed record, an unknown level or a repeated id."""
    source = Path(path) if path is not None else bundled_prompts_path()
    prompts: list[Prompt] = []
    seen: set[str] = set()
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{source.name} line {number}"
        prompt = _prompt(line, where)
        if prompt.id in seen:
            raise ValueError(f"{where}: prompt id {prompt.id!r} repeated")
        seen.add(prompt.id)
        prompts.append(prompt)
    if not prompts:
        raise ValueError(f"{source.name}: no prompts")
    return tuple(prompts)


def _prompt(line: str, where: str) -> Prompt:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(record, dict) or not str(record.get("id", "")).strip():
        raise ValueError(f"{where}: a prompt needs an 'id'")
    text = str(record.get("prompt", "")).strip()
    if not text:
        raise ValueError(f"{where}: prompt {record['id']!r} has no text")
    level = str(record.get("level", CourtLevel.UNSPECIFIED))
    if level not in set(CourtLevel):
        raise ValueError(f"{where}: level {level!r} is not one of {', '.join(CourtLevel)}")
    return Prompt(
        str(record["id"]),
        text,
        CourtLevel(level),
        str(record.get("jurisdiction", "")),
        str(record.get("topic", "")),
    )

"""The detector seam every benchmark runs through: text in, flagged fragments out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class Detection:
    """What a detector flagged in one excerpt, and what it cost."""

    fragments: tuple[str, ...]  # text a reader should look at, one per suspected error
    calls: int = 0  # LLM calls
    prompt_tokens: int = 0
    completion_tokens: int = 0
    steps: int = 0  # agent steps
    seconds: float = 0.0
    repeats: int = 0  # actions the agent asked for again (answered from its cache)
    exhausted: bool = False  # the agent ran out of steps (or calls) with citations pending


class Detector(Protocol):
    """Flags fragments of one text at a time; ``close()`` frees what it opened (a client,
    a server) once the run is over, and does nothing when it opened nothing."""

    @property
    def name(self) -> str: ...

    def detect(self, text: str) -> Detection: ...

    def close(self) -> None: ...

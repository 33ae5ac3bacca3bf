"""Re-run an agent trace: its recorded model replies go back through the same loop, the
lookups run again, and every record must recur."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from citeproof.core.models import Reason
from citeproof.core.protocols import Library
from citeproof.library.chain import RemoteLibrary
from citeproof.llm.agent import BeliefAgent
from citeproof.llm.beliefs import AgentRun
from citeproof.llm.client import ChatReply, LLMError, ModelInfo
from citeproof.llm.trace_io import read_trace


class ReplayMismatch(AssertionError):
    """A replayed run diverged from its trace."""


class ReplayModel:
    """A `ChatModel` answering with a trace's recorded replies (or failures), in order."""

    name = "replay"

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self._replies = [r for r in records if r["type"] == "step" and ("reply" in r or "error" in r)]

    def describe(self) -> ModelInfo:
        return ModelInfo(self.name)

    def chat(
        self,
        messages: list[dict[str, str]],
        schema: dict[str, Any] | None = None,
        name: str = "answer",
        seed: int | None = None,
    ) -> ChatReply:
        if not self._replies:
            raise ReplayMismatch("the run asked the model more often than the trace did")
        record = self._replies.pop(0)
        if "error" in record:
            raise LLMError(record["error"], Reason(record["reason"]))
        return ChatReply(record["reply"], json.loads(record["reply"]), 0, 0, cached=True, requests=0)


def replay(path: str | Path, library: Library, remote: RemoteLibrary | None = None) -> AgentRun:
    """Re-run the trace at ``path``; raises `ReplayMismatch` at the first record that differs."""
    records = read_trace(path)
    start = records[0]
    agent = BeliefAgent(ReplayModel(records), library, start["budget"], remote, start["policy"])
    run = agent.run(start["text"])
    again = json.loads(json.dumps(list(run.trace)))  # as written: tuples become lists
    if again != records:
        at = next((i for i, (a, b) in enumerate(zip(again, records, strict=False)) if a != b), None)
        raise ReplayMismatch(
            f"replay diverges from {path} at record {at if at is not None else min(len(again), len(records))}"
        )
    return run

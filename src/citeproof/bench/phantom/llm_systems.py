"""The LLM-backed checkers as benchmark `Detector`s: rules+judge, the agent, single call."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from citeproof.bench.systems import Detection
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.llm.agent import DEFAULT_BUDGET, AgentRun, BeliefAgent, single_call
from citeproof.llm.client import ChatModel
from citeproof.llm.judge import LLMJudge


def _model_name(model: ChatModel) -> str:
    return str(getattr(model, "name", type(model).__name__))


class RulesDetector:
    """The offline rules, optionally with the LLM support judge (`check --llm`)."""

    def __init__(self, library: Library, judge: LLMJudge | None = None, name: str | None = None) -> None:
        self.library, self.judge = library, judge
        self.name = name or ("rules" if judge is None else f"rules+judge:{_model_name(judge.model)}")

    def detect(self, text: str) -> Detection:
        start = time.perf_counter()
        j = self.judge
        before = (j.calls, j.prompt_tokens, j.completion_tokens) if j else (0, 0, 0)
        report = check_document(document_from_text(text), self.library, judge=j)
        after = (j.calls, j.prompt_tokens, j.completion_tokens) if j else (0, 0, 0)
        fragments = [e.fragment for v in report.verdicts for e in v.errors if e.fragment]
        return Detection(
            tuple(dict.fromkeys(fragments)),
            after[0] - before[0],
            after[1] - before[1],
            after[2] - before[2],
            0,
            time.perf_counter() - start,
        )


def _detection(run: AgentRun, seconds: float) -> Detection:
    return Detection(
        run.fragments,
        run.calls,
        run.prompt_tokens,
        run.completion_tokens,
        run.steps,
        seconds,
        run.repeats,
        run.stopped in ("budget", "calls"),
    )


class AgentDetector:
    """The belief-state agent; one JSONL trace per excerpt when ``trace_dir`` is given."""

    def __init__(
        self,
        model: ChatModel,
        library: Library,
        budget: int = DEFAULT_BUDGET,
        trace_dir: str | Path | None = None,
        remote: Library | None = None,
    ) -> None:
        self.agent = BeliefAgent(model, library, budget, remote)
        self.trace_dir = Path(trace_dir) if trace_dir else None
        self.name = f"agent:{_model_name(model)}"

    def detect(self, text: str) -> Detection:
        start = time.perf_counter()
        trace = None
        if self.trace_dir is not None:
            trace = self.trace_dir / f"{hashlib.sha256(text.encode()).hexdigest()[:16]}.jsonl"
        return _detection(self.agent.run(text, trace), time.perf_counter() - start)


class SingleCallDetector:
    """The baseline: rules, then one call with the agent's prompt and no actions."""

    def __init__(self, model: ChatModel, library: Library) -> None:
        self.model, self.library = model, library
        self.name = f"single-call:{_model_name(model)}"

    def detect(self, text: str) -> Detection:
        start = time.perf_counter()
        return _detection(single_call(self.model, self.library, text), time.perf_counter() - start)

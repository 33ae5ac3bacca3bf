"""citeproof's checkers as benchmark `Detector`s: the rules (alone, or with the LLM
support judge of ``check --llm``), the agent, and the single-call baseline."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from citeproof.bench.phantom.scorer import unique_predictions
from citeproof.bench.systems import Detection
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.library.chain import RemoteLibrary
from citeproof.llm.agent import DEFAULT_BUDGET, BeliefAgent
from citeproof.llm.beliefs import AgentRun
from citeproof.llm.client import ChatModel
from citeproof.llm.judge import LLMJudge
from citeproof.llm.single_call import single_call
from citeproof.llm.tools import Action


class RulesDetector:
    """Every error of every hallucinated verdict, by its fragment (else the citation's
    text), each normalised form once; with a judge, what its calls cost."""

    def __init__(self, library: Library, judge: LLMJudge | None = None) -> None:
        self.library, self.judge = library, judge
        self.name = "rules" if judge is None else f"rules+judge:{judge.model.name}"

    def detect(self, text: str) -> Detection:
        start = time.perf_counter()
        before = self._spent()
        report = check_document(document_from_text(text), self.library, judge=self.judge)
        calls, prompt, completion = (a - b for a, b in zip(self._spent(), before, strict=True))
        fragments = [e.fragment or v.citation.text for v in report.verdicts for e in v.errors]
        return Detection(
            unique_predictions(fragments),
            calls,
            prompt,
            completion,
            seconds=time.perf_counter() - start,
        )

    def _spent(self) -> tuple[int, int, int]:
        j = self.judge
        return (j.calls, j.prompt_tokens, j.completion_tokens) if j is not None else (0, 0, 0)

    def close(self) -> None:
        """Nothing of its own to free: the library and the judge's model belong to the caller."""


def _detection(run: AgentRun, seconds: float) -> Detection:
    return Detection(
        run.fragments,
        run.calls,
        run.prompt_tokens,
        run.completion_tokens,
        run.steps,
        seconds,
        run.repeats,
        run.stopped == "budget",
    )


class AgentDetector:
    """The information-seeking agent; one JSONL trace per excerpt when ``trace_dir`` is
    given, and the actions of every excerpt kept for the per-action table (`runs`)."""

    def __init__(
        self,
        model: ChatModel,
        library: Library,
        budget: int = DEFAULT_BUDGET,
        trace_dir: str | Path | None = None,
        remote: RemoteLibrary | None = None,
        policy: str = "information",
    ) -> None:
        self.agent = BeliefAgent(model, library, budget, remote, policy)
        self.trace_dir = Path(trace_dir) if trace_dir else None
        self.name = f"agent:{model.name}" + ("" if policy == "information" else f" ({policy} order)")
        self.runs: list[tuple[Action, ...]] = []

    def detect(self, text: str) -> Detection:
        start = time.perf_counter()
        trace = None
        if self.trace_dir is not None:
            trace = self.trace_dir / f"{hashlib.sha256(text.encode()).hexdigest()[:16]}.jsonl"
        run = self.agent.run(text, trace)
        self.runs.append(run.actions)
        return _detection(run, time.perf_counter() - start)

    def close(self) -> None:
        """Nothing of its own to free: the model and the libraries belong to the caller."""


class SingleCallDetector:
    """The baseline: rules, then one call with the agent's prompt and no actions."""

    def __init__(self, model: ChatModel, library: Library) -> None:
        self.model, self.library = model, library
        self.name = f"single-call:{model.name}"

    def detect(self, text: str) -> Detection:
        start = time.perf_counter()
        return _detection(single_call(self.model, self.library, text), time.perf_counter() - start)

    def close(self) -> None:
        """Nothing of its own to free: the model and the library belong to the caller."""

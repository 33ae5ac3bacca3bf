"""The records of an agent run: one `Belief` per case citation, and the `AgentRun`.

Rules run first; every citation they settle is fixed (``by="rules"``). The others are
``pending`` until the agent (or the single-call baseline) decides them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from citeproof.core.models import CitationType, ErrorKind, Outcome, Status
from citeproof.core.pipeline import Report
from citeproof.llm.tools import Action

STATUSES = ("correct", "hallucinated", "pending")


@dataclass(frozen=True, slots=True)
class Belief:
    citation_id: str
    text: str  # the citation as written
    proposition: str | None
    status: str = "pending"
    kind: str | None = None
    evidence: str = ""
    by: str = "rules"
    case_id: str | None = None
    posterior: tuple[tuple[str, float], ...] = ()  # the agent's, over correct and the open kinds
    flagged: str | None = None  # the words to look at, when not the citation or proposition

    def fragment(self) -> str:
        if self.flagged:
            return self.flagged
        if self.kind == ErrorKind.MISREPRESENTATION and self.proposition:
            return self.proposition
        return self.text

    def line(self) -> str:
        prop = f' | proposition: "{self.proposition[:200]}"' if self.proposition else ""
        case = f" | case_id={self.case_id}" if self.case_id else ""
        kind = f" ({self.kind})" if self.kind else ""
        ev = f" | evidence: {self.evidence[:240]}" if self.evidence else ""
        return f"{self.citation_id}: {self.text}{case}{prop} => {self.status}{kind}{ev}"


@dataclass(frozen=True, slots=True)
class AgentRun:
    beliefs: tuple[Belief, ...]
    fragments: tuple[str, ...]
    steps: int
    calls: int
    repeats: int
    prompt_tokens: int
    completion_tokens: int
    stopped: str  # settled | converged | budget | finished | error
    trace: tuple[dict[str, Any], ...] = field(repr=False)
    actions: tuple[Action, ...] = ()  # each action taken, in order


def rules_beliefs(report: Report) -> dict[str, Belief]:
    """What the rules settle, and what they leave pending for the agent."""
    out: dict[str, Belief] = {}
    for v in report.verdicts:
        c = v.citation
        if c.type is not CitationType.CASE:
            continue
        base = Belief(c.id, c.text, c.proposition, case_id=v.authority.id if v.authority else None)
        if v.status is Status.HALLUCINATED:
            e = v.errors[0]
            out[c.id] = replace(
                base, status="hallucinated", kind=e.kind.value, evidence=e.evidence or e.explanation
            )
        elif v.status is Status.VERIFIED and (
            not c.proposition
            or any(f.kind is ErrorKind.MISREPRESENTATION and f.outcome is Outcome.PASS for f in v.findings)
        ):
            out[c.id] = replace(base, status="correct", evidence="verified by the rules")
        else:
            why = v.reason.value if v.reason else "support not decided by the rules"
            out[c.id] = replace(base, evidence=f"rules: {v.status.value}, {why}")
    return out


def fragments_of(report: Report, beliefs: dict[str, Belief]) -> tuple[str, ...]:
    """The rules' fragments, then those of the agent's hallucinated beliefs, each once."""
    ruled = [e.fragment for v in report.verdicts for e in v.errors if e.fragment]
    agent = [b.fragment() for b in beliefs.values() if b.status == "hallucinated" and b.by == "agent"]
    return tuple(dict.fromkeys(ruled + agent))

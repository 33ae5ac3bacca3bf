"""The information-seeking agent: rules first, then the lookups and questions that most
reduce the uncertainty about the citations the rules left pending.

Each pending citation starts with a prior over ``correct`` and the error kinds the rules
left open (`likelihoods.py`). At each step the planner (`planner.py`) offers every
lookup not yet taken on an undecided citation — library lookup by name, CourtListener
lookup by cite (only with a remote library), text search and quote search of the cited
opinion, a question to the model — and the policy picks one: by default the highest
expected information gain per unit of cost (`entropy.py`). Its outcome updates that
citation's belief by Bayes' rule. The run stops when every citation is decided, when no
action is worth a step, or at the step budget (30, the paper's).

A citation ends ``hallucinated`` only when an error kind is more likely than not *and* an
observation that can be checked supports it (a CourtListener answer, a quote search, a
model answer whose quote is in the opinion); ``correct`` when that is `DECIDED`;
otherwise it stays pending. Every run can write a JSONL trace (`trace_io.py`) that
`replay.py` re-runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from citeproof.core.models import Verdict
from citeproof.core.pipeline import Report, check_document
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.reading.read import document_from_text
from citeproof.library.chain import RemoteLibrary
from citeproof.llm.beliefs import AgentRun, Belief, fragments_of, rules_beliefs
from citeproof.llm.client import ChatModel, LLMError
from citeproof.llm.entropy import Likelihood, most_likely, updated
from citeproof.llm.likelihoods import (
    ASK_MODEL,
    CORRECT,
    FAILED,
    MISQUOTE,
    SEARCH_COURTLISTENER,
    SEARCH_LIBRARY,
    SEARCH_OPINION,
    SEARCH_QUOTE,
    WRONG_PINCITE,
    open_kinds,
    prior,
)
from citeproof.llm.planner import DECIDED, POLICIES, READING, Option, Pending, likelihood, options
from citeproof.llm.questions import ask_reading, ask_verdict
from citeproof.llm.tools import Action, AgentTools, Observation
from citeproof.llm.trace_io import write_trace

DEFAULT_BUDGET = 30  # steps per excerpt, as in the paper
FLAG = 0.5  # an error kind more likely than not (with checkable evidence) is flagged
CHECKABLE = (SEARCH_COURTLISTENER, SEARCH_QUOTE)  # lookups whose answer is evidence by itself


@dataclass(frozen=True, slots=True)
class Evidence:
    favours: str  # the hypothesis the observation raised most against ``correct``
    text: str
    checkable: bool
    fragment: str | None = None


def pending_from(v: Verdict, remote: bool) -> Pending:
    """The agent's starting point for a citation the rules left open."""
    kinds = open_kinds(v)
    a = v.authority
    return Pending(
        v.citation,
        tuple(prior(kinds).items()),
        case_id=a.id if a else None,
        case_name=a.name_abbreviation if a else "",
        has_text=a is not None and (a.has_text or remote),
        quotes_checked=MISQUOTE not in kinds,
    )


def favoured(belief: Mapping[str, float], table: Likelihood, outcome: str) -> str:
    """The hypothesis an outcome raises most against ``correct`` (``correct`` if none)."""
    given = table.get(outcome, {})
    base = given.get(CORRECT, 0.0)
    ratios = {h: given.get(h, 0.0) / base if base else float("inf") for h in belief if h != CORRECT}
    best = max(ratios, key=lambda h: ratios[h], default=CORRECT)
    return best if best != CORRECT and ratios[best] > 1 and given.get(best, 0.0) > 0 else CORRECT


class BeliefAgent:
    """``remote``: a CourtListener library, offered as a lookup when given; ``policy``:
    ``information`` (expected information gain per cost) or ``fixed`` (a checklist)."""

    def __init__(
        self,
        model: ChatModel,
        library: Library,
        budget: int = DEFAULT_BUDGET,
        remote: RemoteLibrary | None = None,
        policy: str = "information",
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown agent policy {policy!r}: one of {', '.join(POLICIES)}")
        self.model, self.library, self.budget, self.remote = model, library, budget, remote
        self.policy = policy

    def run(self, text: str, trace_path: str | Path | None = None) -> AgentRun:
        report = check_document(document_from_text(text), self.library)
        loop = _Loop(self, text, report)
        run = loop.go()
        if trace_path is not None:
            write_trace(run.trace, trace_path)
        return run


class _Loop:
    """The mutable state of one run (kept out of the frozen records)."""

    def __init__(self, agent: BeliefAgent, text: str, report: Report) -> None:
        self.agent, self.report = agent, report
        self.tools = AgentTools(agent.library, agent.remote)
        self.beliefs = rules_beliefs(report)
        remote = agent.remote is not None
        open_ids = {i for i, b in self.beliefs.items() if b.status == "pending"}
        self.pending = {
            v.citation.id: pending_from(v, remote) for v in report.verdicts if v.citation.id in open_ids
        }
        self.evidence: dict[str, list[Evidence]] = {cid: [] for cid in self.pending}
        self.done: set[str] = set()
        self.actions: list[Action] = []
        self.calls = self.prompt_tokens = self.completion_tokens = 0
        self.model_down = False
        self.trace: list[dict[str, Any]] = [
            {
                "type": "start",
                "text": text,
                "budget": agent.budget,
                "policy": agent.policy,
                "remote": remote,
                "pending": {cid: dict(p.belief) for cid, p in self.pending.items()},
            }
        ]

    def go(self) -> AgentRun:
        choose = POLICIES[self.agent.policy]
        remote, stopped = self.agent.remote is not None, "settled"
        while any(not p.decided() for p in self.pending.values()):
            if len(self.actions) >= self.agent.budget:
                stopped = "budget"
                break
            choice = choose(options(list(self.pending.values()), self.done, remote, not self.model_down))
            if choice is None:
                stopped = "converged"
                break
            self.step(choice)
        return self.result(stopped)

    def step(self, choice: Option) -> None:
        action = choice.action
        p = self.pending[action.citation_id]
        table = likelihood(action.name, p)
        record: dict[str, Any] = {"type": "step", "step": len(self.actions) + 1, "action": action.key()}
        if action.name == ASK_MODEL:
            obs, checkable = self.ask(p, record)
        else:
            obs, checkable = self.look(action.name, p), action.name in CHECKABLE
        belief = p.probabilities
        if obs.outcome in table:
            belief = updated(belief, table, obs.outcome)
            self.evidence[p.citation.id].append(
                Evidence(favoured(p.probabilities, table, obs.outcome), obs.text, checkable, obs.fragment)
            )
        self.pending[p.citation.id] = _learnt(replace(p, belief=tuple(belief.items())), action.name, obs)
        self.done.add(action.key())
        self.actions.append(action)
        record.update(gain=choice.gain, outcome=obs.outcome, observation=obs.text, belief=belief)
        self.trace.append(record)

    def look(self, name: str, p: Pending) -> Observation:
        c, tools = p.citation, self.tools
        if name == SEARCH_LIBRARY:
            return tools.search_library(c)
        if name == SEARCH_COURTLISTENER:
            return tools.search_courtlistener(c)
        if name == SEARCH_OPINION:
            return tools.search_opinion(c, p.case_id or "", p.case_name)
        return tools.search_quote(c, p.case_id or "")

    def ask(self, p: Pending, record: dict[str, Any]) -> tuple[Observation, bool]:
        """The model's answer as an observation; a failure stops further questions."""
        c = p.citation
        try:
            if p.level() == READING:
                opinion = self.tools.opinion(p.case_id or "")
                if opinion is None:
                    return Observation(FAILED, "no opinion text for that case"), False
                answer = ask_reading(self.agent.model, c, p.case_name, opinion, p.passages)
            else:
                answer = ask_verdict(self.agent.model, c, tuple(p.probabilities), p.findings)
        except LLMError as exc:
            self.model_down = True
            record.update(error=str(exc), reason=exc.reason.value)
            return Observation(FAILED, f"the model could not answer: {exc}"), False
        except LibraryError as exc:
            return Observation(FAILED, f"the opinion could not be fetched ({exc.reason})"), False
        self.calls += 1
        self.prompt_tokens += answer.prompt_tokens
        self.completion_tokens += answer.completion_tokens
        record["reply"] = answer.reply
        fragment = c.text if answer.outcome == WRONG_PINCITE else None  # misrepresentation: the proposition
        return Observation(answer.outcome, answer.text, fragment=fragment), answer.checkable

    def result(self, stopped: str) -> AgentRun:
        for cid, p in self.pending.items():
            self.beliefs[cid] = self.concluded(self.beliefs[cid], p)
        self.trace.append(
            {
                "type": "end",
                "stopped": stopped,
                "steps": len(self.actions),
                "calls": self.calls,
                "beliefs": {i: [b.status, b.kind] for i, b in self.beliefs.items()},
            }
        )
        return AgentRun(
            tuple(self.beliefs.values()),
            fragments_of(self.report, self.beliefs),
            len(self.actions),
            self.calls,
            len(self.actions) - len({a.key() for a in self.actions}),  # 0: a taken action is no candidate
            self.prompt_tokens,
            self.completion_tokens,
            stopped,
            tuple(self.trace),
            tuple(self.actions),
        )

    def concluded(self, b: Belief, p: Pending) -> Belief:
        """The belief's verdict from its posterior and the evidence gathered."""
        best, probability = most_likely(p.probabilities)
        out = replace(b, posterior=p.belief, case_id=p.case_id)
        seen = self.evidence[b.citation_id]
        if best == CORRECT and probability >= DECIDED and seen:
            return replace(out, status="correct", evidence=seen[-1].text, by="agent")
        backing = [e for e in seen if e.favours == best and e.checkable]
        if best != CORRECT and probability >= FLAG and backing:
            e = backing[-1]
            return replace(
                out, status="hallucinated", kind=best, evidence=e.text, by="agent", flagged=e.fragment
            )
        return out


def _learnt(p: Pending, name: str, obs: Observation) -> Pending:
    """What an action taught about the citation besides its belief."""
    if name == SEARCH_OPINION:
        return replace(p, passages=obs.passages)
    if name == SEARCH_QUOTE:
        return replace(p, quotes_checked=True, findings=(*p.findings, obs.text[:300]))
    if name == ASK_MODEL:
        return p
    found = obs.case is not None and obs.outcome in ("found_same", "parallel")
    if found and obs.case is not None:
        p = replace(p, case_id=obs.case.id, case_name=obs.case.name_abbreviation, has_text=obs.case.has_text)
    return replace(p, findings=(*p.findings, obs.text[:300]))

"""A bounded belief-state agent for what the rules leave pending.

Rules run first; every citation they settle is fixed. The belief is one record per
citation (correct / hallucinated / pending, with kind and evidence), shown to the model
at every step in place of a growing transcript and updated from every reply. Actions
map onto the library (`tools.py`); identical actions are answered from a cache and not
counted; the loop stops when nothing is pending, the model finishes, or the step budget
is spent. Every run can write a JSONL trace, and `replay` re-runs a trace's recorded
replies through the same loop and checks that every observation and belief recurs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from citeproof.core.checking.quotes import locate
from citeproof.core.models import CitationType, ErrorKind, Outcome, Reason, Status
from citeproof.core.pipeline import Report, check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.llm.client import ChatModel, ChatReply, LLMError, ModelInfo
from citeproof.llm.tools import ACTIONS, Action, AgentTools

DEFAULT_BUDGET = 30
STATUSES = ("correct", "hallucinated", "pending")
KINDS = [k.value for k in ErrorKind]
_BELIEF_ITEM = {
    "type": "object",
    "properties": {
        "citation": {"type": "string"},
        "status": {"type": "string", "enum": list(STATUSES)},
        "kind": {"type": ["string", "null"], "enum": [*KINDS, None]},
        "evidence": {"type": "string"},
    },
    "required": ["citation", "status", "evidence"],
}
AGENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "thought": {"type": "string"},
        "action": {
            "type": "object",
            "properties": {"name": {"type": "string", "enum": list(ACTIONS)}, "args": {"type": "object"}},
            "required": ["name", "args"],
        },
        "belief": {"type": "array", "items": _BELIEF_ITEM},
    },
    "required": ["thought", "action", "belief"],
}
FINAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"belief": {"type": "array", "items": _BELIEF_ITEM}},
    "required": ["belief"],
}
_QUOTED = re.compile(r"[“\"]([^”\"]{12,})[”\"]")


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

    def fragment(self) -> str:
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
    stopped: str  # settled | finished | budget | calls | error
    trace: tuple[dict[str, Any], ...] = field(repr=False)


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


SYSTEM = (
    "You verify the case citations in an excerpt of a legal brief. Deterministic rules have "
    "already run: citations they settled are fixed. For each pending citation decide whether "
    "it is correct or hallucinated, and of which kind: nonexistent, name_mismatch, "
    "wrong_pincite, misquote, misrepresentation (the case exists but does not support the "
    "proposition). A case missing from the library is NOT evidence of hallucination. Mark a "
    "citation hallucinated only with evidence; for misrepresentation and wrong_pincite the "
    "evidence must quote the opinion in double quotes. Leave it pending when unsure."
)
AGENT_RULES = (
    " Take one action per reply: {actions}. Arguments: lookup_citation/search_courtlistener "
    "{{citation}}, search_library {{name}}, fetch_opinion {{case_id}}, search_opinion "
    "{{case_id, query}}, read_page {{case_id, page, reporter?}}, note {{text}}, think {{text}}, "
    "finish {{}}. Repeating an action returns the same result. Reply with JSON: thought, "
    "action {{name, args}}, belief (updates: citation, status, kind, evidence)."
)


def state_prompt(
    text: str,
    beliefs: dict[str, Belief],
    notes: list[str],
    recent: list[tuple[str, str]],
    done: list[str],
    steps: int,
    budget: int,
) -> str:
    lines = [f"Excerpt:\n{text}\n", "Citations (belief):"]
    lines += [b.line() for b in beliefs.values()]
    if notes:
        lines += ["", "Notes:", *(f"- {n}" for n in notes)]
    if done:
        lines += ["", "Actions taken:", *(f"- {d}" for d in done)]
    for key, obs in recent:
        lines += ["", f"Result of {key}:", obs]
    lines += ["", f"Steps used: {steps} of {budget}."]
    return "\n".join(lines)


class _Loop:
    """Mutable state of one run (kept out of the frozen records)."""

    def __init__(self, text: str, report: Report, budget: int) -> None:
        self.text, self.report, self.budget = text, report, budget
        self.beliefs = rules_beliefs(report)
        self.cache: dict[str, str] = {}
        self.done: list[str] = []
        self.recent: list[tuple[str, str]] = []
        self.steps = self.calls = self.repeats = self.prompt_tokens = self.completion_tokens = 0
        self.trace: list[dict[str, Any]] = [
            {"type": "start", "text": text, "budget": budget, "beliefs": self.snapshot()}
        ]

    def pending(self) -> bool:
        return any(b.status == "pending" for b in self.beliefs.values())

    def snapshot(self) -> dict[str, list[str | None]]:
        return {i: [b.status, b.kind] for i, b in self.beliefs.items()}

    def count(self, reply: ChatReply) -> None:
        self.calls += 1
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens

    def result(self, stopped: str) -> AgentRun:
        self.trace.append(
            {
                "type": "end",
                "stopped": stopped,
                "steps": self.steps,
                "calls": self.calls,
                "repeats": self.repeats,
                "beliefs": self.snapshot(),
            }
        )
        ruled = [e.fragment for v in self.report.verdicts for e in v.errors if e.fragment]
        agent = [
            b.fragment() for b in self.beliefs.values() if b.status == "hallucinated" and b.by == "agent"
        ]
        return AgentRun(
            tuple(self.beliefs.values()),
            tuple(dict.fromkeys(ruled + agent)),
            self.steps,
            self.calls,
            self.repeats,
            self.prompt_tokens,
            self.completion_tokens,
            stopped,
            tuple(self.trace),
        )


def apply_updates(beliefs: dict[str, Belief], updates: list[dict[str, Any]], library: Library) -> list[str]:
    """Merge the model's belief updates; rules-settled records never change. Returns the
    rejected updates (a hallucination claim without checkable evidence)."""
    rejected = []
    for u in updates:
        old = beliefs.get(str(u.get("citation")))
        if old is None or (old.by == "rules" and old.status != "pending"):
            continue
        status, kind, evidence = u["status"], u.get("kind"), u.get("evidence", "")
        if status == "hallucinated" and not _evidence_ok(old, kind, evidence, library):
            rejected.append(
                f"{old.citation_id}: a {kind or 'hallucination'} claim needs "
                "evidence (a quote of the opinion, found in its text)"
            )
            continue
        beliefs[old.citation_id] = replace(
            old, status=status, evidence=evidence, by="agent", kind=kind if status == "hallucinated" else None
        )
    return rejected


def _evidence_ok(b: Belief, kind: str | None, evidence: str, library: Library) -> bool:
    if not kind or not evidence.strip():
        return False
    if kind not in (ErrorKind.MISREPRESENTATION, ErrorKind.WRONG_PINCITE) or not b.case_id:
        return True
    opinion = library.opinion(b.case_id)
    if opinion is None:
        return True
    return any((m := locate(q, opinion.text)) is not None and m.found for q in _QUOTED.findall(evidence))


class BeliefAgent:
    """The bounded loop; ``remote`` is a CourtListener library when one is configured."""

    def __init__(
        self,
        model: ChatModel,
        library: Library,
        budget: int = DEFAULT_BUDGET,
        remote: Library | None = None,
        max_calls: int | None = None,
        recent: int = 3,
    ) -> None:
        self.model, self.library, self.budget, self.remote = model, library, budget, remote
        self.max_calls = max_calls if max_calls is not None else 2 * budget
        self.keep_recent = recent

    def run(self, text: str, trace_path: str | Path | None = None) -> AgentRun:
        loop = _Loop(text, check_document(document_from_text(text), self.library), self.budget)
        loop.trace[0].update(max_calls=self.max_calls, recent=self.keep_recent)
        tools = AgentTools(self.library, self.remote)
        system = SYSTEM + AGENT_RULES.format(actions=", ".join(tools.available()))
        stopped = "settled"
        while loop.pending():
            if loop.steps >= self.budget or loop.calls >= self.max_calls:
                stopped = "budget" if loop.steps >= self.budget else "calls"
                break
            prompt = state_prompt(
                text, loop.beliefs, tools.notes, loop.recent, loop.done, loop.steps, self.budget
            )
            try:
                reply = self.model.chat(
                    [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
                    AGENT_SCHEMA,
                    "step",
                )
            except LLMError as exc:
                loop.trace.append({"type": "error", "error": str(exc), "reason": exc.reason.value})
                stopped = "error"
                break
            if self._step(loop, tools, reply):
                stopped = "finished"
                break
        run = loop.result(stopped)
        if trace_path is not None:
            write_trace(run.trace, trace_path)
        return run

    def _step(self, loop: _Loop, tools: AgentTools, reply: ChatReply) -> bool:
        """Apply one reply; True when the model finished."""
        loop.count(reply)
        rejected = apply_updates(loop.beliefs, reply.data["belief"], self.library)
        action = Action.of(reply.data["action"]["name"], reply.data["action"].get("args") or {})
        key, repeated = action.key(), action.key() in loop.cache
        if action.name == "finish":
            observation = "finished"
        elif repeated:
            loop.repeats += 1
            observation = loop.cache[key]
        else:
            loop.steps += 1
            observation = loop.cache[key] = tools.run(action)
            loop.done.append(key)
        shown = (
            ("(repeated action: answered from cache, not counted)\n" if repeated else "")
            + observation
            + "".join(f"\nrejected update: {r}" for r in rejected)
        )
        loop.recent = (loop.recent + [(key, shown)])[-self.keep_recent :]
        loop.trace.append(
            {
                "type": "step",
                "call": loop.calls,
                "reply": reply.content,
                "action": key,
                "cached": repeated,
                "observation": observation,
                "rejected": rejected,
                "steps": loop.steps,
                "beliefs": loop.snapshot(),
            }
        )
        return action.name == "finish"


def single_call(model: ChatModel, library: Library, text: str) -> AgentRun:
    """The baseline: the same prompt, one reply, no actions and no belief updates."""
    loop = _Loop(text, check_document(document_from_text(text), library), 0)
    if not loop.pending():
        return loop.result("settled")
    system = SYSTEM + " You cannot take actions: answer now with JSON {belief: [updates]}."
    prompt = state_prompt(text, loop.beliefs, [], [], [], 0, 0)
    try:
        reply = model.chat(
            [{"role": "system", "content": system}, {"role": "user", "content": prompt}],
            FINAL_SCHEMA,
            "final",
        )
    except LLMError as exc:
        loop.trace.append({"type": "error", "error": str(exc), "reason": exc.reason.value})
        return loop.result("error")
    loop.count(reply)
    rejected = apply_updates(loop.beliefs, reply.data["belief"], library)
    loop.trace.append(
        {"type": "step", "call": 1, "reply": reply.content, "rejected": rejected, "beliefs": loop.snapshot()}
    )
    return loop.result("finished")


def write_trace(records: tuple[dict[str, Any], ...], path: str | Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


def read_trace(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


class ReplayMismatch(AssertionError):
    """A replayed run diverged from its trace."""


class _ReplayModel:
    name = "replay"

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self._replies = [r for r in records if r["type"] in ("step", "error")]

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
            raise ReplayMismatch("the run asked for more replies than the trace holds")
        record = self._replies.pop(0)
        if record["type"] == "error":
            raise LLMError(record["error"], Reason(record["reason"]))
        return ChatReply(record["reply"], json.loads(record["reply"]), 0, 0, cached=True, requests=0)


def replay(path: str | Path, library: Library, remote: Library | None = None) -> AgentRun:
    """Re-run a trace's recorded replies through the loop; every record must recur."""
    records = read_trace(path)
    start = records[0]
    agent = BeliefAgent(
        _ReplayModel(records), library, start["budget"], remote, start["max_calls"], start["recent"]
    )
    run = agent.run(start["text"])
    if list(run.trace) != records:
        diverged = (
            next(i for i, (a, b) in enumerate(zip(run.trace, records, strict=False)) if a != b)
            if len(run.trace) == len(records)
            else min(len(run.trace), len(records))
        )
        raise ReplayMismatch(f"replay diverges from {path} at record {diverged}")
    return run

"""The single-call baseline: rules, then one question about every pending citation at once,
with no lookups. A hallucination claim of kind misrepresentation or wrong_pincite counts
only when its evidence quotes the opinion (found by `quotes.locate`)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from citeproof.core.checking.quotes import locate
from citeproof.core.models import ErrorKind
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.llm.beliefs import STATUSES, AgentRun, Belief, fragments_of, rules_beliefs
from citeproof.llm.client import ChatModel, LLMError

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
FINAL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"belief": {"type": "array", "items": _BELIEF_ITEM}},
    "required": ["belief"],
}
SYSTEM = (
    "You verify the case citations in an excerpt of a legal brief. Deterministic rules have "
    "already run: citations they settled are fixed. For each pending citation decide whether "
    "it is correct or hallucinated, and of which kind: nonexistent, name_mismatch, "
    "wrong_pincite, misquote, misrepresentation (the case exists but does not support the "
    "proposition). A case missing from the library is NOT evidence of hallucination. Mark a "
    "citation hallucinated only with evidence; for misrepresentation and wrong_pincite the "
    "evidence must quote the opinion in double quotes. Leave it pending when unsure. "
    "You cannot take actions: answer now with JSON {belief: [updates]}."
)
_QUOTED = re.compile(r"[“\"]([^”\"]{12,})[”\"]")


def state_prompt(text: str, beliefs: dict[str, Belief]) -> str:
    return "\n".join([f"Excerpt:\n{text}\n", "Citations (belief):", *(b.line() for b in beliefs.values())])


def apply_updates(beliefs: dict[str, Belief], updates: list[dict[str, Any]], library: Library) -> list[str]:
    """Merge the model's updates; rules-settled records never change. Returns the rejected
    updates (a hallucination claim without checkable evidence)."""
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


def single_call(model: ChatModel, library: Library, text: str) -> AgentRun:
    """Rules, then one reply for every pending citation; no lookups."""
    report = check_document(document_from_text(text), library)
    beliefs = rules_beliefs(report)
    trace: list[dict[str, Any]] = [{"type": "start", "text": text}]
    calls = prompt_tokens = completion_tokens = 0
    stopped = "settled"
    if any(b.status == "pending" for b in beliefs.values()):
        messages = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": state_prompt(text, beliefs)},
        ]
        try:
            reply = model.chat(messages, FINAL_SCHEMA, "final")
        except LLMError as exc:
            trace.append({"type": "error", "error": str(exc), "reason": exc.reason.value})
            stopped = "error"
        else:
            calls, prompt_tokens, completion_tokens = 1, reply.prompt_tokens, reply.completion_tokens
            rejected = apply_updates(beliefs, reply.data["belief"], library)
            trace.append({"type": "step", "reply": reply.content, "rejected": rejected})
            stopped = "finished"
    trace.append(
        {"type": "end", "stopped": stopped, "beliefs": {i: [b.status, b.kind] for i, b in beliefs.items()}}
    )
    return AgentRun(
        tuple(beliefs.values()),
        fragments_of(report, beliefs),
        0,
        calls,
        0,
        prompt_tokens,
        completion_tokens,
        stopped,
        tuple(trace),
    )

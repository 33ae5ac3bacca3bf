"""The agent's two questions to the model about one citation.

With passages of the opinion retrieved, it asks the support judge's question (`judge.py`:
the same prompt, schema and quote check, so a claim that does not quote the opinion is
discarded). Without them, it asks for a verdict from the citation, the lookups' results
and what the model knows; such an answer carries no checkable evidence, so it can move
the belief but never flag a citation on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from citeproof.core.models import Citation, ErrorKind, Opinion, Outcome
from citeproof.llm.client import ChatModel
from citeproof.llm.judge import JUDGE_SCHEMA, Answer, findings_from, judge_prompt
from citeproof.llm.likelihoods import CORRECT, MISREPRESENTATION, UNSURE, WRONG_PINCITE
from citeproof.llm.retrieve import Passage

VERDICT_SYSTEM = (
    "You check one case citation in a legal brief. Deterministic lookups have run; their "
    "results are listed. Answer with the verdict the evidence and your knowledge support: "
    "'correct', an error kind from the list you are given (nonexistent: no case at that "
    "cite; name_mismatch: the cite is a different case; wrong_pincite; misquote; "
    "misrepresentation: the case does not support the proposition), or 'unsure'. A case "
    "missing from a library is not evidence of an error. Reply with JSON: verdict, explanation."
)


@dataclass(frozen=True, slots=True)
class ModelAnswer:
    outcome: str  # a hypothesis, or ``unsure``
    text: str  # what it rests on, for the trace and the belief's evidence
    reply: str  # the model's reply as received
    checkable: bool  # it quotes the opinion, and the quote was found there
    prompt_tokens: int
    completion_tokens: int


def verdict_schema(hypotheses: tuple[str, ...]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "verdict": {"type": "string", "enum": [*hypotheses, UNSURE]},
            "explanation": {"type": "string"},
        },
        "required": ["verdict", "explanation"],
    }


def ask_reading(
    model: ChatModel, c: Citation, case_name: str, opinion: Opinion, passages: tuple[Passage, ...]
) -> ModelAnswer:
    """The judge's question on the passages retrieved; its findings as one outcome."""
    reply = model.chat(judge_prompt(c, case_name, list(passages)), JUDGE_SCHEMA, "support")
    findings = findings_from(Answer(**reply.data), c, opinion)
    failed = {f.kind: f for f in findings if f.outcome is Outcome.FAIL}
    passed = [f for f in findings if f.outcome is Outcome.PASS and f.kind is ErrorKind.MISREPRESENTATION]
    if ErrorKind.MISREPRESENTATION in failed:
        f, outcome = failed[ErrorKind.MISREPRESENTATION], MISREPRESENTATION
    elif ErrorKind.WRONG_PINCITE in failed:
        f, outcome = failed[ErrorKind.WRONG_PINCITE], WRONG_PINCITE
    elif passed:
        f, outcome = passed[0], CORRECT
    else:
        f, outcome = findings[0], UNSURE
    text = f"{f.explanation}" + (f"; {f.evidence}" if f.evidence else "")
    checkable = outcome != UNSURE
    return ModelAnswer(outcome, text, reply.content, checkable, reply.prompt_tokens, reply.completion_tokens)


def ask_verdict(
    model: ChatModel, c: Citation, hypotheses: tuple[str, ...], findings: tuple[str, ...]
) -> ModelAnswer:
    """A verdict among ``hypotheses`` from the citation and the lookups' results."""
    lines = [f"Citation: {c.text}"]
    if c.proposition:
        lines.append(f"Proposition: {c.proposition}")
    lines += [f'Quote: "{q.text}"' for q in c.quotes]
    lines.append("Possible verdicts: " + ", ".join([*hypotheses, UNSURE]))
    lines += ["", "Lookups:", *(f"- {f}" for f in findings or ("none yet",))]
    messages = [{"role": "system", "content": VERDICT_SYSTEM}, {"role": "user", "content": "\n".join(lines)}]
    reply = model.chat(messages, verdict_schema(hypotheses), "verdict")
    said = str(reply.data["verdict"])
    return ModelAnswer(
        said if said in hypotheses else UNSURE,
        str(reply.data.get("explanation", ""))[:400],
        reply.content,
        False,
        reply.prompt_tokens,
        reply.completion_tokens,
    )

"""The LLM support judge: does the cited opinion support the proposition, and is the
pin page (when no quote pins it) the page that does?

It plugs into `pipeline.check_document(..., judge=...)`. The model sees only passages
the library retrieves (with their pages) and must quote the passage it relies on; a
quote that cannot be found in the opinion text discards the answer, and pages are
computed from where the quote lies, never taken from the model.

Every finding the model decided carries its name and endpoint (``judged_by``). A model that
fails or answers garbage leaves support undecided with the fault's reason (the citation is
then unverifiable, `decide`), says so once on ``citeproof.remote`` naming the model and its
endpoint, and its citations get the LLM's remedy, not CourtListener's.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from citeproof.core.checking.quotes import locate
from citeproof.core.models import (
    Citation,
    Confidence,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Reason,
)
from citeproof.core.protocols import Library
from citeproof.llm.client import ChatModel, EndpointDown, LLMError
from citeproof.llm.retrieve import Passage, passages_for

warn = logging.getLogger("citeproof.remote")

VERDICTS = ("supported", "not_supported", "contradicted", "not_enough_text")
PIN = ("supports", "does_not_support", "not_applicable")
JUDGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "verdict": {"type": "string", "enum": list(VERDICTS)},
        "quote": {"type": "string"},
        "pin_page": {"type": "string", "enum": list(PIN)},
        "explanation": {"type": "string"},
    },
    "required": ["verdict", "quote", "pin_page", "explanation"],
    "additionalProperties": False,
}
SYSTEM = (
    "You check citations in legal writing. You are given a proposition a brief attributes "
    "to a court opinion and passages of that opinion, each labelled with its reporter page. "
    "Decide from these passages only: 'supported' (a passage states or clearly entails it), "
    "'contradicted' (a passage states the opposite), 'not_supported' (the passages address "
    "the point but do not support it), or 'not_enough_text'. In 'quote' copy, word for word, "
    "the one sentence you rely on (empty only for not_enough_text). If pin pages are given, "
    "set 'pin_page' to 'supports' when the text of a pin page supports the proposition, "
    "'does_not_support' when it does not, else 'not_applicable'. Reply with JSON only."
)


def judge_prompt(citation: Citation, case_name: str, passages: list[Passage]) -> list[dict[str, str]]:
    pins = ", ".join(str(p) for p in citation.pin_pages) or "none"
    shown = "\n\n".join(f"{p.label()} {p.text.strip()}" for p in passages)
    user = (
        f"Case: {case_name}, {citation.cite or citation.text}\n"
        f"Pin pages: {pins}\n"
        f"Proposition: {citation.proposition}\n\n"
        f"Passages:\n{shown}"
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


@dataclass(frozen=True, slots=True)
class Answer:
    verdict: str
    quote: str
    pin_page: str
    explanation: str


class LLMJudge:
    """A `SupportJudge`; ``flag_not_supported`` also fails propositions merely unsupported."""

    def __init__(self, model: ChatModel, passages: int = 5, flag_not_supported: bool = True) -> None:
        self.model = model
        self.passages = passages
        self.flag_not_supported = flag_not_supported
        self.calls = self.prompt_tokens = self.completion_tokens = 0
        info = model.describe()
        self.label = f"{info.model} at {info.endpoint}" if info.endpoint else info.model
        self._warned: set[type[LLMError]] = set()

    def __call__(self, citation: Citation, opinion: Opinion, library: Library) -> list[Finding]:
        if not citation.proposition:
            return [_unknown("no proposition found", Reason.NOT_CHECKED)]
        passages = passages_for(citation, opinion, library, self.passages)
        if not passages:
            return [_unknown("no passage of the opinion matches the proposition", Reason.NOT_CHECKED)]
        authority = library.case(opinion.case_id)
        name = authority.name_abbreviation if authority else (citation.case_name or "")
        try:
            reply = self.model.chat(judge_prompt(citation, name, passages), JUDGE_SCHEMA, "support")
        except LLMError as exc:
            return [self._failed(exc)]
        self.calls += 1
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens
        found = findings_from(Answer(**reply.data), citation, opinion, self.flag_not_supported)
        return [replace(f, judged_by=self.label) for f in found]

    def _failed(self, exc: LLMError) -> Finding:
        """Support undecided for the model's fault, said once (a client that found its
        endpoint down has said so already)."""
        reason = exc.reason if exc.reason is Reason.RATE_LIMITED else Reason.BACKEND_ERROR
        if not isinstance(exc, EndpointDown) and type(exc) not in self._warned:
            self._warned.add(type(exc))
            warn.warning(
                "the LLM judge (%s) gave no usable answer: %s; support is unverifiable (%s) for "
                "each citation it was asked about",
                self.label,
                exc,
                reason.value,
            )
        return replace(
            _unknown(f"the LLM judge ({self.label}) could not answer: {exc}", reason), judged_by=self.label
        )


def _unknown(
    why: str, reason: Reason | None = Reason.NOT_CHECKED, kind: ErrorKind = ErrorKind.MISREPRESENTATION
) -> Finding:
    return Finding(kind=kind, outcome=Outcome.UNKNOWN, explanation=why, reason=reason)


def findings_from(
    answer: Answer, c: Citation, opinion: Opinion, flag_not_supported: bool = True
) -> list[Finding]:
    """The judge's answer as findings, after checking its quote against the opinion."""
    if answer.verdict == "not_enough_text":
        return [_unknown("the LLM judge found too little text to decide")]
    match = locate(answer.quote, opinion.text) if answer.quote.strip() else None
    if match is None or not match.found or match.start is None:
        return [_unknown("the LLM judge's quote is not in the opinion; answer discarded")]
    reporter = c.reporter or (opinion.reporters()[0] if opinion.reporters() else "")
    page = opinion.page_at(match.start, reporter) if reporter else None
    where = f" (page {page})" if page else ""
    evidence = f'the opinion says{where}: "{match.real_wording[:300]}"'
    kind, prop = ErrorKind.MISREPRESENTATION, c.proposition
    if answer.verdict == "contradicted":
        out = [
            Finding(
                kind=kind,
                outcome=Outcome.FAIL,
                explanation="the opinion states the opposite of the proposition "
                f"(LLM judge: {answer.explanation[:200]})",
                fragment=prop,
                span=c.proposition_span,
                evidence=evidence,
                confidence=Confidence.JUDGED,
            )
        ]
    elif answer.verdict == "not_supported" and flag_not_supported:
        out = [
            Finding(
                kind=kind,
                outcome=Outcome.FAIL,
                explanation="the opinion does not support the proposition "
                f"(LLM judge: {answer.explanation[:200]})",
                fragment=prop,
                span=c.proposition_span,
                evidence=evidence,
                confidence=Confidence.JUDGED_UNSUPPORTED,
            )
        ]
    elif answer.verdict == "supported":
        out = [
            Finding(
                kind=kind,
                outcome=Outcome.PASS,
                explanation="the LLM judge found support",
                evidence=evidence,
                confidence=Confidence.JUDGED,
            )
        ]
    else:
        out = [_unknown("the LLM judge found no support but was not asked to flag that")]
    pin = _pin_finding(answer, c, opinion, page)
    return out + ([pin] if pin else [])


def _pin_finding(answer: Answer, c: Citation, opinion: Opinion, page: int | None) -> Finding | None:
    """Only for pins without a quote, on a supported proposition, on paged text."""
    if not c.pin_pages or c.quotes or answer.verdict != "supported" or page is None:
        return None
    if not opinion.breaks_for(c.reporter or ""):
        return None
    if page in c.pin_pages or answer.pin_page == "supports":
        return Finding(
            kind=ErrorKind.WRONG_PINCITE,
            outcome=Outcome.PASS,
            explanation=f"the supporting passage is on page {page}",
            confidence=Confidence.JUDGED,
        )
    if answer.pin_page == "does_not_support":
        return Finding(
            kind=ErrorKind.WRONG_PINCITE,
            outcome=Outcome.FAIL,
            explanation=f"page {c.pin_text} does not hold the cited matter",
            fragment=c.text,
            span=c.span,
            evidence=f"the supporting passage is on page {page} of {c.volume} {c.reporter}",
            confidence=Confidence.JUDGED_PIN,
        )
    return None

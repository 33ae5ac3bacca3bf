"""Typed results of the MCP tools: pydantic models the SDK publishes as each tool's output schema.

A reply is compact by default (statuses, kinds, the words to look at, why); the evidence
(the opinion's words, the case found, spans, confidence) comes only when asked for.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from citeproof.core.models import ErrorKind, Reason, Status, Verdict
from citeproof.core.output.report import Report
from citeproof.lookup import authority_json


class _Reply(BaseModel):
    """A part of a reply: empty (None) fields are left out, so a compact reply stays short."""

    @model_serializer(mode="wrap")
    def _without_empty(self, handler: SerializerFunctionWrapHandler) -> Any:
        return {k: v for k, v in handler(self).items() if v is not None}


class Case(_Reply):
    """A real case the library knows."""

    name: str = Field(description="short name, e.g. 'Brady v. Maryland'")
    citation: str = Field(description="its reporter citations, comma-separated")
    court: str
    date: str = Field(description="decision date, YYYY-MM-DD")
    id: str | None = Field(None, description="the library's id of the case")
    has_text: bool | None = Field(None, description="whether the library holds the opinion's text")


class ErrorFound(_Reply):
    kind: ErrorKind = Field(description="what is wrong with the citation")
    fragment: str | None = Field(None, description="the words of the draft to look at")
    explanation: str = Field(description="one sentence: what is wrong")
    suggestion: str | None = Field(None, description="a fix, where the evidence gives one")
    evidence: str | None = Field(None, description="what the opinion or the library says (evidence=true)")
    confidence: float | None = Field(
        None, description="how strongly the evidence bears it out (evidence=true)"
    )


class CitationVerdict(_Reply):
    id: str = Field(description="c1, c2, ... in document order")
    text: str = Field(description="the citation as written")
    status: Status = Field(
        description="verified; hallucinated (fix it: see errors); unverifiable (the library "
        "cannot tell: do not call it fake)"
    )
    reason: Reason | None = Field(None, description="why an unverifiable citation could not be verified")
    case_name: str | None = Field(None, description="the case name as written, if any")
    errors: list[ErrorFound] = Field(description="empty unless hallucinated")
    authority: Case | None = Field(None, description="the case at that cite (evidence=true)")
    span: list[int] | None = Field(None, description="[start, end) in the text (evidence=true)")


class Summary(_Reply):
    verified: int
    hallucinated: int
    unverifiable: int


class CheckResult(_Reply):
    """Every citation of a draft with its verdict."""

    summary: Summary
    citations: list[CitationVerdict]
    library: str = Field(description="the library checked against")


class LookupVerdict(CitationVerdict):
    resolution: str = Field(description="found, not_found, ambiguous, impossible, unresolved, error")
    coverage: str | None = Field(None, description="how completely the library knows the volume")
    note: str = Field(description="the library's note on the resolution")
    resolved: Case | None = Field(None, description="the case found at that cite")
    candidates: list[Case] = Field(description="the cases it could be, when ambiguous")


class LookupResult(_Reply):
    query: str
    library: str
    citations: list[LookupVerdict]


class OpinionPage(_Reply):
    case: Case
    reporter: str = Field(description="the reporter whose pagination is used")
    page: int
    text: str = Field(description="the text printed on that page")
    truncated: bool = Field(description="whether the page's text was cut to fit")


class Coverage(_Reply):
    reporter: str
    status: str = Field(description="complete, complete_opinions, partial or not_covered")
    volumes: int


class LibraryInfo(_Reply):
    name: str
    built_at: str
    cases: int
    opinions_with_text: int
    citations: int
    coverage: list[Coverage] = Field(description="coverage by reporter")
    not_listed: str = Field(description="coverage of every reporter not listed")


def citation_verdict(v: Verdict, evidence: bool) -> dict[str, Any]:
    """One verdict, compact unless ``evidence``."""
    c = v.citation
    out: dict[str, Any] = {
        "id": c.id,
        "text": c.text,
        "status": v.status,
        "reason": v.reason,
        "case_name": c.case_name,
        "errors": [
            {
                "kind": e.kind,
                "fragment": e.fragment,
                "explanation": e.explanation,
                "suggestion": e.suggestion or None,
                **({"evidence": e.evidence, "confidence": e.confidence} if evidence else {}),
            }
            for e in v.errors
        ],
    }
    if evidence:
        out["authority"] = authority_json(v.authority)
        out["span"] = c.span.as_list()
    return out


def check_result(report: Report, evidence: bool) -> CheckResult:
    return CheckResult.model_validate(
        {
            "summary": report.status_counts(),
            "citations": [citation_verdict(v, evidence) for v in report.verdicts],
            "library": report.snapshot.name,
        }
    )


def lookup_result(found: dict[str, Any], evidence: bool) -> LookupResult:
    """The lookup's answer (`citeproof.lookup.lookup_citation`), its errors' evidence on request."""
    citations = []
    for c in found["citations"]:
        c = dict(c)
        c["errors"] = [
            e if evidence else {k: e[k] for k in ("kind", "fragment", "explanation")} for e in c["errors"]
        ]
        if not evidence:
            c["authority"] = c["span"] = None
        citations.append(c)
    return LookupResult.model_validate({**found, "citations": citations})

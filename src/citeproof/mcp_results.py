"""Typed results of the MCP tools: pydantic models the SDK publishes as each tool's output schema.

They are the JSON contract's (`citeproof.core.output.schema`): the summary, the library, the
cases and the coverage are its models; a citation is the report's citation, compact: its
fields are the contract's, fewer of them. A reply is compact by default (statuses, kinds, the
words to look at, why, the fix); the evidence (the opinion's words, the case at the cite,
spans, confidence) comes only when asked for. A reply is cut from the report's own JSON
(`Report.to_json()`, `citeproof.lookup`), so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from citeproof.core.output import schema
from citeproof.core.output.report import Report
from citeproof.core.output.schema import (
    AsWritten,
    AuthorityOut,
    CaseNameWritten,
    CaseOut,
    CitationId,
    Confidence,
    Evidence,
    Explanation,
    Fragment,
    Kind,
    LibraryName,
    OverruledBy,
    Query,
    Suggestion,
    Summary,
    TextSpan,
    VerdictStatus,
    WhyUnverifiable,
)

__all__ = ["CheckResult", "LibraryInfo", "LookupResult", "OpinionPage", "check_result", "lookup_result"]
COMPACT_ERROR = ("kind", "fragment", "explanation", "suggestion")
"""What a compact reply keeps of an error: the evidence and confidence come with evidence=true."""


class _Reply(BaseModel):
    """A part of a reply: empty (None) fields are left out, so a compact reply stays short."""

    @model_serializer(mode="wrap")
    def _without_empty(self, handler: SerializerFunctionWrapHandler) -> Any:
        return {k: v for k, v in handler(self).items() if v is not None}


def _as_in_report(name: str, model: type[BaseModel] = schema.CitationOut) -> Any:
    """An optional field described as the report's field ``name`` is."""
    return Field(default=None, description=model.model_fields[name].description)


class ErrorFound(_Reply):
    """A failed check (the report's error, without its span)."""

    kind: Kind
    fragment: Fragment = None
    explanation: Explanation
    suggestion: Suggestion = None
    evidence: Evidence | None = None  # evidence=true
    confidence: Confidence | None = None  # evidence=true


class CitationVerdict(_Reply):
    """A citation of the report, compact: ``authority``, ``span`` and each error's
    ``evidence`` and ``confidence`` come with evidence=true; ``treatment`` (an overruled case)
    comes always."""

    id: CitationId
    text: AsWritten
    status: VerdictStatus
    reason: WhyUnverifiable = None
    case_name: CaseNameWritten = None
    errors: list[ErrorFound] = Field(description="the failed checks: empty unless hallucinated")
    treatment: OverruledBy = None
    page: str | None = _as_in_report("page")
    physical_page: int | None = _as_in_report("physical_page")
    note: int | None = _as_in_report("note")
    location: str | None = _as_in_report("location")
    next_step: schema.NextStepOut | None = _as_in_report("next_step")
    check_url: str | None = _as_in_report("check_url")
    authority: AuthorityOut | None = None
    span: TextSpan | None = None


class CheckResult(_Reply):
    """Every citation of a draft with its verdict."""

    summary: Summary
    citations: list[CitationVerdict]
    library: LibraryName


class LookupVerdict(CitationVerdict):
    """A looked-up citation: its verdict, and what the library resolved it to."""

    reporter_page: str | None = _as_in_report("reporter_page", schema.LookupCitation)
    resolution: schema.Resolution
    coverage: schema.VolumeCoverage = None
    resolution_note: schema.ResolutionNote
    resolved: schema.ResolvedCase = None
    candidates: schema.Candidates


class LookupResult(_Reply):
    query: Query
    library: LibraryName
    citations: list[LookupVerdict]


class OpinionPage(_Reply):
    case: CaseOut
    reporter: str = Field(description="the reporter whose pagination is used")
    page: int
    text: str = Field(description="the text printed on that page")
    truncated: bool = Field(description="whether the page's text was cut to fit")


class LibraryInfo(_Reply, schema.LibraryInfo):
    """The contract's library info, its empty fields left out."""


def compact_citation(citation: Mapping[str, Any], evidence: bool) -> dict[str, Any]:
    """A citation of the report's JSON as a reply gives it: compact unless ``evidence``
    (the fields the reply's model does not declare are dropped when it is validated)."""
    out = dict(citation)
    out["errors"] = [e if evidence else {k: e[k] for k in COMPACT_ERROR} for e in citation["errors"]]
    if not evidence:
        out["authority"] = out["span"] = None
    return out


def check_result(report: Report, evidence: bool) -> CheckResult:
    data = report.to_json()
    return CheckResult.model_validate(
        {
            "summary": data["summary"],
            "citations": [compact_citation(c, evidence) for c in data["citations"]],
            "library": data["library"]["name"],
        }
    )


def lookup_result(found: dict[str, Any], evidence: bool) -> LookupResult:
    """The lookup's answer (`citeproof.lookup.lookup_citation`), its errors' evidence on request."""
    return LookupResult.model_validate(
        {**found, "citations": [compact_citation(c, evidence) for c in found["citations"]]}
    )

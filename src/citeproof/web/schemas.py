"""Pydantic models of what the API returns: used for the OpenAPI schema and contract tests."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Status = Literal["verified", "hallucinated", "unverifiable"]


class _Open(BaseModel):
    """Optional fields may be added to any object of the contract; readers ignore them."""

    model_config = ConfigDict(extra="allow")


class ErrorOut(_Open):
    kind: str = Field(
        description="nonexistent, name_mismatch, wrong_pincite, misquote, "
        "misrepresentation, statute_nonexistent, statute_repealed"
    )
    fragment: str | None = Field(description="the text a reader should look at")
    span: list[int] | None = Field(description="[start, end) of the fragment in the document")
    explanation: str
    evidence: str
    confidence: float
    suggestion: str | None = Field(
        None, description="the real case of the written name, or that none is known"
    )


class AuthorityOut(_Open):
    name: str
    citation: str
    court: str
    date: str


class NextStepOut(_Open):
    group: str = Field(
        description="exists_no_text, not_in_coverage, vendor_cite, ambiguous, backend_error, incomplete, "
        "statute, other"
    )
    remedy: str


class NextStepsOut(NextStepOut):
    count: int
    citations: list[str]


class CitationOut(_Open):
    id: str
    text: str
    span: list[int]
    type: Literal["case", "statute"]
    case_name: str | None
    status: Status
    reason: str | None = Field(description="why an unverifiable citation could not be verified")
    authority: AuthorityOut | None
    confirmed: bool = Field(False, description="unverifiable, but the case is confirmed to exist")
    next_step: NextStepOut | None = Field(None, description="what to do about an unverifiable citation")
    errors: list[ErrorOut]


class DocumentOut(_Open):
    path: str | None
    chars: int
    pages: int


class SnapshotOut(_Open):
    name: str
    built_at: str
    cases: int
    opinions_with_text: int
    content_hash: str | None = Field(None, description="sha256 of the library's content")


class Summary(_Open):
    verified: int
    hallucinated: int
    unverifiable: int


class CheckReport(_Open):
    """The JSON contract of `citeproof check --format json`."""

    citeproof: str
    document: DocumentOut
    library: SnapshotOut
    citations: list[CitationOut]
    summary: Summary
    next_steps: list[NextStepsOut] = Field(default_factory=list, description="one remedy per group")


class CoverageRow(BaseModel):
    reporter: str
    status: str
    volumes: int


class LibraryInfo(BaseModel):
    name: str
    built_at: str
    cases: int
    opinions_with_text: int
    citations: int
    content_hash: str | None = Field(None, description="sha256 of the library's content")
    coverage: list[CoverageRow]
    not_listed: str = Field(description="coverage of every reporter not listed")


class LookupCitation(CitationOut):
    volume: str | None
    reporter: str | None
    page: str | None
    pin_pages: list[int]
    resolution: str = Field(description="found, not_found, ambiguous, impossible, unresolved, error")
    coverage: str | None
    note: str
    resolved: dict[str, object] | None
    candidates: list[dict[str, object]]


class LookupResult(BaseModel):
    query: str
    library: str
    citations: list[LookupCitation]


class Progress(BaseModel):
    done: int
    total: int | None


class JobOut(BaseModel):
    id: str
    status: Literal["queued", "extracting", "checking", "done", "failed"]
    progress: Progress
    error: str | None = None
    report: CheckReport | None = None
    details: dict[str, dict[str, object]] | None = Field(
        None,
        description="per citation id: resolved case, quotes beside the opinion's wording "
        "with a word diff, the pin page's text, a suggested correction, why unverifiable",
    )
    text: str | None = Field(None, description="the document's text, which spans index into")
    links: dict[str, str]


class Problem(BaseModel):
    """Every error response (RFC 9457 problem details, ``application/problem+json``)."""

    type: str = Field("about:blank", description="always about:blank: the status says what it is")
    title: str = Field(description="the HTTP status phrase, e.g. Unprocessable Content")
    status: int = Field(description="the HTTP status code")
    detail: str = Field(description="one line saying what went wrong and what to do")
    errors: list[dict[str, str]] | None = Field(
        None, description="for a request that does not validate (422): each field and its error"
    )


CHECK_BODY = {
    "required": True,
    "content": {
        "multipart/form-data": {
            "schema": {
                "type": "object",
                "properties": {
                    "file": {
                        "type": "string",
                        "format": "binary",
                        "description": "PDF, DOCX, HTML, Markdown or text",
                    },
                    "text": {"type": "string", "description": "pasted text"},
                },
            }
        },
        "application/x-www-form-urlencoded": {
            "schema": {"type": "object", "properties": {"text": {"type": "string"}}}
        },
        "application/json": {
            "schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}
        },
        "text/plain": {"schema": {"type": "string"}},
    },
}

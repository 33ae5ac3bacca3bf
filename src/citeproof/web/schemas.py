"""What the REST API returns: the contract's models (`citeproof.core.output.schema`), and the
API's own wrappers around them (jobs, evidence details, problems). Used for the OpenAPI schema
and the contract tests; the responses themselves are written from plain dicts."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from citeproof.core.models import CiteForm
from citeproof.core.output.schema import CaseOut, CheckReport, LibraryInfo, LookupResult

__all__ = ["CHECK_BODY", "CheckReport", "CheckResponse", "JobOut", "LibraryInfo", "LookupResult", "Problem"]


class QuoteDetail(BaseModel):
    """A quotation of the citation beside the opinion's wording."""

    written: str = Field(description="the quotation as written")
    span: list[int] = Field(description="[start, end) of the quotation in the document's text")
    found: bool = Field(description="whether the opinion holds the words")
    real: str = Field(description="the opinion's nearest wording")
    page: int | None = Field(description="the reporter page that holds it")
    score: float = Field(description="how close the wording is, 0-100")
    diff: list[list[str]] = Field(description="[op, words] pairs from the opinion's wording to the quotation")


class PinDetail(BaseModel):
    """The text of the pin page."""

    reporter: str
    volume: str | None
    page: int
    text: str | None = Field(description="the page's text; null when the opinion does not mark the page")
    truncated: bool = Field(False, description="whether the text was cut (left out when there is none)")


class CitationDetails(BaseModel):
    """What the page shows when a citation is clicked (`web/evidence.py`), beyond the report."""

    authority: CaseOut | None = Field(description="the case at the cite, as the library records it")
    quotes: list[QuoteDetail]
    pin: PinDetail | None
    suggestion: str | None = Field(description="a suggested correction")
    why: str | None = Field(description="why an unverifiable citation could not be verified, in words")
    plain: list[str] = Field(description="each error in plain words, with its evidence and a fix")
    in_words: str = Field(description="one line for the citation table: the errors, the reason, or the case")
    proposition: str | None = Field(description="what the citation is offered for")
    form: CiteForm


Details = dict[str, CitationDetails]


class CheckResponse(CheckReport):
    """`POST /check`: the report, with ``details`` by citation id when asked (``details=true``)."""

    details: Details | None = Field(None, description="per citation id: the evidence the page shows")


class Progress(BaseModel):
    done: int
    total: int | None


class NoteOut(BaseModel):
    start: int
    end: int
    label: str = Field(description="'footnote 2', 'endnote 1'")


class WebStep(BaseModel):
    group: str
    remedy: str


class JobOut(BaseModel):
    id: str
    status: Literal["queued", "extracting", "checking", "done", "failed"]
    progress: Progress
    error: str | None = None
    report: CheckReport | None = None
    details: Details | None = Field(
        None,
        description="per citation id: resolved case, quotes beside the opinion's wording "
        "with a word diff, the pin page's text, a suggested correction, why unverifiable",
    )
    text: str | None = Field(None, description="the document's text, which spans index into")
    notes: list[NoteOut] | None = Field(None, description="the footnotes and endnotes in the text")
    steps: list[WebStep] | None = Field(None, description="the next steps, worded for the page")
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

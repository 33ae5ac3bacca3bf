"""The JSON contract, described once: each object of `Report.to_json()` (the output of
`citeproof check --format json`) and of the library look-ups the interfaces add, as pydantic
models.

The REST API's response models are these models; the MCP tools' output schemas are built of
them (a compact citation there is made of the same fields: the ``Annotated`` aliases below).
`Report.to_json()` does not build models: it writes plain dicts, typed for mypy by the
``...Json`` TypedDicts beside the models, so a 10,000-citation report pays nothing for the
contract and the check never imports pydantic (`report.py` imports this module only for type
checking). A test holds each TypedDict to its model, field by field, and real reports to the
models.
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from pydantic import BaseModel, ConfigDict, Field

from citeproof.core.models import (
    CitationType,
    Coverage,
    ErrorKind,
    Reason,
    ResolutionStatus,
    Status,
    TreatmentScope,
)

# ---- fields shared by several objects (and by the MCP server's compact replies) ----
CitationId = Annotated[str, Field(description="c1, c2, ... in document order")]
AsWritten = Annotated[str, Field(description="the citation as written")]
TextSpan = Annotated[
    list[int],
    Field(description="[start, end) of the citation in the document's text", min_length=2, max_length=2),
]
CaseNameWritten = Annotated[str | None, Field(description="the case name as written, if any")]
VerdictStatus = Annotated[
    Status,
    Field(
        description="verified; hallucinated (an error to fix: see errors); unverifiable (the "
        "library cannot tell: never evidence that the citation is fake)"
    ),
]
WhyUnverifiable = Annotated[
    Reason | None, Field(description="why an unverifiable citation could not be verified")
]
Kind = Annotated[ErrorKind, Field(description="what is wrong with the citation")]
Fragment = Annotated[str | None, Field(description="the words of the document to look at")]
Explanation = Annotated[str, Field(description="one sentence: what is wrong")]
Evidence = Annotated[str, Field(description="what the opinion or the library says")]
Confidence = Annotated[float, Field(description="how strongly the evidence bears the error out")]
Suggestion = Annotated[
    str | None, Field(description="a fix, where the evidence gives one: the real case, page or wording")
]
CaseName = Annotated[str, Field(description="the library's name of the case, e.g. 'Brady v. Maryland'")]
ReporterCitations = Annotated[str, Field(description="the case's reporter citations, comma-separated")]
Court = Annotated[str, Field(description="the deciding court")]
DecisionDate = Annotated[str, Field(description="decision date, YYYY-MM-DD")]
StepGroup = Annotated[
    str,
    Field(
        description="exists_no_text, not_in_coverage, vendor_cite, orders, ambiguous, backend_error, "
        "llm_error, incomplete, not_in_current_code, statute or other"
    ),
]
Remedy = Annotated[str, Field(description="what to do, in one sentence")]
LibraryName = Annotated[str, Field(description="the library checked against")]
BuiltAt = Annotated[str, Field(description="when the library was built (ISO 8601)")]
CaseCount = Annotated[int, Field(description="cases the library knows")]
TextCount = Annotated[int, Field(description="cases whose opinion text the library holds")]
ContentHash = Annotated[str | None, Field(description="sha256 of the library's content")]
Query = Annotated[str, Field(description="the citation string looked up")]
Resolution = Annotated[ResolutionStatus, Field(description="what the library found at the cite")]
VolumeCoverage = Annotated[
    Coverage | None, Field(description="how completely the library knows the volume (cases only)")
]
ResolutionNote = Annotated[str, Field(description="the library's note on the resolution")]


class _Open(BaseModel):
    """Optional fields may be added to any object of the contract; readers ignore them."""

    model_config = ConfigDict(extra="allow")


# ---- the report: `Report.to_json()` ----
class AuthorityOut(_Open):
    """The real case at the cite."""

    name: CaseName
    short_name: str = Field(description="its Bluebook short name, e.g. 'Brown v. Bd. of Educ.'")
    citation: ReporterCitations
    court: Court
    date: DecisionDate


class ErrorOut(_Open):
    """A failed check: what is wrong with the citation, and the evidence."""

    kind: Kind
    fragment: Fragment
    span: list[int] | None = Field(description="[start, end) of the fragment in the document's text")
    explanation: Explanation
    evidence: Evidence
    confidence: Confidence
    suggestion: Suggestion


class NextStepOut(_Open):
    """What to do about an unverifiable citation."""

    group: StepGroup
    remedy: Remedy


class TreatmentOut(_Open):
    """A later decision that overruled the case the citation names: a warning beside the
    verdict, never a verdict (the case is real and may be correctly cited, but it is no longer
    good law, in whole or in part). From the library's table of explicit U.S. Supreme Court
    overrulings; a citation without it is not thereby good law."""

    overruled_by: str = Field(description="the overruling decision's cite, e.g. '597 U.S. 215'")
    name: str = Field(description="the overruling decision's name")
    year: int = Field(description="the year of the overruling decision")
    scope: TreatmentScope = Field(description="whole, or in part")
    source: str = Field(
        description="where the table's row comes from: the Constitution Annotated's table (its "
        "snapshot date and row) or 'hand-added: <reason>' for a row decided after it"
    )


OverruledBy = Annotated[
    TreatmentOut | None,
    Field(
        description="the decision that overruled the case the citation names (short forms "
        "repeating it included): do not rely on the case as good law; null when the library's "
        "table lists none, which is no proof of good law"
    ),
]


class CitationOut(_Open):
    """One citation with its verdict."""

    id: CitationId
    text: AsWritten
    span: TextSpan
    page: str | None = Field(
        description="the page number printed on the page of the brief where the citation stands"
        " ('ii', '3'); null when the document prints none or its layout is not known"
    )
    physical_page: int | None = Field(
        description="the page of the file where the citation stands, counted from 1; null when unknown"
    )
    note: int | None = Field(description="the number of the footnote or endnote it stands in")
    location: str | None = Field(
        description="where it stands when not in running body text: 'footnote 2', 'table 1, row 2, column 1'"
    )
    type: CitationType
    case_name: CaseNameWritten
    status: VerdictStatus
    reason: WhyUnverifiable
    authority: AuthorityOut | None
    confirmed: bool = Field(description="unverifiable, but the case is confirmed to exist")
    next_step: NextStepOut | None = Field(description="what to do about an unverifiable citation")
    errors: list[ErrorOut] = Field(description="the failed checks: empty unless hallucinated")
    evidence: str | None = Field(
        default=None,
        description="a statute or rule: what the code or rules data say of it (its heading and the "
        "date of the data checked against; where it is not there, the nearest sections that are); "
        "null for a case, whose evidence is in authority and errors",
    )
    treatment: OverruledBy = None
    check_url: str | None = Field(
        default=None,
        description="a page where the citation can be checked by hand: CourtListener's page for a "
        "case cite, the official U.S. Code, eCFR or federal rules; null where no free official "
        "page holds it (Westlaw and Lexis numbers, state codes)",
    )


class DocumentOut(_Open):
    path: str | None = Field(description="the file's name; null for pasted text")
    chars: int
    pages: int = Field(description="0 when the source has no pages")


class SnapshotOut(_Open):
    """The library checked against, named exactly."""

    name: LibraryName
    built_at: BuiltAt
    cases: CaseCount
    opinions_with_text: TextCount
    content_hash: ContentHash
    snapshot_date: str | None = Field(description="the date of the data (a CourtListener dump), where known")


class Summary(_Open):
    """Citations by status, those that name an overruled case and those in hidden text."""

    verified: int
    hallucinated: int
    unverifiable: int
    overruled: int = Field(
        default=0,
        description="citations naming a case a later decision overruled (a warning, counted "
        "apart from the statuses: such a citation is also verified, hallucinated or unverifiable)",
    )
    hidden: int = Field(
        default=0,
        description="citations in text the document hides from its reader (Word hidden text, an "
        "HTML element hidden from view; their location says 'hidden text'): a warning, counted apart "
        "from the statuses, since they are checked like the rest",
    )


class NextStepsOut(_Open):
    """One remedy for a group of unverifiable citations."""

    group: StepGroup
    count: int
    remedy: Remedy
    citations: list[CitationId]


class CheckReport(_Open):
    """The JSON contract of `citeproof check --format json` and `Report.to_json()`."""

    citeproof: str = Field(description="the version of citeproof that checked")
    document: DocumentOut
    library: SnapshotOut
    citations: list[CitationOut]
    summary: Summary
    next_steps: list[NextStepsOut] = Field(description="one remedy per group")


# ---- the same objects as plain dicts, as `Report.to_json()` writes them (an enum as its value) ----
class AuthorityJson(TypedDict):
    name: str
    short_name: str
    citation: str
    court: str
    date: str


class ErrorJson(TypedDict):
    kind: str
    fragment: str | None
    span: list[int] | None
    explanation: str
    evidence: str
    confidence: float
    suggestion: str | None


class TreatmentJson(TypedDict):
    overruled_by: str
    name: str
    year: int
    scope: str
    source: str


class NextStepJson(TypedDict):
    group: str
    remedy: str


class CitationJson(TypedDict):
    id: str
    text: str
    span: list[int]
    page: str | None
    physical_page: int | None
    note: int | None
    location: str | None
    type: str
    case_name: str | None
    status: str
    reason: str | None
    authority: AuthorityJson | None
    confirmed: bool
    next_step: NextStepJson | None
    errors: list[ErrorJson]
    evidence: str | None
    treatment: TreatmentJson | None
    check_url: str | None


class DocumentJson(TypedDict):
    path: str | None
    chars: int
    pages: int


class SnapshotJson(TypedDict):
    name: str
    built_at: str
    cases: int
    opinions_with_text: int
    content_hash: str | None
    snapshot_date: str | None


class SummaryJson(TypedDict):
    verified: int
    hallucinated: int
    unverifiable: int
    overruled: int
    hidden: int


class NextStepsJson(TypedDict):
    group: str
    count: int
    remedy: str
    citations: list[str]


class ReportJson(TypedDict):
    citeproof: str
    document: DocumentJson
    library: SnapshotJson
    citations: list[CitationJson]
    summary: SummaryJson
    next_steps: list[NextStepsJson]


# ---- what the library look-ups add (`citeproof.lookup`) ----
class CaseOut(_Open):
    """A case as the library records it."""

    id: str = Field(description="the library's id of the case")
    name: CaseName
    full_name: str = Field(description="the case's full name")
    citation: ReporterCitations
    court: Court
    date: DecisionDate
    has_text: bool = Field(description="whether the library holds the opinion's text")


class CoverageRow(_Open):
    reporter: str
    status: str = Field(description="complete, complete_opinions, partial or not_covered")
    volumes: int


class LibraryInfo(_Open):
    """The library's snapshot and its coverage by reporter."""

    name: LibraryName
    built_at: BuiltAt
    cases: CaseCount
    opinions_with_text: TextCount
    citations: int = Field(description="reporter citations the library knows")
    content_hash: ContentHash = None
    coverage: list[CoverageRow] = Field(description="coverage by reporter")
    not_listed: str = Field(description="coverage of every reporter not listed")


ResolvedCase = Annotated[CaseOut | None, Field(description="the case found at the cite")]
Candidates = Annotated[list[CaseOut], Field(description="the cases it could be, when ambiguous")]


class LookupCitation(CitationOut):
    """A citation of the report with what the library resolved it to. ``page`` and ``note``
    keep their meaning (the page and note of the text looked up: null for a one-line query);
    the cite's own page is ``reporter_page``."""

    volume: str | None
    reporter: str | None
    reporter_page: str | None = Field(description="the reporter page cited (the case's first page)")
    pin_pages: list[int]
    resolution: Resolution
    coverage: VolumeCoverage
    resolution_note: ResolutionNote
    resolved: ResolvedCase
    candidates: Candidates


class LookupResult(_Open):
    query: Query
    library: LibraryName
    citations: list[LookupCitation]

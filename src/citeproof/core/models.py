"""The data that flows between stages: frozen dataclasses and string enums."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final


@dataclass(frozen=True, slots=True)
class Span:
    """Half-open character range ``[start, end)`` into a document's text."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"bad span [{self.start}, {self.end})")

    def slice(self, text: str) -> str:
        return text[self.start : self.end]

    def as_list(self) -> list[int]:
        return [self.start, self.end]


@dataclass(frozen=True, slots=True)
class Region:
    """A stretch of a document's text that is not running body text: a footnote, an
    endnote, a table cell, a text box, a page header or footer.

    ``label`` says where it stands ("footnote 3", "table 1, row 2, column 1");
    ``note`` is a footnote's or endnote's number; ``page`` (an index into the document's
    pages, from 1) overrides the page map (a footnote is on the page of its reference,
    wherever its text is placed).
    """

    span: Span
    kind: str  # footnote | endnote | table | text box | header | footer
    label: str
    note: int | None = None
    page: int | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """Where a citation stands in the brief: the page as printed on it (``ii``, ``3``;
    None when the document does not say), the page counted in the file (None when the
    file does not fix it), its footnote or endnote number, and a label for anything but
    running body text."""

    page: str | None = None
    physical: int | None = None
    note: int | None = None
    label: str | None = None

    def page_words(self) -> str | None:
        """``page ii``; ``page 5 of the file`` when no page number is printed."""
        if self.page:
            return f"page {self.page}"
        return f"page {self.physical} of the file" if self.physical else None

    def describe(self) -> str:
        """In words: ``page 3, footnote 2``, ``page 4, table 1, row 2, column 1``."""
        return ", ".join(w for w in (self.page_words(), self.label) if w)

    def __str__(self) -> str:
        """Bluebook-style: ``p. 3 n.2``, ``p. 4 (table 1, row 2, column 1)``; ``file p. 5``
        where no page number is printed."""
        file_page = [f"file p. {self.physical}"] if self.physical else []
        parts = [f"p. {self.page}"] if self.page else file_page
        if self.note is not None and (self.label or "").startswith("footnote"):
            parts.append(f"n.{self.note}")
        elif self.label:
            parts.append(f"({self.label})" if parts else self.label)
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Document:
    """Text of a brief with a map from character offsets to its pages.

    ``page_starts[i]`` is the offset where the document's page ``i + 1`` begins; empty
    when the source has no pages (plain text, a DOCX whose layout is not recorded).
    ``page_numbers[i]`` is that page's number in the file (None where the file does not
    fix it; empty: ``i + 1``), ``page_labels[i]`` the page number printed on it (``ii``,
    ``3``; None where none is printed; empty: none known). ``regions`` mark footnotes,
    table cells, text boxes and the like.
    """

    text: str
    path: str | None = None
    page_starts: tuple[int, ...] = ()
    regions: tuple[Region, ...] = ()
    page_numbers: tuple[int | None, ...] = ()
    page_labels: tuple[str | None, ...] = ()

    @property
    def pages(self) -> int:
        return len(self.page_starts)

    def page_index(self, offset: int) -> int | None:
        """The page (from 1, an index into ``page_starts``) holding ``offset``."""
        if not self.page_starts:
            return None
        return bisect.bisect_right(self.page_starts, offset)

    def page_of(self, offset: int) -> int | None:
        """The page of the file holding ``offset``, None where the file does not fix it."""
        return self._physical(self.page_index(offset))

    def _physical(self, index: int | None) -> int | None:
        if index is None or not self.page_numbers:
            return index
        return self.page_numbers[index - 1] if index <= len(self.page_numbers) else None

    def _label(self, index: int | None) -> str | None:
        if index is None or index > len(self.page_labels):
            return None
        return self.page_labels[index - 1]

    def region_at(self, offset: int) -> Region | None:
        """The innermost region holding ``offset`` (a footnote inside a table cell)."""
        holding = [r for r in self.regions if r.span.start <= offset < r.span.end]
        return min(holding, key=lambda r: r.span.end - r.span.start, default=None)

    def place_of(self, offset: int) -> Place:
        region = self.region_at(offset)
        index = region.page if region is not None and region.page is not None else self.page_index(offset)
        note, label = (region.note, region.label) if region is not None else (None, None)
        return Place(self._label(index), self._physical(index), note, label)


class CitationType(StrEnum):
    CASE = "case"
    STATUTE = "statute"


class CiteForm(StrEnum):
    FULL = "full"
    SHORT = "short"
    ID = "id"
    SUPRA = "supra"


@dataclass(frozen=True, slots=True)
class Quote:
    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Abstention:
    """Why a citation is not checked against a case, decided from the text around it
    (a short form that repeats no case, or one whose antecedent the text leaves open)."""

    reason: Reason
    note: str


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation as written, with what it is offered for. ``page`` is the reporter page the
    cite names (the case's first page); the brief's page it stands on is `Report.place`."""

    id: str
    type: CitationType
    form: CiteForm
    text: str
    span: Span
    volume: str | None = None
    reporter: str | None = None
    page: str | None = None
    pin_pages: tuple[int, ...] = ()
    pin_text: str | None = None
    case_name: str | None = None
    case_name_span: Span | None = None
    year: int | None = None
    court: str | None = None
    quotes: tuple[Quote, ...] = ()
    proposition: str | None = None
    proposition_span: Span | None = None
    parenthetical: str | None = None  # an explanatory claim about the case: "holding that ..."
    parenthetical_span: Span | None = None
    antecedent_id: str | None = None
    parallel_ids: tuple[str, ...] = ()
    statute_title: str | None = None
    statute_code: str | None = None
    statute_section: str | None = None
    statute_registry: str | None = None  # "ua": checked in the shipped registry of Ukrainian codes
    statute_note: str = ""  # how the code was read from its name: ambiguous, or named by year or id
    abstention: Abstention | None = None

    @property
    def cite(self) -> str | None:
        """``volume reporter page`` or None for a cite without all three parts."""
        if self.volume and self.reporter and self.page:
            return f"{self.volume} {self.reporter} {self.page}"
        return None


@dataclass(frozen=True, slots=True)
class ReporterCite:
    volume: str
    reporter: str
    page: str

    def __str__(self) -> str:
        return f"{self.volume} {self.reporter} {self.page}"


@dataclass(frozen=True, slots=True)
class Authority:
    """A real case known to a library."""

    id: str
    name: str
    name_abbreviation: str
    decision_date: str
    court: str
    citations: tuple[ReporterCite, ...]
    last_page: int | None = None
    has_text: bool = False

    @property
    def citation(self) -> str:
        return str(self.citations[0]) if self.citations else ""


@dataclass(frozen=True, slots=True)
class PageBreak:
    reporter: str
    volume: str
    page: int
    offset: int


@dataclass(frozen=True, slots=True)
class Opinion:
    """Full text of a case with the offsets where each reporter page begins."""

    case_id: str
    text: str
    page_breaks: tuple[PageBreak, ...]
    sentences: tuple[tuple[int, int], ...] | None = None  # spans split when the library was built
    prepared: bytes | None = field(default=None, repr=False)  # their words, read at build (signatures)
    structure: bytes | None = field(default=None, repr=False)  # roles and disposition, read at build
    word_index: bytes | None = field(default=None, repr=False)  # content word → sentences, built at build

    def reporters(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(b.reporter for b in self.page_breaks))

    def breaks_for(self, reporter: str) -> tuple[PageBreak, ...]:
        return tuple(b for b in self.page_breaks if b.reporter == reporter)

    def page_at(self, offset: int, reporter: str) -> int | None:
        """The page of ``reporter`` on which the character at ``offset`` is printed."""
        page = None
        for brk in self.breaks_for(reporter):
            if brk.offset > offset:
                break
            page = brk.page
        return page

    def page_text(self, reporter: str, page: int) -> tuple[int, int] | None:
        """``(start, end)`` offsets of ``page`` of ``reporter``, if marked."""
        breaks = self.breaks_for(reporter)
        for i, brk in enumerate(breaks):
            if brk.page == page:
                end = breaks[i + 1].offset if i + 1 < len(breaks) else len(self.text)
                return brk.offset, end
        return None


class Coverage(StrEnum):
    """How completely a library knows one reporter volume."""

    COMPLETE = "complete"
    COMPLETE_OPINIONS = "complete_opinions"
    PARTIAL = "partial"
    NOT_COVERED = "not_covered"


class ResolutionStatus(StrEnum):
    FOUND = "found"
    NOT_FOUND = "not_found"
    AMBIGUOUS = "ambiguous"
    IMPOSSIBLE = "impossible"
    UNRESOLVED = "unresolved"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Resolution:
    """What the library says about one citation."""

    citation_id: str
    status: ResolutionStatus
    authority: Authority | None = None
    candidates: tuple[Authority, ...] = ()
    coverage: Coverage = Coverage.NOT_COVERED
    containing: Authority | None = None
    note: str = ""
    reason: Reason | None = None  # why the library gave no answer (unresolved, ambiguous, error)
    probable: bool = False  # ``containing`` is inferred from the catalogue's layout, not known
    year_only: bool = False  # impossible only for its year: without it the cite could be real


class ErrorKind(StrEnum):
    NONEXISTENT = "nonexistent"
    NAME_MISMATCH = "name_mismatch"
    WRONG_PINCITE = "wrong_pincite"
    MISQUOTE = "misquote"
    MISREPRESENTATION = "misrepresentation"
    STATUTE_NONEXISTENT = "statute_nonexistent"
    STATUTE_REPEALED = "statute_repealed"


class Outcome(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    UNKNOWN = "unknown"


class Reason(StrEnum):
    """Why nothing was concluded: of an unverifiable verdict, of an unknown finding, of a
    resolution that gave no answer, and of a `LibraryError`."""

    NOT_IN_COVERAGE = "not_in_coverage"
    NO_TEXT = "no_text"
    NO_PAGE_MARKERS = "no_page_markers"
    AMBIGUOUS = "ambiguous"
    BACKEND_ERROR = "backend_error"
    RATE_LIMITED = "rate_limited"
    UNRESOLVED_SHORT_FORM = "unresolved_short_form"
    AMBIGUOUS_SHORT_FORM = "ambiguous_short_form"  # the text leaves open which case it repeats
    NOT_A_CASE_CITATION = "not_a_case_citation"  # a short form repeating the record, a brief, a statute
    INCOMPLETE_CITE = "incomplete_cite"
    NOT_CHECKED = "not_checked"
    STATUTE_NOT_IN_REGISTRY = "statute_not_in_registry"
    NOT_IN_CURRENT_CODE = "not_in_current_code"  # not in the U.S. Code or federal rules as the data hold them
    VENDOR_CITE = "vendor_cite"  # a Westlaw or Lexis number: no public index can prove it
    ORDERS_SECTION = "orders_section"  # a U.S. Reports page among orders no table lists


class Confidence:
    """How strongly a finding's evidence bears it out, named by the kind of evidence.

    The numbers are part of the JSON output (``errors[].confidence``); several kinds of
    evidence share a number.
    """

    CERTAIN: Final = 1.0  # observed directly (a pass), or nothing concluded (an unknown)
    RULED_OUT: Final = 0.95  # records rule it out: reporter history, catalogue, page markers
    DIFFERS: Final = 0.9  # the name, wording or parallel cite differs from the real one
    NOT_IN_FORCE: Final = 0.9  # the registry has the provision repealed, or its code not in force
    PROBABLY_INSIDE: Final = 0.85  # the page lies inside a case by the catalogue's layout
    PRINTED_ELSEWHERE: Final = 0.8  # the proposition is printed in the opinion, on other pages
    JUDGED: Final = 0.8  # an LLM judge's answer, backed by a quote found in the opinion
    NOT_IN_TEXT: Final = 0.75  # the quoted words are nowhere in the opinion
    NEGATED: Final = 0.7  # the opinion's closest sentences negate the proposition (offline)
    JUDGED_PIN: Final = 0.7  # an LLM judge says the pin page does not hold the cited matter
    JUDGED_UNSUPPORTED: Final = 0.6  # an LLM judge found the passages do not support it


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """The result of one check on one citation."""

    kind: ErrorKind
    outcome: Outcome
    explanation: str = ""
    fragment: str | None = None
    span: Span | None = None
    evidence: str = ""
    confidence: float = Confidence.CERTAIN
    reason: Reason | None = None
    suggestion: str = (
        ""  # a fix, where the evidence gives one: the real wording, the right page, the real case
    )
    judged_by: str = ""  # the LLM that decided it (model and endpoint); "" for citeproof's own rules
    rule: str = ""  # the misrepresentation rule that found it (`checking.misrep`), else ""


class Status(StrEnum):
    VERIFIED = "verified"
    HALLUCINATED = "hallucinated"
    UNVERIFIABLE = "unverifiable"


class TreatmentScope(StrEnum):
    WHOLE = "whole"
    IN_PART = "in part"


@dataclass(frozen=True, slots=True)
class Treatment:
    """A later decision that overruled a real case (``overruled_by``: its cite), as the library's
    table of overrulings gives it: a warning beside the verdict, never a verdict."""

    overruled_by: str
    name: str
    year: int
    scope: TreatmentScope
    overruled_name: str = ""  # the overruled case as the table names it
    source: str = ""  # where the table's row comes from

    def describe(self) -> str:
        """``overruled by Dobbs v. Jackson Women's Health Organization, 597 U.S. 215 (2022)``."""
        how = "overruled in part" if self.scope is TreatmentScope.IN_PART else "overruled"
        return f"{how} by {self.name}, {self.overruled_by} ({self.year})"


@dataclass(frozen=True, slots=True)
class Verdict:
    """``treatment``: the decision that overruled the case the citation names, if any."""

    citation: Citation
    status: Status
    reason: Reason | None = None
    authority: Authority | None = None
    errors: tuple[Finding, ...] = ()
    findings: tuple[Finding, ...] = field(default=(), repr=False)
    treatment: Treatment | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Identity of a library: what it is, when it was built, what it holds."""

    name: str
    built_at: str
    cases: int
    opinions_with_text: int
    citations: int = 0
    statutes: int = 0
    content_hash: str = ""  # "sha256:<hex>" of the content tables; "" when not recorded
    snapshot_date: str = ""  # the date of the data (a CourtListener dump), where known
    source: str = ""  # where the data came from ("CourtListener bulk data")

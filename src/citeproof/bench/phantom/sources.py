"""What the benchmark is built from, read out of a library: cases, sentences, real citations.

Everything here is a fact of the library (a case, its pages, a sentence printed on a
page, a citation written in a real opinion); nothing is generated.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass

from citeproof.core.context import Sentences, year_paren_after
from citeproof.core.extract import extract_citations, paragraphs
from citeproof.core.models import Citation, CitationType, CiteForm, Coverage, Opinion, ResolutionStatus
from citeproof.core.names import compare_names, distinctive_parties
from citeproof.core.read import document_from_text
from citeproof.core.resolve import resolve
from citeproof.library.sqlite import SQLiteLibrary

_NOTES = re.compile(r"\n\s*(?:NOTES|FOOTNOTES|Footnotes)\s*\n")
_BAD_SENTENCE = re.compile(r"[0-9§\"“”\[\]()*;:_/]|\b(?:v|Id|id|supra|See|U\.S|Cf)\b|\.\S")
_WORD = r"(?:[A-Z][A-Za-z.,'’&\-]*|of|the|and|for|de|ex|rel\.|&)"
_CLEAN_NAME = re.compile(rf"{_WORD}(?: {_WORD}){{0,7}} v\. {_WORD}(?: {_WORD}){{0,9}}")
_COUNSEL = re.compile(
    r"\bfor (?:the )?(?:appellants?|appellees?|petitioners?|respondents?|"
    r"plaintiffs?|defendants?|People|State|Commonwealth|Government)\b|"
    r"\b(?:JUSTICE|Justice|JUDGE|delivered|Attorneys?)\b"
)
MAX_PASSAGES = 40


@dataclass(frozen=True, slots=True)
class CaseRef:
    """A real case as a brief would cite it."""

    case_id: str
    name: str
    volume: str
    reporter: str
    page: int
    year: str
    court: str = ""  # as written in the year parenthetical ("" for the U.S. Supreme Court)

    @property
    def cite(self) -> str:
        return f"{self.volume} {self.reporter} {self.page}"

    def paren(self) -> str:
        return f"({self.court} {self.year})" if self.court else f"({self.year})"


@dataclass(frozen=True, slots=True)
class Passage:
    """A sentence printed wholly on one page of an opinion, found nowhere else in it."""

    text: str
    page: int


@dataclass(frozen=True, slots=True)
class FullTextCase:
    ref: CaseRef
    pages: tuple[int, ...]  # pages of ``ref.reporter`` that the text marks
    passages: tuple[Passage, ...]


@dataclass(frozen=True, slots=True)
class JudicialPassage:
    """A paragraph of a real opinion and the full citations written in it."""

    case_id: str
    text: str
    citations: tuple[Citation, ...]


def court_of(court: str, reporter: str) -> str:
    if reporter in {"U.S.", "S. Ct.", "L. Ed.", "L. Ed. 2d"} or court == "U.S. Supreme Court":
        return ""
    return court if len(court) <= 25 else ""


def full_text_cases(library: SQLiteLibrary) -> list[FullTextCase]:
    """Opinions with page markers for their own cite, and their quotable sentences."""
    out = []
    ids = [r[0] for r in library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id")]
    for case_id in ids:
        authority = library.case(case_id)
        opinion = library.opinion(case_id)
        if authority is None or opinion is None or not authority.citations:
            continue
        cite = authority.citations[0]
        pages = tuple(b.page for b in opinion.breaks_for(cite.reporter))
        if len(pages) < 3 or not cite.page.isdigit() or not _usable_name(authority.name_abbreviation):
            continue
        ref = CaseRef(
            case_id,
            authority.name_abbreviation,
            cite.volume,
            cite.reporter,
            int(cite.page),
            authority.decision_date[:4],
            court_of(authority.court, cite.reporter),
        )
        passages = tuple(_passages(opinion, cite.reporter, pages))
        if len(passages) >= 2:
            out.append(FullTextCase(ref, pages, passages))
    return out


def _usable_name(name: str) -> bool:
    return bool(_CLEAN_NAME.fullmatch(name)) and bool(distinctive_parties(name))


def _passages(opinion: Opinion, reporter: str, pages: tuple[int, ...]) -> Iterator[Passage]:
    text = opinion.text
    notes = _NOTES.search(text)
    body_end = notes.start() if notes else len(text)
    joined = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    found = 0
    for start, end in Sentences(text[:body_end]).spans:
        sentence = text[start:end].strip()
        page = opinion.page_at(start, reporter)
        if page is None or page == pages[0] or page != opinion.page_at(end - 1, reporter):
            continue
        words = sentence.split()
        if not (10 <= len(words) <= 40 and sentence[0].isupper() and sentence.endswith(".")):
            continue
        if _BAD_SENTENCE.search(sentence[:-1]) or _COUNSEL.search(sentence) or "\n" in sentence:
            continue
        if joined.count(" ".join(re.findall(r"[a-z0-9]+", sentence.lower()))) != 1:
            continue
        yield Passage(sentence, page)
        found += 1
        if found >= MAX_PASSAGES:
            return


def catalog_cases(library: SQLiteLibrary) -> list[CaseRef]:
    """Catalogued cases that a cite resolves to uniquely, with a clean distinctive name."""
    rows = library.conn.execute(
        "SELECT c.id, c.name_abbreviation, substr(c.decision_date, 1, 4), c.court, ci.volume, "
        "ci.reporter, ci.page_num FROM cases c JOIN citations ci ON ci.case_id = c.id "
        "AND ci.position = 0 WHERE ci.page_num IS NOT NULL AND ci.reporter NOT IN "
        "('U.S. LEXIS', 'NMSC') AND length(c.decision_date) >= 4 AND "
        "(SELECT COUNT(*) FROM citations o WHERE o.reporter = ci.reporter AND "
        "o.volume = ci.volume AND o.page_num = ci.page_num) = 1 ORDER BY c.id"
    ).fetchall()
    return [
        CaseRef(r[0], r[1], r[4], r[5], r[6], r[2], court_of(r[3] or "", r[5]))
        for r in rows
        if _usable_name(r[1])
    ]


def real_citations(
    library: SQLiteLibrary, case_ids: list[str]
) -> tuple[list[CaseRef], list[JudicialPassage]]:
    """Citations written in real opinions: out-of-coverage ones (distractors), and
    paragraphs that cite at least one catalogued case by its right name."""
    distractors: dict[str, CaseRef] = {}
    judicial: list[JudicialPassage] = []
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    for case_id in case_ids:
        opinion = library.opinion(case_id)
        if opinion is None:
            continue
        for n, (offset, para) in enumerate(paragraphs(opinion.text)):
            if n < 3 or not 150 <= len(para) <= 1800 or _NOTES.search(opinion.text[:offset]):
                continue
            cites = [c for c in extract_citations(document_from_text(para)) if c.type is CitationType.CASE]
            full = [c for c in cites if c.form is CiteForm.FULL]
            for c in full:
                ref = _distractor(c, para, library, case_id)
                if ref is not None:
                    distractors.setdefault(ref.cite, ref)
            if any(in_library(c, library) for c in full):
                judicial.append(JudicialPassage(case_id, para, tuple(cites)))
    return sorted(distractors.values(), key=lambda r: r.cite), judicial


def in_library(c: Citation, library: SQLiteLibrary) -> bool:
    r = resolve(c, library)
    return bool(
        r.status is ResolutionStatus.FOUND
        and r.authority
        and c.case_name
        and compare_names(c.case_name, r.authority.name, r.authority.name_abbreviation).matches
    )


def is_out_of_coverage(c: Citation, library: SQLiteLibrary) -> bool:
    """A real cite the library cannot speak to: not found, not provably absent."""
    r = resolve(c, library)
    return (
        r.status is ResolutionStatus.NOT_FOUND
        and r.containing is None
        and r.coverage in (Coverage.NOT_COVERED, Coverage.PARTIAL)
    )


def _distractor(c: Citation, para: str, library: SQLiteLibrary, case_id: str) -> CaseRef | None:
    if not (
        c.case_name
        and _CLEAN_NAME.fullmatch(c.case_name)
        and c.page
        and c.page.isdigit()
        and c.volume
        and c.reporter
        and c.year
        and not c.parallel_ids
    ):
        return None
    if not is_out_of_coverage(c, library):
        return None
    paren = year_paren_after(para, c.span.end)
    court = paren.court_text if paren and len(paren.court_text) <= 25 else ""
    return CaseRef(f"real:{case_id}", c.case_name, c.volume, c.reporter, int(c.page), str(c.year), court)

"""What the benchmark is built from, read out of a library: cases, sentences, real citations.

Everything here is a fact of the library (a case, its pages, a sentence printed on a
page, a citation written in a real opinion); nothing is generated.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from citeproof.bench.phantom.cites import FoundCite, find_cites, library_reporters
from citeproof.bench.phantom.parties import party_words, share_a_party
from citeproof.core.models import Coverage, Opinion
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
    citations: tuple[FoundCite, ...]


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
    return bool(_CLEAN_NAME.fullmatch(name)) and bool(party_words(name))


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”’']?\s+(?=[\"“‘]?[A-Z])")


_ABBREVIATION = re.compile(
    r"\b(?:Mr|Mrs|Ms|Dr|St|Co|Corp|Inc|Ltd|No|Nos|Art|Const|Ann|Stat|Supp|App|Ct|Cir|Dist|Elec|"
    r"Ala|Ariz|Ark|Cal|Colo|Conn|Del|Fla|Ga|Ill|Ind|Kan|Ky|La|Md|Mass|Mich|Minn|Miss|Mo|Mont|"
    r"Neb|Nev|Okla|Or|Pa|Tenn|Tex|Va|Vt|Wash|Wis|Wyo|Jan|Feb|Mar|Apr|Aug|Sept|Oct|Nov|Dec|Jr|Sr|"
    r"Gen|Rev|Sec|Bros|Ave|Dept|Gov|Hon|Prof|Assn|Ass'n|Comm|Cty|Twp|Ry|R|Bd|Educ|Int|Nat|"
    r"[A-Z])\.[\"”’']?$"
)


def sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """Sentence spans by the injector's own rule: a stop, space and a capital letter, not
    after a common abbreviation or an initial."""
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if _ABBREVIATION.search(text, max(start, m.start() - 12), m.start()):
            continue
        yield start, m.start()
        start = m.end()
    if start < len(text):
        yield start, len(text)


def paragraph_spans(text: str) -> Iterator[tuple[int, str]]:
    """(offset, paragraph) for each block of text between blank lines."""
    for m in re.finditer(r"[^\n](?:.|\n(?!\s*\n))*", text):
        yield m.start(), m.group()


def _passages(opinion: Opinion, reporter: str, pages: tuple[int, ...]) -> Iterator[Passage]:
    text = opinion.text
    notes = _NOTES.search(text)
    body_end = notes.start() if notes else len(text)
    joined = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    found = 0
    for start, end in sentence_spans(text[:body_end]):
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
    reporters = library_reporters(library)
    distractors: dict[str, CaseRef] = {}
    judicial: list[JudicialPassage] = []
    for case_id in case_ids:
        opinion = library.opinion(case_id)
        if opinion is None:
            continue
        for n, (offset, para) in enumerate(paragraph_spans(opinion.text)):
            if n < 3 or not 150 <= len(para) <= 1800 or _NOTES.search(opinion.text[:offset]):
                continue
            cites = find_cites(para, reporters)
            for c in cites:
                ref = _distractor(c, para, library, case_id)
                if ref is not None:
                    distractors.setdefault(ref.cite, ref)
            if any(in_library(c, library) for c in cites):
                judicial.append(JudicialPassage(case_id, para, tuple(cites)))
    return sorted(distractors.values(), key=lambda r: r.cite), judicial


def cases_at(library: SQLiteLibrary, volume: str, reporter: str, page: int) -> list[tuple[str, str]]:
    """(case id, name) of the cases a cite names, read from the library's tables."""
    rows = library.conn.execute(
        "SELECT c.id, c.name_abbreviation FROM citations ci JOIN cases c ON c.id = ci.case_id "
        "WHERE ci.volume = ? AND ci.reporter = ? AND ci.page_num = ?",
        (volume, reporter, page),
    )
    return [(str(r[0]), str(r[1])) for r in rows]


def in_library(c: FoundCite, library: SQLiteLibrary) -> bool:
    """The cite names exactly one catalogued case, and the written name shares a party with it."""
    found = cases_at(library, c.volume, c.reporter, c.page)
    return len(found) == 1 and share_a_party(c.name, found[0][1])


def inside_a_case(library: SQLiteLibrary, volume: str, reporter: str, page: int) -> str | None:
    """The id of a case whose known pages hold ``page`` past its first, else None."""
    row = library.conn.execute(
        "SELECT c.id FROM citations ci JOIN cases c ON c.id = ci.case_id WHERE ci.volume = ? AND "
        "ci.reporter = ? AND c.pages_reporter = ci.reporter AND ci.page_num < ? AND "
        "coalesce(c.last_page, c.last_star_page, 0) >= ? LIMIT 1",
        (volume, reporter, page, page),
    ).fetchone()
    return str(row[0]) if row else None


def is_out_of_coverage(c: FoundCite, library: SQLiteLibrary) -> bool:
    """A real cite the library cannot speak to: no case there, none around it, and a
    volume the library knows only in part or not at all."""
    return (
        not cases_at(library, c.volume, c.reporter, c.page)
        and inside_a_case(library, c.volume, c.reporter, c.page) is None
        and library.coverage(c.reporter, c.volume) in (Coverage.NOT_COVERED, Coverage.PARTIAL)
    )


_YEAR_PAREN = re.compile(r"\s*\((?P<court>[^()]{0,40}?)\s*(?P<year>1[6-9]\d\d|20\d\d)\)")


def _distractor(c: FoundCite, para: str, library: SQLiteLibrary, case_id: str) -> CaseRef | None:
    paren = _YEAR_PAREN.match(para, c.span[1])
    if paren is None or not _CLEAN_NAME.fullmatch(c.name) or not is_out_of_coverage(c, library):
        return None
    court = paren.group("court").strip()
    return CaseRef(
        f"real:{case_id}",
        c.name,
        c.volume,
        c.reporter,
        c.page,
        paren.group("year"),
        court if len(court) <= 25 else "",
    )

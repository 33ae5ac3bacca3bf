"""Layouts of real court and firm documents that carry more than the text: a brief's own front
matter, an opinion's footnotes as real footnotes, a two-column reporter page.

Each is a function ``(text, folder, rng) -> path`` (registered in `layouts.py`):

* ``toa`` / ``toa-pdf`` — a brief with a caption, a TABLE OF CONTENTS and a TABLE OF
  AUTHORITIES listing the text's own cited cases and statutes (name, cite, year) with dot
  leaders and page numbers (``passim``), front matter numbered in roman, as a Word file and as
  LibreOffice's PDF of it;
* ``footnotes`` / ``footnotes-pdf`` — the opinion's notes (the data pack puts them under
  ``NOTES`` at the end, each opening with ``[1]``, called by ``[1]`` in the body) as real Word
  footnotes, and that file exported to PDF by LibreOffice, so each note is printed at the foot
  of the page that calls it and long notes run on to the next page;
* ``columns`` — a two-column PDF (fpdf2), law-reporter style: a running head with the caption
  (``SMITH v. JONES``) and the page number on every page, words hyphenated in narrow columns.

`reading_order` gives, for each layout, the clean text a reader of that document should see:
the same text, but with each note right after the paragraph that calls it (where a reader
meets it) rather than at the end.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from xml.sax.saxutils import escape

from layouts import FONT, office_pdf, paragraphs, wrap

_NOTES_HEADING = re.compile(r"\n\s*\n(?:NOTES|FOOTNOTES|Footnotes)\s*\n\s*\n")
_NOTE_OPEN = re.compile(r"\[(\*|\d{1,3})\]\s*")
_CALL = re.compile(r"\[(\*|\d{1,3})\]")
_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_SURNAMES = ("SMITH", "JONES", "MARTINEZ", "NGUYEN", "OKAFOR", "BRENNAN", "WALSH", "HOLLOWAY", "PRICE")
_COURTS = (
    "IN THE UNITED STATES COURT OF APPEALS FOR THE NINTH CIRCUIT",
    "IN THE SUPREME COURT OF THE STATE OF ILLINOIS",
    "UNITED STATES DISTRICT COURT FOR THE SOUTHERN DISTRICT OF NEW YORK",
)


# ----------------------------------------------------------------------------- notes


def split_notes(text: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The body's paragraphs and the notes (mark, text; a note's paragraphs joined by a blank
    line) of a data-pack text; no notes when it has no NOTES section."""
    found = list(_NOTES_HEADING.finditer(text))
    if not found:
        return paragraphs(text), []
    cut = found[-1]
    notes: list[tuple[str, list[str]]] = []
    for para in paragraphs(text[cut.end() :]):
        m = _NOTE_OPEN.match(para)
        if m:
            notes.append((m.group(1), [para[m.end() :]]))
        elif notes:
            notes[-1][1].append(para)
    return paragraphs(text[: cut.start()]), [(mark, "\n\n".join(parts)) for mark, parts in notes if parts]


def called_notes(body: list[str], notes: list[tuple[str, str]]) -> list[list[tuple[str, str, int]]]:
    """For each body paragraph, the notes it calls: (mark, note text, offset of the call in
    the paragraph once the call is taken out), each note called once, in order."""
    by_mark = dict(notes)
    used: set[str] = set()
    out = []
    for para in body:
        calls = []
        removed = 0
        for m in _CALL.finditer(para):
            mark = m.group(1)
            if mark in by_mark and mark not in used:
                used.add(mark)
                calls.append((mark, by_mark[mark], m.start() - removed))
                removed += len(m.group())
        out.append(calls)
    return out


def without_calls(para: str, calls: list[tuple[str, str, int]]) -> str:
    marks = {mark for mark, _, _ in calls}
    seen: set[str] = set()

    def drop(m: re.Match[str]) -> str:
        if m.group(1) in marks and m.group(1) not in seen:
            seen.add(m.group(1))
            return ""
        return m.group()

    return _CALL.sub(drop, para)


def reading_order(text: str) -> str:
    """The clean text as a reader of the laid-out document meets it: each note right after
    the paragraph that calls it, the calls taken out; a note nobody calls stays at the end."""
    body, notes = split_notes(text)
    if not notes:
        return text
    calls = called_notes(body, notes)
    out: list[str] = []
    for para, para_calls in zip(body, calls, strict=True):
        out.append(without_calls(para, para_calls))
        out += [note for _, note, _ in para_calls]
    placed = {mark for para_calls in calls for mark, _, _ in para_calls}
    out += [note for mark, note in notes if mark not in placed]
    return "\n\n".join(out) + "\n"


def footnotes(text: str, folder: Path, rng: random.Random) -> Path:
    """The opinion as a Word file whose notes are Word footnotes at the calls."""
    from docx import Document as Word
    from docx.opc.constants import CONTENT_TYPE as CT
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part
    from docx.oxml import parse_xml

    body, notes = split_notes(text)
    calls = called_notes(body, notes)
    word = Word()
    word.sections[0].header.paragraphs[0].text = f"{_caption(rng)} — Opinion of the Court"
    _page_field(word.sections[0].footer.paragraphs[0])
    note_xml: list[str] = []
    for para, para_calls in zip(body, calls, strict=True):
        clean = without_calls(para, para_calls)
        paragraph = word.add_paragraph()
        cursor = 0
        for _, note, at in para_calls:
            paragraph.add_run(clean[cursor:at])
            number = len(note_xml) + 1
            paragraph._p.append(
                parse_xml(
                    f'<w:r xmlns:w="{_W}"><w:rPr><w:vertAlign w:val="superscript"/></w:rPr>'
                    f'<w:footnoteReference w:id="{number}"/></w:r>'
                )
            )
            note_xml.append(_footnote_xml(number, note))
            cursor = at
        paragraph.add_run(clean[cursor:])
    placed = {mark for para_calls in calls for mark, _, _ in para_calls}
    for mark, note in notes:  # a note nobody calls: printed at the end, as the source has it
        if mark not in placed:
            word.add_paragraph(note)
    if note_xml:
        xml = (
            f'<w:footnotes xmlns:w="{_W}">'
            '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
            '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
            "</w:r></w:p></w:footnote>" + "".join(note_xml) + "</w:footnotes>"
        )
        part = Part(PackURI("/word/footnotes.xml"), CT.WML_FOOTNOTES, xml.encode(), word.part.package)
        word.part.relate_to(part, RT.FOOTNOTES)
    path = folder / "opinion.docx"
    word.save(str(path))
    return path


def footnotes_pdf(text: str, folder: Path, rng: random.Random) -> Path:
    return office_pdf(footnotes(text, folder, rng), folder)


def _footnote_xml(number: int, note: str) -> str:
    paras = []
    for k, para in enumerate(note.split("\n\n")):
        mark = (
            '<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>'
            '<w:r><w:t xml:space="preserve"> </w:t></w:r>'
            if k == 0
            else ""
        )
        paras.append(
            '<w:p><w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:pPr>'
            f'{mark}<w:r><w:rPr><w:sz w:val="18"/></w:rPr>'
            f'<w:t xml:space="preserve">{escape(para)}</w:t></w:r></w:p>'
        )
    return f'<w:footnote w:id="{number}">{"".join(paras)}</w:footnote>'


# ----------------------------------------------------------------------------- front matter


def cited_authorities(text: str) -> list[tuple[str, str, int]]:
    """The text's cited cases (``Name, 347 U.S. 483, 74 S. Ct. 686 (1954)``, parallel cites
    together) and statutes as written, each under its heading with how often it is cited, as
    a firm's table-of-authorities tool lists them."""
    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.models import Document

    entries: dict[str, list[str]] = {}  # first cite's id → its cites
    names: dict[str, tuple[str, str]] = {}  # first cite's id → name, year
    group_of: dict[str, str] = {}  # a parallel cite's id → its first cite's id
    statutes: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    for c in extract_citations(Document(text=text)):
        if c.cite and c.case_name and str(c.form) == "full":
            first = group_of.get(c.id, c.id)
            if first not in entries:
                entries[first], names[first] = [], (c.case_name, f" ({c.year})" if c.year else "")
                group_of.update({other: first for other in c.parallel_ids})
            if c.cite not in entries[first]:
                entries[first].append(c.cite)
            counts[first] += first == c.id or c.id not in group_of
        elif c.statute_code and c.statute_section and str(c.form) == "full":
            statutes[" ".join(c.text.split())] += 1
    cases: Counter[str] = Counter()
    for first, cites in entries.items():
        name, year = names[first]
        cases[f"{name}, {', '.join(cites)}{year}"] += max(counts[first], 1)
    return [
        (heading, entry, times)
        for heading, listed in (("Cases", cases), ("Statutes", statutes))
        for entry, times in sorted(listed.items(), key=lambda item: item[0].lower())
    ]


def _pages(times: int, rng: random.Random) -> str:
    if times >= 4:
        return "passim"
    return ", ".join(map(str, sorted(rng.sample(range(1, 40), min(times + rng.randint(0, 1), 3)))))


def toa(text: str, folder: Path, rng: random.Random) -> Path:
    """A brief: caption, table of contents and table of authorities (roman pages, dot
    leaders), then the text (arabic pages from 1)."""
    from docx import Document as Word
    from docx.enum.section import WD_SECTION
    from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK, WD_TAB_ALIGNMENT, WD_TAB_LEADER
    from docx.shared import Inches

    word = Word()
    appellant, appellee = rng.sample(_SURNAMES, 2)
    for line in (
        rng.choice(_COURTS),
        f"No. {rng.randint(17, 24)}-{rng.randint(1000, 9999)}",
        f"{appellant} HOLDINGS, INC.,",
        "Plaintiff-Appellant,",
        "v.",
        f"{appellee} & CO., LLP,",
        "Defendant-Appellee.",
        "On Appeal from the United States District Court",
        "APPELLANT'S OPENING BRIEF",
    ):
        word.add_paragraph(line).alignment = WD_ALIGN_PARAGRAPH.CENTER
    word.paragraphs[-1].runs[-1].add_break(WD_BREAK.PAGE)

    def leader_line(entry: str, pages: str, indent: float = 0.0) -> None:
        p = word.add_paragraph(f"{entry}\t{pages}")
        p.paragraph_format.tab_stops.add_tab_stop(Inches(6.0), WD_TAB_ALIGNMENT.RIGHT, WD_TAB_LEADER.DOTS)
        p.paragraph_format.left_indent = Inches(indent)

    word.add_paragraph("TABLE OF CONTENTS").alignment = WD_ALIGN_PARAGRAPH.CENTER
    for entry, pages in (
        ("TABLE OF AUTHORITIES", "ii"),
        ("STATEMENT OF JURISDICTION", "1"),
        ("STATEMENT OF THE CASE", "2"),
        ("ARGUMENT", "4"),
        ("I. The district court misread the governing standard", "4"),
        ("II. The record does not support the judgment", str(rng.randint(9, 20))),
        ("CONCLUSION", str(rng.randint(21, 40))),
    ):
        leader_line(entry, pages, 0.3 if entry[:3] in ("I. ", "II.") else 0.0)
    word.paragraphs[-1].runs[-1].add_break(WD_BREAK.PAGE)
    word.add_paragraph("TABLE OF AUTHORITIES").alignment = WD_ALIGN_PARAGRAPH.CENTER
    authorities = cited_authorities(text)
    for heading in ("Cases", "Statutes"):
        listed = [(entry, times) for under, entry, times in authorities if under == heading]
        if listed:
            word.add_paragraph(heading).runs[0].bold = True
            for entry, times in listed:
                leader_line(entry, _pages(times, rng))
    _number_pages(word.sections[0], "lowerRoman")
    body = word.add_section(WD_SECTION.NEW_PAGE)
    _number_pages(body, "decimal", restart=True)
    for para in paragraphs(text):
        word.add_paragraph(para)
    _page_field(word.sections[0].footer.paragraphs[0])
    path = folder / "brief.docx"
    word.save(str(path))
    return path


def toa_pdf(text: str, folder: Path, rng: random.Random) -> Path:
    return office_pdf(toa(text, folder, rng), folder)


def _number_pages(section: object, style: str, restart: bool = False) -> None:
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    number = OxmlElement("w:pgNumType")
    number.set(qn("w:fmt"), style)
    if restart:
        number.set(qn("w:start"), "1")
    section._sectPr.append(number)  # type: ignore[attr-defined]


def _page_field(paragraph: object) -> None:
    from docx.oxml import parse_xml

    paragraph._p.append(  # type: ignore[attr-defined]
        parse_xml(f'<w:fldSimple xmlns:w="{_W}" w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>')
    )


def _caption(rng: random.Random) -> str:
    first, second = rng.sample(_SURNAMES, 2)
    return f"{first} v. {second}"


# ----------------------------------------------------------------------------- columns

COLUMN_CHARS = 46  # characters on a column's line (9-point type, 3.2 inches)
COLUMN_LINES = 62


def columns(text: str, folder: Path, rng: random.Random) -> Path:
    """A law-reporter page: two columns, a running head with the caption and the page
    number at the outer edge, words hyphenated across lines."""
    from fpdf import FPDF

    lines: list[str] = []
    for para in paragraphs(text):
        lines += wrap(para, COLUMN_CHARS, rng, hyphenate=True)
        lines.append("")
    per_page = 2 * COLUMN_LINES
    first_page = rng.randint(100, 900)
    caption = _caption(rng)
    doc = FPDF(unit="pt", format="letter")
    doc.add_font("DejaVu", fname=str(FONT))
    doc.set_auto_page_break(False)
    for p in range(-(-len(lines) // per_page)):
        doc.add_page()
        number = first_page + p
        doc.set_font("DejaVu", size=9)
        if number % 2:
            doc.text(250, 40, caption)
            doc.text(545, 40, str(number))
        else:
            doc.text(54, 40, str(number))
            doc.text(250, 40, caption)
        doc.set_font("DejaVu", size=9)
        page = lines[p * per_page : (p + 1) * per_page]
        for c, x in enumerate((54, 318)):
            for k, line in enumerate(page[c * COLUMN_LINES : (c + 1) * COLUMN_LINES]):
                if line:
                    doc.text(x, 64 + k * 11.2, line)
    path = folder / "reporter.pdf"
    doc.output(str(path))
    return path

"""A Word brief's pages as printed: sections, their number formats and restarts, the
layout Word records; where the file does not fix a page, no page is given."""

from __future__ import annotations

import docx
import pytest
from docx.enum.section import WD_SECTION
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from tests.briefs import note_part, note_reference

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.docx_pages import number_label, surely_on_first_page
from citeproof.core.reading.read import read_document

FRONT = "TABLE OF CONTENTS\n\nArgument\n\nConclusion"
BODY_FIRST = "Counsel is a right of every accused. Gideon v. Wainwright, 372 U.S. 335, 344 (1963)."
BODY_LATER = "Favourable evidence must be disclosed. Brady v. Maryland, 373 U.S. 83, 87 (1963)."
LONG = "The record shows the trial court weighed every factor the statute names with care. " * 4


def _numbering(section, fmt: str, start: int | None) -> None:
    attrs = f' w:fmt="{fmt}"' + (f' w:start="{start}"' if start is not None else "")
    for old in section._sectPr.findall(qn("w:pgNumType")):  # a new section copies the last one's
        section._sectPr.remove(old)
    section._sectPr.append(parse_xml(f"<w:pgNumType {nsdecls('w')}{attrs}/>"))


def _page_field(section) -> None:
    paragraph = section.footer.paragraphs[0]
    paragraph._p.append(
        parse_xml(f'<w:fldSimple {nsdecls("w")} w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>')
    )


def _rendered_break(paragraph) -> None:
    """What Word writes where its layout began a new page: a run opening with the mark."""
    run = paragraph.runs[0]._r
    run.insert(0, run.makeelement(qn("w:lastRenderedPageBreak"), {}))


def word_brief(path, *, laid_out: bool, printed: bool = True) -> None:
    """Front matter numbered i, ii (roman, from 1) and a body numbered from 1 after a
    new-page section break; the body runs over three pages, which only Word's recorded
    layout says; a footnote on the body's third page."""
    document = docx.Document()
    front = document.sections[0]
    _numbering(front, "lowerRoman", 1)
    if printed:
        _page_field(front)
    document.add_paragraph(FRONT)
    second = document.add_paragraph("Statement of the issues presented for review.")
    if laid_out:
        _rendered_break(second)
    body = document.add_section(WD_SECTION.NEW_PAGE)
    _numbering(body, "decimal", 1)
    body.footer.is_linked_to_previous = True
    document.add_paragraph(BODY_FIRST)
    for _ in range(6):
        document.add_paragraph(LONG)
    later = document.add_paragraph(BODY_LATER)
    if laid_out:
        _rendered_break(later)
    for _ in range(6):
        document.add_paragraph(LONG)
    noted = document.add_paragraph("Separate is not equal.")
    if laid_out:
        _rendered_break(noted)
    note_reference(noted, "footnote")
    package = document.part.package
    document.part.relate_to(
        note_part(package, "footnote", "See Brown v. Board of Education, 347 U.S. 483, 495 (1954)."),
        RT.FOOTNOTES,
    )
    document.save(str(path))


def _places(doc):
    return {c.volume: doc.place_of(c.span.start) for c in extract_citations(doc)}


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory):
    path = tmp_path_factory.mktemp("pages") / "laid_out.docx"
    word_brief(path, laid_out=True)
    return read_document(path)


def test_pages_follow_sections_formats_and_restarts(laid_out):
    assert laid_out.page_labels == ("i", "ii", "1", "2", "3")
    assert laid_out.page_numbers == (1, 2, 3, 4, 5)
    places = _places(laid_out)
    assert (places["372"].page, places["372"].physical) == ("1", 3)
    assert (places["373"].page, places["373"].physical) == ("2", 4)
    assert (places["347"].page, places["347"].note, str(places["347"])) == ("3", 1, "p. 3 n.1")


def test_front_matter_pages_print_as_roman_numbers(laid_out):
    start = laid_out.text.index("Statement of the issues")
    assert str(laid_out.place_of(start)) == "p. ii"


def test_without_word_s_layout_a_page_after_a_long_stretch_is_not_guessed(tmp_path):
    path = tmp_path / "unlaid.docx"
    word_brief(path, laid_out=False)
    doc = read_document(path)
    places = _places(doc)
    # the body begins on a new page that restarts at 1: printed "1", its page of the file
    # is known because the front matter fits on one page
    assert (places["372"].page, places["372"].physical) == ("1", 2)
    # the body runs on for pages no break records: past what surely fits on its first
    # page, no page is given, and none of the footnote's either
    assert (places["373"].page, places["373"].physical, str(places["373"])) == (None, None, "")
    assert (places["347"].page, places["347"].physical, places["347"].note) == (None, None, 1)


def test_no_printed_number_without_a_page_field(tmp_path):
    path = tmp_path / "unprinted.docx"
    word_brief(path, laid_out=True, printed=False)
    doc = read_document(path)
    place = _places(doc)["372"]
    assert (place.page, place.physical, str(place)) == (None, 3, "file p. 3")


@pytest.mark.parametrize(
    ("number", "fmt", "label"),
    [(4, "lowerRoman", "iv"), (9, "upperRoman", "IX"), (14, "lowerRoman", "xiv"), (2, "upperLetter", "B"),
     (27, "lowerLetter", "aa"), (12, "decimal", "12"), (3, "numberInDash", "3")],
)  # fmt: skip
def test_number_formats(number, fmt, label):
    assert number_label(number, fmt) == label


def test_what_fits_on_a_page():
    def fits(text: str) -> bool:
        return surely_on_first_page(text) == len(text)

    assert fits("\n\n".join(["A short line."] * 20))
    assert not fits("\n\n".join(["A short line."] * 21))
    assert not fits("x" * 60 * 21)

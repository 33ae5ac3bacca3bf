"""Documents as courts and firms print them: a brief's own table of authorities running over
pages of a PDF, an opinion's footnotes exported to PDF by LibreOffice (the note at the foot of
the page, the page number under it, a stray control character in the text), a two-column
reporter page whose running head carries the caption. Each reads as its text does."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from tests.briefs import W_NS

from citeproof.api import check_file, check_text
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.front_matter import table_edge, with_table_lines
from citeproof.core.reading.read import read_document

OFFICE = shutil.which("soffice") or shutil.which("libreoffice")
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _cites(report) -> list[str]:
    return [v.citation.cite or "" for v in report.verdicts]


# ----------------------------------------------------------------------------- tables


TOA_PAGES = [
    [
        "TABLE OF AUTHORITIES",
        "Cases",
        "Brown v. Board of Education, 347 U.S. 483 (1954) ......................... 2, 4",
        "Gideon v. Wainwright, 372 U.S. 335 (1963) ..................................... 3",
    ],
    ["Mapp v. Ohio, 367 U.S. 643 (1961) ................................................... 5"],
    [
        "372 U.S. 335 (1963)",
        "The Court so held in Brown v. Board of Education, 347 U.S. 483, 495 (1954), and",
        "again in Gideon v. Wainwright, 372 U.S. 335, 344 (1963).",
    ],
]


def _uniform_pdf(path: Path, pages: list[list[str]]) -> Path:
    """Every line the same distance from the next: no gap tells a table's lines apart."""
    from fpdf import FPDF

    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    pdf.set_font("Helvetica", size=11)
    for lines in pages:
        pdf.add_page()
        for row, line in enumerate(lines):
            pdf.text(20, 30 + row * 7, line)
    pdf.output(str(path))
    return path


def test_a_table_of_authorities_over_two_pdf_pages_is_not_checked(tmp_path, library):
    path = _uniform_pdf(tmp_path / "brief.pdf", TOA_PAGES)
    report = check_file(path, library)
    body = " ".join(TOA_PAGES[2])
    assert _cites(report) == _cites(check_text(body + "\n", library))
    assert _cites(report) == ["372 U.S. 335", "347 U.S. 483", "372 U.S. 335"]  # no "367 U.S. 643"


def test_a_table_keeps_its_lines_and_its_edges():
    page = "Cases\nBrown v. Board, 347 U.S. 483 (1954) ........ 2\nGideon, 372 U.S. 335 (1963) ....... 3"
    cases, brown, gideon = page.split("\n")
    assert with_table_lines(page).split("\n\n") == [f"{cases}\n{brown}", gideon]  # a break after each entry
    prose = "The court held\nthat the rule is settled at 12\nand so on."
    assert with_table_lines(prose) == prose  # a number at a line's end is no page reference
    assert table_edge("Mapp v. Ohio, 367 U.S. 643 (1961) ......... 5", "372 U.S. 335 (1963)")
    assert table_edge("the court below", "TABLE OF AUTHORITIES\nCases")
    assert not table_edge("as the Court held in 347 U.S.", "483, 495 (1954).")


# ----------------------------------------------------------------------------- footnotes

NOTE_CITE = "See Brown v. Board of Education, 347 U.S. 483, 495 (1954)."
CALLING = (
    "Counsel is a right of every accused \x97 a fundamental one.{call}"
    " Gideon v. Wainwright, 372 U.S. 335, 344 (1963)."
)
LATER = "Evidence favourable to the accused must be disclosed. Brady v. Maryland, 373 U.S. 83, 87 (1963)."


def _word_with_a_note(path: Path) -> Path:
    """A Word file: a paragraph that calls note 1 (its text holds a stray C1 control
    character, as converted court texts do), a later paragraph, the page number in the footer."""
    import docx
    from docx.opc.constants import CONTENT_TYPE as CT
    from docx.opc.constants import RELATIONSHIP_TYPE as RT
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part
    from docx.oxml import parse_xml
    from tests.briefs import note_reference

    word = docx.Document()
    word.sections[0].footer.paragraphs[0]._p.append(
        parse_xml(f'<w:fldSimple xmlns:w="{W_NS}" w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple>')
    )
    before, after = CALLING.split("{call}")
    first = word.add_paragraph(before)
    note_reference(first, "footnote")
    first.add_run(after)
    word.add_paragraph(LATER)
    small = '<w:rPr><w:sz w:val="18"/></w:rPr>'  # 9-point notes under 11-point text, as Word sets them
    notes = (
        f'<w:footnotes xmlns:w="{W_NS}"><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/>'
        '</w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/>'
        f'</w:rPr><w:footnoteRef/></w:r><w:r>{small}<w:t xml:space="preserve"> {NOTE_CITE}</w:t></w:r></w:p>'
        "</w:footnote></w:footnotes>"
    )
    part = Part(PackURI("/word/footnotes.xml"), CT.WML_FOOTNOTES, notes.encode(), word.part.package)
    word.part.relate_to(part, RT.FOOTNOTES)
    word.save(str(path))
    return path


@pytest.mark.skipif(OFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_a_libreoffice_footnote_above_the_page_number_is_read_after_its_paragraph(tmp_path, library):
    source = _word_with_a_note(tmp_path / "opinion.docx")
    subprocess.run(
        [OFFICE, f"-env:UserInstallation=file://{tmp_path}/profile", "--headless", "--convert-to", "pdf"]
        + ["--outdir", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    doc = read_document(tmp_path / "opinion.pdf")
    text = " ".join(doc.text.split())
    assert "a fundamental one. Gideon" in text  # the call is no text
    # the note comes after the paragraph that calls it, before the next one
    assert text.index("344 (1963).") < text.index("See Brown") < text.index("Evidence favourable")
    brown = next(c for c in extract_citations(doc) if c.volume == "347")
    assert doc.place_of(brown.span.start).label == "footnote 1"
    reference = CALLING.format(call="") + "\n\n" + NOTE_CITE + "\n\n" + LATER + "\n"
    assert _cites(check_file(tmp_path / "opinion.pdf", library)) == _cites(check_text(reference, library))


# ----------------------------------------------------------------------------- columns

COLUMN_LINES = [
    "The Sixth Amendment guarantees counsel to",
    "every accused. Gideon v. Wainwright, 372",
    "U.S. 335, 344 (1963). The same rule was",
    "applied to the States, as the Court held",
    "in Roe v.",  # the caption's running head stands between this and the next column
    "Wade, 410 U.S. 113, 153 (1973), and the",
    "lower courts have followed it since. See",
    "Brady v. Maryland, 373 U.S. 83, 87 (1963).",
]


def _reporter_pdf(path: Path) -> Path:
    """Two pages of two columns; the caption and the page number in a running head, the
    number at the outer edge (left on even pages, right on odd ones)."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.add_font("DejaVu", fname=DEJAVU)
    pdf.set_font("DejaVu", size=9)
    pdf.set_auto_page_break(False)
    for page, lines in enumerate((COLUMN_LINES[:5], COLUMN_LINES[5:])):
        pdf.add_page()
        number = 412 + page
        pdf.text(54 if number % 2 == 0 else 545, 40, str(number))
        pdf.text(250, 40, "SMITH v. JONES")
        half = -(-len(lines) // 2)
        for column, x in enumerate((54, 318)):
            for row, line in enumerate(lines[column * half : (column + 1) * half]):
                pdf.text(x, 64 + row * 11.2, line)
    pdf.output(str(path))
    return path


def test_a_two_column_reporter_page_reads_as_its_text(tmp_path, library):
    report = check_file(_reporter_pdf(tmp_path / "reporter.pdf"), library)
    expected = check_text(" ".join(COLUMN_LINES) + "\n", library)
    assert _cites(report) == _cites(expected) == ["372 U.S. 335", "410 U.S. 113", "373 U.S. 83"]
    names = [v.citation.case_name for v in report.verdicts]
    assert names == [v.citation.case_name for v in expected.verdicts]
    assert "SMITH" not in report.document.text


def test_a_reporter_head_on_a_page_of_its_own_is_no_case_name(tmp_path, library):
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.add_font("DejaVu", fname=DEJAVU)
    pdf.set_font("DejaVu", size=9)
    pdf.add_page()
    pdf.text(250, 40, "OKAFOR v. PRICE")
    pdf.text(545, 40, "385")
    for row, line in enumerate(["766 So. 2d 440 (2000)", "", "The order is affirmed."]):
        pdf.text(54, 64 + row * 11.2, line)
    pdf.output(str(tmp_path / "page.pdf"))
    report = check_file(tmp_path / "page.pdf", library)
    assert "OKAFOR" not in report.document.text
    assert [(v.citation.cite, v.citation.case_name) for v in report.verdicts] == [("766 So. 2d 440", None)]


def test_a_column_that_begins_a_numbered_note_begins_a_paragraph(tmp_path):
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.add_font("DejaVu", fname=DEJAVU)
    pdf.set_font("DejaVu", size=9)
    pdf.add_page()
    left = ["165. See State v. Hessler, 274 Neb. 478,", "741 N.W.2d 406 (2007).", "166. Id."]
    right = ["167. See id. at 412, and the", "cases it", "collects."]
    for x, lines in ((54, left), (318, right)):
        for row, line in enumerate(lines):
            pdf.text(x, 64 + row * 11.2, line)
    pdf.output(str(tmp_path / "notes.pdf"))
    text = read_document(tmp_path / "notes.pdf").text
    assert "166. Id.\n\n167. See id." in text
    assert "and the cases it collects." in text  # a column that goes on reads on


def _long_notes_pdf(path: Path) -> Path:
    """Page 1: a paragraph of 12-point body calling note 1, whose 9-point text is longer than
    the page's body and runs on at the foot of page 2, above note 2; the page number in the
    footer. Most of the document is set in the body's type."""
    from fpdf import FPDF

    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    note = [
        "1 The rule has a long history. See Brown v. Board of Education, 347 U.S. 483, 495 (1954),",
        "where the Court held that separate schools are unequal, and the cases that followed it in",
        "every circuit, each of which applied the rule to facts of its own and found it sound on",
        "the record before it, whatever the district court had thought of the question below;",
    ]
    pages = [
        (["Counsel is a right of every accused in a criminal trial.", "The Court said so plainly."], note),
        (
            [
                "Evidence seized unlawfully is excluded at trial, and the rule reaches",
                "every court of the States as well as the federal courts, whatever the",
                "crime charged and whoever conducted the search that produced it; the",
                "courts below have applied it for many years without any difficulty.",
                "The question here is narrower: whether the rule reaches a search made",
                "by officers of another sovereign who acted without any warrant at all,",
                "and then handed what they found to the officers who brought the case.",
                "We hold that it does, for the reasons the courts of appeals have given.",
            ],
            ["Id. at 494.", "2 See Mapp v. Ohio, 367 U.S. 643, 655 (1961)."],
        ),
    ]
    for number, (body, notes) in enumerate(pages, 1):
        pdf.add_page()
        for row, line in enumerate(body):
            pdf.set_font("Helvetica", size=12)
            pdf.set_xy(25, 30 + row * 8)
            pdf.cell(pdf.get_string_width(line), 6, line)
            if number == 1 and row == 0:
                pdf.set_font("Helvetica", size=7)
                pdf.cell(4, 4, "1")
        pdf.set_font("Helvetica", size=9)
        for row, line in enumerate(notes):
            pdf.set_xy(25, 200 + row * 5)
            pdf.cell(0, 5, line)
        pdf.set_font("Helvetica", size=12)
        pdf.set_xy(100, 260)
        pdf.cell(10, 6, str(number))
    pdf.output(str(path))
    return path


def test_a_note_longer_than_its_page_body_and_running_on_is_one_note(tmp_path):
    doc = read_document(_long_notes_pdf(tmp_path / "notes.pdf"))
    text = doc.text
    body = " ".join(text[: text.index("The rule has")].split())
    assert body == "Counsel is a right of every accused in a criminal trial. The Court said so plainly."
    brown = text.index("Brown v. Board")
    assert doc.place_of(brown).label == "footnote 1"
    assert doc.place_of(text.index("Id. at 494")).label == "footnote 1"  # it runs on from page 1
    assert doc.place_of(text.index("Mapp v. Ohio")).label == "footnote 2"
    assert "\n1 " not in text and "\n2 " not in text

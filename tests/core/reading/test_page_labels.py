"""The page number printed on each page of a PDF: only where neighbouring pages confirm it."""

from __future__ import annotations

import pytest
from fpdf import FPDF

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.page_labels import printed_page_labels, roman_value
from citeproof.core.reading.read import read_document

BODY = [
    "The right to counsel is fundamental to a fair trial in every criminal case brought.",
    "Gideon v. Wainwright, 372 U.S. 335, 344 (1963), made that right binding on the States.",
    "Favourable evidence must be disclosed. Brady v. Maryland, 373 U.S. 83, 87 (1963).",
]


def _page(body: list[str], foot: str | None = None, head: str | None = None) -> list[str]:
    return [*([head] if head else []), *body, *([foot] if foot else [])]


def test_front_matter_in_roman_numbers_and_a_body_from_one():
    pages = [_page(BODY, "i"), _page(BODY, "ii"), _page(BODY, "1"), _page(BODY, "2"), _page(BODY, "3")]
    assert printed_page_labels(pages) == ["i", "ii", "1", "2", "3"]


def test_a_number_no_neighbour_confirms_is_no_page_number():
    pages = [_page(BODY, "7"), _page(BODY, "12"), _page(BODY)]
    assert printed_page_labels(pages) == [None, None, None]
    assert printed_page_labels([_page(BODY, "5")]) == [None]


def test_a_running_foot_with_the_page_number_and_a_filing_stamp():
    stamp = "Case 2:24-cv-01234 Document 12 Filed 01/02/25 Page {} of 4"
    pages = [_page(BODY, None, stamp.format(n)) for n in (1, 2, 3, 4)]
    assert printed_page_labels(pages) == ["1", "2", "3", "4"]  # the stamp, lacking anything else
    pages = [_page(BODY, f"DEFENDANT'S BRIEF - {n - 1}", stamp.format(n)) for n in (1, 2, 3, 4)]
    assert printed_page_labels(pages) == ["0", "1", "2", "3"]  # the brief's own numbers first


def test_a_slip_opinion_prints_numbers_left_and_right():
    heads = ["2 SMITH v. JONES", "SMITH v. JONES 3", "4 SMITH v. JONES", "SMITH v. JONES 5"]
    assert printed_page_labels([_page(BODY, None, h) for h in heads]) == ["2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("text", "value"), [("iv", 4), ("xiv", 14), ("XL", 40), ("iiii", None), ("vx", None), ("civil", None)]
)
def test_roman_numbers(text, value):
    assert roman_value(text) == value


def test_a_pdf_brief_gives_printed_and_file_pages(tmp_path):
    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    for foot, body in (
        ("i", ["TABLE OF CONTENTS"]),
        ("ii", ["STATEMENT OF ISSUES"]),
        ("1", BODY[:1]),
        ("2", BODY[1:]),
        ("3", ["Conclusion."]),
    ):
        pdf.add_page()
        pdf.set_font("Helvetica", size=11)
        for row, line in enumerate(body):
            pdf.set_xy(25, 30 + row * 8)
            pdf.cell(0, 6, line)
        pdf.set_xy(100, 260)
        pdf.cell(10, 5, foot)
    pdf.output(str(tmp_path / "brief.pdf"))
    doc = read_document(tmp_path / "brief.pdf")
    assert doc.page_labels == ("i", "ii", "1", "2", "3")
    gideon = next(c for c in extract_citations(doc) if c.volume == "372")
    place = doc.place_of(gideon.span.start)
    assert (place.page, place.physical, str(place)) == ("2", 4, "p. 2")
    assert "\n3\n" not in doc.text and " ii " not in doc.text  # the numbers are not read as text

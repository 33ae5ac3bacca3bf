"""A brief on pleading paper: the page furniture is taken out before the citations are read."""

from __future__ import annotations

import pytest
from tests.briefs import pleading_pdf

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.pdf import without_running_lines
from citeproof.core.reading.read import read_document

PAGE_1 = [
    "Plaintiff was held without a lawyer for three days. The Court has long",
    'recognised that counsel is essential: "in our adversary system of criminal',
]
PAGE_2 = [
    "justice, any person haled into court, who is too poor to hire a lawyer, cannot",
    'be assured a fair trial unless counsel is provided for him." Gideon v.',
    "Wainwright, 372 U.S. 335, 344 (1963). The same is true of evidence. Brady v.",
    "Maryland, 373 U.S.",
]
PAGE_3 = [
    "83, 87 (1963).",
    "3 reasons support the motion, set out below.",
]


@pytest.fixture(scope="module")
def brief(tmp_path_factory):
    return read_document(pleading_pdf(tmp_path_factory.mktemp("pdf") / "brief.pdf", [PAGE_1, PAGE_2, PAGE_3]))


def test_running_header_footer_and_line_numbers_are_gone(brief):
    text = brief.text
    assert brief.pages == 3
    assert "Document 12" not in text and "Filed" not in text
    assert "SUMMARY JUDGMENT" not in text
    assert not any(f" {n} " in f" {text} " for n in ("26", "27", "28"))  # the margin numbers
    assert text.startswith("Plaintiff was held")


def test_a_quotation_across_a_page_break_reads_whole(brief):
    gideon = next(c for c in extract_citations(brief) if c.volume == "372")
    assert gideon.case_name == "Gideon v. Wainwright"
    (quote,) = gideon.quotes
    assert quote.text.startswith("in our adversary system of criminal justice, any person haled")
    assert (brief.place_of(gideon.span.start).page, brief.place_of(gideon.span.start).physical) == ("2", 2)


def test_a_citation_split_by_a_page_break_is_found_on_the_page_it_begins(brief):
    brady = next(c for c in extract_citations(brief) if c.volume == "373")
    assert (brady.reporter, brady.page, brady.pin_pages, brady.year) == ("U.S.", "83", (87,), 1963)
    assert brady.case_name == "Brady v. Maryland"
    assert brief.page_of(brady.span.start) == 2


def test_a_number_that_begins_a_sentence_is_kept(brief):
    assert "3 reasons support the motion" in brief.text


def test_only_lines_repeated_at_the_edges_of_most_pages_are_running():
    pages = [
        ["Smith v. Jones Brief", "ARGUMENT", "Body one.", "Id. at 4.", "Page 1"],
        ["Smith v. Jones Brief", "Body two.", "ARGUMENT", "more", "Id. at 5.", "Page 2"],
        ["Smith v. Jones Brief", "Body three.", "Page 3"],
    ]
    cleaned = without_running_lines(pages)
    assert cleaned[0] == ["ARGUMENT", "Body one.", "Id. at 4."]  # a short cite is never furniture
    assert cleaned[1] == ["Body two.", "ARGUMENT", "more", "Id. at 5."]
    assert cleaned[2] == ["Body three."]
    assert without_running_lines([["Only", "page"]]) == [["Only", "page"]]


def _with_note_calls(path, parts):
    from fpdf import FPDF

    doc = FPDF(format="letter")
    doc.add_font("DejaVu", fname="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    doc.add_page()
    doc.set_xy(72, 72)
    for text, size in parts:
        doc.set_font("DejaVu", size=size)
        doc.write(6 if size > 9 else 4, text)
    doc.output(str(path))
    return path


@pytest.mark.parametrize("rule, call", [("407", "14"), ("415", "4"), ("803(6)", "2")])
def test_a_footnote_call_never_joins_the_number_before_it(tmp_path, rule, call):
    path = _with_note_calls(
        tmp_path / "calls.pdf",
        [(f"Such evidence is excluded by Fed. R. Evid. {rule}", 11), (call, 7), (" as the court held.", 11)],
    )
    text = read_document(path).text
    assert f"Evid. {rule} " in text and f"{rule}{call}" not in text
    (cite,) = extract_citations(read_document(path))
    assert cite.statute_section == rule


def test_digits_of_the_text_size_are_text(tmp_path):
    path = _with_note_calls(
        tmp_path / "plain.pdf", [("Brown v. Board of Education, 347 U.S. 483 (1954).", 11)]
    )
    assert "347 U.S. 483 (1954)" in read_document(path).text


def test_a_short_last_page_of_pleading_paper_loses_its_margin_numbers(tmp_path):
    from fpdf import FPDF

    filler = "The court reviewed the record and the briefs of the parties with care."
    pages = [
        [filler] * 28,
        ["The rule is old. Wiley v. State, 153 Tex.", "Crim. 370, 220 S.W.2d 172 (1949)."],
    ]
    doc = FPDF(format="letter")
    doc.set_auto_page_break(False)
    for lines in pages:
        doc.add_page()
        doc.set_font("Helvetica", size=11)
        for row, line in enumerate(lines):  # numbers on the lines that hold text only
            doc.text(20, 60 + row * 24, str(row + 1))
            doc.text(60, 60 + row * 24, line)
    path = tmp_path / "short.pdf"
    doc.output(str(path))
    text = read_document(path).text
    assert "153 Tex. Crim. 370" in text and "Tex. 2 Crim." not in text
    assert [c.cite for c in extract_citations(read_document(path))] == [
        "153 Tex. Crim. 370",
        "220 S.W.2d 172",
    ]


def _footnoted_pdf(path):
    """Body in 12-point type with a note call; the note in 9-point type at the foot of the
    page, its number raised; the body's sentence goes on across the page break."""
    from fpdf import FPDF

    pdf = FPDF(format="letter")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    body = [
        "Counsel is a right of every accused in a criminal trial. Gideon v. Wainwright,",
        "372 U.S. 335, 344 (1963). Separate schools are not equal, as the Court held",
        "when it decided the school cases and the courts below",
    ]
    for row, line in enumerate(body):
        pdf.set_font("Helvetica", size=12)
        pdf.set_xy(25, 30 + row * 8)
        pdf.cell(pdf.get_string_width(line), 6, line)
        if row == 1:
            pdf.set_font("Helvetica", size=7)
            pdf.cell(4, 4, "1")
    for row, (mark, line) in enumerate(
        (("1", "See Brown v. Board of Education, 347 U.S. 483, 495 (1954)."), ("2", "Id. at 494."))
    ):
        pdf.set_xy(25, 240 + row * 6)
        pdf.set_font("Helvetica", size=7)
        pdf.cell(3, 3, mark)
        pdf.set_font("Helvetica", size=9)
        pdf.cell(0, 5, line)
    pdf.add_page()
    pdf.set_font("Helvetica", size=12)
    for row, line in enumerate(
        ["followed it in every later case. Brady v. Maryland, 373 U.S. 83, 87 (1963).", "A second paragraph."]
    ):
        pdf.set_xy(25, 30 + row * 12)
        pdf.cell(0, 6, line)
    pdf.output(str(path))
    return path


def test_footnotes_at_the_foot_of_a_page_are_notes(tmp_path):
    doc = read_document(_footnoted_pdf(tmp_path / "notes.pdf"))
    text = doc.text
    assert "the courts below followed it in every later case" in " ".join(text.split())  # the body reads on
    brown = next(c for c in extract_citations(doc) if c.volume == "347")
    place = doc.place_of(brown.span.start)
    assert (place.note, place.label, place.physical) == (1, "footnote 1", 1)
    assert text.index("Brown v. Board") > text.index("every later case")  # after the paragraph it ends in
    assert doc.place_of(text.index("Id. at 494")).note == 2
    brady = next(c for c in extract_citations(doc) if c.volume == "373")
    assert doc.place_of(brady.span.start).note is None and doc.page_of(brady.span.start) == 2

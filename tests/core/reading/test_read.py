"""Reading documents: formats, page maps, unwrapping, and bad input."""

from __future__ import annotations

import docx
import pytest
from fpdf import FPDF

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import MAX_BYTES, ReadError, read_document, unwrap_lines


def _pdf(path, pages: list[str]) -> None:
    pdf = FPDF()
    pdf.set_font("Helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text)
    pdf.output(str(path))


def test_pdf_pages_and_a_citation_wrapped_across_lines(tmp_path):
    path = tmp_path / "brief.pdf"
    _pdf(
        path,
        [
            "Counsel is essential in criminal trials. Gideon v. Wainwright,\n372 U.S. 335, 344 (1963).",
            "The court below erred. Smith v. Jones, 925 F.3d 1339, 1341 (11th Cir.\n2019).",
        ],
    )
    doc = read_document(path)
    assert doc.pages == 2
    cites = extract_citations(doc)
    gideon = next(c for c in cites if c.volume == "372")
    smith = next(c for c in cites if c.volume == "925")
    assert gideon.case_name == "Gideon v. Wainwright" and gideon.year == 1963
    assert smith.year == 2019 and smith.court == "ca11"
    assert doc.page_of(gideon.span.start) == 1
    assert doc.page_of(smith.span.start) == 2


def test_hyphenated_and_wrapped_lines_are_joined():
    assert unwrap_lines("the consti-\ntution says\nso.\n\nNext para.") == (
        "the constitution says so.\n\nNext para."
    )


def test_docx_with_an_explicit_page_break(tmp_path):
    document = docx.Document()
    document.add_paragraph("First page. Brady v. Maryland, 373 U.S. 83, 87 (1963).")
    document.add_paragraph().add_run().add_break(docx.enum.text.WD_BREAK.PAGE)
    document.add_paragraph("Second page. Gideon v. Wainwright, 372 U.S. 335 (1963).")
    path = tmp_path / "brief.docx"
    document.save(str(path))
    doc = read_document(path)
    assert doc.pages == 2
    gideon = next(c for c in extract_citations(doc) if c.volume == "372")
    assert doc.page_of(gideon.span.start) == 2


def test_text_keeps_offsets_while_unwrapping(tmp_path):
    raw = "See Brown v. Board of Education,\n347 U.S. 483 (1954).\n"
    path = tmp_path / "brief.txt"
    path.write_text(raw)
    doc = read_document(path)
    assert len(doc.text) == len(raw) and doc.pages == 0
    cite = extract_citations(doc)[0]
    assert raw[cite.span.start : cite.span.end] == "347 U.S. 483"


def test_html_is_read_as_text(tmp_path):
    path = tmp_path / "brief.html"
    path.write_text(
        "<html><body><p>See <i>Brady v. Maryland</i>, 373 U.S. 83 (1963).</p>"
        "<script>var x = '1 U.S. 1';</script></body></html>"
    )
    doc = read_document(path)
    assert "373 U.S. 83" in doc.text and "var x" not in doc.text


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("empty.txt", b"", "file is empty"),
        ("binary.txt", b"\x00\x01\x02binary", "binary"),
        ("latin1.txt", "café 347 U.S. 483".encode("latin-1"), "not valid UTF-8"),
        ("broken.pdf", b"%PDF-1.4 this is not really a pdf", "not a readable PDF"),
        ("broken.docx", b"PK not a zip", "not a readable DOCX"),
        ("blank.txt", b"   \n\n  ", "no text found"),
    ],
)
def test_bad_input_gives_one_clear_line(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(ReadError, match=message) as info:
        read_document(path)
    assert "\n" not in str(info.value)


def test_missing_and_oversized_files(tmp_path):
    with pytest.raises(ReadError, match="no such file"):
        read_document(tmp_path / "nope.pdf")
    big = tmp_path / "big.txt"
    big.write_bytes(b"a" * 2048)
    with pytest.raises(ReadError, match="over the"):
        read_document(big, max_bytes=1024)
    assert MAX_BYTES >= 10 * 1024 * 1024

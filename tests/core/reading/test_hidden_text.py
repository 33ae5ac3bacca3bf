"""Text a Word document or an HTML page hides from its reader is read apart and checked,
never merged with what the reader sees (issue 30): a hidden run cannot turn a fabricated
citation the reader sees into a real one, and a fabricated citation in hidden text is found
and reported as hidden."""

from __future__ import annotations

from pathlib import Path

import docx
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Document
from citeproof.core.output.report import render_html, render_markdown, render_text
from citeproof.core.pipeline import check_document
from citeproof.core.reading.html import html_to_text
from citeproof.core.reading.read import read_document

SHOWN = "See Miranda v. Arizona, 372 U.S. 335 (1963)."  # 372 U.S. 335 is Gideon: a wrong name
FABRICATED = "Miranda v. Arizona, 372 U.S. 335 (1963)."


def _hidden_regions(doc: Document) -> list[str]:
    return [r.span.slice(doc.text) for r in doc.regions if r.kind == "hidden"]


def _docx(path: Path, build) -> Document:  # type: ignore[no-untyped-def]
    document = docx.Document()
    build(document)
    document.save(str(path))
    return read_document(path)


def _mark(run, name: str = "vanish", val: str | None = None) -> None:  # type: ignore[no-untyped-def]
    element = OxmlElement(f"w:{name}")
    if val is not None:
        element.set(qn("w:val"), val)
    run._r.get_or_add_rPr().append(element)


def test_a_hidden_run_inside_a_citation_leaves_the_citation_the_reader_sees(library, tmp_path):
    """Word shows "See Miranda v. Arizona, 372 U.S. 335 (1963)."; the hidden run would make
    it read "Miranda v. Arizona, 384 U.S. 436, 372 U.S. 335", a real case and its parallel."""

    def build(document):  # type: ignore[no-untyped-def]
        paragraph = document.add_paragraph("See Miranda v. Arizona, ")
        _mark(paragraph.add_run("384 U.S. 436, "))
        paragraph.add_run("372 U.S. 335 (1963).")

    doc = _docx(tmp_path / "run.docx", build)
    assert doc.text.split("\n\n") == [SHOWN, "384 U.S. 436,"]
    assert _hidden_regions(doc) == ["384 U.S. 436,"]
    report = check_document(doc, library)
    shown, hidden = report.verdicts
    assert (shown.citation.case_name, shown.status.value) == ("Miranda v. Arizona", "hallucinated")
    assert report.place(shown).label is None and report.place(hidden).label == "hidden text"
    assert report.count_hidden() == 1 and report.to_json()["summary"]["hidden"] == 1
    assert report.to_json()["citations"][1]["location"] == "hidden text"


def test_a_fabricated_citation_in_hidden_text_is_found_and_reported(library, tmp_path):
    def build(document):  # type: ignore[no-untyped-def]
        document.add_paragraph("Counsel must be appointed. Gideon v. Wainwright, 372 U.S. 335 (1963).")
        hidden = document.add_paragraph().add_run(FABRICATED)
        hidden.font.hidden = True
        shown = document.add_paragraph().add_run("Brady v. Maryland, 373 U.S. 83 (1963).")
        shown.font.hidden = False  # w:vanish w:val="0": shown

    doc = _docx(tmp_path / "fabricated.docx", build)
    assert _hidden_regions(doc) == [FABRICATED]
    report = check_document(doc, library)
    statuses = [(v.citation.volume, v.status.value, report.place(v).label) for v in report.verdicts]
    assert statuses == [
        ("372", "verified", None),
        ("372", "hallucinated", "hidden text"),
        ("373", "verified", None),
    ]
    for rendered in (render_text(report), render_markdown(report)):
        assert "hidden: 1 citation in text the document hides from its reader" in rendered
        assert "c2 372 U.S. 335: hallucinated" in rendered
    assert '<h2 id="hidden">Hidden text</h2>' in render_html(report)


def test_every_way_word_hides_text_is_read_as_hidden(tmp_path):
    """``w:specVanish``, a character style, a paragraph style and the document's defaults
    hide text too; a run that says ``w:vanish w:val="false"`` is shown whatever its style."""

    def build(document):  # type: ignore[no-untyped-def]
        secret = document.styles.add_style("Secret", WD_STYLE_TYPE.CHARACTER)
        secret.font.hidden = True
        shh = document.styles.add_style("Shh", WD_STYLE_TYPE.PARAGRAPH)
        shh.font.hidden = True
        _mark(document.add_paragraph("Shown one.").add_run(" Special 1 U.S. 1."), "specVanish")
        document.add_paragraph("Shown two.").add_run(" Styled 2 U.S. 2.", style="Secret")
        document.add_paragraph("Paragraph style 3 U.S. 3.", style="Shh")
        _mark(document.add_paragraph(style="Shh").add_run("Shown three."), "vanish", "false")

    doc = _docx(tmp_path / "ways.docx", build)
    assert _hidden_regions(doc) == ["Special 1 U.S. 1.", "Styled 2 U.S. 2.", "Paragraph style 3 U.S. 3."]
    assert [p for p in doc.text.split("\n\n") if p.startswith("Shown")] == [
        "Shown one.",
        "Shown two.",
        "Shown three.",
    ]


def test_hidden_runs_apart_in_a_paragraph_are_read_a_space_apart(tmp_path):
    def build(document):  # type: ignore[no-untyped-def]
        paragraph = document.add_paragraph()
        _mark(paragraph.add_run("Roe v. Wade, 410 U.S."))
        paragraph.add_run("Shown.")
        _mark(paragraph.add_run("113"))
        _mark(paragraph.add_run(" (1973)."))

    doc = _docx(tmp_path / "apart.docx", build)
    assert doc.text == "Shown.\n\nRoe v. Wade, 410 U.S. 113 (1973)."
    (cite,) = extract_citations(doc)
    assert (cite.volume, cite.page, doc.place_of(cite.span.start).label) == ("410", "113", "hidden text")


def test_hidden_text_in_a_footnote_says_so(tmp_path):
    from tests.briefs import FOOTNOTE_CITE, docx_brief

    document = docx.Document(str(docx_brief(tmp_path / "brief.docx")))
    footnotes = next(r.target_part for r in document.part.rels.values() if r.reltype.endswith("/footnotes"))
    end = b"</w:t></w:r></w:p></w:footnote></w:footnotes>"
    hidden = b'<w:r><w:rPr><w:vanish/></w:rPr><w:t xml:space="preserve">Hidden 5 U.S. 137.</w:t></w:r>'
    footnotes._blob = footnotes.blob.replace(end, b"</w:t></w:r>" + hidden + end[len(b"</w:t></w:r>") :])
    document.save(str(tmp_path / "note.docx"))
    doc = read_document(tmp_path / "note.docx")
    (region,) = [r for r in doc.regions if r.kind == "hidden"]
    assert (region.span.slice(doc.text), region.label) == ("Hidden 5 U.S. 137.", "hidden text, footnote 1")
    assert f"See {FOOTNOTE_CITE}.\n\nHidden 5 U.S. 137." in doc.text  # the note, then its hidden text


HTML = (
    "<p>Shown. See Miranda v. Arizona, <span hidden>384 U.S. 436, </span>372 U.S. 335 (1963).</p>"
    '<div style="color: red; display:none"><p>Gideon v. Wainwright, 372 U.S. 335 (1963).</p></div>'
    f"<p hidden>{FABRICATED}</p>"
    '<span style="visibility: hidden">Roe v. Wade</span><br><p>After.</p>'
)


def test_html_a_browser_hides_is_read_apart_from_what_it_shows(tmp_path):
    path = tmp_path / "page.html"
    path.write_text(HTML, encoding="utf-8")
    doc = read_document(path)
    assert doc.text.split("\n\n")[0] == "Shown. " + SHOWN
    assert _hidden_regions(doc) == [
        "384 U.S. 436,",
        "Gideon v. Wainwright, 372 U.S. 335 (1963).",
        FABRICATED,
        "Roe v. Wade",
    ]
    assert html_to_text(HTML) == "Shown. " + SHOWN + "\n\nAfter."  # what a browser shows


def test_a_fabricated_citation_hidden_in_html_is_reported(library, tmp_path):
    path = tmp_path / "page.html"
    path.write_text(HTML, encoding="utf-8")
    report = check_document(read_document(path), library)
    hidden = [(v.citation.text, v.status.value) for v in report.verdicts if report.place(v).label]
    assert hidden == [
        ("384 U.S. 436", "verified"),
        ("372 U.S. 335", "verified"),
        ("372 U.S. 335", "hallucinated"),
    ]
    assert report.count_hidden() == 3 and report.count("hallucinated") == 2


def test_the_command_line_warns_of_citations_in_hidden_text(library_path, tmp_path):
    import subprocess
    import sys

    document = docx.Document()
    document.add_paragraph("Counsel must be appointed. Gideon v. Wainwright, 372 U.S. 335 (1963).")
    document.add_paragraph().add_run(FABRICATED).font.hidden = True
    document.save(str(tmp_path / "brief.docx"))
    run = subprocess.run(
        [sys.executable, "-m", "citeproof", "check", str(tmp_path / "brief.docx"), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1  # the hidden fabricated citation is hallucinated: it fails the check
    assert "1 citation(s) in hidden text, checked: c2 372 U.S. 335 (hallucinated)" in run.stderr

"""The table of authorities: every authority by heading, alphabetical, with its pages."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import docx
import pytest
from docx.enum.text import WD_BREAK
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from tests.briefs import note_part, note_reference

from citeproof.core.output.report import render_html, render_toa
from citeproof.core.output.toa import table_of_authorities
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text, read_document


def _brief(path):
    document = docx.Document()
    document.add_paragraph(
        "Plaintiff sues under 42 U.S.C. § 1983. Counsel is required. "
        "Gideon v. Wainwright, 372 U.S. 335, 344 (1963). Summary judgment is proper. Fed. R. Civ. P. 56(a)."
    )
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    second = document.add_paragraph("Evidence must be disclosed. See Miranda v. Arizona, 373 U.S. 83 (1963).")
    note_reference(second, "footnote")
    document.add_paragraph("The right is fundamental. Gideon, 372 U.S. at 344.")
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    document.add_paragraph("Again, 42 U.S.C. § 1983(a) applies.")
    part = note_part(document.part.package, "footnote", "Brown v. Board of Education, 347 U.S. 483 (1954).")
    document.part.relate_to(part, RT.FOOTNOTES)
    document.save(str(path))
    return path


@pytest.fixture(scope="module")
def report(tmp_path_factory, library):
    path = _brief(tmp_path_factory.mktemp("toa") / "brief.docx")
    return check_document(read_document(path), library, as_of=dt.date(2026, 1, 1))


def test_authorities_are_grouped_sorted_and_paged(report):
    table = {a.name: a for a in table_of_authorities(report.document, report.verdicts)}
    assert [(a.heading, a.name) for a in table_of_authorities(report.document, report.verdicts)] == [
        ("Cases", "Brown v. Board of Education, 347 U.S. 483 (1954)"),
        ("Cases", "Gideon v. Wainwright, 372 U.S. 335 (1963)"),
        ("Cases", "Miranda v. Arizona, 373 U.S. 83 (1963) [library: Brady v. Maryland]"),
        ("Statutes", "42 U.S.C. § 1983"),
        ("Rules", "Fed. R. Civ. P. 56"),
    ]
    assert table["Brown v. Board of Education, 347 U.S. 483 (1954)"].pages() == "2 n.1"
    assert table["Gideon v. Wainwright, 372 U.S. 335 (1963)"].pages() == "1, 2"  # the short form too
    assert table["42 U.S.C. § 1983"].pages() == "1, 3"
    assert table["Fed. R. Civ. P. 56"].pages() == "1"
    miranda = table["Miranda v. Arizona, 373 U.S. 83 (1963) [library: Brady v. Maryland]"]
    assert miranda.status.value == "hallucinated" and "name_mismatch" in miranda.kinds


def test_passim_from_five_pages(report):
    gideon = next(
        a for a in table_of_authorities(report.document, report.verdicts) if a.name.startswith("Gideon")
    )
    assert gideon.pages(passim=2) == "passim" and gideon.pages(passim=None) == "1, 2"


def test_the_rendered_table_and_the_html_section(report):
    text = render_toa(report)
    assert text.index("Cases") < text.index("Statutes") < text.index("Rules")
    brown = next(line for line in text.splitlines() if line.strip().startswith("Brown"))
    assert "2 n.1" in brown and "verified" in brown and "...." in brown
    page = render_html(report)
    assert "Table of authorities" in page and "<td>2 n.1</td>" in page


def test_a_text_without_pages_says_so(library):
    plain = check_document(document_from_text("Brady v. Maryland, 373 U.S. 83 (1963). Id. at 87."), library)
    (brady,) = table_of_authorities(plain.document, plain.verdicts)
    assert brady.pages() == "—" and brady.citation_ids == ("c1", "c2")


def test_the_command_line_toa(tmp_path):
    path = _brief(tmp_path / "brief.docx")
    result = subprocess.run(
        [sys.executable, "-m", "citeproof", "check", str(path), "--format", "toa"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1, result.stderr
    assert "TABLE OF AUTHORITIES" in result.stdout and "Fed. R. Civ. P. 56" in result.stdout


def test_an_entry_keeps_the_court_and_year_as_the_brief_wrote_them(library):
    doc = document_from_text(
        "Ward v. Hall, 592 F.3d 1144, 1150 (11th Cir. 2010). Kyles v. Whitley, 514 U.S. 419, 434 (1995)."
    )
    report = check_document(doc, library, as_of=dt.date(2026, 1, 1))
    names = [a.name for a in table_of_authorities(doc, report.verdicts)]
    assert "Ward v. Hall, 592 F.3d 1144 (11th Cir. 2010)" in names
    # the library's formal name ("Curtis Lee Kyles v. John P. Whitley") is no clutter on a real match
    assert "Kyles v. Whitley, 514 U.S. 419 (1995)" in names


def test_a_page_and_its_note_are_one_reference():
    from citeproof.core.models import Place, Status
    from citeproof.core.output.toa import Authority

    places = (Place("2", 2), Place("2", 2, 2, "footnote 2"), Place("3", 3))
    entry = Authority("Cases", "A v. B, 1 U.S. 1 (1800)", places, Status.VERIFIED, (), ("c1", "c2", "c3"))
    assert entry.pages() == "2 & n.2, 3"

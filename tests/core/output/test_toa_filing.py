"""The table of authorities to file: no check results, Page(s), the brief's own court and
year, a probably fabricated case left out and named; as text and as a Word document."""

from __future__ import annotations

import subprocess
import sys

import docx
import pytest
from docx.enum.text import WD_BREAK, WD_TAB_LEADER

from citeproof.core.output.toa_filing import toa_filing_text, write_toa_docx
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document

FABRICATED = "Martinez v. Alabama, 512 U.S. 399 (1994)"  # page 399 lies inside Dolan v. City of Tigard


def _brief(path):
    document = docx.Document()
    document.add_paragraph("Counsel is required. Gideon v. Wainwright, 372 U.S. 335, 344 (1963).")
    document.add_paragraph(f"Police must warn. {FABRICATED}.")
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    document.add_paragraph(
        "Courts agree. Ward v. Hall, 592 F.3d 1144 (11th Cir. 2010). Gideon, 372 U.S. at 344."
    )
    document.add_paragraph("Plaintiff sues under 42 U.S.C. § 1983. Miranda v. Arizona, 373 U.S. 83 (1963).")
    document.save(str(path))
    return path


@pytest.fixture(scope="module")
def checked(tmp_path_factory, library):
    source = _brief(tmp_path_factory.mktemp("toa") / "brief.docx")
    return source, check_document(read_document(source), library)


def test_the_filing_table_has_pages_and_no_check_results(checked):
    _, report = checked
    text = toa_filing_text(report.document, report.verdicts)
    lines = text.splitlines()
    assert lines[0].strip() == "TABLE OF AUTHORITIES" and lines[2].strip() == "Page(s)"
    assert lines[2].endswith("Page(s)")
    gideon = next(line for line in lines if line.startswith("Gideon v. Wainwright"))
    assert gideon.endswith(" 1, 2") and "...." in gideon
    assert any(line.startswith("Ward v. Hall, 592 F.3d 1144 (11th Cir. 2010) ...") for line in lines)
    assert any(line.startswith("42 U.S.C. § 1983 ...") for line in lines)
    for word in ("verified", "unverifiable", "hallucinated", "Martinez v. Alabama, 512 U.S. 399 ..."):
        assert word not in text
    assert lines[-1] == (
        f"[citeproof: not listed, check before filing: {FABRICATED} (probably fabricated); "
        "Miranda v. Arizona, 373 U.S. 83 (1963) (wrong case name)]"
    )
    assert "[library:" not in text


def test_the_word_table_italicises_case_names_with_dot_leaders(checked, tmp_path):
    _, report = checked
    out = tmp_path / "toa.docx"
    listed = write_toa_docx(report.document, report.verdicts, out)
    assert listed == 3  # Gideon, Ward, § 1983; not the fabricated case
    paragraphs = docx.Document(str(out)).paragraphs
    gideon = next(p for p in paragraphs if p.text.startswith("Gideon"))
    assert [(r.text, bool(r.italic)) for r in gideon.runs][0] == ("Gideon v. Wainwright", True)
    assert gideon.text.endswith("\t1, 2")
    (stop,) = gideon.paragraph_format.tab_stops
    assert stop.leader == WD_TAB_LEADER.DOTS
    statute = next(p for p in paragraphs if "1983" in p.text)
    assert not any(r.italic for r in statute.runs)
    assert paragraphs[-1].text.startswith("[citeproof: not listed, check before filing: Martinez")


def test_the_command_line_writes_both_tables_and_refuses_what_would_lose_the_brief(checked, tmp_path):
    source, _ = checked
    cli = [sys.executable, "-m", "citeproof", "check", str(source), "--format"]
    filing = subprocess.run([*cli, "toa", "--filing"], capture_output=True, text=True)
    assert filing.returncode == 1 and "Page(s)" in filing.stdout and "verified" not in filing.stdout
    review = subprocess.run([*cli, "toa"], capture_output=True, text=True)
    assert "PROBABLY FABRICATED" in review.stdout and "verified" in review.stdout
    out = tmp_path / "toa.docx"
    word = subprocess.run([*cli, "toa-docx", "--out", str(out)], capture_output=True, text=True)
    assert word.returncode == 1 and out.exists(), word.stderr
    missing = subprocess.run([*cli, "toa-docx"], capture_output=True, text=True)
    assert missing.returncode == 2 and "--out" in missing.stderr
    before = source.read_bytes()
    overwrite = subprocess.run([*cli, "json", "--out", str(source)], capture_output=True, text=True)
    assert overwrite.returncode == 2 and "overwrite the brief" in overwrite.stderr
    assert source.read_bytes() == before

"""The commented Word copy opened in a real office suite (LibreOffice headless): the
brief's text, its footnotes, endnotes, tables and text boxes included, reads exactly as
the original does, and every comment is there."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree
from tests.briefs import docx_brief

from citeproof.core.output.annotate_docx import annotate_docx
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document

OFFICE = shutil.which("soffice") or shutil.which("libreoffice")
pytestmark = pytest.mark.skipif(OFFICE is None, reason="LibreOffice (soffice) is not installed")
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
OFFICE_NS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_SKIP = {f"{{{OFFICE_NS}}}annotation", f"{{{OFFICE_NS}}}annotation-end"}
FABRICATED_NOTE = "Martinez v. Alabama, 512 U.S. 399 (1994)"  # page 399 lies inside Dolan v. Tigard
MISQUOTED_NOTE = (
    '"lawyers in criminal courts are conveniences, not luxuries." '
    "Gideon v. Wainwright, 372 U.S. 335, 344 (1963)"
)


def _as_libreoffice_reads(docx: Path, folder: Path) -> tuple[list[str], int]:
    """The paragraphs LibreOffice reads from ``docx`` (a note's text in place, marked), and
    how many comments it shows."""
    folder.mkdir()
    profile = folder / "profile"
    subprocess.run(
        [OFFICE, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "odt",
         "--outdir", str(folder), str(docx)],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    odt = folder / (docx.stem + ".odt")
    assert odt.exists(), f"LibreOffice could not open {docx.name}"
    root = etree.fromstring(zipfile.ZipFile(odt).read("content.xml"))
    paragraphs = [
        _text(p)
        for p in root.iter(f"{{{TEXT}}}h", f"{{{TEXT}}}p")
        if not any(a.tag in _SKIP for a in p.iterancestors())  # a comment's own paragraphs
    ]
    return paragraphs, len(root.findall(f".//{{{OFFICE_NS}}}annotation"))


def _text(el: etree._Element) -> str:
    parts = [el.text or ""] if el.tag not in _SKIP else []
    for child in el:
        if child.tag not in _SKIP:
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


@pytest.mark.parametrize(
    ("footnote", "endnote"),
    [(FABRICATED_NOTE, MISQUOTED_NOTE), (MISQUOTED_NOTE, FABRICATED_NOTE)],
    ids=["fabricated-footnote", "misquoted-footnote"],
)
def test_libreoffice_reads_the_commented_copy_as_the_original(tmp_path, library, footnote, endnote):
    source = docx_brief(tmp_path / "brief.docx", footnote=footnote, endnote=endnote)
    report = check_document(read_document(source), library)
    out = tmp_path / "checked.docx"
    added = annotate_docx(source, report, out)
    problems = {v.citation.text for v in report.verdicts if v.status.value == "hallucinated"}
    assert {"512 U.S. 399", "372 U.S. 335, 344", "373 U.S. 83", "999 U.S. 1"} <= problems
    original, none = _as_libreoffice_reads(source, tmp_path / "original")
    commented, shown = _as_libreoffice_reads(out, tmp_path / "commented")
    assert none == 0 and shown == added == len(problems)
    assert commented == original
    notes = "\n".join(original)
    assert "512 U.S. 399" in notes and "conveniences, not luxuries" in notes  # the notes were read

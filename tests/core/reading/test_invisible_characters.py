"""Nothing invisible hides a citation (issue 30): every default-ignorable code point and every
format character, inserted anywhere inside ``372 U.S. 335``, in a text file, a Word document
or an HTML page, is read past, and the citation's span still points into the original."""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import docx
import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Document
from citeproof.core.reading.normalise import INVISIBLE_RANGES, normalise
from citeproof.core.reading.read import document_from_text, read_document

pytestmark = pytest.mark.without_library

CITE = "372 U.S. 335"
INVISIBLE = sorted(chr(c) for lo, hi in INVISIBLE_RANGES for c in range(lo, hi + 1))
INSIDE = range(1, len(CITE))  # between two characters of the cite


def _with(mark: str, at: int) -> str:
    return f"Gideon v. Wainwright, {CITE[:at]}{mark}{CITE[at:]} (1963)."


def _write(kind: str, paragraphs: list[str], folder: Path) -> Document:
    """The paragraphs as a text file, a Word document or an HTML page, read back."""
    if kind == "docx":
        document = docx.Document()
        for text in paragraphs:
            document.add_paragraph(text)
        path = folder / "brief.docx"
        document.save(str(path))
    else:
        path = folder / f"brief.{kind}"
        if kind == "html":
            escaped = (p.replace("&", "&amp;").replace("<", "&lt;") for p in paragraphs)
            body = "".join(f"<p>{p}</p>" for p in escaped)
            path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
        else:
            path.write_text("\n\n".join(paragraphs), encoding="utf-8")
    return read_document(path)


def _gideons(doc: Document) -> list[tuple[str | None, str | None, str | None]]:
    return [(c.volume, c.reporter, c.page) for c in extract_citations(doc)]


def test_the_ranges_are_every_default_ignorable_code_point_and_every_format_character():
    everything = "".join(chr(c) for c in range(sys.maxunicode + 1) if not 0xD800 <= c <= 0xDFFF)
    ignorable = set(regex.findall(r"\p{Default_Ignorable_Code_Point}", everything))
    formats = set(regex.findall(r"\p{Cf}", everything))  # the regex module's Unicode data, and Python's:
    formats |= {c for c in everything if unicodedata.category(c) == "Cf"}
    assert set(INVISIBLE) == ignorable | formats
    assert len(INVISIBLE) > 4000


def test_each_one_is_dropped_with_the_offsets_of_the_rest_kept():
    for mark in INVISIBLE:
        text = _with(mark, 9)
        assert normalise(text) == _with("", 9), hex(ord(mark))
    (cite,) = extract_citations(document_from_text(_with("\u2066\u2069\U000e0041", 5)))
    assert cite.span.slice(_with("\u2066\u2069\U000e0041", 5)) == "372 U\u2066\u2069\U000e0041.S. 335"


def test_a_hangul_filler_standing_for_a_space_reads_as_one():
    (cite,) = extract_citations(document_from_text("Gideon v. Wainwright, 372\u3164U.S.\uffa0335 (1963)."))
    assert (cite.volume, cite.reporter, cite.page) == ("372", "U.S.", "335")


def test_every_one_inside_the_cite_in_a_text_file_a_word_document_and_an_html_page(tmp_path):
    """The whole category at once: one paragraph per character, each at another place in
    the cite; every paragraph still cites Gideon."""
    paragraphs = [_with(mark, INSIDE[k % len(INSIDE)]) for k, mark in enumerate(INVISIBLE)]
    for kind in ("txt", "docx", "html"):
        folder = tmp_path / kind
        folder.mkdir()
        found = _gideons(_write(kind, paragraphs, folder))
        assert found == [("372", "U.S.", "335")] * len(INVISIBLE), kind


@settings(max_examples=90)
@given(
    mark=st.sampled_from(INVISIBLE),
    at=st.sampled_from(INSIDE),
    kind=st.sampled_from(["txt", "docx", "html"]),
    repeat=st.integers(min_value=1, max_value=3),
)
def test_any_of_them_anywhere_in_the_cite_hides_nothing(tmp_path_factory, mark, at, kind, repeat):
    folder = tmp_path_factory.mktemp(kind)
    text = _with(mark * repeat, at)
    doc = _write(kind, [text], folder)
    (cite,) = extract_citations(doc)
    assert (cite.volume, cite.reporter, cite.page, cite.year) == ("372", "U.S.", "335", 1963)
    assert normalise(cite.span.slice(doc.text)) == CITE  # the span is in the text as read

"""Citations as real filings type them: pin ranges with an en dash, Westlaw numbers and pages
run together, apostrophes of other shapes in reporter names. Each is read as printed, and
every span still slices the document's own text."""

from __future__ import annotations

import re

import pytest
from tests.pack import all_records, record_by_id

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Document
from citeproof.core.reading.normalise import normalise


def cites(text: str) -> list[tuple[str | None, tuple[int, ...]]]:
    return [(c.cite, c.pin_pages) for c in extract_citations(Document(text=text))]


def test_an_en_dash_pin_range_keeps_its_pages():
    text = record_by_id("capstone-fastcase:A3d/100/100a3d1076_Replace2")["text"]
    at = text.index("412 U.S. 218, 248–49")
    found = extract_citations(Document(text=text[at - 200 : at + 200]))
    ranged = next(c for c in found if c.cite == "412 U.S. 218")
    assert ranged.pin_pages == (248, 249)


@pytest.mark.parametrize("dash", ["–", "—", "‒"])
def test_every_dash_between_numbers_reads_as_a_range(dash):
    assert cites(f"See Strickland v. Washington, 466 U.S. 668, 687{dash}88 (1984).") == [
        ("466 U.S. 668", (687, 688))
    ]
    short = extract_citations(Document(text=f"Strickland, 466 U.S. at 690{dash}91."))
    assert [c.pin_pages for c in short] == [(690, 691)]


def test_a_dash_between_words_stays_a_dash():
    assert normalise("the court – and the jury – agreed") == "the court – and the jury – agreed"


WESTLAW = sorted({m.group() for r in all_records() for m in re.finditer(r"\b\d{4} WL \d{5,}", r["text"])})
RUN_TOGETHER = sorted(
    {m.group() for r in all_records() for m in re.finditer(r"\b\d+ (?:Ill|Haw|Pa|Ga|Md)\. \d+\b", r["text"])}
)


@pytest.mark.parametrize("cite", WESTLAW[:8])
def test_a_westlaw_number_typed_without_spaces_is_found(cite):
    squeezed = cite.replace(" ", "")
    text = f"See Doe v. Roe, {squeezed}, at *2 (D. Haw. 2019)."
    found = extract_citations(Document(text=text))
    assert [c.cite for c in found] == [cite]
    assert text[found[0].span.start : found[0].span.end].startswith(squeezed)


@pytest.mark.parametrize("cite", RUN_TOGETHER[:10])
def test_a_page_run_into_its_reporter_is_found(cite):
    run_together = re.sub(r"\. (\d+)$", r".\1", cite)
    found = extract_citations(Document(text=f"State v. Kim, {run_together} (1961)."))
    assert [c.cite for c in found] == [cite]


def test_a_series_and_a_page_run_together_are_not_split():
    assert normalise("S.W.2d 522, F.3d 1, Cal.App.4th 2") == "S.W.2d 522, F.3d 1, Cal.App.4th 2"


@pytest.mark.parametrize("mark", ["’", "ʼ", "‘", "`", "\x92"])  # \x92: Windows-1252's ’ read as Latin-1
def test_a_reporter_with_an_apostrophe_of_any_shape_is_found(mark):
    assert cites(f"Smith v. Jones, 123 Fed. App{mark}x 456 (9th Cir. 2005).") == [("123 F. App'x 456", ())]


def test_hawaii_with_an_okina_is_found():
    text = record_by_id("capstone-fastcase:P3d/332/332p3d688_Replace")["text"]
    at = text.index("106 Hawai‘i 270")
    found = extract_citations(Document(text=text[at - 100 : at + 60]))
    assert ("106 Haw. 270") in [c.cite for c in found]
    okina = "State v. Lee, 94 Hawaiʻi 200 (2000)."
    assert cites(okina) == [("94 Haw. 200", ())]

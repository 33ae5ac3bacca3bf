"""Every part of a Word brief is read, and each citation knows where it stands."""

from __future__ import annotations

import pytest
from tests.briefs import BODY_CITE, ENDNOTE_CITE, FOOTNOTE_CITE, TABLE_CITE, TEXT_BOX_CITE, docx_brief

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import read_document


@pytest.fixture(scope="module")
def brief(tmp_path_factory):
    return read_document(docx_brief(tmp_path_factory.mktemp("docx") / "brief.docx"))


def _place(doc, volume):
    cite = next(c for c in extract_citations(doc) if c.volume == volume)
    return cite, doc.place_of(cite.span.start)


def test_every_part_is_read_once(brief):
    for cite in (BODY_CITE, TABLE_CITE, FOOTNOTE_CITE, ENDNOTE_CITE, TEXT_BOX_CITE):
        assert brief.text.count(cite) == 1, cite  # the text box's fallback copy is not read twice
    assert "Plaintiff's Motion" in brief.text  # the page header
    assert brief.pages == 2


def test_a_citation_in_a_table_cell(brief):
    cite, place = _place(brief, "373")
    assert cite.case_name == "Miranda v. Arizona"
    assert (place.page, place.physical, place.label, place.note) == ("1", 1, "table 1, row 2, column 1", None)


def test_a_citation_in_a_footnote_carries_its_number_and_the_page_of_its_reference(brief):
    cite, place = _place(brief, "347")
    assert cite.case_name == "Brown v. Board of Education" and cite.pin_pages == (495,)
    assert (place.page, place.physical, place.note, place.label) == ("2", 2, 1, "footnote 1")
    assert str(place) == "p. 2 n.1"


def test_an_endnote_and_a_text_box(brief):
    _, endnote = _place(brief, "367")
    assert (endnote.physical, endnote.note, endnote.label) == (2, 1, "endnote 1")
    cite, box = _place(brief, "999")
    assert cite.case_name == "Smith v. Jones"
    assert (box.physical, box.label) == (2, "text box 1")


def test_body_text_is_on_its_page_with_no_label(brief):
    _, place = _place(brief, "372")
    assert (place.page, place.physical, place.note, place.label) == ("1", 1, None, None)
    assert str(place) == "p. 1"


def test_a_footnote_follows_the_paragraph_that_references_it(brief):
    text = brief.text
    assert text.index("Separate is not equal.") < text.index(FOOTNOTE_CITE) < text.index("A sidebar")

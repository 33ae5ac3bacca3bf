"""A plain text's pages where the text shows them: form feeds, or page numbers in sequence."""

from __future__ import annotations

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import document_from_text
from citeproof.core.reading.text_pages import text_pages

SENTENCE = "The court held that counsel is required. Gideon v. Wainwright, 372 U.S. 335, 344 (1963).\n"
BODY = SENTENCE * 8


def _pages(doc):
    return [str(doc.place_of(c.span.start)) for c in extract_citations(doc)]


def test_page_numbers_at_the_foot_end_their_pages():
    doc = document_from_text("".join(f"{BODY}\n{n}\n\n" for n in (4, 5, 6)))
    assert doc.page_labels == ("4", "5", "6") and doc.page_numbers == (None, None, None)
    assert _pages(doc) == ["p. 4"] * 8 + ["p. 5"] * 8 + ["p. 6"] * 8
    assert "\n5\n" not in doc.text.replace(" ", "")  # the numbers are read past


def test_page_numbers_at_the_head_begin_their_pages():
    doc = document_from_text("".join(f"Page {n}\n\n{BODY}\n" for n in (2, 3, 4)))
    assert _pages(doc)[::8] == ["p. 2", "p. 3", "p. 4"]


def test_form_feeds_are_the_file_s_pages_with_the_printed_numbers():
    doc = document_from_text("\f".join(f"{BODY}\n   - {n} -\n" for n in ("i", "ii", "1")))
    assert doc.page_numbers == (1, 2, 3)
    assert doc.page_labels == ("i", "ii", None)  # "1" has no neighbour of its style to confirm it
    assert _pages(doc)[16] == "file p. 3"


def test_a_text_without_page_numbers_has_no_pages():
    assert text_pages(BODY * 3).starts == ()
    # a number alone on a line that nothing continues is text, not a page number
    assert text_pages(f"{BODY}\n7\n\n{BODY}").starts == ()

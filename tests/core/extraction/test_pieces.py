"""A long paragraph is cut into pieces where no citation can continue."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from citeproof.core.extraction.pieces import eyecite_pieces, paragraphs

SENTENCE = "The motion was denied. "
CITE = "See Miranda v. Arizona, 384 U.S. 436, 440 (1966), "


def _rejoined(text: str, limit: int) -> list[tuple[int, str]]:
    pieces = list(eyecite_pieces(text, limit))
    for offset, piece in pieces:
        assert text[offset : offset + len(piece)] == piece and len(piece) <= limit
    return pieces


def test_short_paragraphs_are_left_whole():
    text = "One. Two.\n\nThree 384 U.S. 436."
    assert (
        list(eyecite_pieces(text, 1000))
        == list(paragraphs(text))
        == [(0, "One. Two."), (11, "Three 384 U.S. 436.")]
    )


def test_a_long_paragraph_is_cut_after_a_sentence_that_ends_in_a_word():
    text = (SENTENCE + CITE + "and so on. ") * 40
    pieces = _rejoined(text, 500)
    assert len(pieces) > 5
    assert "".join(p for _, p in pieces) == text
    for _, piece in pieces[1:]:
        assert piece.startswith(("The motion", "See Miranda"))
    for _, piece in pieces[:-1]:
        assert piece.rstrip().endswith((".",)) and "384 U.S. 436" not in piece[-12:]


def test_citations_packed_with_commas_are_cut_after_a_closing_parenthesis():
    text = "Miranda v. Arizona, 384 U.S. 436 (1966), " * 60
    pieces = _rejoined(text, 400)
    for _, piece in pieces[:-1]:
        assert piece.endswith("(1966), ")


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="ab .;)(\n,A", max_size=3000), st.integers(min_value=8, max_value=400))
def test_pieces_cover_the_paragraphs_exactly(text, limit):
    pieces = _rejoined(text, limit)
    assert "".join(p for _, p in pieces) == "".join(p for _, p in paragraphs(text))

"""What a reader is shown of an opinion is cut at a word and marked as cut."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tests.pack import record_by_id

from citeproof.core.text.excerpt import as_sentence, excerpt

TEXT = record_by_id("capstone-fastcase:NW2d/777/777NW2d266_1")["text"]


def test_a_cut_excerpt_ends_at_a_word_with_an_ellipsis():
    cut = excerpt(TEXT, 120)
    assert cut.endswith("…") and len(cut) <= 121
    words = " ".join(TEXT.split()).split(" ")
    assert cut[:-1].rstrip(" ,;:").split(" ") == words[: len(cut[:-1].rstrip(" ,;:").split(" "))]


def test_a_short_text_is_shown_whole():
    assert excerpt("Separate educational facilities are inherently unequal.", 200) == (
        "Separate educational facilities are inherently unequal."
    )


@given(st.text(alphabet="ab ,.", min_size=0, max_size=300), st.integers(min_value=5, max_value=200))
def test_never_inside_a_word(text, limit):
    cut = excerpt(text, limit)
    whole = " ".join(text.split())
    if cut.endswith("…"):
        body = cut[:-1]
        assert whole.startswith(body)
        assert len(body) == len(whole) or whole[len(body)] in " ,;:" or not body
    else:
        assert cut == whole


def test_a_sentence_ending_in_an_abbreviation_gets_no_second_stop():
    assert as_sentence("is on page 87 of 373 U.S.") == "is on page 87 of 373 U.S."
    assert as_sentence("no case begins at 359 Ill. App. 3d 927") == "no case begins at 359 Ill. App. 3d 927."
    assert (
        as_sentence('the opinion reads: "necessities, not luxuries."')
        == 'the opinion reads: "necessities, not luxuries."'
    )

"""The word index finds exactly the sets a brute-force scan finds, with the same counts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from citeproof.core.overlap import shared_counts, word_index

WORDS = st.sampled_from(["court", "held", "statute", "due", "process", "equal", "record", "title"])


@given(st.lists(st.frozensets(WORDS, max_size=6), max_size=25), st.frozensets(WORDS, max_size=6))
def test_shared_counts_are_the_scan_of_every_set(sets, claim):
    scan = [(number, len(claim & words)) for number, words in enumerate(sets) if claim & words]
    assert shared_counts(claim, word_index(sets)) == scan


def test_an_index_lists_each_set_once_per_word_in_order():
    index = word_index([frozenset({"a", "b"}), frozenset(), frozenset({"b"})])
    assert index == {"a": (0,), "b": (0, 2)}
    assert shared_counts(frozenset({"b", "z"}), index) == [(0, 1), (2, 1)]

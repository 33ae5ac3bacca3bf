"""Which sentences of an opinion share enough words with a claim, without testing each one.

The support and pin checks compare a claim's words with every sentence of the cited
opinion; a brief cites an opinion many times. An index from each word to the sentences
holding it, built once per opinion, turns that scan into counting the claim's few words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain

WordIndex = dict[str, tuple[int, ...]]


def word_index(word_sets: Iterable[frozenset[str]]) -> WordIndex:
    """Each word → the numbers (in order) of the sets that hold it."""
    index: dict[str, list[int]] = {}
    for number, words in enumerate(word_sets):
        for word in words:
            index.setdefault(word, []).append(number)
    return {word: tuple(numbers) for word, numbers in index.items()}


def shared_counts(claim: frozenset[str], index: WordIndex) -> list[tuple[int, int]]:
    """``(set number, words of claim it holds)`` for every set holding one at least, in order."""
    return sorted(Counter(chain.from_iterable(index.get(word, ()) for word in claim)).items())

"""Which sentences of an opinion hold each content word: the opinion's words turned round.

The misrepresentation rules look for the sentences that share a claim's words (`support`,
`alignment`). Walking every sentence's words for every claim, and first unpacking every
sentence's words for every opinion, cost more than the rules themselves; an index from each
content word to the sentences holding it answers from the claim's few words instead. A
library builds it once per opinion (`pack_word_index`, under ``INDEX_KEY``); the check unpacks
it in a few C-speed splits (kept unpacked for the next check of the same opinion: ``UNPACKED``)
and reads a sentence's own words only when a rule asks for them (`sign_sentence`). An opinion
without a stored index (a remote one, or a library built before it was kept) gets one built
from its signed sentences, with the same contents.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
from collections.abc import Iterable, Mapping, Sequence

from citeproof.core.checking.memo import per_opinion
from citeproof.core.checking.signatures import (
    PREPARED_KEY,
    Signed,
    opinion_sentences,
    sign_sentence,
    signed_sentences,
)
from citeproof.core.models import Opinion

_FORMAT = 1  # bump when the packed layout below changes
INDEX_KEY = hashlib.sha256(f"{PREPARED_KEY}/{_FORMAT}".encode()).hexdigest()[:16]
_PART = b"\f"  # between the number of sentences, the words and their sentence numbers
_NUMBER_BYTES = b"0123456789 \n"  # the only bytes of the sentence numbers
UNPACKED = 64  # stored indexes kept unpacked in a process, the most recently used


class WordIndex:
    """An opinion's content words → the numbers of the sentences holding them (ascending);
    each sentence's own content words and negations read when first asked for."""

    def __init__(
        self, words: Sequence[str], postings: Mapping[str, bytes], text: str, spans: Sequence[tuple[int, int]]
    ) -> None:
        self._words = words  # sorted
        self._postings = postings  # word → its sentence numbers, space-separated digits
        self._text = text
        self._spans = spans
        self._numbers: dict[str, tuple[int, ...]] = {}
        self._signed: dict[int, tuple[frozenset[str], int]] = {}

    def __len__(self) -> int:
        return len(self._spans)

    def __contains__(self, word: object) -> bool:
        return word in self._postings

    def words_among(self, words: Iterable[str]) -> set[str]:
        """Those of ``words`` some sentence holds."""
        return self._postings.keys() & words

    def words_from(self, prefix: str) -> list[str]:
        """The words some sentence holds that begin with ``prefix``, in order."""
        found = []
        for n in range(bisect.bisect_left(self._words, prefix), len(self._words)):
            if not self._words[n].startswith(prefix):
                break
            found.append(self._words[n])
        return found

    def sentences_with(self, word: str) -> tuple[int, ...]:
        """The sentences holding ``word``, ascending; () when none does."""
        found = self._numbers.get(word)
        if found is None:
            found = tuple(map(int, self._postings.get(word, b"").split()))
            if found and found[-1] >= len(self._spans):  # ascending: only a damaged index gets here
                found = tuple(n for n in found if n < len(self._spans))
            self._numbers[word] = found
        return found

    def _sentence(self, number: int) -> tuple[frozenset[str], int]:
        found = self._signed.get(number)
        if found is None:
            found = sign_sentence(self._text, *self._spans[number])
            self._signed[number] = found
        return found

    def content(self, number: int) -> frozenset[str]:
        """The content words of one sentence."""
        return self._sentence(number)[0]

    def negations(self, number: int) -> int:
        """The negations of one sentence."""
        return self._sentence(number)[1]


def _index_text(signed: Sequence[Signed]) -> str:
    """The index as text: the number of sentences, the sorted words (a line each), then each
    word's sentence numbers (a line each); the three parts apart by ``_PART``."""
    numbers: dict[str, list[int]] = {}
    for number, (_, _, content, _, _) in enumerate(signed):
        for word in content:
            numbers.setdefault(word, []).append(number)
    words = sorted(numbers)
    listed = (" ".join(map(str, numbers[w])) for w in words)
    return "\f".join((str(len(signed)), "\n".join(words), "\n".join(listed)))


Unpacked = tuple[int, list[str], dict[str, bytes]]  # sentences, the sorted words, word → sentences


def _postings(blob: bytes) -> Unpacked | None:
    """``(sentences, words, word → sentence numbers)`` of an index as packed; None when it is not one."""
    parts = blob.split(_PART)
    if len(parts) != 3 or not parts[0].isdigit() or parts[2].translate(None, _NUMBER_BYTES):
        return None
    try:
        words = parts[1].decode("ascii").split("\n")
    except UnicodeDecodeError:
        return None
    listed = parts[2].split(b"\n")
    if len(words) != len(listed):
        return None
    return int(parts[0]), words, dict(zip(words, listed, strict=True))


def pack_word_index(signed: Sequence[Signed]) -> bytes:
    """The index of an opinion's signed sentences as a library keeps it (plain text: it is
    read at every check of the opinion, and unpacking costs more than the bytes saved);
    read under ``INDEX_KEY``."""
    return _index_text(signed).encode("ascii")


@functools.lru_cache(maxsize=UNPACKED)
def unpack_word_index(blob: bytes) -> Unpacked | None:
    """A stored index: ``(sentences, words, word → sentence numbers)``; None when damaged. Kept for
    the next check of the same opinion, keyed by the stored bytes themselves, so one opinion's
    index is never taken for another's."""
    return _postings(blob)


@per_opinion
def word_index(opinion: Opinion) -> WordIndex:
    """The opinion's index: as stored when the library was built, else built now."""
    spans = opinion_sentences(opinion)
    stored = unpack_word_index(opinion.word_index) if opinion.word_index is not None else None
    if stored is None or stored[0] != len(spans):
        stored = _postings(pack_word_index(signed_sentences(opinion)))
        assert stored is not None  # built from the same sentences
    return WordIndex(stored[1], stored[2], opinion.text, spans)

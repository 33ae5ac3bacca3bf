"""Which sentences of an opinion hold each content word: the opinion's words turned round.

The misrepresentation rules look for the sentences that share a claim's words (`support`,
`alignment`). Walking every sentence's words for every claim, and first unpacking every
sentence's words for every opinion, cost more than the rules themselves; an index from each
content word to the sentences holding it answers from the claim's few words instead. A
library builds it once per opinion (`pack_word_index`, under ``INDEX_KEY``); the check unpacks
it in a few C-speed splits and reads a sentence's own words only when a rule asks for them.
An opinion without a stored index (a remote one, or a library built before it was kept) gets
one built from its signed sentences, with the same contents.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable, Sequence

from citeproof.core.checking.memo import per_opinion
from citeproof.core.checking.signatures import PREPARED_KEY, Signed, opinion_sentences, signed_sentences
from citeproof.core.models import Opinion

_FORMAT = 1  # bump when the packed layout below changes
INDEX_KEY = hashlib.sha256(f"{PREPARED_KEY}/{_FORMAT}".encode()).hexdigest()[:16]
_PART = "\f"  # between the words, their sentence numbers and the sentences' own lines


class WordIndex:
    """An opinion's content words → the numbers of the sentences holding them (ascending), and
    each sentence's content words and negations (as `signatures` reads them), parsed when
    first asked for."""

    def __init__(self, postings: dict[str, str], lines: Sequence[str]) -> None:
        self._postings = postings  # word → its sentence numbers, space-separated
        self._lines = lines  # a sentence → "negations<TAB>content words"
        self._numbers: dict[str, tuple[int, ...]] = {}
        self._content: dict[int, frozenset[str]] = {}

    def __len__(self) -> int:
        return len(self._lines)

    def __contains__(self, word: object) -> bool:
        return word in self._postings

    def words_among(self, words: Iterable[str]) -> set[str]:
        """Those of ``words`` some sentence holds."""
        return self._postings.keys() & words

    def sentences_with(self, word: str) -> tuple[int, ...]:
        """The sentences holding ``word``, ascending; () when none does."""
        found = self._numbers.get(word)
        if found is None:
            listed = self._postings.get(word)
            found = tuple(map(int, listed.split())) if listed else ()
            self._numbers[word] = found
        return found

    def content(self, number: int) -> frozenset[str]:
        """The content words of one sentence."""
        found = self._content.get(number)
        if found is None:
            found = frozenset(self._lines[number].partition("\t")[2].split())
            self._content[number] = found
        return found

    def negations(self, number: int) -> int:
        """The negations of one sentence."""
        return int(self._lines[number].partition("\t")[0])


def _index_text(signed: Sequence[Signed]) -> str:
    """The index as text: the sorted words, then each one's sentence numbers, then a line of
    ``negations<TAB>content words`` per sentence; the three parts apart by ``_PART``."""
    numbers: dict[str, list[int]] = {}
    lines = []
    for number, (_, _, content, negations, _) in enumerate(signed):
        for word in content:
            numbers.setdefault(word, []).append(number)
        lines.append(f"{negations}\t{' '.join(sorted(content))}")
    words = sorted(numbers)
    listed = (" ".join(map(str, numbers[w])) for w in words)
    return _PART.join(("\n".join(words), "\n".join(listed), "\n".join(lines)))


def _from_text(text: str, sentences: int) -> WordIndex | None:
    parts = text.split(_PART)
    if len(parts) != 3:
        return None
    words, listed, lines = (p.split("\n") if p else [] for p in parts)
    if len(words) != len(listed) or len(lines) != sentences:
        return None
    return WordIndex(dict(zip(words, listed, strict=True)), lines)


def pack_word_index(signed: Sequence[Signed]) -> bytes:
    """The index of an opinion's signed sentences as a library keeps it: compressed text,
    read under ``INDEX_KEY``."""
    return zlib.compress(_index_text(signed).encode())


def unpack_word_index(blob: bytes, sentences: int) -> WordIndex | None:
    """A stored index for an opinion of ``sentences`` sentences; None when damaged or built
    for other sentences."""
    try:
        return _from_text(zlib.decompress(blob).decode(), sentences)
    except (zlib.error, UnicodeDecodeError, ValueError):
        return None


@per_opinion
def word_index(opinion: Opinion) -> WordIndex:
    """The opinion's index: as stored when the library was built, else built now."""
    sentences = len(opinion_sentences(opinion))
    if opinion.word_index is not None:
        stored = unpack_word_index(opinion.word_index, sentences)
        if stored is not None:
            return stored
    built = _from_text(_index_text(signed_sentences(opinion)), sentences)
    assert built is not None  # built from the same sentences
    return built

r"""eyecite's tokenizer with its extractor filter indexed once per process.

eyecite's Aho-Corasick tokenizer picks, for every text, the extractors whose trigger
strings occur in it by building a set of extractor objects, each hashed through the
``repr`` of its whole regex: on a brief that is a seventh of eyecite's time. This one keeps
the same two automatons over extractor numbers instead, so picking them costs a set of
small integers; the extractors, their regexes and the matches are eyecite's own.

It also leaves out a reporter's extractor whose strings occur in the text but never right
after a volume. Most extractors (5,508 of eyecite's 6,834) read ``(?P<volume>[1-9]\d*)
(?P<reporter>A|B|...)`` where A, B, ... are exactly their strings: any match has one of
them right after a digit and a space, so where none occurs there, the regex cannot match
and is not run (`_after_volume`). Other extractors run whenever eyecite would run them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=2)
def indexed_tokenizer(by_place: bool = True) -> Any:
    """The process's one tokenizer (built on first use, ~ the cost of eyecite's own);
    ``by_place=False``: one that runs every extractor whose strings occur, as eyecite does."""
    import ahocorasick
    from eyecite.tokenizers import EXTRACTORS, AhocorasickTokenizer

    def automaton(items: list[tuple[str, int]], after_volume: frozenset[int]) -> Any:
        """String → (its length, the extractors that need it after a volume, the others)."""
        grouped: dict[str, list[int]] = {}
        for string, index in items:
            grouped.setdefault(string, []).append(index)
        found = ahocorasick.Automaton()
        for string, indexes in grouped.items():
            strict = tuple(i for i in indexes if i in after_volume)
            found.add_word(string, (len(string), strict, tuple(i for i in indexes if i not in after_volume)))
        found.make_automaton()
        return found

    class IndexedTokenizer(AhocorasickTokenizer):
        def __post_init__(self) -> None:
            self.by_index = list(EXTRACTORS)
            self.always = frozenset(i for i, e in enumerate(self.by_index) if not e.strings)
            after_volume = frozenset(i for i, e in enumerate(self.by_index) if by_place and _after_volume(e))
            self.case_sensitive_filter = automaton(
                [
                    (s, i)
                    for i, e in enumerate(self.by_index)
                    if e.strings and not e.flags & re.I
                    for s in e.strings
                ],
                after_volume,
            )
            self.case_insensitive_filter = automaton(
                [
                    (s.lower(), i)
                    for i, e in enumerate(self.by_index)
                    if e.strings and e.flags & re.I
                    for s in e.strings
                ],
                frozenset(),
            )

        # eyecite only iterates what this returns: a list in extractor order, not a set
        def get_extractors(self, text: str) -> list[Any]:  # type: ignore[override]
            wanted = set(self.always)
            for end, (length, after_volume, anywhere) in self.case_sensitive_filter.iter(text):
                wanted.update(anywhere)
                start = end - length + 1
                if after_volume and start >= 2 and text[start - 1] == " " and text[start - 2].isdecimal():
                    wanted.update(after_volume)  # ``\d`` is a Unicode decimal digit, as isdecimal
            for _, (_, _, anywhere) in self.case_insensitive_filter.iter(text.lower()):
                wanted.update(anywhere)
            return [self.by_index[i] for i in sorted(wanted)]

    return IndexedTokenizer()


_VOLUME_THEN_REPORTER = re.compile(
    r"\(\?:\^\|\[\^a-zA-Z0-9\]\)\(\(\?P<volume>\[1-9\]\\d\*\) \(\?P<reporter>(?P<alternatives>.*?)\),\? "
)


def _after_volume(extractor: Any) -> bool:
    r"""Whether every match of ``extractor`` has one of its strings right after a volume
    and a space: its regex starts ``(?P<volume>[1-9]\d*) (?P<reporter>`` with exactly its
    strings as the alternatives, matched case by case."""
    m = _VOLUME_THEN_REPORTER.match(extractor.regex)
    if not m or not extractor.strings or extractor.flags & (re.I | re.X):
        return False
    alternatives = re.split(r"(?<!\\)\|", m["alternatives"])
    return set(alternatives) == {re.escape(s) for s in extractor.strings}

"""The pieces of text eyecite reads one at a time: paragraphs, and a long paragraph cut in
pieces of at most `MAX_PIECE` characters.

eyecite's cost grows faster than linearly with its input (measured: 0.28 s per paragraph vs
0.47 s in 3,000-character runs on a 1,000-citation brief), and a check's deadline is polled
between pieces: a document of one 5-million-character paragraph would otherwise run eyecite
for half a minute past its deadline. A paragraph break never splits a citation; a long
paragraph is cut where a citation cannot continue: after a sentence that ends in a word
or in a citation's closing parenthesis ("... was denied. The", "(1966). The"), else after a
closing parenthesis and its comma or semicolon, else before a case name ("Roe v. "), else
(text with none of these, which no brief has) at the last space.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

MAX_PIECE = 20_000
_PARAGRAPH = re.compile(r"\n\s*\n")
_CUTS = (
    # after a sentence that ends in a word or a citation's parenthesis: "denied. The", "(1966). The"
    re.compile(r"(?:(?<=[a-z]{4}[.?!])|(?<=\)\.))[\"”’']?\s+(?=[\"“(]?[A-Z])"),
    re.compile(r"(?<=\)[,;])\s+"),  # after "(1966)," or "(1966);"
    re.compile(r"\s+(?=[A-Z][a-z]+ v\. )"),  # before a case name
    re.compile(r"\s+"),
)


def paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """Paragraphs (blank-line separated) with their offsets."""
    start = 0
    for m in _PARAGRAPH.finditer(text):
        yield start, text[start : m.start()]
        start = m.end()
    yield start, text[start:]


def _cut(piece: str, limit: int) -> int:
    """Where to end the first part of ``piece`` (longer than ``limit``): the last safe cut in
    its second half of ``limit``, by the first pattern that has one; else at ``limit``."""
    window = piece[limit // 2 : limit]
    for pattern in _CUTS:
        matches = list(pattern.finditer(window))
        if matches:
            return limit // 2 + matches[-1].end()
    return limit


def eyecite_pieces(text: str, limit: int = MAX_PIECE) -> Iterator[tuple[int, str]]:
    """The paragraphs of ``text`` with their offsets, each longer than ``limit`` cut in
    pieces of at most ``limit`` characters at the safest place near the end."""
    for offset, para in paragraphs(text):
        start = 0
        while len(para) - start > limit:
            end = start + _cut(para[start:], limit)
            yield offset + start, para[start:end]
            start = end
        yield offset + start, para[start:]

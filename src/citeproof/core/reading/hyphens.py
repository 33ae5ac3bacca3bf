"""Words hyphenated across a line break (``Borden-`` / ``kircher``), read whole again.

A typesetter breaks a word at the end of a line with a hyphen; a compound (``well-`` /
``established``) may break at its own hyphen too. The document itself says which it is:
a break whose joined word appears elsewhere in the text unbroken is a typesetter's, one
whose hyphenated form appears elsewhere keeps its hyphen, and with no evidence either way
the hyphen is taken for the typesetter's (as PDF readers do).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_BREAK = re.compile(r"(?<=[A-Za-z])-[ \t]*\r?\n[ \t]*(?=[a-z])")
_WORD_BEFORE = re.compile(r"[A-Za-z]+$")
_WORD_AFTER = re.compile(r"[a-z]+")


@dataclass(frozen=True, slots=True)
class Break:
    start: int  # the hyphen
    end: int  # the first letter after the break
    keeps_hyphen: bool


_RANGE_BREAK = re.compile(r"(?<=\d)[-–][ \t]*\r?\n[ \t]*(?=\d)")  # "422-" | "23", "289–" | "90"


def line_breaks(text: str) -> list[Break]:
    """Every hyphen at a line's end before a lower-case word, and whether it stays; one
    between two numbers (a pin range ``422-`` | ``23``) always stays."""
    found = [Break(m.start(), m.end(), True) for m in _RANGE_BREAK.finditer(text)]
    lowered = None
    for m in _BREAK.finditer(text):
        head = _WORD_BEFORE.search(text, max(0, m.start() - 40), m.start())
        tail = _WORD_AFTER.match(text, m.end())
        if head is None or tail is None:
            continue
        lowered = lowered if lowered is not None else text.lower()
        found.append(Break(m.start(), m.end(), keeps_hyphen(head.group(), tail.group(), lowered)))
    return sorted(found, key=lambda b: b.start)


def keeps_hyphen(head: str, tail: str, lowered: str) -> bool:
    """Whether ``head-`` | ``tail`` is a compound broken at its hyphen, by the evidence of
    the whole text (``lowered``, lower-cased)."""
    joined = (head + tail).lower()
    compound = f"{head}-{tail}".lower()
    return compound in lowered and joined not in lowered


def across_pages(before: str, after: str, lowered: str) -> str | None:
    """How a page ending in a hyphenated word (``comm-``) joins the next (``ercial``):
    the hyphen kept or dropped (`keeps_hyphen`), kept in a range of numbers; None when the
    break is no such word."""
    if re.search(r"\d[-–]$", before) and after[:1].isdigit():
        return before[-1]
    head = re.search(r"([A-Za-z]+)-$", before)
    tail = _WORD_AFTER.match(after)
    if head is None or tail is None:
        return None
    return "-" if keeps_hyphen(head.group(1), tail.group(), lowered) else ""


def joined(text: str) -> str:
    """``text`` with each hyphenated line break closed up (a compound's hyphen kept)."""
    pieces, cursor = [], 0
    for b in line_breaks(text):
        pieces += [text[cursor : b.start], text[b.start] if b.keeps_hyphen else ""]
        cursor = b.end
    return "".join(pieces) + text[cursor:]


def joined_same_length(text: str) -> str:
    """``text`` with each hyphenated line break turned into soft hyphens (U+00AD), which the
    normaliser drops: read whole, every offset kept."""
    pieces, cursor = [], 0
    for b in line_breaks(text):
        start = b.start + 1 if b.keeps_hyphen else b.start
        pieces += [text[cursor:start], "\u00ad" * (b.end - start)]
        cursor = b.end
    return "".join(pieces) + text[cursor:]

"""The page number printed on each page of a laid-out document, read from the lines at its
top and bottom edges.

A number counts as the page's printed number only when a neighbouring page carries the
number next to it in the same place and style: ``ii`` beside ``iii``, ``3`` beside ``4``.
Three kinds of line are read, in this order of trust:

1. a line holding a page number only (``3``, ``- 3 -``, ``Page 3``, ``iv``);
2. a line repeated on the pages with one number that counts up with them
   (``DEFENDANT'S BRIEF - 3``; a slip opinion's ``4 SMITH v. JONES`` on left pages and
   ``SMITH v. JONES 5`` on right ones), not an ``of`` count;
3. a filing stamp's ``Page 3 of 40`` (the page of the filed file, which may differ from
   the brief's own numbers).

A page none of these settles has no printed number (None), never a guess.
"""

from __future__ import annotations

import re
from collections import defaultdict

EDGE_LINES = 2  # lines at the top and at the bottom of a page where page numbers stand
_ALONE = re.compile(r"\s*(?:page\s+)?[-–—]?\s*(\d{1,4}|[ivxlc]{1,7}|[IVXLC]{1,7})\s*[-–—]?\s*", re.I)
_NUMBER = re.compile(r"\d{1,4}")
_OF_COUNT = re.compile(r"(\d{1,4})\s+of\s+\d{1,4}", re.I)
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}

Candidate = tuple[int, str, str]  # value, style (arabic | roman | ROMAN), printed text


def roman_value(text: str) -> int | None:
    """The value of a Roman numeral (``iv`` → 4), None when ``text`` is not one written
    the usual way."""
    values = [_ROMAN.get(ch) for ch in text.lower()]
    if not text or None in values:
        return None
    total = 0
    for i, v in enumerate(values):
        assert v is not None
        following = values[i + 1] if i + 1 < len(values) else 0
        total += -v if following and following > v else v
    return total if to_roman(total) == text.lower() else None


def to_roman(number: int) -> str:
    """``number`` in lower-case Roman numerals (4 → ``iv``)."""
    out = []
    for value, digits in (
        (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
        (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ):  # fmt: skip
        count, number = divmod(number, value)
        out.append(digits * count)
    return "".join(out)


def _alone(line: str) -> Candidate | None:
    m = _ALONE.fullmatch(line)
    if not m:
        return None
    text = m.group(1)
    if text.isdigit():
        return int(text), "arabic", str(int(text))
    value = roman_value(text)
    return (value, "roman" if text.islower() else "ROMAN", text) if value else None


def is_printed_number(line: str, label: str | None) -> bool:
    """Whether ``line`` is the page number ``label`` alone (``- ii -``, ``Page 3``)."""
    found = _alone(line)
    return label is not None and found is not None and found[2] == label


def _edges(lines: list[str]) -> list[str]:
    filled = [line for line in lines if line.strip()]
    return filled[:EDGE_LINES] + filled[-EDGE_LINES:] if len(filled) > 2 * EDGE_LINES else filled


def _running(pages: list[list[str]], of_counts: bool) -> list[list[Candidate]]:
    """Per page, the numbers of repeated edge lines that count up by one across pages:
    lines with one shape (digits aside), the number at one place within it."""
    shaped: dict[tuple[str, int], dict[int, int]] = defaultdict(dict)  # (shape, place) → page → value
    for index, lines in enumerate(pages):
        for line in _edges(lines):
            counted = {m.start(1) for m in _OF_COUNT.finditer(line)}
            shape = _NUMBER.sub("#", " ".join(line.split()).lower())
            for place, m in enumerate(_NUMBER.finditer(line)):
                if (m.start() in counted) == of_counts and shape.strip("# -–—"):
                    shaped[(shape, place)][index] = int(m.group())
    found: list[list[Candidate]] = [[] for _ in pages]
    for by_page in shaped.values():
        for index, value in by_page.items():
            # one page apart, or two where left and right pages print it differently
            if any(by_page.get(index + step) == value + step for step in (-2, -1, 1, 2)):
                found[index].append((value, "arabic", str(value)))
    return found


def _chained(candidates: list[list[Candidate]]) -> list[str | None]:
    """Each page's candidate that a neighbouring page's candidate continues."""
    out: list[str | None] = []
    for index, here in enumerate(candidates):
        before = candidates[index - 1] if index else []
        after = candidates[index + 1] if index + 1 < len(candidates) else []
        chained = [
            text
            for value, style, text in here
            if any(s == style and v == value - 1 for v, s, _ in before)
            or any(s == style and v == value + 1 for v, s, _ in after)
        ]
        out.append(chained[0] if len(set(chained)) == 1 else None)
    return out


def printed_page_labels(pages: list[list[str]]) -> list[str | None]:
    """The page number printed on each page (its lines, top to bottom), None where none
    is settled."""
    alone = [[c for line in _edges(lines) if (c := _alone(line))] for lines in pages]
    layers = (_chained(alone), _chained(_running(pages, False)), _chained(_running(pages, True)))
    return [next((layer[i] for layer in layers if layer[i]), None) for i in range(len(pages))]

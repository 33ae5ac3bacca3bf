"""Page furniture in a document's text: what a printed page adds around the words, found so
that extraction reads past it.

Text copied or extracted from a filed PDF keeps what the page printed besides the brief:

* pleading paper's **line numbers** (1-28 down the margin), before each line's text or alone
  on a line of their own;
* **page numbers**, alone on a line (``3``, ``- 3 -``, ``Page 3``, ``Page 3 of 40``);
* **running heads and feet** repeated on every page (``Case 1:19-cv-01234 Document 45 Filed
  03/02/20 Page 3 of 40``), found only in a text that has page or line numbers.

Each is recognised by its sequence, never by one line alone: line numbers count up by one
within a page, page numbers by one across the document. A number alone on a line that is
not in such a sequence is text. `without_furniture` turns each into spaces, so that
every offset of the text stays where it was.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

_LINE_NUMBER = re.compile(r"[ \t]{0,3}(\d{1,2})(?:[ \t]{2,}(?=\S)|[ \t]*$)")
_PAGE_NUMBER = re.compile(
    r"[ \t]*(?:-[ \t]*(\d{1,4})[ \t]*-|(?:page[ \t]+)?(\d{1,4})(?:[ \t]+of[ \t]+\d{1,4})?)[ \t]*$", re.I
)
_CITING = re.compile(
    r"(?i:\bid\.|\bsupra\b)|§|\b\d{1,4}\s+(?:[A-Z][A-Za-z]*\.\s?)+(?:\d[a-z]{1,2}\s)?\d{1,5}\b"
)
MIN_LINE_NUMBERS = 5  # line numbers counting up by one before they are taken for pleading paper
MAX_LINE_NUMBER = 32
MAX_GAP_LINES = 3  # lines between two margin numbers (a blank or wrapped line between)
MIN_RUNNING = 3  # a running head repeats on at least this many pages (or on each of two)
HEAD_REACH = 3  # lines between a running head and its page's edge


@dataclass(frozen=True, slots=True)
class Line:
    start: int
    end: int
    text: str


def lines_of(text: str) -> list[Line]:
    out, start = [], 0
    for line in text.split("\n"):
        out.append(Line(start, start + len(line), line))
        start += len(line) + 1
    return out


@dataclass(frozen=True, slots=True)
class Furniture:
    """What the printed page added: margin line numbers, page numbers, running heads."""

    line_numbers: tuple[tuple[int, int], ...] = ()
    numbers_alone: bool = False  # the margin numbers stand on lines of their own
    page_breaks: tuple[tuple[int, int], ...] = ()  # page numbers and running heads

    def spans(self) -> list[tuple[int, int]]:
        return sorted(self.line_numbers + self.page_breaks)


def furniture_of(text: str) -> Furniture:
    """The furniture of ``text`` (none in a text without numbered lines or pages)."""
    if "\n" not in text:
        return Furniture()
    lines = lines_of(text)
    numbers = line_number_spans(lines)
    numbered = {span[0] for span in numbers}
    pages = page_number_spans(lines, numbered)
    if not numbers and not pages:
        return Furniture()
    index_of = {line.start: i for i, line in enumerate(lines)}
    page_lines = {index_of[start] for start, _ in pages}
    numbered_lines = [index_of[start] for start, _ in numbers]
    starts, ends = _page_edges(lines, numbered_lines)
    edges = page_lines | starts | ends
    heads = running_head_spans(lines, edges, max(len(page_lines), len(starts)))
    alone = sum(not text[end : text.find("\n", end) % (len(text) + 1)].strip() for _, end in numbers)
    return Furniture(
        tuple(numbers), bool(numbers) and alone >= 0.8 * len(numbers), tuple(sorted(pages + heads))
    )


def _page_edges(lines: list[Line], numbered: list[int]) -> tuple[set[int], set[int]]:
    """The first and the last margin-numbered line of each page (where the count restarts)."""
    counts = [int(lines[i].text.split()[0]) for i in numbered]
    last = len(numbered) - 1
    starts = {index for k, index in enumerate(numbered) if k == 0 or counts[k] <= counts[k - 1]}
    ends = {index for k, index in enumerate(numbered) if k == last or counts[k + 1] <= counts[k]}
    return starts, ends


def furniture_spans(text: str) -> list[tuple[int, int]]:
    """Spans of line numbers, page numbers and running heads, in order."""
    return furniture_of(text).spans()


def line_number_spans(lines: list[Line]) -> list[tuple[int, int]]:
    """The margin numbers of pleading paper: runs of at least MIN_LINE_NUMBERS lines whose
    leading number counts up by one, and where there are such runs, the shorter runs that
    begin at 1 (a short last page)."""
    runs: list[list[tuple[int, int]]] = []
    firsts: list[int] = []  # the number each run begins with
    last_number, last_index = 0, -MAX_GAP_LINES - 1
    for index, line in enumerate(lines):
        m = _LINE_NUMBER.match(line.text)
        if not m or not 1 <= int(m.group(1)) <= MAX_LINE_NUMBER:
            continue
        number = int(m.group(1))
        near = index - last_index <= MAX_GAP_LINES
        if runs and near and number == last_number + 1:
            runs[-1].append((line.start, line.start + m.end(1)))
        else:
            runs.append([(line.start, line.start + m.end(1))])
            firsts.append(number)
        last_number, last_index = number, index
    if all(len(run) < MIN_LINE_NUMBERS for run in runs):
        return []
    return [
        span
        for run, first in zip(runs, firsts, strict=True)
        if len(run) >= MIN_LINE_NUMBERS or first == 1
        for span in run
    ]


def page_number_spans(lines: list[Line], line_numbers: set[int]) -> list[tuple[int, int]]:
    """Spans of the lines `page_number_lines` finds."""
    return [(line.start, line.end) for _, line in page_number_lines(lines, line_numbers)]


def page_number_lines(lines: list[Line], line_numbers: set[int]) -> list[tuple[int, Line]]:
    """Lines holding a page number only, with the number, in runs that count up by one
    (at least two; other lines holding a number may stand between them)."""
    found = []
    for line in lines:
        m = _PAGE_NUMBER.fullmatch(line.text)
        if m and line.start not in line_numbers and line.text.strip():
            found.append((int(m.group(1) or m.group(2)), line))
    runs: list[list[tuple[int, Line]]] = []
    open_runs: dict[int, list[tuple[int, Line]]] = {}  # the next number each run waits for
    for number, line in found:
        run = open_runs.pop(number, None)
        if run is None:
            run = []
            runs.append(run)
        run.append((number, line))
        open_runs[number + 1] = run
    return sorted((item for run in runs if len(run) >= 2 for item in run), key=lambda item: item[1].start)


def running_head_spans(lines: list[Line], edges: set[int], pages: int) -> list[tuple[int, int]]:
    """Lines that cite nothing, repeated (digits aside) within HEAD_REACH lines of a page's
    edge (``edges``: line indices of page numbers and of the first and last margin numbers
    of a page) on at least half of the ``pages`` and MIN_RUNNING of them, or on each page of a
    document of two. A copy of such a line elsewhere in the body is text."""
    near = [
        index not in edges and any(abs(index - e) <= HEAD_REACH for e in edges) for index in range(len(lines))
    ]
    keys = [_key(line.text) if at_edge else "" for line, at_edge in zip(lines, near, strict=True)]
    counts = Counter(k for k in keys if k)
    needed = max(2, min(MIN_RUNNING, pages), (pages + 1) // 2)
    return [
        (line.start, line.end)
        for line, key in zip(lines, keys, strict=True)
        if key and counts[key] >= needed and not _CITING.search(line.text)
    ]


def running_key(line: str) -> str:
    """A line as a running head repeats it: its words, lower-cased, digits aside (``Page 3
    of 10`` and ``Page 4 of 10`` are one key)."""
    return re.sub(r"\d+", "#", " ".join(line.split()).lower())


def _key(line: str) -> str:
    return running_key(line) if len(" ".join(line.split())) >= 8 else ""


def blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span turned into as many spaces (overlapping spans allowed)."""
    pieces, cursor = [], 0
    for start, end in spans:
        start = max(start, cursor)
        if end > start:
            pieces += [text[cursor:start], " " * (end - start)]
            cursor = end
    return "".join(pieces) + text[cursor:]


def without_furniture(text: str) -> str:
    """``text`` with its line numbers, page numbers and running heads turned into spaces.
    A margin number on a line of its own goes with its line break (its line is not a blank
    line), and a page break inside a sentence (`goes_on`) does not read as a paragraph
    break, unless a numbered blank line (the writer's own) stands at it."""
    furniture = furniture_of(text)
    if not furniture.spans():
        return text
    chars = list(blanked(text, furniture.spans()))
    blank_lines = set()  # where the writer left a line empty, under its margin number
    for start, end in furniture.line_numbers:
        line_end = text.find("\n", end)
        line_end = len(text) if line_end == -1 else line_end
        if not text[end:line_end].strip():
            if not furniture.numbers_alone:
                blank_lines.add(start)
                continue
            next_end = text.find("\n", line_end + 1)
            if line_end < len(text) and not text[line_end + 1 : next_end % (len(text) + 1)].strip():
                blank_lines.add(start)
            if line_end < len(text):
                chars[line_end] = " "
    for start, _ in furniture.page_breaks:
        left, right = start, start
        while left > 0 and chars[left - 1].isspace():
            left -= 1
        while right < len(chars) and chars[right].isspace():
            right += 1
        if (
            "\n" in chars[left:right]
            and not any(left <= b < right for b in blank_lines)
            and left > 0
            and right < len(chars)
            and goes_on("".join(chars[max(0, left - 12) : left]), "".join(chars[right : right + 6]))
        ):
            chars[left:right] = " " * (right - left)
    return "".join(chars)


# a citation's abbreviation ("S.", "Ct.", "U.S.", "Supp.") ends no sentence; "Id." and "Ibid." do
_ABBREVIATION = re.compile(r"(?:\b(?!Id\.|Ibid\.)[A-Z][a-z]{0,3}\.\s?)+$|\bvs?\.$")


def goes_on(before: str, after: str) -> bool:
    """Whether a text goes on across a break between ``before`` and ``after``: the words
    before it end no sentence (a citation's abbreviation ends none), or the words after it
    begin none (a lower-case word, a number: ``347 U.S.`` | ``483 (1954)``; a numbered
    paragraph ``12. `` begins one). A closing parenthesis ends a sentence only after the
    sentence's own mark (``(emphasis added.)``); a citation's year or court (``Smith v. Jones
    (1983)`` | ``Ind. App., 452 N.E.2d 167``) ends none."""
    before = before.rstrip()
    ended = re.search(r"[.!?:;\"”]$|[.!?\"”]\)$", before) and not _ABBREVIATION.search(before)
    return not (ended and re.match(r"[\"“(\[A-Z]|\d{1,3}\.\s", after))

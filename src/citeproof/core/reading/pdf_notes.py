"""Footnotes at the foot of a PDF page, read as notes: found by their smaller type and
their numbers, taken out of the body, and placed after the paragraph that calls them (as a
Word file's notes are), each marked as a footnote with its number and the page it is
printed on. A note whose call is not found goes after the paragraph its page's body ends in.

A page's notes begin at the first line that opens with a number (``2 The court …``, the
number often raised) and from which every line is set smaller than the page's body text,
but for a footer of a line or two below them (the page number); a page whose lines are all
of one size has no notes.

A call (digits set smaller than what they follow) is marked in the page's text by one
private-use character per digit (`call_mark`) and taken out after the lines are joined
(`take_calls`), so that each note can find the paragraph that calls it.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from citeproof.core.models import Region, Span

NOTES_MARK = "\x00notes"  # stands in a page's lines where its notes begin
SMALLER = 0.93  # a note's type is at most this share of the body's
BODY_SHARE = 0.1  # a body's type sets at least this share of its page's characters
_NOTE_START = re.compile(r"\s*(\d{1,3})[ .]?\s*(?=[\"“‘'(A-Za-z])")
_MARK_ALONE = re.compile(r"\s*(\d{1,3})\s*")
FOOTER_LINES = 2  # lines of body type a page may print below its notes
_CALL_BASE = 0xE000  # digit d of a call is written chr(_CALL_BASE + d) until the lines are joined
_CALL = re.compile(f"[{chr(_CALL_BASE)}-{chr(_CALL_BASE + 9)}]+")

Note = tuple[int, str]  # number, text
RUNS_ON = 0  # the number of a note's part that runs on from the page before


def line_sizes(textpage: Any, starts: Sequence[int], texts: Sequence[str]) -> list[float]:
    """The usual type size of each line (0 for a line without letters or digits)."""
    import pypdfium2.raw as pdfium_c

    sizes = []
    for start, text in zip(starts, texts, strict=True):
        found = [
            float(pdfium_c.FPDFText_GetFontSize(textpage.raw, start + i))
            for i, ch in enumerate(text)
            if ch.isalnum()
        ]
        sizes.append(statistics.median(found) if found else 0.0)
    return sizes


def notes_start(
    texts: Sequence[str], sizes: Sequence[float], document_body: float | None = None
) -> int | None:
    """The line where the page's notes begin, None when it has none. The body's type is the
    document's (``document_body``) where it sets BODY_SHARE of the page (its notes may be
    longer than its body), else the page's most common."""
    weight: Counter[float] = Counter()
    for text, size in zip(texts, sizes, strict=True):
        if size:
            weight[round(size, 1)] += len(text)
    if len(weight) < 2:
        return None
    body = weight.most_common(1)[0][0]
    if document_body is not None and weight[round(document_body, 1)] >= BODY_SHARE * weight.total():
        body = round(document_body, 1)
    small = [not size or size < body * SMALLER for size in sizes]
    end = len(texts)
    while end > 1 and not small[end - 1] and len(texts) - end < FOOTER_LINES:
        end -= 1  # a footer below the notes
    for i in range(1, end):
        if all(small[i:end]) and any(not s for s in small[:i]):
            # a note that runs on from the last page stands above the first number
            numbered = [bool(_NOTE_START.match(text)) for text in texts[i:end]]
            return i if any(numbered) else None
    return None


def body_size(textpages: Sequence[Any]) -> float | None:
    """The type size most of the document's letters are set in (its body's)."""
    import pypdfium2.raw as pdfium_c

    weight: Counter[float] = Counter()
    for textpage in textpages:
        for i in range(0, int(textpage.count_chars()), 3):  # every third character: enough to count
            weight[round(float(pdfium_c.FPDFText_GetFontSize(textpage.raw, i)), 1)] += 1
    weight.pop(0.0, None)
    return weight.most_common(1)[0][0] if weight else None


def runs_on(notes: Sequence[Sequence[Note]]) -> list[list[Note]]:
    """Each page's notes, a part that runs on from an earlier page (RUNS_ON) joined to the
    last note printed before it, as a paragraph of its own; kept as it is when no note
    stands before it."""
    out: list[list[Note]] = []
    last: tuple[int, int] | None = None  # page, index of the last note so far
    for page_notes in notes:
        out.append([])
        for number, text in page_notes:
            if number == RUNS_ON and last is not None:
                page, index = last
                before, earlier = out[page][index]
                out[page][index] = (before, f"{earlier}\n\n{text}")
                continue
            out[-1].append((number, text))
            last = (len(out) - 1, len(out[-1]) - 1)
    return out


def call_mark(digit: str) -> str:
    """The character that stands for one digit of a note's call in a page's text."""
    return chr(_CALL_BASE + int(digit))


def take_calls(text: str) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with each call's marks (`call_mark`) turned into spaces, and the calls:
    (offset, note number)."""
    calls = [
        (m.start(), int("".join(str(ord(ch) - _CALL_BASE) for ch in m.group()))) for m in _CALL.finditer(text)
    ]
    return _CALL.sub(lambda m: " " * len(m.group()), text), calls


def split_notes(lines: Sequence[str]) -> list[Note]:
    """The notes in the lines at the foot of a page: each opens with its number; a line
    that opens with the next number opens the next note; a number alone on the last line
    is the page's number. Lines above the first number are the last page's last note running
    on (numbered RUNS_ON, see `runs_on`)."""
    notes: list[tuple[int, list[str]]] = []
    lines = list(lines)
    while lines and (not lines[-1].strip() or _MARK_ALONE.fullmatch(lines[-1])):
        lines.pop()  # the page number printed under the notes
    for line in lines:
        m = _NOTE_START.match(line) or _MARK_ALONE.fullmatch(line)  # a raised mark may stand apart
        number = int(m.group(1)) if m else None
        if m and number is not None and (not notes or notes[-1][0] in (RUNS_ON, number - 1)):
            notes.append((number, [line[m.end() :]]))
        elif line.strip():
            if not notes:
                notes.append((RUNS_ON, []))
            notes[-1][1].append(line)
    joined = [(n, " ".join(" ".join(parts).split())) for n, parts in notes]
    return [(n, text) for n, text in joined if text]  # a number with nothing after: a page number


def with_notes(
    text: str,
    starts: Sequence[int],
    ends: Sequence[int],
    notes: Sequence[Sequence[Note]],
    calls: Sequence[tuple[int, int]] = (),
) -> tuple[str, tuple[int, ...], tuple[Region, ...]]:
    """``text`` (pages beginning at ``starts``, page ``i``'s body ending at ``ends[i]``)
    with each page's ``notes`` placed after the paragraph that calls them (``calls``:
    offset, note number), else after the paragraph the page's body ends in: the text,
    the pages' new starts and the notes' regions."""
    inserts: list[tuple[int, int, int, str]] = []  # where, page, number, note
    for index, (end, page_notes) in enumerate(zip(ends, notes, strict=True)):
        for number, note in page_notes:
            called = [at for at, n in calls if n == number and at <= end]
            cut = text.find("\n\n", called[-1] if called else end)
            inserts.append((len(text) if cut == -1 else cut, index + 1, number, note))
    pieces: list[str] = []
    regions: list[Region] = []
    cursor = shift = 0
    shifts: list[tuple[int, int]] = []  # (offset, how far text from there on moved)
    for at, page, number, note in sorted(inserts, key=lambda item: item[0]):
        pieces.append(text[cursor:at])
        start = at + shift + 2
        pieces.append("\n\n" + note)
        regions.append(Region(Span(start, start + len(note)), "footnote", f"footnote {number}", number, page))
        shift += 2 + len(note)
        shifts.append((at, shift))
        cursor = at
    pieces.append(text[cursor:])
    moved = tuple(s + max((d for at, d in shifts if at <= s), default=0) for s in starts)
    return "".join(pieces), moved, tuple(regions)

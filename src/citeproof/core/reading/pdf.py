"""PDF → text with a page map, with what the page furniture adds taken out first:
running headers and footers (lines repeated at the top or bottom of most pages), page
numbers, and pleading paper's line numbers (1-28 down the left margin). Pages are then
joined so that a citation broken by a page break reads whole; footnotes at the foot of a
page are read as notes (`pdf_notes.py`). Each page keeps the number printed on it
(`page_labels.py`), else the one the PDF declares for it."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

from citeproof.core.models import Document
from citeproof.core.reading.errors import ReadError
from citeproof.core.reading.front_matter import table_edge, with_table_lines
from citeproof.core.reading.furniture import goes_on, running_key
from citeproof.core.reading.hyphens import across_pages, joined
from citeproof.core.reading.page_labels import is_printed_number, printed_page_labels
from citeproof.core.reading.pdf_notes import (
    NOTES_MARK,
    body_size,
    call_mark,
    line_sizes,
    notes_start,
    runs_on,
    split_notes,
    take_calls,
    with_notes,
)

_SOFT_WRAP = re.compile(r"(?<=\S)[ \t]*\n(?!\s*\n)[ \t]*(?=\S)")
_PAGE_NUMBER_LINE = re.compile(r"^\s*(?:page\s+)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s+of\s+\d{1,4})?\s*$", re.I)
_LINE_NUMBER = re.compile(r"\s*(\d{1,2})(?:\s+|$)")
_MARGIN_GAP = 6.0  # points between a margin line number and the text of its line
_MIN_LINE_NUMBERS = 5  # numbered lines on a page before they are taken for pleading paper
NOTE_CALL_SIZE = 0.8  # digits this much smaller than the text they follow call a note
COLUMN_RISE = 6.0  # points a line stands above the line before it: the top of a new column
PARAGRAPH_GAP = 1.3  # a gap this many times the usual line gap parts two paragraphs
_EDGE_LINES = 2  # lines at the top and at the bottom of a page where running lines stand
# a citation repeated at the edge of two pages is still text: a short form, a pin, a cite
_CAPTION = r"[A-Z][A-Z.,'&\- ]*[A-Z.]\s+v\.\s+[A-Z][A-Z.,'&\- ]*[A-Z.]"
_CAPTION_HEAD = re.compile(rf"\s*(?:\d{{1,5}}\s+{_CAPTION}|{_CAPTION}\s+\d{{1,5}})\s*")
_OUTER_NUMBERS = re.compile(r"^(?:#\s)+|(?:\s#)+$")
_CITING = re.compile(r"\bid\.|\bsupra\b|\bat #|# (?:[a-z]+\.\s?)+(?:[a-z]+\s)?#")


def unwrap_lines(text: str) -> str:
    """Join hyphenated and wrapped lines (PDF text); paragraph breaks survive, and so do
    the lines of a brief's own tables (`front_matter.py`)."""
    text = joined(with_table_lines(text))
    text = _SOFT_WRAP.sub(" ", text)
    return re.sub(r"\n{3,}", "\n\n", text)


def pdf_pages(data: bytes, name: str) -> int:
    """How many pages the PDF has (its page tree only: no page is read)."""
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(data)
    except Exception as exc:  # pdfium raises its own error types
        raise ReadError(f"{name}: not a readable PDF ({exc})") from None
    try:
        return len(pdf)
    finally:
        pdf.close()


def read_pdf(data: bytes, name: str) -> Document:
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(data)
    except Exception as exc:  # pdfium raises its own error types
        raise ReadError(f"{name}: not a readable PDF ({exc})") from None
    try:
        textpages = [pdf[i].get_textpage() for i in range(len(pdf))]
        body = body_size(textpages)
        read = [_page_lines(textpage, body=body) for textpage in textpages]
        if any(numbered for _, numbered in read):  # pleading paper: a short page is numbered too
            read = [
                (lines, True) if numbered else _page_lines(textpages[i], pleading=True, body=body)
                for i, (lines, numbered) in enumerate(read)
            ]
        pages = [lines for lines, _ in read]
        declared = [pdf.get_page_label(i) or None for i in range(len(pdf))]
    finally:
        pdf.close()
    printed = printed_page_labels(pages)
    labels = [number or own for number, own in zip(printed, declared, strict=True)]
    pages = without_running_lines(
        [
            [line for line in lines if not is_printed_number(line, number)]
            for lines, number in zip(pages, printed, strict=True)
        ]
    )
    bodies = [lines[: lines.index(NOTES_MARK)] if NOTES_MARK in lines else lines for lines in pages]
    notes = runs_on(
        [split_notes(lines[lines.index(NOTES_MARK) + 1 :]) if NOTES_MARK in lines else [] for lines in pages]
    )
    read_bodies = [
        take_calls(unwrap_lines("\n".join(x for x in lines if not _PAGE_NUMBER_LINE.match(x)).strip()))
        for lines in bodies
    ]
    texts = [text for text, _ in read_bodies]
    calls = [page_calls for _, page_calls in read_bodies]
    joined = join_pages(texts, name)
    starts = joined.page_starts
    ends = [min(start + max(len(t) - 1, 0), len(joined.text)) for start, t in zip(starts, texts, strict=True)]
    called = [(start + at, number) for start, page in zip(starts, calls, strict=True) for at, number in page]
    text, starts, regions = with_notes(joined.text, starts, ends, notes, called)
    return replace(joined, text=text, page_starts=starts, regions=regions, page_labels=tuple(labels))


def _page_lines(textpage: Any, pleading: bool = False, body: float | None = None) -> tuple[list[str], bool]:
    """The lines of one page without pleading-paper line numbers, and whether it had them:
    at least _MIN_LINE_NUMBERS rising margin numbers, or (``pleading``: other pages of the
    document have them) any that rise from 1, as on a short last page."""
    raw = page_text(textpage)
    boxes = len(raw) == textpage.count_chars()  # char boxes line up with the text
    if boxes:
        raw = without_note_calls(raw, textpage)
    # pdfium ends a line hyphenated at its break with U+FFFE (or 0x02) and runs the next
    # line on after it: that next line, and its margin number, begin after the mark.
    lines: list[tuple[int, str]] = [
        (m.start(), m.group().replace("\ufffe", "-\n").replace("\x02", "-\n").rstrip("\n"))
        for m in re.finditer(r"[^\r\n\ufffe\x02]+[\ufffe\x02]?", raw)
    ]
    numbered: list[tuple[int, int, int]] = []  # line index, number, length of its prefix
    for i, (start, line) in enumerate(lines):
        m = _LINE_NUMBER.match(line)
        if not m or not 1 <= int(m.group(1)) <= 28:
            continue
        if m.end() < len(line) and boxes:
            right = textpage.get_charbox(start + m.end(1) - 1)[2]
            if textpage.get_charbox(start + m.end())[0] - right < _MARGIN_GAP:
                continue  # a number that begins a sentence, not one printed in the margin
        numbered.append((i, int(m.group(1)), m.end()))
    rising = [n for (_, n, _), (_, prev, _) in zip(numbered[1:], numbered, strict=False) if n > prev]
    enough = len(numbered) >= _MIN_LINE_NUMBERS or (pleading and numbered and numbered[0][1] == 1)
    if not enough or len(rising) < len(numbered) // 2:
        numbered = []
    cut = {i: length for i, _, length in numbered}
    texts = [line[cut.get(i, 0) :] for i, (_, line) in enumerate(lines)]
    if not boxes:
        return texts, bool(numbered)
    notes = notes_start(
        texts, line_sizes(textpage, [start for start, _ in lines], [line for _, line in lines]), body
    )
    bottoms = [textpage.get_charbox(start, loose=True)[1] for start, _ in lines][:notes]
    breaks = paragraph_starts(bottoms) | column_breaks(bottoms, texts)  # the body's (notes set apart)
    paragraphs = [
        piece
        for i, text in enumerate(texts)
        for piece in ((NOTES_MARK, text) if i == notes else ("", text) if i in breaks else (text,))
    ]
    return paragraphs, bool(numbered)


def page_text(textpage: Any) -> str:
    """The page's text, one character for each of pdfium's: its text range drops control
    characters a PDF may print (a stray ``\x97``), so that the character boxes no longer
    line up with it; then the text is read character by character, a control character
    as a space."""
    import pypdfium2.raw as pdfium_c

    raw: str = textpage.get_text_range()
    count = int(textpage.count_chars())
    if len(raw) == count:
        return raw
    chars = [chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i)) for i in range(count)]
    return "".join(ch if ch in "\r\n\x02" or ch.isprintable() or ch == "\ufffe" else " " for ch in chars)


def without_note_calls(raw: str, textpage: Any) -> str:
    """``raw`` with each footnote call (digits set smaller than the character they follow,
    ``407`` then a superscript ``14``) marked as a call (`call_mark`, a space once the lines
    are joined), so that it never joins the number before it (``Fed. R. Evid. 40714``)."""
    import pypdfium2.raw as pdfium_c

    def size(index: int) -> float:
        return float(pdfium_c.FPDFText_GetFontSize(textpage.raw, index))

    chars = list(raw)
    called = False  # the previous character was part of a call
    for i in range(1, len(raw)):
        if not raw[i].isdigit() or raw[i - 1].isspace():
            called = False
            continue
        before = size(i - 1)
        called = (called and size(i) <= before * 1.05) or 0 < size(i) < before * NOTE_CALL_SIZE
        if called:
            chars[i] = call_mark(raw[i])
    return "".join(chars)


def paragraph_starts(bottoms: list[float]) -> set[int]:
    """The lines (by index) that open a paragraph, from where each line stands on the page
    (``bottoms``, top to bottom): the gap between two lines of a paragraph is the narrowest
    that recurs (on a page of a few lines, the narrowest); a gap wider by PARAGRAPH_GAP
    (Word's space after a paragraph, the foot of the page where notes stand) leaves no
    blank line in the text."""
    gaps = [round(a - b) for a, b in zip(bottoms, bottoms[1:], strict=False)]
    seen = Counter(g for g in gaps if g > 0)
    line_gap = min((g for g, n in seen.items() if n >= 2), default=None)
    if line_gap is None and seen.total() >= 2:  # a page of a few lines: its narrowest gap
        line_gap = min(seen)
    if line_gap is None:
        return set()
    return {i + 1 for i, gap in enumerate(gaps) if gap > line_gap * PARAGRAPH_GAP}


def column_breaks(bottoms: list[float], texts: list[str]) -> set[int]:
    """The lines (by index) that open a paragraph at the top of a new column (a line set
    COLUMN_RISE points above the one before it): where the text does not go on across the
    column break, as across a page break (``166. Id.`` | ``167. See id.``)."""
    return {
        i
        for i in range(1, len(bottoms))
        if bottoms[i] - bottoms[i - 1] > COLUMN_RISE and not goes_on(texts[i - 1][-12:], texts[i][:6])
    }


def without_running_lines(pages: list[list[str]]) -> list[list[str]]:
    """Drop the lines repeated at the top or bottom of most pages (digits aside: ``Page
    3 of 10``, ``Case 2:24-cv-01234 Document 12 Filed 01/02/25 Page 3 of 10``; a page
    number at either end aside: ``412 SMITH v. JONES``, ``SMITH v. JONES 413``), and a
    reporter's head on top of a page even when nothing repeats it (a page of its own)."""
    pages = [_without_caption_head(lines) for lines in pages]
    if len(pages) < 2:
        return pages
    edges = [_edge_indices(lines) for lines in pages]
    seen = Counter(
        key for lines, idx in zip(pages, edges, strict=True) for key in {_running_key(lines[i]) for i in idx}
    )
    needed = max(2, (len(pages) + 1) // 2)
    running = {key for key, n in seen.items() if n >= needed and key.strip("# ")}
    return [
        [line for i, line in enumerate(lines) if not (i in idx and _running_key(line) in running)]
        for lines, idx in zip(pages, edges, strict=True)
    ]


def _without_caption_head(lines: list[str]) -> list[str]:
    """``lines`` without a first line that is a reporter's running head: the caption in
    capitals with the page number at either end (``385 SMITH v. JONES``)."""
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or not _CAPTION_HEAD.fullmatch(lines[first]):
        return lines
    return lines[:first] + lines[first + 1 :]


def _running_key(line: str) -> str:
    """A line's running key (`running_key`), its page number at either end aside (a
    reporter prints ``412 SMITH v. JONES`` on left pages, ``SMITH v. JONES 413`` on right
    ones); none for a line that cites."""
    key = running_key(line)
    return "" if _CITING.search(key) else _OUTER_NUMBERS.sub("", key)


def _edge_indices(lines: list[str]) -> set[int]:
    filled = [i for i, line in enumerate(lines) if line.strip() and line != NOTES_MARK]
    return set(filled[:_EDGE_LINES] + filled[-_EDGE_LINES:])


def join_pages(pages: list[str], name: str | None) -> Document:
    """One text with the offset where each page begins. A page that goes on with the
    sentence (a lower-case word, a number: ``347 U.S.`` | ``483 (1954)``) is joined with a
    space; one that begins a new sentence after a finished one, with a paragraph break."""
    parts: list[str] = []
    starts: list[int] = []
    length = 0
    lowered = "\n".join(pages).lower()
    for page in pages:
        if parts:
            hyphen = across_pages(parts[-1][-40:], page[:40], lowered)
            if hyphen is not None:  # "comm-" | "ercial": the word read whole
                parts[-1] = parts[-1][:-1] + hyphen
                length -= 1 - len(hyphen)
                sep = ""
            else:
                edge = table_edge(parts[-1], page[:80])
                sep = " " if goes_on(parts[-1][-12:], page[:6]) and not edge else "\n\n"
            parts.append(sep)
            length += len(sep)
        starts.append(length)
        parts.append(page)
        length += len(page)
    return Document(text="".join(parts), path=name, page_starts=tuple(starts))

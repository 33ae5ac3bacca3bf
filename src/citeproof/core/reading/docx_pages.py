"""The pages of a DOCX as far as the file fixes them: which page of the file each stretch
of text is on, and the page number printed on it.

A DOCX says where its pages begin only in part: explicit page breaks, section breaks that
start a new page, and the breaks Word records when it saves a laid-out document
(``w:lastRenderedPageBreak``). Where Word recorded its layout, every page is known. Where
it did not (a file written by LibreOffice or a program), the text between two breaks may
fill more than one page: a stretch is taken for one page only when it is short enough to
fit on any page (`surely_on_first_page`); after one that may not, the count is lost — the page
is None, never a guess — until a section restarts its numbering.

The printed number follows each section's numbering (``w:pgNumType``: its format —
``lowerRoman`` gives ``ii`` — and the number it restarts at), and is known only when some
header or footer prints the page number (a ``PAGE`` field).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from citeproof.core.reading.page_labels import to_roman

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
# a stretch of at most this many lines (LINE_CHARS characters each) fits on any page
PAGE_LINES = 20
LINE_CHARS = 60
_NEW_PAGE = {"nextPage", "oddPage", "evenPage"}


@dataclass(frozen=True, slots=True)
class Section:
    """A section's page properties: whether it begins a new page, its page-number format,
    and the number it restarts at (None: it goes on from the section before)."""

    new_page: bool = True
    number_format: str = "decimal"
    restart: int | None = None


def section_of(sect_pr: Any) -> Section:
    """A ``w:sectPr`` element's `Section`."""
    kind = sect_pr.find(W + "type")
    numbering = sect_pr.find(W + "pgNumType")
    start = numbering.get(W + "start") if numbering is not None else None
    return Section(
        new_page=kind is None or kind.get(W + "val", "nextPage") in _NEW_PAGE,
        number_format=(numbering.get(W + "fmt") if numbering is not None else None) or "decimal",
        restart=int(start) if start and start.isdigit() else None,
    )


def sections_of(body: Any) -> list[Section]:
    """The sections of a document body in order: each ``w:sectPr`` ends one (those of a
    tracked change, ``w:sectPrChange``, record an older state and are left out)."""
    return [
        section_of(el)
        for el in body.iter(W + "sectPr")
        if el.getparent() is None or el.getparent().tag != W + "sectPrChange"
    ] or [Section()]


def prints_page_numbers(parts: Sequence[Any]) -> bool:
    """Whether any header or footer (parsed XML roots) holds a ``PAGE`` field."""
    for root in parts:
        codes = [t.text or "" for t in root.iter(W + "instrText")]
        codes += [el.get(W + "instr") or "" for el in root.iter(W + "fldSimple")]
        if any(code.split()[:1] == ["PAGE"] for code in codes):
            return True
    return False


def surely_on_first_page(text: str) -> int:
    """How much of ``text``, beginning at the top of a page, surely stands on that page
    (the first PAGE_LINES lines of LINE_CHARS characters, paragraphs parted by blank
    lines); ``len(text)`` when all of it does."""
    lines, cursor = 0, 0
    for paragraph in text.split("\n\n"):
        if paragraph.strip():
            room = PAGE_LINES - lines
            needed = max(1, math.ceil(len(paragraph.strip()) / LINE_CHARS))
            if needed > room:
                return cursor + room * LINE_CHARS if room > 0 else cursor
            lines += needed
        cursor += len(paragraph) + 2
    return len(text)


def number_label(number: int, number_format: str) -> str:
    """``number`` written as the section's format prints it (``ii``, ``B``, ``3``)."""
    if number_format in ("lowerRoman", "upperRoman") and number > 0:
        roman = to_roman(number)
        return roman.upper() if number_format == "upperRoman" else roman
    if number_format in ("lowerLetter", "upperLetter") and number > 0:
        letter = chr(ord("A") + (number - 1) % 26) * ((number - 1) // 26 + 1)
        return letter if number_format == "upperLetter" else letter.lower()
    return str(number)


@dataclass(frozen=True, slots=True)
class PageMap:
    """Where each page begins, its page of the file and its printed number (None where
    the file does not fix them)."""

    starts: tuple[int, ...]
    numbers: tuple[int | None, ...]
    labels: tuple[str | None, ...]


def page_map(
    text: str,
    starts: Sequence[int],
    section_index: Sequence[int],
    sections: Sequence[Section],
    laid_out: bool,
    printed: bool,
) -> PageMap:
    """The pages of ``text``, which begin at ``starts``, each in section
    ``section_index[i]``: each stretch between two starts is one page when the file
    records its layout (``laid_out``); otherwise a stretch too long to fit on any page
    is one page only as far as it surely fits, and what follows is on no known page."""
    out_starts: list[int] = []
    numbers: list[int | None] = []
    labels: list[str | None] = []
    physical: int | None = 0
    counted: int | None = 0
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        section = sections[min(section_index[i], len(sections) - 1)]
        physical = physical + 1 if physical is not None else None
        counted = counted + 1 if counted is not None else None
        if (i == 0 or section_index[i] != section_index[i - 1]) and section.restart is not None:
            counted = section.restart
        out_starts.append(start)
        numbers.append(physical)
        labels.append(
            number_label(counted, section.number_format) if printed and counted is not None else None
        )
        sure = end - start if laid_out else surely_on_first_page(text[start:end])
        if sure < end - start:  # the rest of the stretch: on some later page
            out_starts.append(start + sure)
            numbers.append(None)
            labels.append(None)
            physical = counted = None
    return PageMap(tuple(out_starts), tuple(numbers), tuple(labels))

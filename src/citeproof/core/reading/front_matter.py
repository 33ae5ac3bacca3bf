"""A brief's own tables: its table of authorities (and of contents) lists every case it
cites with the pages it cites it on. Those entries are not citations made by the argument:
checked, they would double every authority and put the table's pages in every page list.

A table begins at its heading (``TABLE OF AUTHORITIES``, ``TABLE OF CONTENTS``, ``INDEX OF
AUTHORITIES``) and runs as long as its lines end in page references (dot leaders, a tab or
a run of spaces, then ``3``, ``4, 7``, ``ii``, ``passim``), with its category headings
(``Cases``, ``Statutes``) and entries wrapped over two or three lines between them.
"""

from __future__ import annotations

import re

from citeproof.core.reading.furniture import lines_of

_HEADING = re.compile(
    r"[ \t]*(?:table\s+of\s+(?:cited\s+)?(?:authorities|contents|cases)|index\s+of\s+authorities)"
    r"[ \t]*:?[ \t]*",
    re.I,
)
_PAGE = r"(?:passim|[ivxlc]{1,6}|\d{1,3}(?:\s*n\.\s*\d{1,3})?)"
# dot leaders, a tab, or a wide run of spaces (a justified line's padding is narrower)
_LEADER = r"(?:\.{2,}|…+|\t|[ \t]{8,}|_{3,}|(?:\s\.){3,})"
_PAGE_REF = re.compile(rf"{_LEADER}[ .\t]*{_PAGE}(?:\s*[,–-]\s*{_PAGE})*\.?[ \t]*$", re.I)
MAX_UNREFERENCED = 4  # lines in a row without a page reference inside a table (headings, wraps)


def table_spans(text: str) -> list[tuple[int, int]]:
    """Spans of the brief's own tables of authorities and of contents (from the heading to
    the last line that ends in a page reference)."""
    if "table" not in text.lower() and "index" not in text.lower():
        return []
    lines = lines_of(text)
    spans = []
    index = 0
    while index < len(lines):
        if not _HEADING.fullmatch(lines[index].text):
            index += 1
            continue
        last, gap = None, 0
        for k in range(index + 1, len(lines)):
            if _PAGE_REF.search(lines[k].text):
                last, gap = k, 0
            elif lines[k].text.strip():
                gap += 1
                if gap > MAX_UNREFERENCED or _HEADING.fullmatch(lines[k].text):
                    break
        if last is not None:
            spans.append((lines[index].start, lines[last].end))
            index = last + 1
        else:
            index += 1
    return spans

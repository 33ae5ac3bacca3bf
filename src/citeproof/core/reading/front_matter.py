"""A brief's own tables: its table of authorities (and of contents) lists every case it
cites with the pages it cites it on. Those entries are not citations made by the argument:
checked, they would double every authority and put the table's pages in every page list.

A table begins at its heading (``TABLE OF AUTHORITIES``, ``TABLE OF CONTENTS``, ``INDEX OF
AUTHORITIES``) and runs as long as its lines end in page references (dot leaders, a tab or
a run of spaces, then ``3``, ``4, 7``, ``ii``, ``passim``), with its category headings
(``Cases``, ``Statutes``) and entries wrapped over two or three lines between them.

A PDF's lines are joined into paragraphs before the tables are looked for; on a page that
holds a table (its heading, or lines that end in page references) `with_table_lines` keeps
each of its lines apart first.
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
# a printed table's own line: a dot leader (never the end of a sentence of the argument)
_DOTTED_REF = re.compile(
    rf"(?:\.{{3,}}|…{{2,}}|(?:\s\.){{3,}})[ .]*{_PAGE}(?:\s*[,–-]\s*{_PAGE})*\.?[ \t]*$", re.I
)
# inside a table: an entry that filled its line, its pages after its year with no leader
_BARE_REF = re.compile(rf"\)[ \t]*{_PAGE}(?:\s*[,–-]\s*{_PAGE})*[ \t]*$", re.I)
# inside a table: an entry that filled its line with no leader, its page list left open by a
# comma to go on below ("..., 117 A.2d 110 16," | "30")
_OPEN_REF = re.compile(rf"\d[ \t]+{_PAGE}(?:\s*,\s*{_PAGE})*,[ \t]*$", re.I)
TABLE_PAGE_LINES = 3  # lines ending in page references that make a page (a table's next page) a table
MAX_UNREFERENCED = 4  # lines in a row without a page reference inside a table (headings, wraps)


def _in_table(line: str) -> bool:
    """A line that ends in an entry's page references: after a leader, after the entry's
    year, or after its cite with the list left open by a comma."""
    return bool(_PAGE_REF.search(line) or _BARE_REF.search(line) or _OPEN_REF.search(line))


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
            if _in_table(lines[k].text):
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


def is_table_page(page: str) -> bool:
    """Whether a PDF page holds a table: a table heading, or TABLE_PAGE_LINES lines that
    end in page references."""
    lines = page.split("\n")
    if any(_HEADING.fullmatch(line) for line in lines):
        return True
    return sum(bool(_PAGE_REF.search(line)) for line in lines) >= TABLE_PAGE_LINES


def with_table_lines(page: str) -> str:
    """``page`` (a PDF page's lines) with a paragraph break after each table heading and
    each line that ends in a page reference (with a leader, or after an entry's year), when
    the page holds a table; on any other page, after each line that ends in a dot leader
    and its pages (the end of a table on the next page)."""
    lines = page.split("\n")
    heading = [bool(_HEADING.fullmatch(line)) for line in lines]
    if is_table_page(page):
        referenced = [_in_table(line) for line in lines]
    else:
        referenced = [bool(_DOTTED_REF.search(line)) for line in lines]
    out = []
    for k, line in enumerate(lines):
        out.append(line)
        if k + 1 < len(lines) and (heading[k] or referenced[k] or heading[k + 1]):
            out.append("")
    return "\n".join(out)


def table_edge(before: str, page: str) -> bool:
    """Whether a page break between the pages ``before`` and ``page`` is a table's edge (no
    sentence goes on across it): ``page`` begins with a table's heading, or ``before``
    holds a table or ends with a table's dotted line."""
    return bool(
        _HEADING.fullmatch(page.split("\n", 1)[0])
        or is_table_page(before)
        or _DOTTED_REF.search(before.rsplit("\n", 1)[-1])
    )

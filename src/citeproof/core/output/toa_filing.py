"""A table of authorities to file with the brief: no check results, the ``Page(s)``
column, cases as the brief wrote them (court and year included), ``passim``, and ``2 & n.2``
for a page and its note (Bluebook R. 3.2(b)); as text or as a Word document.

An authority whose cite names no real case as written (probably fabricated: no case stands
at the cite; or a wrong case name: the cite is another case's) is left out of the table and
named after it, with why, so that it is never filed as a normal authority.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from citeproof.core.models import Document, Verdict
from citeproof.core.output.toa import HEADINGS, PASSIM, Authority, table_of_authorities

TITLE = "TABLE OF AUTHORITIES"
_CASE_NAME = re.compile(r"^(.*?),\s(?=\d)")  # the name before the cite's volume
PAGES = "Page(s)"


def split_for_filing(table: Sequence[Authority]) -> tuple[list[Authority], list[Authority]]:
    """The authorities to list, and those left out (their cite names no real case as written)."""
    return [a for a in table if not a.not_the_case_named], [a for a in table if a.not_the_case_named]


def left_out_note(left_out: Sequence[Authority]) -> str:
    """The line naming what the table leaves out, and why; "" when nothing is."""
    if not left_out:
        return ""
    names = "; ".join(f"{_written(a.name)} ({a.not_the_case_named})" for a in left_out)
    return f"[citeproof: not listed, check before filing: {names}]"


def _written(name: str) -> str:
    """The entry as the brief wrote it, without the library's name beside a mismatch."""
    return name.split(" [library: ")[0]


def toa_filing_text(
    document: Document, verdicts: Sequence[Verdict], passim: int | None = PASSIM, width: int = 78
) -> str:
    """The table as text, dot leaders to the right-aligned pages."""
    listed, left_out = split_for_filing(table_of_authorities(document, verdicts))
    lines = [TITLE.center(width).rstrip(), "", PAGES.rjust(width)]
    for heading in HEADINGS:
        rows = [a for a in listed if a.heading == heading]
        if not rows:
            continue
        lines += ["", heading, ""]
        for a in rows:
            pages = a.pages(passim)
            room = width - len(pages) - 4
            words, line = a.marked_name.split(), ""
            for word in words:  # wrap the name; the last line carries the leader and pages
                if line and len(line) + 1 + len(word) > room:
                    lines.append(line)
                    line = "    " + word
                else:
                    line = f"{line} {word}" if line else word
            lines.append(f"{line} {'.' * (width - len(line) - len(pages) - 2)} {pages}")
    note = left_out_note(left_out)
    return "\n".join([*lines, *(["", note] if note else [])])


def write_toa_docx(
    document: Document, verdicts: Sequence[Verdict], out: str | Path, passim: int | None = PASSIM
) -> int:
    """Write the table as a Word document to ``out`` (case names in italics, dot leaders
    to a right tab); return how many authorities it lists."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_TAB_ALIGNMENT, WD_TAB_LEADER
    from docx.shared import Inches

    listed, left_out = split_for_filing(table_of_authorities(document, verdicts))
    word = docx.Document()
    title = word.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    title.add_run(TITLE).bold = True
    header = word.add_paragraph()
    header.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    header.add_run(PAGES).underline = True
    section = word.sections[0]
    right = Inches(8.5 - 2) if section.page_width is None else section.page_width - Inches(2)
    for heading in HEADINGS:
        rows = [a for a in listed if a.heading == heading]
        if not rows:
            continue
        word.add_paragraph().add_run(heading).bold = True
        for a in rows:
            p = word.add_paragraph()
            p.paragraph_format.left_indent = Inches(0.5)
            p.paragraph_format.first_line_indent = Inches(-0.5)
            p.paragraph_format.tab_stops.add_tab_stop(right, WD_TAB_ALIGNMENT.RIGHT, WD_TAB_LEADER.DOTS)
            named = _CASE_NAME.match(a.marked_name) if heading == "Cases" else None
            cut = named.end(1) if named else 0
            if cut:
                p.add_run(a.marked_name[:cut]).italic = True
            p.add_run(a.marked_name[cut:] + "\t" + a.pages(passim))
    note = left_out_note(left_out)
    if note:
        word.add_paragraph(note)
    word.save(str(out))
    return len(listed)


__all__ = ["PAGES", "TITLE", "left_out_note", "split_for_filing", "toa_filing_text", "write_toa_docx"]

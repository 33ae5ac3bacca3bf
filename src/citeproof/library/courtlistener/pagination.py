"""Opinion HTML with page markers → plain text plus page breaks.

Markers understood: CourtListener star pagination (``<span class="star-pagination">*484
</span>``, also ``*Page 484``), Harvard CAP ``<page-number label="922">`` tags and CAP's
HTML ``<a class="page-label">*922</a>``, and in plain text the star pages ``*484`` and
``[*484]``. All pages belong to the reporter of the cite the text is paginated for; a
CAP marker of another cite of the case (``citation-index="2"``) is taken out unused.
"""

from __future__ import annotations

import re

from citeproof.core.models import PageBreak, ReporterCite
from citeproof.core.reading.layout import star_pages
from citeproof.core.reading.read import html_to_text

_MARKERS = re.compile(
    r"<span[^>]*class=\"[^\"]*star-pagination[^\"]*\"[^>]*>\s*\*?\s*(?:Page\s+)?(\d+)\s*</span>"
    r"|<page-number[^>]*label=\"\*?(\d+)\"[^>]*>.*?</page-number>"
    r"|<page-number[^>]*label=\"\*?(\d+)\"[^>]*/>"
    r"|<a\b[^>]*class=\"[^\"]*page-label[^\"]*\"[^>]*>\s*\*?(\d+)\s*</a>"
    r"|\*Page\s+(\d+)",
    re.S | re.I,
)
_SENTINEL = "\ue000"
_OTHER_CITE = re.compile(r"citation-index=\"(?!1\")\d+\"")


def _mark_star_pages(text: str, pages: list[int]) -> str:
    """Plain text's own star pages (``*484``, ``[*484]``) → sentinels, their pages → ``pages``."""
    out, cursor = [], 0
    for start, end, page in star_pages(text):
        out.append(text[cursor:start] + f" {_SENTINEL} ")
        pages.append(page)
        cursor = end
    return "".join(out) + text[cursor:]


def marker_pages(html: str) -> list[int]:
    """The page numbers of the markers in ``html``, in document order."""
    return [
        int(next(g for g in m.groups() if g))
        for m in _MARKERS.finditer(html)
        if not _OTHER_CITE.search(m.group())
    ]


def breaks_from_html(html: str, cite: ReporterCite | None) -> tuple[str, list[PageBreak]]:
    """Plain text and the offsets where each page of ``cite``'s reporter begins."""
    pages: list[int] = []

    def mark(m: re.Match[str]) -> str:
        if _OTHER_CITE.search(m.group()):
            return " "
        pages.append(int(next(g for g in m.groups() if g)))
        return f" {_SENTINEL} "

    marked = _MARKERS.sub(mark, html)
    text = html_to_text(marked) if "<" in marked else marked
    if not pages:
        text = _mark_star_pages(text, pages)
    out: list[str] = []
    offsets: list[int] = []
    length = 0
    for i, piece in enumerate(text.split(_SENTINEL)):
        if i:
            piece = piece.lstrip(" ")
            if out and out[-1].endswith(" "):
                out[-1] = out[-1].rstrip(" ") + " "
                length = sum(len(p) for p in out)
            offsets.append(length)
        out.append(piece)
        length += len(piece)
    plain = "".join(out)
    if cite is None:
        return plain, []
    breaks = [PageBreak(cite.reporter, cite.volume, int(cite.page), 0)]
    last = int(cite.page)
    for page, offset in zip(pages, offsets, strict=True):
        if page > last:  # out-of-order markers are dropped, as the data pack does
            breaks.append(PageBreak(cite.reporter, cite.volume, page, offset))
            last = page
    return plain, breaks

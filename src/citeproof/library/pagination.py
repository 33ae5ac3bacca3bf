"""Opinion HTML with page markers → plain text plus page breaks.

Markers understood: CourtListener star pagination (``<span class="star-pagination">*484
</span>``, also ``*Page 484``) and Harvard CAP ``<page-number label="922">`` tags. All
pages belong to the reporter of the cite the text is paginated for.
"""

from __future__ import annotations

import re

from citeproof.core.models import PageBreak, ReporterCite
from citeproof.core.read import html_to_text

_MARKERS = re.compile(
    r"<span[^>]*class=\"[^\"]*star-pagination[^\"]*\"[^>]*>\s*\*?\s*(?:Page\s+)?(\d+)\s*</span>"
    r"|<page-number[^>]*label=\"\*?(\d+)\"[^>]*>.*?</page-number>"
    r"|<page-number[^>]*label=\"\*?(\d+)\"[^>]*/>"
    r"|\*Page\s+(\d+)",
    re.S | re.I,
)
_SENTINEL = "\ue000"


def marker_pages(html: str) -> list[int]:
    """The page numbers of the markers in ``html``, in document order."""
    return [int(next(g for g in m.groups() if g)) for m in _MARKERS.finditer(html)]


def breaks_from_html(html: str, cite: ReporterCite | None) -> tuple[str, list[PageBreak]]:
    """Plain text and the offsets where each page of ``cite``'s reporter begins."""
    pages: list[int] = []

    def mark(m: re.Match[str]) -> str:
        pages.append(int(next(g for g in m.groups() if g)))
        return f" {_SENTINEL} "

    marked = _MARKERS.sub(mark, html)
    text = html_to_text(marked) if "<" in marked else marked
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

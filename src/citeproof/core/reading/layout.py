"""The text that citation extraction reads, and the way back to the document's offsets.

Two things in a document's layout hide citations or pose as them:

* line breaks and indentation inside a citation (``539\\n      U. S. 306``): every run of
  spaces, tabs and single line breaks is read as one space, a paragraph break as one;
* the opinion's own page markers: CourtListener and CAP star pages (``*484``, ``*Page
  484``), Lexis and Westlaw ``[*5]``/``[**5]``, and Fastcase's bracketed cites of the
  opinion itself (``[1 N.E.3d 261]``). They are taken out; a sentence that a marker
  paragraph split in two is read whole again.

`reading_text` returns the text to read and a map from its offsets to the document's, so
that every Span the extraction makes still slices the document's own text.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Any

from citeproof.core.models import Citation, Quote, Span
from citeproof.core.reading.front_matter import table_spans
from citeproof.core.reading.furniture import blanked
from citeproof.core.reading.normalise import Piece, normalised_pieces

# [*5], [**12]: Lexis and Westlaw star paging.
_BRACKETED_STAR = re.compile(r"\[\*{1,2}(\d{1,5})\]")
# *484 or *Page 484 (CourtListener, CAP), unless it is a pin ("at *5", "2005 WL 147075, *1").
_BARE_STAR = re.compile(r"(?<![\w*\]])\*{1,2}(?:Page\s+)?(\d{1,5})(?:-\d{1,5})?(?![\d*])")
_STAR_PIN_BEFORE = re.compile(r"(?:\bat|,|¶|\bn\.|\bnote)\s*$", re.I)
# [1 N.E.3d 261] or [944 N.E.2d 1120 , 919 N.Y.S.2d 481]: nothing but bare cites inside.
_BARE_CITE = r"(\d{1,4})\s+([A-Z][A-Za-z0-9.' ]{0,30}?)\s+(\d{1,5})"
_BRACKETED_CITES = re.compile(rf"\[\s*{_BARE_CITE}(?:\s*,\s*{_BARE_CITE})*\s*\]")
_ONE_CITE = re.compile(_BARE_CITE)
_WHITESPACE = re.compile(r" *[^\S ]\s*| {2,}")  # white space other than one plain space
_MARKER_PAGES_APART = 2  # consecutive page markers of one reporter: the next page or the one after


@dataclass(frozen=True, slots=True)
class ReadingText:
    """The text extraction reads, with the document offset of each of its pieces."""

    text: str
    original_length: int
    piece_starts: tuple[int, ...]  # where each piece starts in ``text``
    piece_origins: tuple[int, ...]  # where it starts in the document
    piece_lengths: tuple[int, ...]  # how long it is in the document
    source: ReadingText | None = None  # the normalisation the pieces index, if any

    def offset(self, index: int) -> int:
        """The document offset of ``text[index]`` (the document's end for the text's end)."""
        if index >= len(self.text):
            inner = self.original_length
        else:
            k = bisect.bisect_right(self.piece_starts, index) - 1
            inner = self.piece_origins[k] + min(index - self.piece_starts[k], self.piece_lengths[k] - 1)
        return inner if self.source is None else self.source.offset(inner)

    def span(self, span: Span) -> Span:
        """``span`` of ``text`` as a span of the document."""
        start = self.offset(span.start)
        end = self.offset(span.end - 1) + 1 if span.end > span.start else start
        return Span(start, max(start, end))


def reading_text(document: str) -> ReadingText:
    """The document's text normalised (`normalise.py`), with its page markers and its own
    tables of authorities and contents (`front_matter.py`) taken out and its white space
    collapsed."""
    normalised = normalised_pieces(document)
    source = _from_pieces(normalised, len(document)) if normalised is not None else None
    original = source.text if source is not None else document
    masked = blanked(original, sorted(page_markers(original) + table_spans(original)))
    pieces: list[tuple[str, int, int]] = []  # (text, document offset, document length)
    cursor = 0
    for m in _WHITESPACE.finditer(masked):
        gap = _gap(original, masked, m.start(), m.end())
        if gap == original[m.start() : m.end()]:
            continue  # read as it is
        if cursor < m.start():
            pieces.append((masked[cursor : m.start()], cursor, m.start() - cursor))
        pieces.append((gap, m.start(), m.end() - m.start()))
        cursor = m.end()
    if cursor < len(masked) or not pieces:
        pieces.append((masked[cursor:], cursor, max(1, len(masked) - cursor)))
    return _from_pieces(pieces, len(original), source)


def _from_pieces(pieces: list[Piece], original_length: int, source: ReadingText | None = None) -> ReadingText:
    starts, length = [], 0
    for piece, _, _ in pieces:
        starts.append(length)
        length += len(piece)
    return ReadingText(
        "".join(p for p, _, _ in pieces),
        original_length,
        tuple(starts),
        tuple(origin for _, origin, _ in pieces),
        tuple(size for _, _, size in pieces),
        source,
    )


def _gap(original: str, masked: str, start: int, end: int) -> str:
    """How a run of white space (and erased markers) reads: one space, or a paragraph
    break, unless the break only came from a marker paragraph inside a sentence."""
    run = masked[start:end]
    if not re.search(r"\n\s*\n", run):
        return " "
    if original[start:end] == run or start == 0 or end == len(masked):
        return "\n\n"
    before, after = masked[start - 1], masked[end]
    joins = (before.isalnum() or before in ",;-–") and after.isalnum()
    return " " if joins else "\n\n"


def page_markers(text: str) -> list[tuple[int, int]]:
    """Spans of the document's own page markers, in order."""
    found = [(start, end) for start, end, _ in star_pages(text)]
    return sorted(found + _bracketed_page_cites(text))


def star_pages(text: str) -> list[tuple[int, int, int]]:
    """``(start, end, page)`` of each star-page marker (``*484``, ``*Page 484``, ``[*484]``),
    in order; a star pin (``at *5``, ``2005 WL 147075, *1``) is none."""
    found = [(m.start(), m.end(), int(m.group(1))) for m in _BRACKETED_STAR.finditer(text)]
    inside = {i for start, end, _ in found for i in range(start, end)}
    found += [
        (m.start(), m.end(), int(m.group(1)))
        for m in _BARE_STAR.finditer(text)
        if m.start() not in inside and not _STAR_PIN_BEFORE.search(text[max(0, m.start() - 40) : m.start()])
    ]
    return sorted(found)


def _bracketed_page_cites(text: str) -> list[tuple[int, int]]:
    """Bracketed cites that paginate the document: each on a line of its own (Fastcase
    prints them so), or in a run of consecutive pages of one volume. A bracketed
    parallel cite (California's ``64 Cal. 256, 259 [30 P. 813]``) is neither."""
    groups = list(_BRACKETED_CITES.finditer(text))
    pages: dict[tuple[str, str], list[int]] = defaultdict(list)
    cites_of = []
    for m in groups:
        cites = [
            (c.group(1), re.sub(r"\s", "", c.group(2)), int(c.group(3)))
            for c in _ONE_CITE.finditer(m.group())
        ]
        cites_of.append(cites)
        for volume, reporter, page in cites:
            pages[(volume, reporter)].append(page)
    found = []
    for m, cites in zip(groups, cites_of, strict=True):
        alone = _on_own_line(text, m.start(), m.end())
        in_run = all(
            any(0 < abs(other - page) <= _MARKER_PAGES_APART for other in pages[(volume, reporter)])
            for volume, reporter, page in cites
        )
        if alone or in_run:
            found.append((m.start(), m.end()))
    return found


def _on_own_line(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end
    return not text[line_start:start].strip() and not text[end:line_end].strip()


def in_document(citation: Citation, reading: ReadingText, **changes: Any) -> Citation:
    """``citation`` found in ``reading.text``, with ``changes`` (fields of `Citation`,
    spans of ``reading.text``) and all its spans moved to the document."""

    def moved(field: str) -> Span | None:
        span = changes.get(field, getattr(citation, field))
        return reading.span(span) if span else None

    quotes = changes.get("quotes", citation.quotes)
    return replace(
        citation,
        **{
            **changes,
            "span": reading.span(citation.span),
            "case_name_span": moved("case_name_span"),
            "proposition_span": moved("proposition_span"),
            "parenthetical_span": moved("parenthetical_span"),
            "quotes": tuple(Quote(q.text, reading.span(q.span)) for q in quotes),
        },
    )

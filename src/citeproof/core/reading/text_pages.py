"""The pages of a plain text, where the text itself says where they are.

* Text extracted page by page (``pdftotext``) parts its pages with form feeds: each is a
  page of the file, and carries the number printed on it where the pages beside confirm
  it (`page_labels.py`).
* Text copied from a laid-out document keeps its page numbers alone on their lines
  (`furniture.py` finds them by their sequence): each begins or ends a page, by where
  they stand — at the foot of each page when the text ends soon after the last, at the
  head when it begins soon before the first. The printed number is known; the page of
  any file is not.

Anything else has no pages.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from citeproof.core.reading.furniture import line_number_spans, lines_of, page_number_lines
from citeproof.core.reading.page_labels import printed_page_labels

FORM_FEED = "\f"
NEAR_EDGE = 0.5  # text this share of a page's length past the last number, or before the first


@dataclass(frozen=True, slots=True)
class TextPages:
    starts: tuple[int, ...] = ()
    numbers: tuple[int | None, ...] = ()
    labels: tuple[str | None, ...] = ()


def text_pages(text: str) -> TextPages:
    """Where the pages of ``text`` begin, their pages of the file and printed numbers."""
    if FORM_FEED in text.strip():
        return _fed_pages(text)
    return _numbered_pages(text)


def _fed_pages(text: str) -> TextPages:
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == FORM_FEED and text[i + 1 :].strip()]
    pages = [text[a:b].split("\n") for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    labels = printed_page_labels(pages)
    return TextPages(tuple(starts), tuple(range(1, len(starts) + 1)), tuple(labels))


def _numbered_pages(text: str) -> TextPages:
    lines = lines_of(text)
    numbered = {start for start, _ in line_number_spans(lines)}
    found = page_number_lines(lines, numbered)
    if len(found) < 2:
        return TextPages()
    length = statistics.median(b.start - a.start for (_, a), (_, b) in zip(found, found[1:], strict=False))
    head = bool(text[: found[0][1].start].strip()) and found[0][1].start >= NEAR_EDGE * length
    tail = bool(text[found[-1][1].end :].strip()) and len(text) - found[-1][1].end >= NEAR_EDGE * length
    if head and not tail:  # at the foot of each page: a page ends with its number
        starts = [0] + [line.end for _, line in found]
        labels: list[str | None] = [str(n) for n, _ in found] + [None]
    elif tail and not head:  # at the head: a page begins with its number
        starts = [0] + [line.start for _, line in found]
        labels = [None] + [str(n) for n, _ in found]
    else:
        return TextPages()
    if not text[starts[-1] :].strip():
        starts, labels = starts[:-1], labels[:-1]
    if starts[1:] and not text[: starts[1]].strip():
        starts, labels = [0] + starts[2:], labels[1:]
    return TextPages(tuple(starts), tuple(None for _ in starts), tuple(labels))

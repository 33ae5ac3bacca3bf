"""Passages of an opinion, with their reporter pages, for a proposition and a pin cite."""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.core.models import Citation, Opinion
from citeproof.core.protocols import Library, LibraryError

CHUNK = 1200  # characters per passage when the library cannot search (same as the FTS chunks)
WINDOW = 1500  # characters of a long passage shown to the model, centred on its best match
_WORD = re.compile(r"[a-z]{3,}")


@dataclass(frozen=True, slots=True)
class Passage:
    reporter: str
    page: int | None
    text: str

    def label(self) -> str:
        return f"[{self.reporter} page {self.page}]" if self.page else "[unpaged]"


def _terms(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def window(text: str, query: str, size: int = WINDOW) -> str:
    """The ``size`` characters of ``text`` that share the most words with ``query``."""
    if len(text) <= size:
        return text
    wanted = _terms(query)
    step = size // 3
    best = max(
        range(0, len(text) - size + step, step), key=lambda i: len(_terms(text[i : i + size]) & wanted)
    )
    return text[best : best + size]


def _chunks(opinion: Opinion, reporter: str) -> list[Passage]:
    out = []
    for start in range(0, len(opinion.text), CHUNK):
        out.append(
            Passage(
                reporter,
                opinion.page_at(start, reporter) if reporter else None,
                opinion.text[start : start + CHUNK],
            )
        )
    return out


def search_opinion(
    opinion: Opinion, library: Library, query: str, reporter: str, limit: int = 5
) -> list[Passage]:
    """Best passages for ``query``: the library's full-text index, else word overlap."""
    try:
        rows = library.passages(opinion.case_id, query, limit * 3)
    except LibraryError:
        rows = []
    same = [r for r in rows if r[0] == reporter] or rows
    found = [Passage(r[0], r[1], window(r[2], query)) for r in same[:limit]]
    if not found:
        wanted = _terms(query)
        ranked = sorted(_chunks(opinion, reporter), key=lambda p: -len(_terms(p.text) & wanted))
        found = [p for p in ranked[:limit] if _terms(p.text) & wanted]
    return found


def page_passages(opinion: Opinion, reporter: str, pages: tuple[int, ...], query: str) -> list[Passage]:
    """The text of each pin page (a window of it when long)."""
    out = []
    for page in pages[:3]:
        bounds = opinion.page_text(reporter, page)
        if bounds is not None:
            out.append(Passage(reporter, page, window(opinion.text[bounds[0] : bounds[1]], query)))
    return out


def passages_for(citation: Citation, opinion: Opinion, library: Library, limit: int = 5) -> list[Passage]:
    """Pin pages first, then the best-matching passages elsewhere, without repeats."""
    reporter = citation.reporter or (opinion.reporters()[0] if opinion.reporters() else "")
    query = citation.proposition or ""
    pinned = page_passages(opinion, reporter, citation.pin_pages, query)
    seen = {p.text for p in pinned}
    found = [p for p in search_opinion(opinion, library, query, reporter, limit) if p.text not in seen]
    return pinned + found[:limit]

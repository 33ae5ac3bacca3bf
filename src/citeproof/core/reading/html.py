"""HTML → text: what a browser shows, and apart from it what the page hides.

Scripts and styles are not text. An element hidden by the ``hidden`` attribute or an
inline ``display: none`` / ``visibility: hidden`` is read apart from what is shown: its text
is never merged with the text around it but placed after the block it stands in, as a
region of kind ``hidden`` (`html_document`), so that a citation in it is checked and every
report says it is hidden. `html_to_text` gives the shown text alone.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from citeproof.core.models import Document, Region, Span
from citeproof.core.reading.docx_hidden import HIDDEN_KIND

_HIDING_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.I)
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_BLOCK = {"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote"}
HIDDEN_LABEL = "hidden text"


class _TextCollector(HTMLParser):
    """The page's text as parts, each shown or hidden; a hidden element's text waits in
    ``pending`` until the shown block around it ends."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[tuple[str, bool]] = []  # (text, hidden)
        self.pending: list[str] = []
        self._skip = 0
        self._hidden = 0  # open elements inside (and including) a hidden one

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _VOID and (self._hidden or _hides(attrs)):
            self._hidden += 1
        if tag in {"script", "style"}:
            self._skip += 1
        elif tag in _BLOCK:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if self._hidden and tag not in _VOID:
            self._hidden -= 1
        if tag in {"script", "style"} and self._skip:
            self._skip -= 1
        elif tag in _BLOCK:
            self._break()

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        if self._hidden:
            self.pending.append(data)
        else:
            self.parts.append((data, False))

    def _break(self) -> None:
        """A block begins or ends: a paragraph break, after which the hidden text waiting
        (once out of every hidden element) is set down as a block of its own."""
        if self._hidden:
            self.pending.append("\n\n")
            return
        self.parts.append(("\n\n", False))
        self.flush()

    def flush(self) -> None:
        if self.pending:
            self.parts += [("".join(self.pending), True), ("\n\n", False)]
            self.pending = []


def _hides(attrs: list[tuple[str, str | None]]) -> bool:
    named = dict(attrs)
    return "hidden" in named or bool(_HIDING_STYLE.search(named.get("style") or ""))


def _collected(markup: str) -> list[tuple[str, bool]]:
    collector = _TextCollector()
    collector.feed(markup)
    collector.close()
    collector.flush()
    return collector.parts


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t\r\f\v]+", " ", text.replace("\xa0", " "))
    text = re.sub(r" ?\n ?", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def html_to_text(markup: str) -> str:
    """The text a browser shows (no hidden element's)."""
    return _tidy("".join(text for text, hidden in _collected(markup) if not hidden))


def html_document(markup: str, path: str | None = None) -> Document:
    """The page as a `Document`: the shown text, each hidden element's text after the
    block it stands in as a region of kind ``hidden``."""
    segments: list[tuple[str, bool]] = []
    for text, hidden in _collected(markup):
        if segments and segments[-1][1] == hidden:
            segments[-1] = (segments[-1][0] + text, hidden)
        else:
            segments.append((text, hidden))
    out: list[str] = []
    regions: list[Region] = []
    length = 0
    for text, hidden in segments:
        tidy = _tidy(text)
        if not tidy:
            continue
        if out:
            out.append("\n\n")
            length += 2
        out.append(tidy)
        if hidden:
            regions.append(Region(Span(length, length + len(tidy)), HIDDEN_KIND, HIDDEN_LABEL))
        length += len(tidy)
    return Document(text="".join(out), path=path, regions=tuple(regions))

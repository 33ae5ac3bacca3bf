"""Read text, Markdown, HTML, PDF and DOCX files into a `Document` with a page map."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from citeproof.core.models import Document
from citeproof.core.read_docx import read_docx
from citeproof.core.read_error import ReadError
from citeproof.core.read_pdf import read_pdf, unwrap_lines

MAX_BYTES = 25 * 1024 * 1024
TEXT_SUFFIXES = {".txt", ".text", ".md", ".markdown", ".rst", ""}

__all__ = ["MAX_BYTES", "ReadError", "document_from_text", "html_to_text", "read_document", "unwrap_lines"]


def unwrap_same_length(text: str) -> str:
    """Turn single line breaks inside paragraphs into spaces, keeping every offset."""
    return re.sub(r"(?<=[^\n])\n(?=[^\n])", " ", text)


def read_document(path: str | Path, max_bytes: int = MAX_BYTES) -> Document:
    """Read ``path`` by its suffix; raise `ReadError` with a one-line reason."""
    p = Path(path)
    if not p.exists():
        raise ReadError(f"{p}: no such file")
    if p.is_dir():
        raise ReadError(f"{p}: is a directory")
    size = p.stat().st_size
    if size == 0:
        raise ReadError(f"{p}: file is empty")
    if size > max_bytes:
        raise ReadError(f"{p}: {size:,} bytes is over the {max_bytes:,}-byte limit")
    data = p.read_bytes()
    suffix = p.suffix.lower()
    if suffix == ".pdf" or data.startswith(b"%PDF"):
        doc = read_pdf(data, str(p))
    elif suffix == ".docx":
        doc = read_docx(p)
    elif suffix in {".html", ".htm"}:
        doc = Document(text=html_to_text(_decode(data, str(p))), path=str(p))
    else:
        doc = Document(text=unwrap_same_length(_decode(data, str(p))), path=str(p))
    if not doc.text.strip():
        raise ReadError(f"{p}: no text found in the document")
    return doc


def document_from_text(text: str, path: str | None = None) -> Document:
    return Document(text=unwrap_same_length(text), path=path)


def _decode(data: bytes, name: str) -> str:
    if b"\x00" in data[:8192]:
        raise ReadError(f"{name}: looks like a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReadError(f"{name}: not valid UTF-8 text (byte {exc.start})") from None


class _TextCollector(HTMLParser):
    BLOCK = {"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self._skip += 1
        elif tag in self.BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"} and self._skip:
            self._skip -= 1
        elif tag in self.BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def html_to_text(markup: str) -> str:
    collector = _TextCollector()
    collector.feed(markup)
    text = re.sub(r"[ \t\r\f\v]+", " ", "".join(collector.parts).replace("\xa0", " "))
    text = re.sub(r" ?\n ?", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()

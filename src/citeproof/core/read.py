"""Read text, Markdown, HTML, PDF and DOCX files into a `Document` with a page map."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from citeproof.core.models import Document

MAX_BYTES = 25 * 1024 * 1024
TEXT_SUFFIXES = {".txt", ".text", ".md", ".markdown", ".rst", ""}


class ReadError(Exception):
    """The input cannot be read as a document; the message is one clear line."""


_SOFT_WRAP = re.compile(r"(?<=\S)[ \t]*\n(?!\s*\n)[ \t]*(?=\S)")
_HYPHEN_WRAP = re.compile(r"(?<=[a-z])-[ \t]*\n[ \t]*(?=[a-z])")
_PAGE_NUMBER_LINE = re.compile(r"^\s*(?:page\s+)?\d{1,4}(?:\s+of\s+\d{1,4})?\s*$", re.I | re.M)


def unwrap_same_length(text: str) -> str:
    """Turn single line breaks inside paragraphs into spaces, keeping every offset."""
    return re.sub(r"(?<=[^\n])\n(?=[^\n])", " ", text)


def unwrap_lines(text: str) -> str:
    """Join hyphenated and wrapped lines (PDF text); paragraph breaks survive."""
    text = _HYPHEN_WRAP.sub("", text)
    text = _SOFT_WRAP.sub(" ", text)
    return re.sub(r"\n{3,}", "\n\n", text)


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
        doc = _read_pdf(data, str(p))
    elif suffix == ".docx":
        doc = _read_docx(p)
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


def _read_pdf(data: bytes, name: str) -> Document:
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(data)
    except Exception as exc:  # pdfium raises its own error types
        raise ReadError(f"{name}: not a readable PDF ({exc})") from None
    pages: list[str] = []
    try:
        for i in range(len(pdf)):
            textpage = pdf[i].get_textpage()
            raw = textpage.get_text_range()
            pages.append(_clean_pdf_page(raw))
    finally:
        pdf.close()
    return _join_pages(pages, name)


def _clean_pdf_page(raw: str) -> str:
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\ufffe", "-").replace("\x02", "-")
    text = _PAGE_NUMBER_LINE.sub("", text)
    return unwrap_lines(text.strip())


def _join_pages(pages: list[str], name: str | None) -> Document:
    parts: list[str] = []
    starts: list[int] = []
    length = 0
    for page in pages:
        if parts:
            sep = "\n\n" if re.search(r"[.!?:;\"”)]\s*$", parts[-1]) else " "
            parts.append(sep)
            length += len(sep)
        starts.append(length)
        parts.append(page)
        length += len(page)
    return Document(text="".join(parts), path=name, page_starts=tuple(starts))


def _read_docx(p: Path) -> Document:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from docx.oxml.ns import qn

    try:
        document = docx.Document(str(p))
    except (zipfile.BadZipFile, KeyError, ValueError, PackageNotFoundError) as exc:
        raise ReadError(f"{p}: not a readable DOCX ({exc})") from None
    pages: list[list[str]] = [[]]
    for para in document.paragraphs:
        breaks = [br for br in para._p.iter(qn("w:br")) if br.get(qn("w:type")) == "page"]
        pages[-1].append(para.text)
        for _ in breaks:
            pages.append([])
    texts = ["\n\n".join(t for t in page if t.strip()) for page in pages]
    if len(texts) == 1:
        return Document(text=texts[0], path=str(p))
    return _join_pages(texts, str(p))


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

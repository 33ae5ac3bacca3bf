"""Read text, Markdown, HTML, PDF and DOCX files into a `Document` with a page map."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.models import Document
from citeproof.core.reading.docx import read_docx
from citeproof.core.reading.errors import ReadError
from citeproof.core.reading.furniture import without_furniture
from citeproof.core.reading.html import html_document, html_to_text
from citeproof.core.reading.hyphens import joined_same_length
from citeproof.core.reading.pdf import pdf_pages, read_pdf, unwrap_lines
from citeproof.core.reading.safe_zip import check_inflated_size
from citeproof.core.reading.text_pages import text_pages

MAX_BYTES = Limits().max_file_bytes
_BOMS = (  # longest first: the UTF-32 LE mark begins with the UTF-16 LE one
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
    (b"\xef\xbb\xbf", "utf-8-sig"),
)

__all__ = [
    "MAX_BYTES",
    "InputTooLarge",
    "ReadError",
    "document_from_bytes",
    "document_from_stream",
    "document_from_text",
    "html_to_text",
    "read_document",
    "unwrap_lines",
]


class InputTooLarge(ReadError, LimitExceeded):
    """The input goes past a limit (`Limits`): a read error that names the limit."""


# a line break between two lines that hold text (a line of spaces is a blank line)
_SOFT_BREAK = re.compile(r"(?<=[^\s])[ \t]*\n(?=[ \t]*[^\s])")


def unwrap_same_length(text: str) -> str:
    """Turn page furniture (`furniture.py`) and single line breaks inside paragraphs into
    spaces, and words hyphenated across lines (`hyphens.py`) whole, keeping every offset."""
    return _SOFT_BREAK.sub(
        lambda m: m.group().replace("\n", " "), joined_same_length(without_furniture(text))
    )


def read_document(path: str | Path, max_bytes: int | None = None, limits: Limits | None = None) -> Document:
    """Read ``path`` by its suffix; raise `ReadError` with a one-line reason
    (`InputTooLarge` past a limit: ``limits``, by default `Limits.from_env`;
    ``max_bytes``, when given, replaces its ``max_file_bytes``)."""
    limits = limits or Limits.from_env()
    if max_bytes is not None:
        limits = replace(limits, max_file_bytes=max_bytes)
    p = Path(path)
    if not p.exists():
        raise ReadError(f"{p}: no such file")
    if p.is_dir():
        raise ReadError(f"{p}: is a directory")
    size = p.stat().st_size
    if size == 0:
        raise ReadError(f"{p}: file is empty")
    _within(limits, "max_file_bytes", size, f"{p}: file size in bytes")
    data = p.read_bytes()
    suffix = p.suffix.lower()
    if suffix == ".pdf" or data.startswith(b"%PDF"):
        _within(limits, "max_pdf_pages", pdf_pages(data, str(p)), f"{p}: PDF pages")
        doc = read_pdf(data, str(p))
    elif suffix == ".docx":
        _within_zip(data, str(p), limits)
        del data  # the XML tree is memory enough
        try:
            doc = read_docx(p, limits.max_chars)
        except LimitExceeded as exc:
            raise InputTooLarge(f"{p}: {exc}") from None
    elif suffix in {".html", ".htm"}:
        doc = html_document(_decode(data, str(p)), str(p))
    else:
        doc = text_document(_decode(data, str(p)), str(p))
    return _checked(doc, str(p), limits)


def document_from_bytes(data: bytes, name: str, limits: Limits | None = None) -> Document:
    """Text given as bytes (stdin), with the checks a text file gets."""
    limits = limits or Limits.from_env()
    if not data:
        raise ReadError(f"{name}: no input (empty)")
    _within(limits, "max_file_bytes", len(data), f"{name}: input size in bytes")
    return _checked(text_document(_decode(data, name), name), name, limits)


def document_from_stream(stream: BinaryIO, name: str, limits: Limits | None = None) -> Document:
    """Text read from ``stream`` (stdin): never more than the file-size limit and one byte."""
    limits = limits or Limits.from_env()
    cap = limits.max_file_bytes
    return document_from_bytes(stream.read(cap + 1) if cap else stream.read(), name, limits)


def document_from_text(text: str, path: str | None = None) -> Document:
    return text_document(text, path)


def text_document(text: str, path: str | None) -> Document:
    """A plain text with its furniture read past and its pages where it shows them."""
    pages = text_pages(text)
    return Document(
        text=unwrap_same_length(text),
        path=path,
        page_starts=pages.starts,
        page_numbers=pages.numbers,
        page_labels=pages.labels,
    )


def _checked(doc: Document, name: str, limits: Limits) -> Document:
    if not doc.text.strip():
        raise ReadError(f"{name}: no text found in the document")
    _within(limits, "max_chars", len(doc.text), f"{name}: characters of text")
    return doc


def _within(limits: Limits, limit: str, value: int, what: str) -> None:
    try:
        limits.check(limit, value, what)
    except LimitExceeded as exc:
        raise InputTooLarge(str(exc)) from None


def _within_zip(data: bytes, name: str, limits: Limits) -> None:
    """A DOCX inflated once, streamed and stopped at the limit, before any XML is parsed."""
    import zipfile

    try:
        check_inflated_size(data, limits.max_docx_bytes, limits.max_docx_ratio)
    except LimitExceeded as exc:
        raise InputTooLarge(f"{name}: {exc}") from None
    except (zipfile.BadZipFile, EOFError, OSError, ValueError) as exc:
        raise ReadError(f"{name}: not a readable DOCX ({exc})") from None


def _decode(data: bytes, name: str) -> str:
    """UTF-8, or UTF-16/UTF-32 with a byte-order mark; anything else with a NUL is binary."""
    encoding = next((enc for bom, enc in _BOMS if data.startswith(bom)), None)
    if encoding is None and b"\x00" in data[:8192]:
        raise ReadError(f"{name}: looks like a binary file, not text")
    try:
        text = data.decode(encoding or "utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReadError(f"{name}: not valid {encoding or 'UTF-8'} text (byte {exc.start})") from None
    text = text.lstrip("\ufeff")
    if "\x00" in text:
        raise ReadError(f"{name}: looks like a binary file, not text (a NUL character)")
    return text

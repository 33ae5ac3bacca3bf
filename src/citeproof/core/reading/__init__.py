"""Reading: a text, Markdown, HTML, PDF or DOCX file → a `Document` with its page map, notes and
layout furniture taken out (`read`, `pdf`, `docx`, `layout`, `normalise`, `safe_zip`)."""

from citeproof.core.reading.errors import ReadError
from citeproof.core.reading.read import document_from_bytes, document_from_text, read_document

__all__ = ["ReadError", "document_from_bytes", "document_from_text", "read_document"]

"""Imported by the fork server of heavy checks (`isolation.py`): the check's modules, and the
tables extraction builds on first use, loaded once there and shared by every child it forks."""

from __future__ import annotations

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import document_from_text
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.web.evidence import report_details

__all__ = ["SQLiteLibrary", "report_details"]

extract_citations(document_from_text("Gideon v. Wainwright, 372 U.S. 335, 344 (1963); 42 U.S.C. § 1983. Id."))

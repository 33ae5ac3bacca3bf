"""Extraction: a `Document` → its `Citation`s: full cites (eyecite, the only user of it), short
forms, what is not a case, the quotations and propositions each is offered for, statutes."""

from citeproof.core.extraction.extract import extract_citations

__all__ = ["extract_citations"]

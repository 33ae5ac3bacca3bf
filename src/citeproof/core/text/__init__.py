"""Shared text facts every later stage reads: case names and their short forms, pin pages,
reporter histories and editions, courts, the words around a citation, eyecite's tokenizer."""

from citeproof.core.text.names import compare_names
from citeproof.core.text.pins import parse_pin_pages
from citeproof.core.text.reporter_facts import reporter_history
from citeproof.core.text.short_names import short_name

__all__ = ["compare_names", "parse_pin_pages", "reporter_history", "short_name"]

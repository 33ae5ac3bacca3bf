"""The one error every reader raises."""

from __future__ import annotations


class ReadError(Exception):
    """The input cannot be read as a document; the message is one clear line."""

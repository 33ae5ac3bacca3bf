"""What every command shares: exit codes and opening the library a user names."""

from __future__ import annotations

import sys

import click

from citeproof.core.protocols import LibraryError
from citeproof.library.default import open_library
from citeproof.library.sqlite import SQLiteLibrary

EXIT_OK, EXIT_HALLUCINATED, EXIT_USAGE = 0, 1, 2


def load_library(path: str | None) -> SQLiteLibrary:
    """The library at ``path`` (default: the bundled one); exit 2 with one line if it fails."""
    try:
        return open_library(path)
    except LibraryError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)

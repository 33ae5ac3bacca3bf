"""What a library file must be before it is queried: a regular file whose schema cannot loop.

A FIFO (or a device) given as ``--library`` would block the first read for ever; a library
file whose ``cases`` is a view over a recursive query would never answer. A citeproof library
holds tables, indexes and FTS5 indexes only, so anything else in its schema (a view, a
trigger, another kind of virtual table) is refused with one line, before any query.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from citeproof.core.protocols import LibraryError


def regular_file(path: Path) -> None:
    """`LibraryError` unless ``path`` is (or links to) a regular file."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise LibraryError(f"library file not found: {path}") from None
    except OSError as exc:
        raise LibraryError(f"cannot read library {path}: {exc.strerror}") from None
    if not stat.S_ISREG(mode):
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise LibraryError(f"{path} is {kind}, not a library file")


def plain_schema(conn: sqlite3.Connection, path: Path) -> None:
    """`LibraryError` when the schema holds anything a library never has."""
    rows = conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('view', 'trigger') "
        "OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND sql NOT LIKE '%USING fts5(%')"
    ).fetchall()
    if rows:
        kind, name, _ = rows[0]
        what = "a virtual table" if kind == "table" else f"a {kind}"
        raise LibraryError(
            f"{path} is not a citeproof library: it holds {what} ({name}), which a library never has "
            "(a view can make a query loop for ever)"
        )

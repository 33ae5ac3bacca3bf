"""A library file's content hash recomputed from its rows (not read from its meta)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from citeproof.library.content_hash import content_hash


def hashed(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return content_hash(conn)
    finally:
        conn.close()

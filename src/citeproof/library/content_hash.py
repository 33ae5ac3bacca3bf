"""A library's snapshot identity: one sha256 over what decides verdicts, in a stable order.

The hash covers the cases, their citations, opinion texts, page breaks, coverage ranges, the
cited-by table, the statute tables (the U.S. Code's sections, the federal rules and the
list of their sources and dates) and the table of overruled decisions, each table read in a
fixed order, each row written as canonical JSON. It
leaves out what does not decide a verdict (the library's name, build time, source file
names and the derived search indexes), so the same data always gives the same hash, however
often and wherever it is built, and a change to any row gives another.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3

PREFIX = "sha256:"

# (table, ORDER BY): every column, in a total order.
_TABLES: tuple[tuple[str, str], ...] = (
    ("cases", "id"),
    ("citations", "case_id, position, volume, reporter, page"),
    ("opinions", "case_id"),
    ("page_breaks", "case_id, reporter, volume, page, offset"),
    ("coverage", "reporter, first_volume, last_volume, status"),
    ("cites", "case_id, cited"),
    ("usc_sections", "title, section"),
    ("federal_rules", "rule_set, rule"),
    ("statute_tables", "name"),
    ("us_listed", "volume, page"),
    ("overruled", "overruled_volume, overruled_reporter, overruled_page, overruled_name, overruling_cite"),
)
# Tables added after libraries recorded their hashes: absent or empty, they add nothing, so a
# library without them hashes as it did before they existed.
_ADDED_LATER = frozenset({"usc_sections", "federal_rules", "statute_tables", "us_listed", "overruled"})


def content_hash(conn: sqlite3.Connection) -> str:
    """``sha256:<hex>`` of the library's content tables (absent tables count as empty)."""
    present = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    digest = hashlib.sha256()
    for table, order in _TABLES:
        if table in _ADDED_LATER and not _has_rows(conn, present, table):
            continue
        digest.update(f"\x00table {table}\n".encode())
        if table not in present:
            continue
        for row in conn.execute(f"SELECT * FROM {table} ORDER BY {order}"):  # fixed names
            digest.update(json.dumps(row, ensure_ascii=False, separators=(",", ":")).encode())
            digest.update(b"\n")
    return PREFIX + digest.hexdigest()


def _has_rows(conn: sqlite3.Connection, present: set[str], table: str) -> bool:
    return table in present and conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None


def short(hash_: str) -> str:
    """The first 12 hex digits, for display: ``sha256:0123456789ab``."""
    return hash_[: len(PREFIX) + 12] if hash_ else "not recorded"

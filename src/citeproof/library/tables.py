"""The embedded library's tables: the schema, migrated in steps, and how sentence spans are
packed into them."""

from __future__ import annotations

import sqlite3
import sys
from array import array
from collections.abc import Iterable
from itertools import chain

MIGRATIONS = [
    """
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
    CREATE TABLE cases(
        id TEXT PRIMARY KEY, name TEXT NOT NULL, name_abbreviation TEXT NOT NULL,
        decision_date TEXT, court TEXT, jurisdiction TEXT,
        last_page INTEGER, last_star_page INTEGER, next_case_page INTEGER,
        pages_reporter TEXT, source TEXT);
    CREATE TABLE citations(
        case_id TEXT NOT NULL REFERENCES cases(id), position INTEGER NOT NULL,
        volume TEXT NOT NULL, reporter TEXT NOT NULL, page TEXT NOT NULL, page_num INTEGER);
    CREATE INDEX citations_cite ON citations(reporter, volume, page_num);
    CREATE INDEX citations_case ON citations(case_id);
    CREATE TABLE opinions(case_id TEXT PRIMARY KEY REFERENCES cases(id), text TEXT NOT NULL);
    CREATE TABLE page_breaks(
        case_id TEXT NOT NULL, reporter TEXT NOT NULL, volume TEXT NOT NULL,
        page INTEGER NOT NULL, offset INTEGER NOT NULL);
    CREATE INDEX page_breaks_case ON page_breaks(case_id);
    CREATE TABLE coverage(
        reporter TEXT NOT NULL, first_volume INTEGER NOT NULL, last_volume INTEGER NOT NULL,
        status TEXT NOT NULL);
    CREATE INDEX coverage_reporter ON coverage(reporter);
    CREATE TABLE name_keys(key TEXT NOT NULL, case_id TEXT NOT NULL);
    CREATE INDEX name_keys_key ON name_keys(key);
    CREATE TABLE cites(case_id TEXT NOT NULL, cited TEXT NOT NULL);
    CREATE VIRTUAL TABLE passages USING fts5(
        case_id UNINDEXED, reporter UNINDEXED, page UNINDEXED, start UNINDEXED, text);
    """,
    # 2: each opinion's sentence spans, split once at build time (``pack_spans``)
    "CREATE TABLE sentences(case_id TEXT PRIMARY KEY, spans BLOB NOT NULL);",
    # 3: the words of those sentences, read at build time under a key (``pack_prepared``)
    "CREATE TABLE sentence_words(case_id TEXT PRIMARY KEY, key TEXT NOT NULL, words BLOB NOT NULL);",
    # 4: the U.S. Code's sections and the federal rules, and where each table comes from
    """
    CREATE TABLE usc_sections(
        title TEXT NOT NULL, section TEXT NOT NULL, heading TEXT NOT NULL, status TEXT NOT NULL,
        sort_key TEXT NOT NULL, PRIMARY KEY(title, section));
    CREATE INDEX usc_sections_order ON usc_sections(title, sort_key);
    CREATE TABLE federal_rules(
        rule_set TEXT NOT NULL, rule TEXT NOT NULL, title TEXT NOT NULL, first_year INTEGER NOT NULL,
        last_year INTEGER NOT NULL, status TEXT NOT NULL, note TEXT NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY(rule_set, rule));
    CREATE TABLE statute_tables(
        name TEXT PRIMARY KEY, describes TEXT NOT NULL, source TEXT NOT NULL, as_of TEXT NOT NULL,
        rows INTEGER NOT NULL);
    """,
    # 5: every first page of a U.S. Reports volume a decisions table lists (``us_decisions.py``)
    "CREATE TABLE us_listed(volume INTEGER NOT NULL, page INTEGER NOT NULL, argued INTEGER NOT NULL,"
    " PRIMARY KEY (volume, page));",
    # 6: the U.S. Supreme Court decisions expressly overruled, by the overruled case's cite
    # (``treatment_table.py``; listed in statute_tables with its source and date)
    """
    CREATE TABLE overruled(
        overruled_volume TEXT NOT NULL, overruled_reporter TEXT NOT NULL, overruled_page TEXT NOT NULL,
        overruled_name TEXT NOT NULL, overruled_year INTEGER NOT NULL, overruling_cite TEXT NOT NULL,
        overruling_name TEXT NOT NULL, overruling_year INTEGER NOT NULL, scope TEXT NOT NULL,
        source TEXT NOT NULL, note TEXT NOT NULL, position INTEGER NOT NULL,
        PRIMARY KEY (overruled_volume, overruled_reporter, overruled_page, overruled_name, overruling_cite));
    """,
    # 7: each opinion's structure, read once at build under a key (``structure.pack_structure``):
    # the role of each sentence (holding, dicta, rejecting, a party's words, procedural history,
    # this court's disposition) and the disposition with the side that prevailed
    "CREATE TABLE opinion_structure(case_id TEXT PRIMARY KEY, key TEXT NOT NULL, structure BLOB NOT NULL);",
    # 8: each opinion's content words → the sentences holding them, built at build time under a
    # key (``word_index.pack_word_index``): the misrepresentation rules read a claim's words there
    "CREATE TABLE word_index(case_id TEXT PRIMARY KEY, key TEXT NOT NULL, postings BLOB NOT NULL);",
]


def pack_spans(spans: Iterable[tuple[int, int]]) -> bytes:
    """Sentence spans as little-endian 32-bit ``start, end`` pairs."""
    packed = array("i", chain.from_iterable(spans))
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def unpack_spans(blob: bytes) -> tuple[tuple[int, int], ...]:
    packed = array("i")
    packed.frombytes(blob)
    if sys.byteorder == "big":
        packed.byteswap()
    edges = iter(packed.tolist())
    return tuple(zip(edges, edges, strict=True))


def migrate(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        conn.executescript(script)
        conn.execute(f"PRAGMA user_version = {number}")

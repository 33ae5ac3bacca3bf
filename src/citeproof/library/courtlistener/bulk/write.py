"""Staged bulk rows → the library's tables: cases, citations, a name index, opinions.

Everything here is SQL over the staging tables except the opinions, which are assembled
one case at a time. Indexes are built once after the rows are in (a sort), not updated
row by row.
"""

from __future__ import annotations

import sqlite3
from itertools import groupby

from citeproof.core.models import ReporterCite
from citeproof.library.build import _passages
from citeproof.library.courtlistener.client import ClusterInfo
from citeproof.library.courtlistener.library import assemble_opinion

CASE_PREFIX = "cl:"  # short: it is repeated in four places per citation
NAME_INDEX = "case_names"  # full-text index of case names (FTS5 over cases.name)
_NAMED = "COALESCE(NULLIF(k.case_name_full, ''), k.case_name, '')"
_POSITION = (
    "CASE c.reporter WHEN 'U.S.' THEN 0 WHEN 'S. Ct.' THEN 2 WHEN 'L. Ed.' THEN 4 WHEN 'L. Ed. 2d' THEN 4 "
    "ELSE 10 END + CASE WHEN c.type IN (6, 7) THEN 1 ELSE 0 END"
)
_CITED = "c.volume <> '' AND c.page <> '' AND c.reporter <> ''"


def _without_indexes(conn: sqlite3.Connection, table: str) -> list[str]:
    """Drop ``table``'s indexes; their ``CREATE`` statements, to run after the load."""
    rows = conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
        (table,),
    ).fetchall()
    for name, _ in rows:
        conn.execute(f"DROP INDEX {name}")
    return [sql for _, sql in rows]


def write_cases(conn: sqlite3.Connection) -> None:
    """Named clusters with at least one citation become cases; their citations follow,
    ``position`` ranking the official reporter first and vendor numbers last (ties keep
    the dump's order)."""
    conn.execute(
        f"INSERT INTO cases SELECT ? || k.id, {_NAMED}, CASE WHEN k.case_name IN ('', {_NAMED}) THEN '' "
        "ELSE k.case_name END, k.date_filed, '', '', NULL, NULL, NULL, NULL, NULL FROM stage.clusters k "
        f"WHERE {_NAMED} <> '' AND k.id IN (SELECT c.cluster_id FROM stage.citations c WHERE {_CITED})",
        (CASE_PREFIX,),
    )
    recreate = _without_indexes(conn, "citations")
    conn.execute(
        f"INSERT INTO citations SELECT ? || c.cluster_id, {_POSITION}, c.volume, c.reporter, c.page, "
        "CASE WHEN c.page NOT GLOB '*[^0-9]*' THEN CAST(c.page AS INTEGER) END "
        "FROM stage.citations c JOIN stage.clusters k ON k.id = c.cluster_id "
        f"WHERE {_CITED} AND {_NAMED} <> ''",
        (CASE_PREFIX,),
    )
    for sql in recreate:
        conn.execute(sql)


def write_name_index(conn: sqlite3.Connection) -> None:
    """A full-text index of case names (no copy of the names: it reads ``cases``)."""
    conn.execute(
        f"CREATE VIRTUAL TABLE {NAME_INDEX} USING fts5(name, content='cases', content_rowid='rowid', "
        "tokenize='unicode61 remove_diacritics 2', detail='none', columnsize=0)"
    )
    conn.execute(f"INSERT INTO {NAME_INDEX}({NAME_INDEX}) VALUES ('rebuild')")


def write_opinions(conn: sqlite3.Connection) -> int:
    """Each case's opinions joined into one text with page breaks (one case in memory at a time)."""
    conn.execute("CREATE INDEX stage.opinions_cluster ON opinions(cluster_id, id)")
    rows = conn.execute("SELECT cluster_id, html FROM stage.opinions ORDER BY cluster_id, id")
    written = 0
    for cluster_id, group in groupby(rows, key=lambda r: r[0]):
        case_id = f"{CASE_PREFIX}{cluster_id}"
        cites = tuple(
            ReporterCite(*r)
            for r in conn.execute(
                "SELECT volume, reporter, page FROM citations WHERE case_id = ? ORDER BY position, rowid",
                (case_id,),
            )
        )
        if not cites:
            continue
        htmls = [html for _, html in group]
        opinion = assemble_opinion(case_id, ClusterInfo(cluster_id, "", "", "", cites), htmls)
        if not opinion.text:
            continue
        reporter = opinion.page_breaks[0].reporter if opinion.page_breaks else cites[0].reporter
        primary = list(opinion.breaks_for(reporter))
        conn.execute("INSERT INTO opinions VALUES (?,?)", (case_id, opinion.text))
        conn.executemany(
            "INSERT INTO page_breaks VALUES (?,?,?,?,?)",
            [(case_id, b.reporter, b.volume, b.page, b.offset) for b in opinion.page_breaks],
        )
        conn.execute(
            "UPDATE cases SET pages_reporter = ?, last_star_page = ? WHERE id = ?",
            (reporter, primary[-1].page if primary else None, case_id),
        )
        conn.executemany(
            "INSERT INTO passages VALUES (?,?,?,?,?)",
            [
                (case_id, reporter, page, start, opinion.text[start:end])
                for start, end, page in _passages(opinion.text, primary)
            ],
        )
        written += 1
    return written

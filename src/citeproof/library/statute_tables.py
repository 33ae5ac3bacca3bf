"""A library's statute tables: the U.S. Code's sections with their headings and the federal
rules with the editions that print them, imported at build from the data pack's
``usc_sections.csv[.gz]`` and ``federal_rules.csv[.gz]`` and read back for `SQLiteLibrary`.

A build from data without these files leaves the tables empty and lists none of them in
``statute_tables``: statute checks then flag only impossible numbers, as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping

from citeproof.core.checking.us_statutes import section_order
from citeproof.core.protocols import RULES_TABLE, USC_TABLE, CodeSection, FederalRule, StatuteTable

# The file (its name without .gz) that feeds each table.
STATUTE_FILES = {"usc_sections.csv": USC_TABLE, "federal_rules.csv": RULES_TABLE}
# What the data pack's statutes/README.md says of each source; the Code is "current to early 2023".
USC_AS_OF = "as of early 2023"
_DESCRIBES = {
    USC_TABLE: "the United States Code",
    RULES_TABLE: "the Federal Rules of Civil, Criminal, Appellate and Bankruptcy Procedure and of Evidence",
}
_SOURCES = {
    USC_TABLE: "codexstanford/markdonw-chunck-of-the-usa-code (MIT; the Code is public domain)",
    RULES_TABLE: "ctiblier/federal-rules (public domain)",
}
_SECTION_COLUMNS = "title, section, heading, status"


def load_statute_rows(conn: sqlite3.Connection, table: str, rows: Iterable[Mapping[str, str]]) -> None:
    """Rows of one statute file into its table; a row already there (the same file given
    twice) is kept as it was."""
    if table == USC_TABLE:
        conn.executemany(
            "INSERT OR IGNORE INTO usc_sections VALUES (?,?,?,?,?)",
            (
                (r["title"], r["section"], r["heading"], r["status"], section_order(r["section"]))
                for r in rows
            ),
        )
        return
    start = conn.execute("SELECT COUNT(*) FROM federal_rules").fetchone()[0]
    conn.executemany(
        "INSERT OR IGNORE INTO federal_rules VALUES (?,?,?,?,?,?,?,?)",
        (
            (
                r["set"],
                r["rule"],
                r["title"],
                int(r["first_year"]),
                int(r["last_year"]),
                r["status"],
                r["note"],
                n,
            )
            for n, r in enumerate(rows, start)
        ),
    )


def record_statute_tables(conn: sqlite3.Connection) -> None:
    """List each statute table that received rows, with its source and the date of its data
    (the rules': the span of the editions that print them)."""
    for table in (USC_TABLE, RULES_TABLE):
        rows = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]  # fixed names
        if not rows:
            continue
        as_of = USC_AS_OF
        if table == RULES_TABLE:
            first, last = conn.execute("SELECT MIN(first_year), MAX(last_year) FROM federal_rules").fetchone()
            as_of = f"editions {first}–{last}"
        conn.execute(
            "INSERT OR REPLACE INTO statute_tables VALUES (?,?,?,?,?)",
            (table, _DESCRIBES[table], _SOURCES[table], as_of, rows),
        )


def read_statute_tables(conn: sqlite3.Connection) -> tuple[StatuteTable, ...]:
    """The tables a library's register lists (the statute tables, and the table of overrulings:
    `treatment_table.py`); () for a library built before it kept any."""
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'statute_tables'").fetchone() is None:
        return ()
    rows = conn.execute("SELECT name, describes, source, as_of, rows FROM statute_tables ORDER BY name")
    return tuple(StatuteTable(*row) for row in rows)


def _holds(tables: tuple[StatuteTable, ...], name: str) -> bool:
    """Whether the library lists the table (a library built before it kept them has none)."""
    return any(t.name == name for t in tables)


def usc_section(
    conn: sqlite3.Connection, tables: tuple[StatuteTable, ...], title: str, section: str
) -> CodeSection | None:
    if not _holds(tables, USC_TABLE):
        return None
    row = conn.execute(
        f"SELECT {_SECTION_COLUMNS} FROM usc_sections WHERE title = ? AND section = ?", (title, section)
    ).fetchone()
    return CodeSection(*row) if row else None


def usc_sections_near(
    conn: sqlite3.Connection, tables: tuple[StatuteTable, ...], title: str, section: str, n: int
) -> tuple[CodeSection, ...]:
    """Up to ``n`` current sections of ``title`` around where ``section`` sorts, in order."""
    if not _holds(tables, USC_TABLE):
        return ()
    key = section_order(section)
    query = (
        f"SELECT {_SECTION_COLUMNS} FROM usc_sections WHERE title = ? AND status = 'current' "
        "AND sort_key {} ? ORDER BY sort_key {} LIMIT ?"
    )
    before = conn.execute(query.format("<", "DESC"), (title, key, n)).fetchall()
    after = conn.execute(query.format(">", "ASC"), (title, key, n)).fetchall()
    take_before = min(len(before), max(n - len(after), n // 2))
    rows = before[:take_before][::-1] + after[: n - take_before]
    return tuple(CodeSection(*row) for row in rows)


def federal_rules(
    conn: sqlite3.Connection, tables: tuple[StatuteTable, ...], rule_set: str
) -> tuple[FederalRule, ...]:
    if not _holds(tables, RULES_TABLE):
        return ()
    rows = conn.execute(
        "SELECT rule_set, rule, title, first_year, last_year, status FROM federal_rules "
        "WHERE rule_set = ? ORDER BY position",
        (rule_set,),
    )
    return tuple(FederalRule(*row) for row in rows)

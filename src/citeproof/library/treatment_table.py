"""A library's table of overruled U.S. Supreme Court decisions, imported at build from the data
pack's ``overruled.csv[.gz]`` and read back for `SQLiteLibrary.treatment`.

The table holds the explicit overrulings the Constitution Annotated lists (Congress.gov, as
exported by fboulnois/supreme-court-overturn-analysis on 2022-05-03), plus rows decided after
that snapshot, each marked ``hand-added`` in its source (Dobbs, Loper Bright). It is keyed by
the overruled case's U.S. cite. A build without the file leaves the table empty and lists it
nowhere: no citation then carries a treatment. Its source and date are listed in the
``statute_tables`` register beside the statute tables (`citeproof library info`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping

from citeproof.core.models import Treatment, TreatmentScope
from citeproof.core.protocols import StatuteTable

TREATMENT_FILE = "overruled.csv"  # the file's name without .gz
TREATMENT_TABLE = "overruled"
SNAPSHOT = "2022-05-03"  # the Constitution Annotated table as fboulnois exported it
HAND_ADDED = "hand-added"  # how the data pack marks a row decided after the snapshot
_DESCRIBES = "U.S. Supreme Court decisions the Court itself expressly overruled"
_SOURCE = (
    "the Constitution Annotated's table of decisions overruled (Congress.gov; public domain), via "
    "fboulnois/supreme-court-overturn-analysis, plus hand-added rows decided after its snapshot"
)
_SCOPES = {"full": TreatmentScope.WHOLE, "in part": TreatmentScope.IN_PART}
# The overruling shown when a case was overruled more than once: the first in whole, else the
# first in part (the file's order breaks ties).
_FIRST_OVERRULING = "ORDER BY scope = 'full' DESC, overruling_year, position LIMIT 1"


def load_treatment_rows(conn: sqlite3.Connection, rows: Iterable[Mapping[str, str]]) -> None:
    """Rows of ``overruled.csv`` into the table; a row already there (the same file given twice)
    is kept as it was. A scope other than ``full`` or ``in part`` is refused."""
    start = conn.execute("SELECT COUNT(*) FROM overruled").fetchone()[0]
    values = []
    for n, r in enumerate(rows, start):
        if r["scope"] not in _SCOPES:
            raise ValueError(f"{TREATMENT_FILE}: row {n - start + 1}: unknown scope {r['scope']!r}")
        volume, reporter, page = _split_cite(r["overruled_cite"])
        values.append(
            (
                volume,
                reporter,
                page,
                r["overruled_name"],
                int(r["overruled_year"]),
                r["overruling_cite"],
                r["overruling_name"],
                int(r["overruling_year"]),
                r["scope"],
                r["source"],
                r["note"],
                n,
            )
        )
    conn.executemany("INSERT OR IGNORE INTO overruled VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", values)


def _split_cite(cite: str) -> tuple[str, str, str]:
    """``410 U.S. 113`` → ``("410", "U.S.", "113")``."""
    volume, _, rest = cite.strip().partition(" ")
    reporter, _, page = rest.rpartition(" ")
    return volume, reporter, page


def record_treatment_table(conn: sqlite3.Connection) -> None:
    """List the table in the ``statute_tables`` register, with its source and the date of its
    data, when it received rows."""
    rows = conn.execute("SELECT COUNT(*) FROM overruled").fetchone()[0]
    if not rows:
        return
    added, latest_added, latest_listed = conn.execute(
        "SELECT TOTAL(hand), MAX(CASE WHEN hand THEN overruling_year END), "
        "MAX(CASE WHEN NOT hand THEN overruling_year END) "
        "FROM (SELECT overruling_year, source LIKE ? || '%' AS hand FROM overruled)",
        (HAND_ADDED,),
    ).fetchone()
    as_of = f"as of {SNAPSHOT}" + (f" (overrulings through {latest_listed})" if latest_listed else "")
    as_of += f", plus {int(added)} hand-added rows through {latest_added}" if added else ""
    conn.execute(
        "INSERT OR REPLACE INTO statute_tables VALUES (?,?,?,?,?)",
        (TREATMENT_TABLE, _DESCRIBES, _SOURCE, as_of, rows),
    )


def treatment_tables(tables: tuple[StatuteTable, ...]) -> tuple[StatuteTable, ...]:
    """The treatment table among a register's tables (`statute_tables.read_statute_tables`)."""
    return tuple(t for t in tables if t.name == TREATMENT_TABLE)


def treatment(
    conn: sqlite3.Connection, tables: tuple[StatuteTable, ...], volume: str, reporter: str, page: int
) -> Treatment | None:
    """How the table treats the case whose first page is ``page`` of ``volume reporter``: its
    overruling (`_FIRST_OVERRULING`); None when the table does not list the cite or the library
    holds no such table."""
    if not treatment_tables(tables):
        return None
    row = conn.execute(
        "SELECT overruling_cite, overruling_name, overruling_year, scope, overruled_name, source "
        "FROM overruled WHERE overruled_volume = ? AND overruled_reporter = ? AND overruled_page = ? "
        + _FIRST_OVERRULING,
        (volume, reporter, str(page)),
    ).fetchone()
    if row is None:
        return None
    cite, name, year, scope, overruled_name, source = row
    return Treatment(cite, name, year, _SCOPES[scope], overruled_name, source)

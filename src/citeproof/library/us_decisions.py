"""The table of U.S. Reports decisions (`us_reports_decisions.csv.gz`) at library build.

The table lists every decision of the Supreme Court with an opinion, per curiam memoranda
included, under its U.S. cite (and its nominative cite for volumes 2-90); rows without a
name are first pages a second list gives (a cross-check). At build:

* a listed decision becomes a case, unless the catalogue already holds a case at its U.S.
  cite and the table lists no other decision on that page: then it is that case (its
  nominative cite joins it), whatever the spelling of its name;
* every listed first page, and every U.S. first page of the catalogue, goes into
  ``us_listed`` (``argued`` for the Supreme Court Database's cases, which all stand in a
  volume's opinion section), from which `core/checking/us_reports.py` reads where no
  decision can begin.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from citeproof.library.records import from_catalog_rows

TABLE_NAME = "us_reports_decisions"
SOURCE = (
    "jeffpar/lonedissent sources/ld/citations.csv (from the Supreme Court's case citation finder), "
    "cross-checked with its citationsJustia.csv"
)
ARGUED_SOURCE = "scdb-"  # the Supreme Court Database's cases: decisions of the opinion section


def is_decisions_table(path: Path) -> bool:
    return path.name.startswith(TABLE_NAME)


def listed_pages(rows: Iterable[dict[str, str]]) -> set[tuple[int, int]]:
    """Every (volume, page) the table gives a U.S. first page for, named or not."""
    return {
        (int(r["volume"]), int(r["page"]))
        for r in rows
        if r["reporter"] == "U.S." and r["volume"].isdigit() and r["page"].isdigit()
    }


def add_decisions(builder: Any, rows: list[dict[str, str]]) -> None:
    """The table's named decisions into the library being built (`build._Builder`)."""
    shared = Counter((r["volume"], r["page"]) for r in rows if r["reporter"] == "U.S." and r["name"])
    for rec in from_catalog_rows([r for r in rows if r["name"]]):
        us = next((c for c in rec.citations if c.reporter == "U.S."), None)
        held = builder.by_cite.get((us.volume, us.reporter, us.page)) if us else None
        if held is not None and us is not None and shared[(us.volume, us.page)] == 1:
            builder.merge_citations(held, rec)
        else:
            builder.add(rec)


def listed_summary(conn: Any) -> tuple[int, int]:
    """How many first pages the table lists, in how many volumes; (0, 0) without it."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'us_listed'").fetchone():
        return 0, 0
    pages, volumes = conn.execute("SELECT COUNT(*), COUNT(DISTINCT volume) FROM us_listed").fetchone()
    return int(pages), int(volumes)


def fill_listed(conn: Any, pages: set[tuple[int, int]]) -> None:
    """``us_listed``: the table's first pages and the catalogue's U.S. first pages."""
    conn.executemany("INSERT OR IGNORE INTO us_listed VALUES (?,?,0)", sorted(pages))
    conn.execute(
        "INSERT OR IGNORE INTO us_listed SELECT CAST(ci.volume AS INTEGER), ci.page_num, 0 "
        "FROM citations ci WHERE ci.reporter = 'U.S.' AND ci.page_num IS NOT NULL "
        "AND ci.volume GLOB '[0-9]*' AND ci.volume NOT GLOB '*[^0-9]*'"
    )
    conn.execute(
        "UPDATE us_listed SET argued = 1 WHERE EXISTS (SELECT 1 FROM citations ci JOIN cases c "
        "ON c.id = ci.case_id WHERE ci.reporter = 'U.S.' AND ci.volume = CAST(us_listed.volume AS TEXT) "
        "AND ci.page_num = us_listed.page AND c.source LIKE ? || '%')",
        (ARGUED_SOURCE,),
    )

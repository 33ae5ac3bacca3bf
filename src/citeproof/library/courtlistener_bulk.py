"""Import CourtListener's bulk CSV files (citations, opinion clusters, opinions) into a library.

Files are read as streams (plain, ``.bz2`` or ``.gz``; double-quote or the newer backtick
quoting), staged in a scratch SQLite file beside the output and joined there, so memory
stays bounded whatever the size of the dump. The result uses the embedded library's schema
(`sqlite.MIGRATIONS`): cases, citations, opinions with page breaks, passages, name keys,
per-volume coverage and a ``meta`` row with the snapshot date.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import json
import os
import re
import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby, islice
from pathlib import Path
from typing import IO, Any, cast

from citeproof.core.models import ReporterCite
from citeproof.core.names import distinctive_parties, name_key
from citeproof.library.build import _passages
from citeproof.library.courtlistener import HTML_FIELDS, ClusterInfo
from citeproof.library.records import RecordError
from citeproof.library.remote import COVERED_REPORTERS, assemble_opinion
from citeproof.library.sqlite import migrate

Progress = Callable[[str, int, float], None]  # (file kind, rows so far, fraction of bytes read)
CHUNK = 20_000
CASE_PREFIX = "courtlistener:"
_STAGE = """
CREATE TABLE stage.clusters(id INTEGER PRIMARY KEY, case_name TEXT, case_name_full TEXT, date_filed TEXT);
CREATE TABLE stage.citations(
    cluster_id INTEGER NOT NULL, volume TEXT, reporter TEXT, page TEXT, type INTEGER);
CREATE TABLE stage.opinions(id INTEGER, cluster_id INTEGER NOT NULL, html TEXT NOT NULL);
"""
_ROWS = {
    "clusters": ("id", "case_name", "case_name_full", "date_filed"),
    "citations": ("cluster_id", "volume", "reporter", "page", "type"),
    "opinions": ("id", "cluster_id", "html"),
}
_ORDER = ("clusters", "citations", "opinions")
# Column layouts of the bulk files (scripts/make_bulk_data.sh in freelawproject/courtlistener).
CITATION_COLUMNS = ("id", "volume", "reporter", "page", "type", "cluster_id")
CLUSTER_COLUMNS = (
    "id",
    "date_created",
    "date_modified",
    "judges",
    "date_filed",
    "date_filed_is_approximate",
    "slug",
    "case_name_short",
    "case_name",
    "case_name_full",
    "scdb_id",
    "scdb_decision_direction",
    "scdb_votes_majority",
    "scdb_votes_minority",
    "source",
    "procedural_history",
    "attorneys",
    "nature_of_suit",
    "posture",
    "syllabus",
    "headnotes",
    "summary",
    "disposition",
    "history",
    "other_dates",
    "cross_reference",
    "correction",
    "citation_count",
    "precedential_status",
    "date_blocked",
    "blocked",
    "filepath_json_harvard",
    "docket_id",
    "arguments",
    "headmatter",
)
COURT_COLUMNS = (
    "id",
    "pacer_court_id",
    "pacer_has_rss_feed",
    "pacer_rss_entry_types",
    "date_last_pacer_contact",
    "fjc_court_id",
    "date_modified",
    "in_use",
    "has_opinion_scraper",
    "has_oral_argument_scraper",
    "position",
    "citation_string",
    "short_name",
    "full_name",
    "url",
    "start_date",
    "end_date",
    "jurisdiction",
    "notes",
    "parent_court_id",
)
OPINION_COLUMNS = (
    "id",
    "date_created",
    "date_modified",
    "author_str",
    "per_curiam",
    "joined_by_str",
    "type",
    "sha1",
    "page_count",
    "download_url",
    "local_path",
    "plain_text",
    "html",
    "html_lawbox",
    "html_columbia",
    "html_anon_2020",
    "xml_harvard",
    "html_with_citations",
    "extracted_by_ocr",
    "author_id",
    "cluster_id",
)


@dataclass(frozen=True, slots=True)
class BulkFile:
    path: Path
    kind: str


class _CountingReader(io.RawIOBase):
    """Counts the (compressed) bytes read from a file, for progress."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw, self.done = raw, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = self.raw.readinto(buffer)  # type: ignore[attr-defined]
        self.done += n or 0
        return n or 0


def _open(path: Path) -> tuple[IO[str], _CountingReader]:
    counter = _CountingReader(path.open("rb"))
    buffered = io.BufferedReader(counter, 1 << 20)
    stream: IO[bytes]
    if path.name.endswith(".bz2"):
        stream = bz2.BZ2File(buffered)
    elif path.name.endswith(".gz"):
        stream = cast(IO[bytes], gzip.GzipFile(fileobj=buffered))
    else:
        stream = cast(IO[bytes], buffered)
    return io.TextIOWrapper(stream, encoding="utf-8", newline=""), counter


def read_rows(path: Path) -> Iterator[dict[str, str]]:
    """Rows of one bulk CSV as dicts; backtick-quoted files use ``\\`` as escape."""
    text, _ = _open(path)
    with text:
        yield from _rows(text)


class _Backtick(csv.excel):
    """Newer dumps: ``COPY ... QUOTE '`' ESCAPE '\\'``."""

    quotechar, escapechar, doublequote = "`", "\\", False


def _dialect(header: str) -> tuple[list[str], type[csv.Dialect]]:
    dialect = _Backtick if header.startswith("`") else csv.excel
    return next(csv.reader([header], dialect)), dialect


def _rows(text: IO[str]) -> Iterator[dict[str, str]]:
    names, dialect = _dialect(text.readline())
    csv.field_size_limit(sys.maxsize)
    for row in csv.reader(text, dialect):
        yield dict(zip(names, row, strict=False))


def classify(path: Path) -> BulkFile:
    """Which bulk table a file holds, from its header."""
    text, _ = _open(path)
    with text:
        columns = set(_dialect(text.readline())[0])
    if {"volume", "reporter", "page", "cluster_id"} <= columns:
        return BulkFile(path, "citations")
    if "cluster_id" in columns and columns & set(HTML_FIELDS):
        return BulkFile(path, "opinions")
    if {"id", "full_name", "jurisdiction"} <= columns:
        return BulkFile(path, "courts")
    if {"id", "case_name"} <= columns:
        return BulkFile(path, "clusters")
    raise RecordError(f"{path.name}: not a CourtListener citations, clusters, courts or opinions CSV")


def _staged(kind: str, rows: Iterable[dict[str, str]]) -> Iterator[tuple[object, ...]]:
    for row in rows:
        if kind == "opinions":
            html = next((row[f] for f in HTML_FIELDS if row.get(f)), "")
            if html and row.get("cluster_id"):
                yield row.get("id") or None, int(row["cluster_id"]), html
        elif kind == "citations":
            if row.get("cluster_id") and row.get("volume") and row.get("page"):
                yield (
                    int(row["cluster_id"]),
                    row["volume"],
                    row["reporter"],
                    row["page"],
                    int(row["type"]) if (row.get("type") or "").isdigit() else None,
                )
        else:
            yield (
                int(row["id"]),
                row.get("case_name", ""),
                row.get("case_name_full", ""),
                row.get("date_filed", ""),
            )


def copy_line(values: Iterable[object], backtick: bool = False) -> str:
    """One CSV line as PostgreSQL ``COPY ... FORCE_QUOTE *`` writes it (for fixtures and benchmarks)."""
    if backtick:
        return ",".join("`" + str(v).replace("\\", "\\\\").replace("`", "\\`") + "`" for v in values) + "\n"
    return ",".join('"' + str(v).replace('"', '""') + '"' for v in values) + "\n"


def _stage_file(conn: sqlite3.Connection, bulk: BulkFile, say: Progress) -> int:
    text, counter = _open(bulk.path)
    total = max(bulk.path.stat().st_size, 1)
    marks = ",".join("?" * len(_ROWS[bulk.kind]))
    rows = _staged(bulk.kind, _rows(text))
    count = 0
    with text:
        while chunk := list(islice(rows, CHUNK)):
            conn.executemany(f"INSERT OR REPLACE INTO stage.{bulk.kind} VALUES ({marks})", chunk)
            count += len(chunk)
            say(bulk.kind, count, min(counter.done / total, 1.0))
    return count


_NAMED = "COALESCE(NULLIF(k.case_name_full, ''), k.case_name, '')"
_POSITION = (
    "CASE c.reporter WHEN 'U.S.' THEN 0 WHEN 'S. Ct.' THEN 1 WHEN 'L. Ed.' THEN 2 "
    "WHEN 'L. Ed. 2d' THEN 2 ELSE 5 END, CASE WHEN c.type IN (6, 7) THEN 1 ELSE 0 END, c.rowid"
)


def _write_cases(conn: sqlite3.Connection) -> None:
    """Named clusters with at least one citation become cases; their citations follow."""
    conn.execute("CREATE INDEX stage.citations_cluster ON citations(cluster_id)")
    conn.execute(
        f"INSERT INTO cases SELECT ? || k.id, {_NAMED}, COALESCE(NULLIF(k.case_name, ''), {_NAMED}), "
        "k.date_filed, '', '', NULL, NULL, NULL, NULL, 'CourtListener bulk' FROM stage.clusters k "
        f"WHERE {_NAMED} <> '' AND EXISTS (SELECT 1 FROM stage.citations c WHERE c.cluster_id = k.id)",
        (CASE_PREFIX,),
    )
    conn.execute(
        f"INSERT INTO citations SELECT ? || c.cluster_id, ROW_NUMBER() OVER (PARTITION BY c.cluster_id "
        f"ORDER BY {_POSITION}) - 1, c.volume, c.reporter, c.page, CASE WHEN c.page <> '' AND c.page "
        "NOT GLOB '*[^0-9]*' THEN CAST(c.page AS INTEGER) END FROM stage.citations c "
        f"JOIN stage.clusters k ON k.id = c.cluster_id WHERE {_NAMED} <> ''",
        (CASE_PREFIX,),
    )


def _write_name_keys(conn: sqlite3.Connection) -> None:
    batch: list[tuple[str, str]] = []
    for case_id, name, short in conn.execute("SELECT id, name, name_abbreviation FROM cases"):
        keys = {name_key(t) for n in {name, short} for t in distinctive_parties(n) if t}
        batch.extend((k, case_id) for k in keys)
        if len(batch) >= CHUNK:
            conn.executemany("INSERT INTO name_keys VALUES (?,?)", batch)
            batch.clear()
    conn.executemany("INSERT INTO name_keys VALUES (?,?)", batch)


def _write_opinions(conn: sqlite3.Connection) -> int:
    """Each case's opinions joined into one text with page breaks (one case in memory at a time)."""
    conn.execute("CREATE INDEX stage.opinions_cluster ON opinions(cluster_id, id)")
    rows = conn.execute("SELECT cluster_id, html FROM stage.opinions ORDER BY cluster_id, id")
    written = 0
    for cluster_id, group in groupby(rows, key=lambda r: r[0]):
        case_id = f"{CASE_PREFIX}{cluster_id}"
        cites = tuple(
            ReporterCite(*r)
            for r in conn.execute(
                "SELECT volume, reporter, page FROM citations WHERE case_id = ? ORDER BY position", (case_id,)
            )
        )
        if not cites:
            continue
        opinion = assemble_opinion(
            case_id, ClusterInfo(cluster_id, "", "", "", cites), [html for _, html in group]
        )
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


def _write_coverage(conn: sqlite3.Connection, complete: bool) -> None:
    """One row per (reporter, volume): ``complete`` only for a full dump of a covered reporter."""
    conn.execute(
        "INSERT INTO coverage SELECT reporter, CAST(volume AS INTEGER), CAST(volume AS INTEGER), "
        "CASE WHEN ? AND reporter IN (SELECT value FROM json_each(?)) THEN 'complete' ELSE 'partial' END "
        "FROM citations WHERE volume <> '' AND volume NOT GLOB '*[^0-9]*' GROUP BY reporter, volume",
        (complete, json.dumps(sorted(COVERED_REPORTERS))),
    )


def snapshot_date_of(paths: Iterable[Path]) -> str:
    """The dump date in CourtListener's file names (``citations-2024-12-31.csv.bz2``)."""
    for p in paths:
        m = re.search(r"(\d{4}-\d{2}-\d{2})", p.name)
        if m:
            return m.group(1)
    return ""


def import_bulk(
    paths: list[Path],
    out: Path,
    name: str = "courtlistener-bulk",
    snapshot_date: str | None = None,
    complete: bool = False,
    progress: Progress | None = None,
) -> dict[str, int]:
    """Write a library file at ``out`` (atomically) from bulk CSVs; returns counts."""
    from citeproof.library.build import _write_meta

    say = progress or (lambda _kind, _rows, _fraction: None)
    classified = [classify(p) for p in paths]
    courts = sum(sum(1 for _ in read_rows(f.path)) for f in classified if f.kind == "courts")
    files = sorted((f for f in classified if f.kind != "courts"), key=lambda f: _ORDER.index(f.kind))
    if not {"citations", "clusters"} <= {f.kind for f in files}:
        raise RecordError("need at least a citations CSV and an opinion-clusters CSV")
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    stage = out.with_name(f".{out.name}.{os.getpid()}.stage")
    for scratch in (tmp, stage):
        scratch.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("ATTACH DATABASE ? AS stage", (str(stage),))
        for schema in ("main", "stage"):
            conn.execute(f"PRAGMA {schema}.journal_mode = OFF")
            conn.execute(f"PRAGMA {schema}.synchronous = OFF")
        conn.execute("PRAGMA cache_size = -65536")  # 64 MB: bounded, whatever the dump size
        migrate(conn)
        conn.executescript(_STAGE)
        rows = {kind: 0 for kind in _ORDER}
        for bulk in files:
            rows[bulk.kind] += _stage_file(conn, bulk, say)
        say("linking", sum(rows.values()), 1.0)
        _write_cases(conn)
        _write_name_keys(conn)
        with_text = _write_opinions(conn)
        _write_coverage(conn, complete)
        counts = _write_meta(conn, name, [str(p) for p in paths])
        date = snapshot_date or snapshot_date_of(paths)  # "" when the files do not say
        conn.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?,?)",
            [
                ("snapshot_date", date),
                ("source", "CourtListener bulk data"),
                ("coverage_claim", "complete" if complete else "partial"),
                ("courts", str(courts)),
            ],
        )
        conn.commit()
    finally:
        conn.close()
        stage.unlink(missing_ok=True)
    tmp.replace(out)
    return {**counts, "opinions_with_text": with_text, **{f"{k}_rows": v for k, v in rows.items()}}

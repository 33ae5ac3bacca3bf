"""Import CourtListener's bulk CSV files (citations, opinion clusters, courts, opinions).

Files are read as streams (plain, ``.bz2`` or ``.gz``, decompressed on the other core by
`bulk_stream`; double-quote or the newer backtick quoting), staged in a scratch SQLite file
beside the output and joined there (`bulk_write`), so memory stays bounded whatever the size
of the dump. The result uses the embedded library's schema (`tables.MIGRATIONS`) plus a
full-text index of case names; coverage follows the rules of `bulk_coverage`, and a
``meta`` row keeps the snapshot date.
"""

from __future__ import annotations

import bz2
import csv
import gzip
import os
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter
from pathlib import Path

from citeproof.library.courtlistener.bulk.coverage import COVERAGE_RULES, write_coverage
from citeproof.library.courtlistener.bulk.stream import MAX_FIELD, BulkStream, bounded_lines, guarded
from citeproof.library.courtlistener.bulk.write import (
    CASE_PREFIX,
    write_cases,
    write_name_index,
    write_opinions,
)
from citeproof.library.courtlistener.client import HTML_FIELDS
from citeproof.library.records import RecordError
from citeproof.library.tables import migrate

Progress = Callable[[str, int, float], None]  # (file kind, rows so far, fraction of bytes read)
CHUNK = 20_000
MAX_HEADER = 64 << 10  # characters of a header line
UNREAD_SHARE = 0.01  # a dump with more of its rows unreadable claims no volume complete
__all__ = ["CASE_PREFIX", "BulkFile", "classify", "copy_line", "import_bulk", "read_rows"]
_STAGE = """
CREATE TABLE stage.clusters(id INTEGER PRIMARY KEY, case_name TEXT, case_name_full TEXT, date_filed TEXT);
CREATE TABLE stage.citations(cluster_id INTEGER, volume TEXT, reporter TEXT, page TEXT, type INTEGER);
CREATE TABLE stage.opinions(id INTEGER, cluster_id INTEGER, html TEXT NOT NULL);
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


class _Backtick(csv.excel):
    """Newer dumps: ``COPY ... QUOTE '`' ESCAPE '\\'``."""

    quotechar, escapechar, doublequote = "`", "\\", False


def _dialect(header: str) -> tuple[list[str], type[csv.Dialect]]:
    dialect = _Backtick if header.startswith("`") else csv.excel
    return next(csv.reader([header], dialect)), dialect


def _lists(stream: BulkStream) -> tuple[list[str], Iterator[list[str]]]:
    """The header's column names and the rows, as lists."""
    lines = bounded_lines(stream.text, stream.path.name)
    names, dialect = _dialect(next(lines, ""))
    csv.field_size_limit(MAX_FIELD)
    return names, guarded(csv.reader(lines, dialect), stream.path.name)


def read_rows(path: Path) -> Iterator[dict[str, str]]:
    """Rows of one bulk CSV as dicts; backtick-quoted files use ``\\`` as escape."""
    with BulkStream(path) as stream:
        names, rows = _lists(stream)
        for row in rows:
            yield dict(zip(names, row, strict=False))


def classify(path: Path) -> BulkFile:
    """Which bulk table a file holds, from its header."""
    columns = set(_dialect(_header(path))[0])
    if {"volume", "reporter", "page", "cluster_id"} <= columns:
        return BulkFile(path, "citations")
    if "cluster_id" in columns and columns & set(HTML_FIELDS):
        return BulkFile(path, "opinions")
    if {"id", "full_name", "jurisdiction"} <= columns:
        return BulkFile(path, "courts")
    if {"id", "case_name"} <= columns:
        return BulkFile(path, "clusters")
    raise RecordError(f"{path.name}: not a CourtListener citations, clusters, courts or opinions CSV")


def _header(path: Path) -> str:
    """The first line of a bulk file, read in this process (no child for one line)."""
    opener = bz2.open if path.name.endswith(".bz2") else gzip.open if path.name.endswith(".gz") else open
    try:
        with opener(path, "rt", encoding="utf-8", newline="") as text:
            header = str(text.readline(MAX_HEADER))
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path.name}: cannot read: {exc}") from None
    if len(header) == MAX_HEADER and not header.endswith("\n"):
        raise RecordError(
            f"{path.name}: its first line is longer than {MAX_HEADER:,} characters: not a bulk CSV"
        )
    return header


def _picked(
    names: list[str], wanted: tuple[str, ...], rows: Iterator[list[str]]
) -> Iterator[tuple[str, ...]]:
    """The wanted columns of each row, by position (missing columns read as ''); a row too
    short to hold them is left out (`_stage_file` counts them)."""
    index = [names.index(w) if w in names else None for w in wanted]
    width = max(i for i in index if i is not None) + 1
    present = [i for i in index if i is not None]
    pick = itemgetter(*present)
    if None in index or len(present) == 1:  # rare layouts: build each row by hand
        for row in rows:
            if len(row) >= width:
                yield tuple(row[i] if i is not None else "" for i in index)
        return
    for row in rows:
        if len(row) >= width:
            yield pick(row)


def _opinion_rows(names: list[str], rows: Iterator[list[str]]) -> Iterator[tuple[object, ...]]:
    fields = [names.index(f) for f in HTML_FIELDS if f in names]
    at_id, at_cluster = names.index("id") if "id" in names else None, names.index("cluster_id")
    for row in rows:
        if len(row) <= max(fields + [at_cluster]) or not row[at_cluster]:
            continue
        html = next((row[i] for i in fields if row[i]), "")
        if html:
            yield (row[at_id] or None) if at_id is not None else None, row[at_cluster], html


def copy_line(values: Iterable[object], backtick: bool = False) -> str:
    """One CSV line as PostgreSQL ``COPY ... FORCE_QUOTE *`` writes it (for fixtures and benchmarks)."""
    if backtick:
        return ",".join("`" + str(v).replace("\\", "\\\\").replace("`", "\\`") + "`" for v in values) + "\n"
    return ",".join('"' + str(v).replace('"', '""') + '"' for v in values) + "\n"


def _stage_file(conn: sqlite3.Connection, bulk: BulkFile, say: Progress) -> tuple[int, int]:
    """Rows staged from ``bulk``, and rows read from it."""
    count, read = 0, [0]

    def counted(rows: Iterator[list[str]]) -> Iterator[list[str]]:
        for row in rows:
            read[0] += 1
            yield row

    with BulkStream(bulk.path) as stream:
        names, lists = _lists(stream)
        rows: Iterator[tuple[object, ...]] = (
            _opinion_rows(names, lists)
            if bulk.kind == "opinions"
            else _picked(names, _ROWS[bulk.kind], counted(lists))
        )
        marks = ",".join("?" * len(_ROWS[bulk.kind]))
        verb = "INSERT OR REPLACE" if bulk.kind == "clusters" else "INSERT"
        try:
            while chunk := list(islice(rows, CHUNK)):
                conn.executemany(f"{verb} INTO stage.{bulk.kind} VALUES ({marks})", chunk)
                count += len(chunk)
                say(bulk.kind, count, stream.fraction)
        except sqlite3.IntegrityError as exc:  # an id that is no number: not CourtListener's rows
            raise RecordError(f"{bulk.path.name}: a row does not fit the table: {exc}") from None
    return count, read[0] if bulk.kind != "opinions" else count


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
    """Write a library file at ``out`` (atomically) from bulk CSVs; returns counts.

    ``complete``: the files are a full dump, so the coverage rules (`bulk_coverage`) may
    mark volumes complete, unless more than `UNREAD_SHARE` of the rows of its citations or
    clusters could not be read. A dump that yields no case is a `RecordError`; nothing is
    left behind by a failed import (no ``.tmp``, no ``.stage``)."""
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
    try:
        built = _build(tmp, stage, files, say, complete)
        date = snapshot_date or snapshot_date_of(paths)  # "" when the files do not say
        counts = {**_describe(tmp, name, paths, date, courts), **built}
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        stage.unlink(missing_ok=True)
    tmp.replace(out)
    return counts


def _build(tmp: Path, stage: Path, files: list[BulkFile], say: Progress, complete: bool) -> dict[str, int]:
    """The library's tables in ``tmp``, staged through ``stage``; row counts."""
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("ATTACH DATABASE ? AS stage", (str(stage),))
        for schema in ("main", "stage"):
            conn.execute(f"PRAGMA {schema}.journal_mode = OFF")
            conn.execute(f"PRAGMA {schema}.synchronous = OFF")
        conn.execute("PRAGMA cache_size = -262144")  # 256 MB: bounded, whatever the dump size
        conn.execute("PRAGMA temp_store = FILE")
        migrate(conn)
        conn.executescript(_STAGE)
        rows, read = dict.fromkeys(_ORDER, 0), dict.fromkeys(_ORDER, 0)
        for bulk in files:
            staged, seen = _stage_file(conn, bulk, say)
            rows[bulk.kind], read[bulk.kind] = rows[bulk.kind] + staged, read[bulk.kind] + seen
        unread = sum(read[k] - rows[k] for k in ("clusters", "citations"))
        trusted = complete and unread <= UNREAD_SHARE * max(read["clusters"] + read["citations"], 1)
        say("linking", sum(rows.values()), 1.0)
        write_cases(conn)
        cases = conn.execute("SELECT COUNT(*) FROM cases").fetchone()[0]
        if not cases:
            raise RecordError(
                f"the dump holds no case (no named cluster with a citation in {read['clusters']:,} cluster "
                f"and {read['citations']:,} citation rows): nothing imported"
            )
        say("indexing", sum(rows.values()), 1.0)
        write_name_index(conn)
        with_text = write_opinions(conn)
        held = write_coverage(conn, trusted)
        conn.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?,?)",
            [
                ("coverage_claim", "complete" if trusted else "partial"),
                ("coverage_held_back", "\n".join(held.lines())),
                ("rows_unread", str(unread)),
            ],
        )
        conn.commit()
        conn.execute("DETACH DATABASE stage")
    finally:
        conn.close()
    held_back = len(held.thin) + len(held.cut)
    return {
        "opinions_with_text": with_text,
        **{f"{k}_rows": v for k, v in rows.items()},
        "rows_unread": unread,
        "volumes_held_back": held_back,
    }


def _describe(tmp: Path, name: str, paths: list[Path], date: str, courts: int) -> dict[str, int]:
    """The library's ``meta``: counts and content hash, snapshot date, source and rules."""
    from citeproof.library.build import _write_meta

    conn = sqlite3.connect(tmp)
    try:
        counts = _write_meta(conn, name, [str(p) for p in paths])
        conn.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?,?)",
            [
                ("snapshot_date", date),
                ("source", "CourtListener bulk data"),
                ("coverage_rules", COVERAGE_RULES),
                ("courts", str(courts)),
            ],
        )
        conn.commit()
    finally:
        conn.close()
    return counts

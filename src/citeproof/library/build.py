"""Build an embedded library file from opinion JSON(L), catalogue CSVs, coverage.json, the
statute tables (the U.S. Code's sections, the federal rules: `statute_tables.py`) and the table
of overruled decisions (`treatment_table.py`)."""

from __future__ import annotations

import csv
import datetime as dt
import gzip
import io
import json
import os
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from citeproof.core.checking.signatures import PREPARED_KEY, pack_prepared, sign_sentences, split_sentences
from citeproof.core.checking.structure import STRUCTURE_KEY, pack_structure, read_structure
from citeproof.core.checking.word_index import INDEX_KEY, pack_word_index
from citeproof.core.models import Opinion
from citeproof.core.text.names import compare_names, distinctive_parties, name_key
from citeproof.library.content_hash import content_hash
from citeproof.library.records import CaseRecord, RecordError, from_catalog_rows, from_json
from citeproof.library.statute_tables import STATUTE_FILES, load_statute_rows, record_statute_tables
from citeproof.library.tables import migrate, pack_spans
from citeproof.library.treatment_table import TREATMENT_FILE, load_treatment_rows, record_treatment_table
from citeproof.library.us_decisions import add_decisions, fill_listed, is_decisions_table, listed_pages

Progress = Callable[[str], None]
PASSAGE_CHARS = 1200
# Bump when the schema or the import logic changes. 15: each opinion's index of content words
# to the sentences holding them (word_index); 14: each opinion's structure (roles of its
# sentences, its disposition: opinion_structure); 13: the table of overruled decisions
# (overruled); 12: the U.S. Reports decisions table (us_listed); 11: the U.S. Code and federal
# rules tables; 10: cases kept apart; 9: the words of each sentence, read once at build
# (sentence_words); 8: sentence spans kept (issue 17); 7: content_hash in meta.
BUILD_VERSION = 15
# The kinds of source file `find_sources` sorts a data folder into.
SOURCE_KINDS = ("opinions", "catalog", "coverage", "decisions", "statutes", "treatment")


def _open_text(path: Path) -> IO[str]:
    if path.suffix == ".gz":
        return io.TextIOWrapper(gzip.open(path), encoding="utf-8")
    return path.open(encoding="utf-8")


def _strip_gz(path: Path) -> str:
    return path.name[:-3] if path.name.endswith(".gz") else path.name


def iter_json_records(path: Path) -> Iterator[dict[str, Any]]:
    """Objects from a ``.json`` (object or list) or ``.jsonl`` file, gzipped or not."""
    with _open_text(path) as fh:
        if _strip_gz(path).endswith(".jsonl"):
            for n, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError as exc:
                        raise RecordError(f"{path}:{n}: bad JSON ({exc.msg})") from None
            return
        data = json.load(fh)
    yield from data if isinstance(data, list) else data.get("results", [data])


def find_sources(root: Path) -> dict[str, list[Path]]:
    """Opinion files, catalogue CSVs, coverage files, statute tables and the table of overruled
    decisions under ``root`` (or one file), by `SOURCE_KINDS`."""
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    found: dict[str, list[Path]] = {kind: [] for kind in SOURCE_KINDS}
    for p in files:
        name = _strip_gz(p)
        if name in STATUTE_FILES:
            found["statutes"].append(p)
        elif name == TREATMENT_FILE:  # a table of overrulings, not a case catalogue
            found["treatment"].append(p)
        elif name.startswith("coverage") and name.endswith(".json"):
            found["coverage"].append(p)
        elif is_decisions_table(p):
            found["decisions"].append(p)
        elif name.endswith(".csv") and not name.endswith(("parallel_cites.csv",)):
            found["catalog"].append(p)
        elif name.endswith((".json", ".jsonl")):
            found["opinions"].append(p)
    return found


class _Builder:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.by_cite: dict[tuple[str, str, str], str] = {}  # the first case to hold each cite
        self.cites_of: dict[str, set[tuple[str, str, str]]] = {}

    def add(self, rec: CaseRecord) -> None:
        existing = next(
            (self.by_cite[k] for c in rec.citations if (k := (c.volume, c.reporter, c.page)) in self.by_cite),
            None,
        )
        if existing is not None and self._same_case(existing, rec):
            self._merge_citations(existing, rec)
            return
        star = max(
            (b.page for b in rec.page_breaks if rec.citations and b.reporter == rec.citations[0].reporter),
            default=None,
        )
        self.conn.execute(
            "INSERT INTO cases VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                rec.id,
                rec.name,
                _display_name(rec.name_abbreviation),
                rec.decision_date,
                rec.court,
                rec.jurisdiction,
                rec.last_page,
                star,
                rec.next_case_page,
                rec.citations[0].reporter if rec.text or rec.next_case_page else None,
                rec.source,
            ),
        )
        self._merge_citations(rec.id, rec, start=0)
        keys = {name_key(t) for n in (rec.name, rec.name_abbreviation) for t in distinctive_parties(n) if t}
        self.conn.executemany("INSERT INTO name_keys VALUES (?,?)", [(k, rec.id) for k in keys])
        self.conn.executemany("INSERT INTO cites VALUES (?,?)", [(rec.id, c) for c in rec.cites_to])
        if rec.text:
            self._add_text(rec)

    def _same_case(self, case_id: str, rec: CaseRecord) -> bool:
        """Whether ``rec`` is another record of the case that already holds one of its cites:
        the names agree and so do the years. Records of two cases that share a page (orders
        and memorandum decisions printed together) or a wrong parallel cite stay apart."""
        if self.conn.execute("SELECT 1 FROM cases WHERE id = ?", (rec.id,)).fetchone():
            return True  # the same record again
        row = self.conn.execute(
            "SELECT name, name_abbreviation, decision_date FROM cases WHERE id = ?", (case_id,)
        ).fetchone()
        year, other_year = (rec.decision_date or "")[:4], (row[2] or "")[:4]
        if year and other_year and year != other_year:
            return False
        written = rec.name_abbreviation or rec.name
        return not written or compare_names(written, row[0], row[1] or row[0]).matches

    def merge_citations(self, case_id: str, rec: CaseRecord) -> None:
        """``rec``'s citations join the case ``case_id`` (another record of it)."""
        self._merge_citations(case_id, rec)

    def _merge_citations(self, case_id: str, rec: CaseRecord, start: int | None = None) -> None:
        """``rec``'s citations for ``case_id``; a cite another case holds too is kept for both,
        so that each is found at it (a name tells them apart)."""
        position = (
            start
            if start is not None
            else self.conn.execute("SELECT COUNT(*) FROM citations WHERE case_id = ?", (case_id,)).fetchone()[
                0
            ]
        )
        for cite in rec.citations:
            key = (cite.volume, cite.reporter, cite.page)
            held = self.cites_of.setdefault(case_id, set())
            if key in held:
                continue
            held.add(key)
            self.by_cite.setdefault(key, case_id)
            page_num = int(cite.page) if cite.page.isdigit() else None
            self.conn.execute(
                "INSERT INTO citations VALUES (?,?,?,?,?,?)",
                (case_id, position, cite.volume, cite.reporter, cite.page, page_num),
            )
            position += 1
        if rec.next_case_page is not None:
            reporter = rec.citations[0].reporter
            self.conn.execute(
                "UPDATE cases SET next_case_page = ?, pages_reporter = ? WHERE id = ? "
                "AND (pages_reporter IS NULL OR pages_reporter = ?)",
                (rec.next_case_page, reporter, case_id, reporter),
            )

    def _add_text(self, rec: CaseRecord) -> None:
        assert rec.text is not None
        self.conn.execute("INSERT INTO opinions VALUES (?,?)", (rec.id, rec.text))
        spans = split_sentences(rec.text)  # split and read once here, not in every check
        self.conn.execute("INSERT INTO sentences VALUES (?,?)", (rec.id, pack_spans(spans)))
        signed = sign_sentences(Opinion(rec.id, rec.text, (), spans))
        self.conn.execute(
            "INSERT INTO sentence_words VALUES (?,?,?)", (rec.id, PREPARED_KEY, pack_prepared(signed))
        )
        self.conn.execute(
            "INSERT INTO word_index VALUES (?,?,?)", (rec.id, INDEX_KEY, pack_word_index(signed))
        )
        structure = pack_structure(read_structure(rec.text, spans))
        self.conn.execute("INSERT INTO opinion_structure VALUES (?,?,?)", (rec.id, STRUCTURE_KEY, structure))
        self.conn.executemany(
            "INSERT INTO page_breaks VALUES (?,?,?,?,?)",
            [(rec.id, b.reporter, b.volume, b.page, b.offset) for b in rec.page_breaks],
        )
        primary = [b for b in rec.page_breaks if b.reporter == rec.citations[0].reporter]
        for start, end, page in _passages(rec.text, primary):
            self.conn.execute(
                "INSERT INTO passages VALUES (?,?,?,?,?)",
                (rec.id, rec.citations[0].reporter, page, start, rec.text[start:end]),
            )


def _display_name(name: str) -> str:
    if re.sub(r"\bv\.", "", name).isupper():
        name = re.sub(r",? ET AL\.?", "", name)
        plaintiff, vs, defendant = name.partition(" v. ")
        name = plaintiff + vs + defendant.split(",")[0]
        small = {"v.", "of", "the", "and", "for", "in", "on", "to", "ex", "rel."}
        return " ".join(
            w.lower() if w.lower() in small else w if w in {"U.S."} else w.capitalize() for w in name.split()
        )
    return name


def _passages(text: str, breaks: list[Any]) -> Iterator[tuple[int, int, int | None]]:
    """Paragraph-sized chunks with the page each one starts on."""
    start = 0
    while start < len(text):
        end = text.find("\n\n", start + PASSAGE_CHARS // 2)
        end = len(text) if end == -1 or end - start > 2 * PASSAGE_CHARS else end
        page = None
        for b in breaks:
            if b.offset <= start:
                page = b.page
        yield start, end, page
        start = end + 2


def _load_coverage(conn: sqlite3.Connection, path: Path) -> None:
    with _open_text(path) as fh:
        data = json.load(fh)
    rows = []
    for reporter, info in data.get("reporters", {}).items():
        for status, ranges in info.get("volumes_by_status", {}).items():
            for text in ranges:
                lo, _, hi = str(text).partition("-")
                if lo.isdigit() and (hi.isdigit() or not hi):
                    rows.append((reporter, int(lo), int(hi or lo), status))
    conn.executemany("INSERT INTO coverage VALUES (?,?,?,?)", rows)


def _catalog_rows(path: Path) -> list[dict[str, str]]:
    with _open_text(path) as fh:
        return list(csv.DictReader(fh))


def _page_range_rows(rows: list[dict[str, str]]) -> Iterable[CaseRecord]:
    """``us_reports_page_ranges.csv``: the next case's first page bounds each U.S. case."""
    from citeproof.core.models import ReporterCite

    for r in rows:
        nxt = r.get("last_page_max") or ""
        yield CaseRecord(
            id=r["source"],
            name=r["name"],
            name_abbreviation=r["name"],
            decision_date=r.get("decision_date", ""),
            court="U.S. Supreme Court",
            jurisdiction="U.S.",
            citations=[ReporterCite(r["volume"], "U.S.", r["page"])],
            next_case_page=int(nxt) if nxt.isdigit() else None,
            source=r["source"],
        )


def case_records(found: Mapping[str, list[Path]], say: Progress | None = None) -> Iterator[CaseRecord]:
    """Every case record of the sources (`find_sources`), in the order a build adds them:
    opinion files first, then the catalogues."""
    for path in found["opinions"]:
        if say:
            say(f"opinions: {path.name}")
        for obj in iter_json_records(path):
            yield from_json(obj)
    for path in found["catalog"]:
        if say:
            say(f"catalogue: {path.name}")
        rows = _catalog_rows(path)
        yield from (
            _page_range_rows(rows)
            if "last_page_max" in (rows[0] if rows else {})
            else from_catalog_rows(rows)
        )


def build_library(
    sources: Iterable[Path],
    out: Path,
    name: str = "citeproof-library",
    progress: Progress | None = None,
    extra_meta: Mapping[str, str] | None = None,
) -> dict[str, int]:
    """Write a new library file at ``out`` (atomically: a temporary file in the same
    directory, renamed into place, removed if the build fails) and return its counts.
    ``extra_meta``: more rows for its meta table (the default library's fingerprint)."""
    say = progress or (lambda _msg: None)
    found: dict[str, list[Path]] = {kind: [] for kind in SOURCE_KINDS}
    for src in sources:
        if not src.exists():
            raise FileNotFoundError(f"{src}: no such file or directory")
        for key, paths in find_sources(src).items():
            found[key].extend(paths)
    if not any(found.values()):
        raise RecordError("no opinion, catalogue, coverage, statute or treatment files found in the sources")
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        migrate(conn)
        builder = _Builder(conn)
        for rec in case_records(found, say):
            builder.add(rec)
        listed: set[tuple[int, int]] = set()
        for path in found.get("decisions", []):
            say(f"decisions: {path.name}")
            rows = _catalog_rows(path)
            add_decisions(builder, rows)
            listed |= listed_pages(rows)
        if found.get("decisions"):
            fill_listed(conn, listed)
        for path in found["coverage"]:
            say(f"coverage: {path.name}")
            _load_coverage(conn, path)
        for path in found["statutes"]:
            say(f"statutes: {path.name}")
            load_statute_rows(conn, STATUTE_FILES[_strip_gz(path)], _catalog_rows(path))
        record_statute_tables(conn)
        for path in found["treatment"]:
            say(f"treatment: {path.name}")
            load_treatment_rows(conn, _catalog_rows(path))
        record_treatment_table(conn)
        counts = _write_meta(conn, name, [str(p) for v in found.values() for p in v])
        conn.executemany("INSERT OR REPLACE INTO meta VALUES (?,?)", (extra_meta or {}).items())
        conn.commit()
        conn.close()
        tmp.replace(out)
    except BaseException:
        conn.close()
        tmp.unlink(missing_ok=True)
        raise
    return counts


def _write_meta(conn: sqlite3.Connection, name: str, sources: list[str]) -> dict[str, int]:
    counts = {
        "cases": conn.execute("SELECT COUNT(*) FROM cases").fetchone()[0],
        "opinions": conn.execute("SELECT COUNT(*) FROM opinions").fetchone()[0],
        "citations": conn.execute("SELECT COUNT(*) FROM citations").fetchone()[0],
        "coverage_ranges": conn.execute("SELECT COUNT(*) FROM coverage").fetchone()[0],
        "usc_sections": conn.execute("SELECT COUNT(*) FROM usc_sections").fetchone()[0],
        "federal_rules": conn.execute("SELECT COUNT(*) FROM federal_rules").fetchone()[0],
        "overruled": conn.execute("SELECT COUNT(*) FROM overruled").fetchone()[0],
    }
    meta = {
        "name": name,
        "built_at": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "sources": json.dumps([Path(s).name for s in sources]),
        **{k: str(v) for k, v in counts.items()},
        "content_hash": content_hash(conn),
    }
    conn.executemany("INSERT OR REPLACE INTO meta VALUES (?,?)", meta.items())
    return counts

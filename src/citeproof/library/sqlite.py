"""The embedded default library: one SQLite file (stdlib sqlite3, FTS5)."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache
from pathlib import Path

from citeproof.core.checking.signatures import PREPARED_KEY
from citeproof.core.checking.structure import STRUCTURE_KEY
from citeproof.core.checking.word_index import INDEX_KEY
from citeproof.core.models import (
    Authority,
    Citation,
    Coverage,
    Opinion,
    PageBreak,
    ReporterCite,
    Snapshot,
    Treatment,
)
from citeproof.core.protocols import (
    CasePages,
    CodeSection,
    FederalRule,
    LibraryError,
    Origin,
    StatuteTable,
)
from citeproof.core.text.names import SAME_NAME, distinctive_parties, name_key, same_name_score
from citeproof.core.text.reporter_facts import VolumeYears
from citeproof.library import statute_tables, treatment_table
from citeproof.library.file_checks import plain_schema, regular_file
from citeproof.library.tables import unpack_spans

LONG_GAP = 100  # pages; a longer gap between catalogued cases is an orders section
# A bulk import leaves name_abbreviation '' where it equals the name (one copy on disk).
_CASE_COLUMNS = (
    "c.id, c.name, COALESCE(NULLIF(c.name_abbreviation, ''), c.name), c.decision_date, c.court, c.last_page"
)


class SQLiteLibrary:
    """Read-only access to a built library file; safe to share between threads."""

    fetches_text = False  # ``has_text`` is exact: a case has text iff it has an opinions row

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        regular_file(self.path)  # a FIFO would block the first read for ever
        self._local = threading.local()
        self._snapshot = self._read_snapshot()
        self.cases_at = lru_cache(maxsize=4096)(self._cases_at)
        self.opinion = lru_cache(maxsize=64)(self._opinion)
        self.volume_years = lru_cache(maxsize=256)(self._volume_years)
        self.federal_rules = lru_cache(maxsize=16)(self._federal_rules)
        self.treatment = lru_cache(maxsize=1024)(self._treatment)

    @property
    def conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            uri = f"file:{self.path}?mode=ro"
            try:
                conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
            except sqlite3.Error as exc:
                raise LibraryError(f"cannot open library {self.path}: {exc}") from None
            self._local.conn = conn
        return conn

    def _read_snapshot(self) -> Snapshot:
        try:
            plain_schema(self.conn, self.path)  # nothing that could make a query loop
            meta = dict(self.conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise LibraryError(f"{self.path} is not a citeproof library: {exc}") from None
        return Snapshot(
            name=meta.get("name", self.path.stem),
            built_at=meta.get("built_at", ""),
            cases=int(meta.get("cases", 0)),
            opinions_with_text=int(meta.get("opinions", 0)),
            citations=int(meta.get("citations", 0)),
            content_hash=meta.get("content_hash", ""),
            snapshot_date=meta.get("snapshot_date", ""),
            source=meta.get("source", ""),
        )

    def snapshot(self) -> Snapshot:
        return self._snapshot

    def origin(self) -> Origin:
        """This file; a copy of CourtListener's citation index when imported from its bulk
        data (the importer records the source "CourtListener bulk data")."""
        copied = "CourtListener" if self._snapshot.source.startswith("CourtListener") else None
        return Origin(path=self.path, copy_of=copied)

    def answered(self) -> list[str]:
        """Nothing remote: every answer is a local query."""
        return []

    def kept_answers(self, lookups: Sequence[str]) -> frozenset[str] | None:
        return None

    def prefetch(self, citations: Iterable[Citation]) -> None:
        """Nothing to batch: every lookup is a local query."""

    def statute_tables(self) -> tuple[StatuteTable, ...]:
        return tuple(t for t in self._tables if t.name in statute_tables.STATUTE_FILES.values())

    def treatment_tables(self) -> tuple[StatuteTable, ...]:
        """The table of overrulings, as the register lists it; () without one."""
        return treatment_table.treatment_tables(self._tables)

    @cached_property
    def _tables(self) -> tuple[StatuteTable, ...]:
        """Every table the register lists: the statute tables and the table of overrulings."""
        return statute_tables.read_statute_tables(self.conn)

    def _treatment(self, volume: str, reporter: str, page: int) -> Treatment | None:
        return treatment_table.treatment(self.conn, self._tables, volume, reporter, page)

    def usc_section(self, title: str, section: str) -> CodeSection | None:
        return statute_tables.usc_section(self.conn, self._tables, title, section)

    def usc_sections_near(self, title: str, section: str, n: int) -> tuple[CodeSection, ...]:
        return statute_tables.usc_sections_near(self.conn, self._tables, title, section, n)

    def _federal_rules(self, rule_set: str) -> tuple[FederalRule, ...]:
        return statute_tables.federal_rules(self.conn, self._tables, rule_set)

    def meta(self) -> dict[str, str]:
        return dict(self.conn.execute("SELECT key, value FROM meta").fetchall())

    def _authorities(self, where: str, params: tuple[object, ...]) -> tuple[Authority, ...]:
        rows = self.conn.execute(
            f"SELECT DISTINCT {_CASE_COLUMNS}, o.case_id IS NOT NULL FROM cases c "
            f"LEFT JOIN opinions o ON o.case_id = c.id WHERE {where}",
            params,
        ).fetchall()
        return tuple(self._authority(row) for row in rows)

    def _authority(self, row: tuple) -> Authority:  # type: ignore[type-arg]
        cites = self.conn.execute(
            "SELECT volume, reporter, page FROM citations WHERE case_id = ? ORDER BY position, rowid",
            (row[0],),
        ).fetchall()
        return Authority(
            id=row[0],
            name=row[1],
            name_abbreviation=row[2],
            decision_date=row[3] or "",
            court=row[4] or "",
            citations=tuple(ReporterCite(*c) for c in cites),
            last_page=row[5],
            has_text=bool(row[6]),
        )

    def _cases_at(self, volume: str, reporter: str, page: int) -> tuple[Authority, ...]:
        return self._authorities(
            "c.id IN (SELECT case_id FROM citations WHERE reporter = ? AND volume = ? AND page_num = ?)",
            (reporter, volume, page),
        )

    def case(self, case_id: str) -> Authority | None:
        found = self._authorities("c.id = ?", (case_id,))
        return found[0] if found else None

    def case_around(self, volume: str, reporter: str, page: int) -> CasePages | None:
        row = self.conn.execute(
            "SELECT ci.case_id, ci.page_num, ci.reporter = c.pages_reporter, c.last_page, "
            "c.last_star_page, "
            "c.next_case_page FROM citations ci JOIN cases c ON c.id = ci.case_id "
            "WHERE ci.reporter = ? AND ci.volume = ? AND ci.page_num < ? "
            "ORDER BY ci.page_num DESC LIMIT 1",
            (reporter, volume, page),
        ).fetchone()
        if row is None:
            return None
        case_id, first, paginated, last_page, last_star, next_page = row
        authority = self.case(case_id)
        assert authority is not None
        if not paginated:  # page data describe one reporter: the case's pages_reporter
            last_page = last_star = next_page = None
        known = last_page or last_star or first
        long_gaps = self.conn.execute(
            "SELECT COUNT(*) FROM citations ci JOIN cases c ON c.id = ci.case_id "
            "WHERE ci.reporter = ? AND ci.volume = ? AND ci.page_num <= ? "
            "AND c.next_case_page - ci.page_num > ?",
            (reporter, volume, first, LONG_GAP),
        ).fetchone()[0]
        next_start = self.conn.execute(
            "SELECT MIN(page_num) FROM citations WHERE reporter = ? AND volume = ? AND page_num > ?",
            (reporter, volume, first),
        ).fetchone()[0]
        listed, argued = self._listed(reporter, volume)
        return CasePages(
            authority,
            first,
            known,
            last_page is not None,
            next_page,
            in_opinions_section=next_page is not None and long_gaps == 0,
            next_start=next_start,
            listed_pages=listed,
            argued_pages=argued,
        )

    def _listed(self, reporter: str, volume: str) -> tuple[tuple[int, ...], frozenset[int]]:
        """Every first page a decisions table lists in a U.S. volume, and those of argued
        cases; empty without such a table."""
        if reporter != "U.S." or not volume.isdigit() or not self._keeps_listed:
            return (), frozenset()
        rows = self.conn.execute(
            "SELECT page, argued FROM us_listed WHERE volume = ? ORDER BY page", (int(volume),)
        ).fetchall()
        return tuple(p for p, _ in rows), frozenset(p for p, argued in rows if argued)

    def _volume_years(self, reporter: str) -> frozenset[VolumeYears]:
        """First and last decision year of the cases held in each volume of ``reporter``."""
        rows = self.conn.execute(
            "SELECT CAST(ci.volume AS INTEGER), MIN(CAST(substr(c.decision_date, 1, 4) AS INTEGER)), "
            "MAX(CAST(substr(c.decision_date, 1, 4) AS INTEGER)), COUNT(*) "
            "FROM citations ci JOIN cases c ON c.id = ci.case_id "
            "WHERE ci.reporter = ? AND ci.volume GLOB '[0-9]*' AND ci.volume NOT GLOB '*[^0-9]*' "
            "AND c.decision_date GLOB '[0-9][0-9][0-9][0-9]*' GROUP BY ci.volume",
            (reporter,),
        ).fetchall()
        return frozenset(VolumeYears(*row) for row in rows)

    def coverage(self, reporter: str, volume: str) -> Coverage:
        if not volume.isdigit():
            return Coverage.NOT_COVERED
        row = self.conn.execute(
            "SELECT status FROM coverage WHERE reporter = ? AND ? BETWEEN first_volume AND "
            "last_volume ORDER BY CASE status WHEN 'complete' THEN 0 WHEN 'complete_opinions' "
            "THEN 1 ELSE 2 END LIMIT 1",
            (reporter, int(volume)),
        ).fetchone()
        return Coverage(row[0]) if row else Coverage.NOT_COVERED

    def coverage_table(self) -> list[tuple[str, str, int, int]]:
        """``(reporter, status, volumes, ranges)`` per reporter and status."""
        return self.conn.execute(
            "SELECT reporter, status, SUM(last_volume - first_volume + 1), COUNT(*) "
            "FROM coverage GROUP BY reporter, status ORDER BY reporter, status"
        ).fetchall()

    def _opinion(self, case_id: str) -> Opinion | None:
        row = self.conn.execute("SELECT text FROM opinions WHERE case_id = ?", (case_id,)).fetchone()
        if row is None:
            return None
        breaks = self.conn.execute(
            "SELECT reporter, volume, page, offset FROM page_breaks WHERE case_id = ? ORDER BY offset, rowid",
            (case_id,),
        ).fetchall()
        sentences = self._sentences(case_id)
        prepared = self._prepared(case_id) if sentences is not None else None
        structure = self._structure(case_id) if sentences is not None else None
        index = self._word_index(case_id) if sentences is not None else None
        return Opinion(
            case_id, row[0], tuple(PageBreak(*b) for b in breaks), sentences, prepared, structure, index
        )

    def _sentences(self, case_id: str) -> tuple[tuple[int, int], ...] | None:
        """Spans split at build time; None (split during the check) in a library built before
        they were kept, or where the stored spans are damaged."""
        if not self._keeps_sentences:
            return None
        row = self.conn.execute("SELECT spans FROM sentences WHERE case_id = ?", (case_id,)).fetchone()
        try:
            return unpack_spans(row[0]) if row else None
        except (ValueError, TypeError):  # not whole start/end pairs: split again
            return None

    def _prepared(self, case_id: str) -> bytes | None:
        """The sentences' words as read at build time, if read under the rules this code
        reads them by (``PREPARED_KEY``); else None, and they are read during the check."""
        if not self._keeps_words:
            return None
        row = self.conn.execute(
            "SELECT words FROM sentence_words WHERE case_id = ? AND key = ?", (case_id, PREPARED_KEY)
        ).fetchone()
        return row[0] if row and isinstance(row[0], bytes) else None

    def _structure(self, case_id: str) -> bytes | None:
        """The opinion's structure as read at build time under the rules this code reads it
        by (``STRUCTURE_KEY``); else None, and it is read during the check."""
        if not self._keeps_structure:
            return None
        row = self.conn.execute(
            "SELECT structure FROM opinion_structure WHERE case_id = ? AND key = ?", (case_id, STRUCTURE_KEY)
        ).fetchone()
        return row[0] if row and isinstance(row[0], bytes) else None

    def _word_index(self, case_id: str) -> bytes | None:
        """The opinion's index of content words as built at build time under the rules this
        code reads words by (``INDEX_KEY``); else None, and it is built during the check."""
        if not self._keeps_word_index:
            return None
        row = self.conn.execute(
            "SELECT postings FROM word_index WHERE case_id = ? AND key = ?", (case_id, INDEX_KEY)
        ).fetchone()
        return row[0] if row and isinstance(row[0], bytes) else None

    @cached_property
    def _keeps_word_index(self) -> bool:
        found = self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'word_index'").fetchone()
        return found is not None

    @cached_property
    def _keeps_structure(self) -> bool:
        found = self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'opinion_structure'").fetchone()
        return found is not None

    @cached_property
    def _keeps_sentences(self) -> bool:
        found = self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'sentences'").fetchone()
        return found is not None

    @cached_property
    def _keeps_listed(self) -> bool:
        found = self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'us_listed'").fetchone()
        return found is not None and bool(self.conn.execute("SELECT 1 FROM us_listed LIMIT 1").fetchone())

    @cached_property
    def _keeps_words(self) -> bool:
        found = self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'sentence_words'").fetchone()
        return found is not None

    def cases_named(self, name: str, limit: int = 5) -> tuple[Authority, ...]:
        keys = [name_key(tokens) for tokens in distinctive_parties(name) if tokens]
        if not keys:
            return ()
        marks = ",".join("?" * len(keys))
        ids = [
            r[0]
            for r in self.conn.execute(
                f"SELECT case_id FROM name_keys WHERE key IN ({marks}) GROUP BY case_id "
                f"HAVING COUNT(DISTINCT key) = ? LIMIT 200",
                (*keys, len(keys)),
            ).fetchall()
        ]
        if not ids:
            ids = self._ids_by_name_index(name)
        found = [a for i in ids if (a := self.case(i)) is not None]
        ranked = sorted(
            ((same_name_score(name, a.name_abbreviation), a) for a in found), key=lambda pair: -pair[0]
        )
        return tuple(a for score, a in ranked[:limit] if score >= SAME_NAME)

    def _ids_by_name_index(self, name: str) -> list[str]:
        """Case ids from the full-text index of names a bulk import writes (no name keys):
        all the distinctive words, else those of one party at a time."""
        if not self._has_name_index():
            return []
        parties = sorted((sorted(p) for p in distinctive_parties(name) if p), key=len, reverse=True)
        queries = [sorted({t for p in parties for t in p})] + (parties if len(parties) > 1 else [])
        for words in queries:
            terms = " AND ".join(f'"{w}"' for w in words if w.isalnum())
            if not terms:
                continue
            ids = [
                r[0]
                for r in self.conn.execute(
                    "SELECT id FROM cases WHERE rowid IN (SELECT rowid FROM case_names WHERE case_names "
                    "MATCH ? LIMIT 200)",
                    (terms,),
                )
            ]
            if ids:
                return ids
        return []

    def _has_name_index(self) -> bool:
        row = self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'case_names'").fetchone()
        return row is not None

    def passages(self, case_id: str, query: str, limit: int = 5) -> list[tuple[str, int, str]]:
        """Best-matching passages of one opinion: ``(reporter, page, text)``."""
        terms = " OR ".join(f'"{t}"' for t in query.split() if t.isalnum() and len(t) > 2)
        if not terms:
            return []
        return self.conn.execute(
            "SELECT reporter, page, text FROM passages WHERE passages MATCH ? AND case_id = ? "
            "ORDER BY rank LIMIT ?",
            (terms, case_id, limit),
        ).fetchall()

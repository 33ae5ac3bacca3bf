"""SQLite cache of remote answers: citation lookups and opinion texts, with a TTL.

Only definite answers are stored (found, ambiguous, unknown reporter, not found); a
throttled or failed request is never written, so an outage cannot become "not found".
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from citeproof.core.models import Opinion, PageBreak, ReporterCite
from citeproof.library.courtlistener.client import ClusterInfo, Lookup

CACHEABLE = frozenset({200, 300, 400, 404})
DAY = 86_400.0
_SCHEMA = """
CREATE TABLE IF NOT EXISTS lookups(source TEXT NOT NULL, cite TEXT NOT NULL, status INTEGER NOT NULL,
    payload TEXT NOT NULL, fetched_at REAL NOT NULL, PRIMARY KEY(source, cite));
CREATE TABLE IF NOT EXISTS opinions(source TEXT NOT NULL, case_id TEXT NOT NULL,
    payload TEXT NOT NULL, fetched_at REAL NOT NULL, PRIMARY KEY(source, case_id));
"""


def lookup_to_json(lookup: Lookup) -> str:
    return json.dumps(asdict(lookup))


def lookup_from_json(text: str) -> Lookup:
    data = json.loads(text)
    clusters = tuple(
        ClusterInfo(
            **{
                **c,
                "citations": tuple(ReporterCite(**r) for r in c["citations"]),
                "opinion_ids": tuple(c["opinion_ids"]),
            }
        )
        for c in data["clusters"]
    )
    return Lookup(data["cite"], data["status"], clusters, tuple(data["normalized"]), data["message"])


class RemoteCache:
    """One SQLite file shared by runs; ``ttl_days`` for answers, ``not_found_ttl_days`` for 404s."""

    def __init__(
        self,
        path: str | Path,
        ttl_days: float = 30.0,
        not_found_ttl_days: float = 7.0,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.ttl, self.not_found_ttl, self._now = ttl_days * DAY, not_found_ttl_days * DAY, now
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(self.path, check_same_thread=False)
        self._conn.executescript(_SCHEMA)

    def close(self) -> None:
        self._conn.close()

    def _fresh(self, status: int, fetched_at: float) -> bool:
        ttl = self.not_found_ttl if status == 404 else self.ttl
        return self._now() - fetched_at < ttl

    def lookups(self, source: str, cites: Iterable[str]) -> dict[str, Lookup]:
        found: dict[str, Lookup] = {}
        with self._lock:
            for cite in cites:
                row = self._conn.execute(
                    "SELECT status, payload, fetched_at FROM lookups WHERE source = ? AND cite = ?",
                    (source, cite),
                ).fetchone()
                if row and self._fresh(row[0], row[2]):
                    found[cite] = lookup_from_json(row[1])
        return found

    def put_lookups(self, source: str, lookups: Iterable[Lookup]) -> None:
        rows = [
            (source, lk.cite, lk.status, lookup_to_json(lk), self._now())
            for lk in lookups
            if lk.status in CACHEABLE
        ]
        with self._lock, self._conn:
            self._conn.executemany("INSERT OR REPLACE INTO lookups VALUES (?,?,?,?,?)", rows)

    def opinion(self, source: str, case_id: str) -> Opinion | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT payload, fetched_at FROM opinions WHERE source = ? AND case_id = ?", (source, case_id)
            ).fetchone()
        if not row or not self._fresh(200, row[1]):
            return None
        data: dict[str, Any] = json.loads(row[0])
        return Opinion(case_id, data["text"], tuple(PageBreak(*b) for b in data["breaks"]))

    def put_opinion(self, source: str, opinion: Opinion) -> None:
        payload = json.dumps(
            {
                "text": opinion.text,
                "breaks": [[b.reporter, b.volume, b.page, b.offset] for b in opinion.page_breaks],
            }
        )
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT OR REPLACE INTO opinions VALUES (?,?,?,?)",
                (source, opinion.case_id, payload, self._now()),
            )

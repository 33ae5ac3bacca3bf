"""Response cache: one SQLite file, keyed by model + prompt, so reruns are free."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses(
    key TEXT PRIMARY KEY, model TEXT NOT NULL, content TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL, completion_tokens INTEGER NOT NULL);
"""


def cache_key(model: str, request: dict[str, Any]) -> str:
    """Stable digest of everything that shapes a reply (never the key or the URL)."""
    body = json.dumps({"model": model, **request}, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(body.encode()).hexdigest()


class ResponseCache:
    """Validated replies by key; safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(self.path, check_same_thread=False)
        self._conn.executescript(_SCHEMA)

    def get(self, key: str) -> tuple[str, int, int] | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT content, prompt_tokens, completion_tokens FROM responses WHERE key = ?", (key,)
            ).fetchone()
        return (row[0], int(row[1]), int(row[2])) if row else None

    def put(self, key: str, model: str, content: str, prompt_tokens: int, completion_tokens: int) -> None:
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?)",
                (key, model, content, prompt_tokens, completion_tokens),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        self._conn.close()

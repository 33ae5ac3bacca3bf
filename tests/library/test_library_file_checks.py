"""``--library`` refuses what would hang a check (issue 30, item 5): a FIFO, whose first read
blocks for ever, and a file whose schema makes a query loop (a recursive view).

Each runs the real command in a child with a time limit, so a regression fails the test
instead of hanging the suite.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from citeproof.core.protocols import LibraryError
from citeproof.library.sqlite import SQLiteLibrary

BRIEF = "Brown v. Board of Education, 347 U.S. 483 (1954).\n"


def _check(library: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    brief = tmp_path / "brief.txt"
    brief.write_text(BRIEF)
    command = "from citeproof.cli import main; main()"
    args = [sys.executable, "-c", command, "check", "--quiet", "--library", str(library), str(brief)]
    return subprocess.run(args, capture_output=True, text=True, timeout=120, env=os.environ.copy())


def test_a_fifo_as_the_library_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "library.sqlite"
    os.mkfifo(fifo)
    result = _check(fifo, tmp_path)  # was: blocked for ever on the first read
    assert result.returncode == 2
    assert "is a FIFO, not a library file" in result.stderr


def _with_loop(library_path: Path, tmp_path: Path) -> Path:
    looped = tmp_path / "looped.sqlite"
    shutil.copy(library_path, looped)
    with sqlite3.connect(looped) as conn:
        conn.executescript(
            "ALTER TABLE meta RENAME TO meta_kept;"
            # counts for ever and yields nothing: a loop, not a flood of rows
            "CREATE VIEW meta AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
            "SELECT 'name' AS key, 'x' AS value FROM r WHERE n < 0;"
        )
    return looped


def test_a_library_whose_schema_loops_is_refused(library_path: Path, tmp_path: Path) -> None:
    result = _check(_with_loop(library_path, tmp_path), tmp_path)  # was: a query that never ended
    assert result.returncode == 2
    assert "holds a view (meta)" in result.stderr


@pytest.mark.parametrize(
    "schema",
    [
        "CREATE TRIGGER t AFTER INSERT ON meta BEGIN SELECT 1; END",
        "CREATE VIRTUAL TABLE r USING rtree(id, a, b)",
    ],
    ids=["trigger", "rtree"],
)
def test_anything_a_library_never_holds_is_refused(library_path: Path, tmp_path: Path, schema: str) -> None:
    odd = tmp_path / "odd.sqlite"
    shutil.copy(library_path, odd)
    with sqlite3.connect(odd) as conn:
        conn.execute(schema)
    with pytest.raises(LibraryError, match="not a citeproof library"):
        SQLiteLibrary(odd)


def test_the_library_as_built_passes(library_path: Path) -> None:
    assert SQLiteLibrary(library_path).snapshot().cases > 0

"""A batch's --out (issue 30 item 6, issue 29 item 9): one run at a time, one record per file,
a record cut anywhere by a crash repaired and its file checked again, and a file that is not a
batch's output never changed."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = "Brady v. Maryland, 373 U.S. 83, 87 (1963).\n"
WRONG_NAME = "Smith v. Jones, 373 U.S. 83, 87 (1963).\n"  # 373 U.S. 83 is Brady


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "citeproof", "check", *args, "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
    )


def lines_of(out: Path) -> list[dict]:
    """Every line of the output, each a whole record (json.loads fails on any other)."""
    data = out.read_bytes()
    assert data.endswith(b"\n")
    return [json.loads(line) for line in data.decode("utf-8").splitlines()]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Three briefs; the last checked (in name order) has a two-byte character in its name."""
    briefs = tmp_path / "briefs"
    briefs.mkdir()
    (briefs / "a-good.txt").write_text(GOOD)
    (briefs / "b-broken.pdf").write_bytes(b"%PDF-1.4 no PDF at all")
    (briefs / "c-wrong-é.txt").write_text(WRONG_NAME)
    return briefs


@pytest.fixture
def done(folder: Path, tmp_path: Path) -> Path:
    out = tmp_path / "out.jsonl"
    result = run(str(folder), "--out", str(out))
    assert result.returncode == 1, result.stderr
    assert [Path(r["file"]).name for r in lines_of(out)] == ["a-good.txt", "b-broken.pdf", "c-wrong-é.txt"]
    return out


def _cut_points(last: bytes) -> dict[str, int]:
    """Where to cut the last record: inside the é of its file name (between its two bytes),
    in the middle, and just before its newline."""
    inside = last.index("é".encode()) + 1
    return {
        "inside a UTF-8 character": inside,
        "in the middle": len(last) // 2,
        "before the newline": len(last) - 1,
    }


@pytest.mark.parametrize("where", ["inside a UTF-8 character", "in the middle", "before the newline"])
def test_a_cut_last_record_is_repaired_and_its_file_checked_again(folder, done, where):
    data = done.read_bytes()
    last_start = data.rindex(b"\n", 0, len(data) - 1) + 1
    done.write_bytes(data[: last_start + _cut_points(data[last_start:])[where]])
    again = run(str(folder), "--out", str(done), "--resume")
    assert again.returncode == 1, again.stderr  # the wrong name, whether found again or kept
    got = lines_of(done)
    assert sorted(Path(r["file"]).name for r in got) == ["a-good.txt", "b-broken.pdf", "c-wrong-é.txt"]
    wrong = next(r for r in got if "wrong" in r["file"])
    assert wrong["report"]["summary"]["hallucinated"] == 1
    if where != "before the newline":  # a whole record without its newline is kept as it is
        assert "cut short by an earlier run removed" in again.stderr


def test_a_record_written_after_a_cut_by_an_earlier_version_is_kept(folder, done):
    first, broken, wrong = done.read_bytes().splitlines(keepends=True)
    # what earlier versions left: a cut record, the resumed run's record on the same line,
    # and the failed file's record twice
    done.write_bytes(first + wrong[:40] + broken + broken)
    again = run(str(folder), "--out", str(done), "--resume")
    assert again.returncode == 1, again.stderr
    got = lines_of(done)
    assert sorted(Path(r["file"]).name for r in got) == ["a-good.txt", "b-broken.pdf", "c-wrong-é.txt"]


def test_a_file_that_is_not_a_batch_output_is_left_alone(folder, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes on the case\nnot JSON at all\n")
    before = notes.read_bytes()
    result = run(str(folder), "--out", str(notes), "--resume")
    assert result.returncode == 2 and "line 1 is not a batch record" in result.stderr
    assert notes.read_bytes() == before


def test_a_second_run_on_the_same_out_is_refused(folder, done):
    before = done.read_bytes()
    fd = os.open(done, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as a run in progress holds it
        for resume in ((), ("--resume",)):
            result = run(str(folder), "--out", str(done), *resume)
            assert result.returncode == 2 and "being written by another citeproof run" in result.stderr
            assert done.read_bytes() == before  # not emptied, not appended to
    finally:
        os.close(fd)
    assert run(str(folder), "--out", str(done)).returncode == 1  # free again once that run ends

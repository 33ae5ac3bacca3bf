"""The JSON Lines file a batch writes (``--out``): one run at a time, one record per file.

A run holds an exclusive lock (``flock``) on the file while it writes it: a second run on the
same ``--out`` is refused at once (`OutputError`). Without ``--resume`` the file is emptied
after the lock is taken, never before, so a second run cannot empty the first's records.
With ``--resume`` the file is read first:

- a last line cut short by a crash (anywhere, inside a UTF-8 character too) is removed, and
  its file is checked again;
- a line holding a cut record followed by a whole one (what earlier versions wrote when they
  resumed after a crash) keeps the whole one;
- a file keeps one record: its latest report, else its latest error; a failed file that is
  checked again loses its error record, which the new record replaces;
- a line that is not a batch record stops the run and leaves the file as it was: it may be
  some other file.

When a line is removed, the kept records are copied to a temporary file beside it, which is
locked, then renamed over it: a crash meanwhile leaves the old file whole.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Record = dict[str, Any]
RECORD_START = b'{"file": '  # how every record begins (json.dumps of a dict whose first key is file)
COPY_BLOCK = 1 << 20


class OutputError(Exception):
    """An output that is in use by another run, or is not a batch's JSON Lines file."""


@dataclass(frozen=True, slots=True)
class FileResult:
    """What one record says about its file: the report's counts, or why it failed."""

    file: str
    counts: Mapping[str, int] | None  # the report's ``summary``; None when the file failed
    error: str | None = None

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> FileResult:
        if "report" in record:
            return cls(str(record["file"]), dict(record["report"].get("summary", {})))
        return cls(str(record["file"]), None, str(record.get("error", "failed")))


def _is_record(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("file"), str)
        and (isinstance(value.get("report"), dict) or isinstance(value.get("error"), str))
    )


def _parse(line: bytes) -> tuple[Record | None, int]:
    """The record in ``line`` and where it starts; a cut record before a whole one is skipped."""
    later = line.rfind(RECORD_START)
    for start in (0, later) if later > 0 else (0,):
        try:
            value = json.loads(line[start:])
        except ValueError:  # bad JSON or a UTF-8 sequence cut short
            continue
        if _is_record(value):
            return value, start
    return None, 0


@dataclass(frozen=True, slots=True)
class _Line:
    record: Record
    start: int  # byte offsets of the record in the file
    end: int


@dataclass
class _Scan:
    lines: list[_Line]
    torn: int = 0  # records cut short, removed
    unterminated: bool = False  # the last record lacks its newline


def _scan(fd: int, path: Path) -> _Scan:
    scan = _Scan([])
    offset = 0
    with open(fd, "rb", closefd=False) as fh:
        fh.seek(0)
        for number, line in enumerate(fh, start=1):
            record, start = _parse(line)
            ended = line.endswith(b"\n")
            if record is not None:
                scan.lines.append(_Line(record, offset + start, offset + len(line)))
                scan.torn += start > 0
                scan.unterminated = not ended
            elif not ended:
                scan.torn += 1  # the last line, cut short
            elif line.strip():
                raise OutputError(
                    f"{path}: line {number} is not a batch record: not resuming (and not changing) "
                    "a file that may be something else"
                )
            offset += len(line)
    return scan


def _kept(lines: list[_Line], redo: set[str]) -> list[_Line]:
    """One line per file: its latest report, else its latest error unless it is redone."""
    best: dict[str, _Line] = {}
    for line in lines:
        name = str(line.record["file"])
        old = best.get(name)
        if old is None or "report" in line.record or "report" not in old.record:
            best[name] = line
    keep = {id(line) for name, line in best.items() if "report" in line.record or name not in redo}
    return [line for line in lines if id(line) in keep]


class BatchOutput:
    """A locked ``--out``: the records it already holds (``kept``), and `write` for new ones."""

    def __init__(self, fd: int, path: Path, kept: list[FileResult], notes: list[str]) -> None:
        self.fd, self.path, self.kept, self.notes = fd, path, kept, notes

    def write(self, record: Record) -> None:
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        while data:
            data = data[os.write(self.fd, data) :]

    def close(self) -> None:
        os.close(self.fd)  # releases the lock

    @property
    def done(self) -> set[str]:
        """Files whose report is already here (a resumed run skips them)."""
        return {r.file for r in self.kept if r.counts is not None}


def open_output(path: str | Path, resume: bool, redo: set[str]) -> BatchOutput:
    """``path`` locked for this run: emptied, or with ``resume`` repaired as the module's
    docstring says; ``redo`` are the files this run may check."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise OutputError(f"cannot open {path}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            if resume:
                raise OutputError(f"--resume needs a regular file; {path} is not one")
            return BatchOutput(fd, path, [], [])  # a terminal, a pipe: written, never locked
        _lock(fd, path)
        if not resume:
            os.ftruncate(fd, 0)
            return BatchOutput(fd, path, [], [])
        return _resumed(fd, path, redo)
    except BaseException:
        os.close(fd)
        raise


def _lock(fd: int, path: Path) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise OutputError(
            f"{path} is being written by another citeproof run (it holds a lock on it): "
            "wait for that run to end, or give another --out"
        ) from None


def _resumed(fd: int, path: Path, redo: set[str]) -> BatchOutput:
    scan = _scan(fd, path)
    kept = _kept(scan.lines, redo)
    notes = []
    if scan.torn:
        notes.append(
            f"{path}: {scan.torn} record(s) cut short by an earlier run removed; "
            "their files are checked again"
        )
    replaced = len(scan.lines) - len(kept)
    if replaced:
        notes.append(
            f"{path}: {replaced} earlier record(s) removed: a failed file checked again, or a file "
            "recorded twice, keeps one record"
        )
    if scan.torn or replaced or scan.unterminated:
        fd = _rewrite(fd, path, kept)
    os.lseek(fd, 0, os.SEEK_END)
    return BatchOutput(fd, path, [FileResult.of(line.record) for line in kept], notes)


def _rewrite(fd: int, path: Path, kept: list[_Line]) -> int:
    """Copy the kept lines to a locked temporary file, rename it over ``path`` (its real
    file, when ``path`` is a link), and return its descriptor in place of ``fd``."""
    real = Path(os.path.realpath(path))
    tmp_fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".tmp", dir=real.parent)
    try:
        fcntl.flock(tmp_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.fchmod(tmp_fd, stat.S_IMODE(os.fstat(fd).st_mode))
        for line in kept:
            _copy(fd, tmp_fd, line.start, line.end)
            if os.pread(fd, 1, line.end - 1) != b"\n":
                os.write(tmp_fd, b"\n")
        os.fsync(tmp_fd)
        os.replace(tmp, real)
    except BaseException:
        os.close(tmp_fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    os.close(fd)
    return tmp_fd


def _copy(src: int, dst: int, start: int, end: int) -> None:
    while start < end:
        block = os.pread(src, min(COPY_BLOCK, end - start), start)
        if not block:
            raise OutputError("the output changed while it was being repaired")
        while block:
            start += (written := os.write(dst, block))
            block = block[written:]

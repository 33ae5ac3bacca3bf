"""Read a (compressed) bulk file as text, decompressing on the other core.

A ``.bz2`` or ``.gz`` file is decompressed by a child Python process: a thread feeds it the
compressed bytes (counting them, for progress) while this process parses what comes out,
so decompression and parsing run at the same time on two cores. Plain files are read
directly. A corrupt file, one cut short or one with bytes after its compressed data, raises
`RecordError` when the stream is closed. `bounded_lines` and `guarded` keep what a line or a
CSV field may hold within bounds.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import IO, Any

from citeproof.library.records import RecordError

BLOCK = 1 << 20
MAX_LINE = 64 << 20  # characters of one line of a bulk file
MAX_FIELD = 128 << 20  # characters of one CSV field (an opinion's HTML is at most a few MB)
# The child: bzip2 stream after stream (as pbzip2 writes them), each whole, nothing after the
# last (Python's bz2 reader ignores trailing bytes, so a file spliced from two versions read
# as the shorter one); output in blocks, so a bomb never sits in memory. gzip refuses both.
_CHILD = """
import bz2, gzip, shutil, sys
BLOCK = 1 << 20
source, sink = sys.stdin.buffer, sys.stdout.buffer


def unbz2():
    d, data, streams = None, b"", 0
    while True:
        if d is None:
            data = data or source.read(BLOCK)
            if not data:
                break
            d, streams = bz2.BZ2Decompressor(), streams + 1
        elif d.needs_input:
            data = source.read(BLOCK)
            if not data:
                sys.exit("the file ends inside its compressed data (bytes are missing), or bytes that "
                         "are not bzip2 data follow it")
        try:
            sink.write(d.decompress(data, BLOCK))
        except OSError:
            sys.exit("bytes that are not bzip2 data follow its compressed data" if streams > 1
                     else "it is not bzip2 data")
        data = b""
        if d.eof:
            data, d = d.unused_data, None
    if not streams:
        sys.exit("the file is empty")


if sys.argv[1] == "bz2":
    unbz2()
else:
    with gzip.open(source) as unpacked:
        shutil.copyfileobj(unpacked, sink, BLOCK)
"""


class BulkStream:
    """The text of one bulk file; ``done`` counts the file's bytes read so far."""

    def __init__(self, path: Path) -> None:
        self.path, self.done = path, 0
        self.size = max(path.stat().st_size, 1)
        self._child: subprocess.Popen[bytes] | None = None
        self._feeder: threading.Thread | None = None
        self._feed_error: BaseException | None = None
        kind = "bz2" if path.name.endswith(".bz2") else "gz" if path.name.endswith(".gz") else ""
        raw: Any
        if kind:
            self._child = subprocess.Popen(
                [sys.executable, "-c", _CHILD, kind],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            self._feeder = threading.Thread(target=self._feed, daemon=True, name=f"feed:{path.name}")
            self._feeder.start()
            assert self._child.stdout is not None
            raw = self._child.stdout
        else:
            raw = _Counting(path.open("rb"), self)
        self.text = io.TextIOWrapper(io.BufferedReader(raw, BLOCK), encoding="utf-8", newline="")

    def _feed(self) -> None:
        assert self._child is not None and self._child.stdin is not None
        try:
            with self.path.open("rb") as source, self._child.stdin as sink:
                while block := source.read(BLOCK):
                    sink.write(block)
                    self.done += len(block)
        except (BrokenPipeError, OSError) as exc:  # the child stopped early (closed or corrupt)
            self._feed_error = exc

    @property
    def fraction(self) -> float:
        return min(self.done / self.size, 1.0)

    def close(self, check: bool = True) -> None:
        """Stop reading; with ``check``, raise `RecordError` if the file was not read whole."""
        child = self._child
        if child is None:
            self.text.close()
            return
        if not check:
            child.kill()
        self.text.close()
        if self._feeder is not None:
            self._feeder.join()
        code = child.wait()
        error = child.stderr.read().decode("utf-8", "replace").strip() if child.stderr else ""
        if child.stderr:
            child.stderr.close()
        if check and code != 0:
            last = error.splitlines()[-1] if error else f"exit status {code}"
            raise RecordError(f"{self.path.name}: cannot decompress: {last}")

    def __enter__(self) -> BulkStream:
        return self

    def __exit__(self, kind: object, *_: object) -> None:
        self.close(check=kind is None)


def bounded_lines(text: IO[str], name: str) -> Iterator[str]:
    """The lines of ``text``, none longer than `MAX_LINE` characters (a file of one endless
    line, such as a few MB of bzip2 that decompress to GBs, is refused, not held in memory)."""
    for line in iter(partial(text.readline, MAX_LINE), ""):
        if len(line) == MAX_LINE and not line.endswith("\n"):
            raise RecordError(f"{name}: a line longer than {MAX_LINE:,} characters: not a bulk CSV")
        yield line


def guarded(rows: Iterator[list[str]], name: str) -> Iterator[list[str]]:
    """``rows``, a malformed one (a field past `MAX_FIELD`, a stray NUL) as `RecordError`."""
    try:
        yield from rows
    except csv.Error as exc:
        raise RecordError(f"{name}: not a well-formed bulk CSV: {exc}") from None


class _Counting(io.RawIOBase):
    def __init__(self, raw: IO[bytes], owner: BulkStream) -> None:
        self.raw, self.owner = raw, owner

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        n = self.raw.readinto(buffer)  # type: ignore[attr-defined]
        self.owner.done += n or 0
        return n or 0

    def close(self) -> None:
        self.raw.close()
        super().close()

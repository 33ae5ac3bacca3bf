"""What a batch shows: progress on a terminal, a table of files, the files with problems.

Progress is one line on stderr, redrawn in place, only on a terminal: files done of all,
failures so far, and an ETA once `MIN_DONE_FOR_ETA` files are done (from the mean time per
file so far; none before, when it would be noise). A failure's line is printed above the
progress line, never into it. At the end: a summary of this run, what the output holds
(with ``--resume``, earlier runs' records too; the exit status reflects every one), and the
files with problems by name.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from citeproof.cli.batch_output import FileResult

MIN_DONE_FOR_ETA = 5
MAX_LISTED = 50  # problem files named at the end; the rest are counted
COUNTS = ("verified", "hallucinated", "unverifiable", "overruled")
CLEAR = "\r\x1b[K"  # to the line's start, and erase it


def eta_seconds(done: int, total: int, elapsed: float) -> float | None:
    """Seconds left at the mean pace so far; None until `MIN_DONE_FOR_ETA` files are done,
    and once all are."""
    if done < MIN_DONE_FOR_ETA or done >= total or elapsed <= 0:
        return None
    return elapsed / done * (total - done)


def duration(seconds: float) -> str:
    """``42 s``, ``3 min 5 s``, ``2 h 10 min``."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"


class Progress:
    """The progress line on ``stream`` (drawn only when ``shown``), and messages above it."""

    def __init__(
        self, total: int, stream: TextIO, shown: bool, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.total, self.stream, self.shown, self.clock = total, stream, shown, clock
        self.done = self.failed = 0
        self.started = clock()
        self._draw()

    def line(self) -> str:
        text = f"checking files  {self.done}/{self.total}"
        if self.failed:
            text += f"  {self.failed} failed"
        left = eta_seconds(self.done, self.total, self.clock() - self.started)
        return text + (f"  about {duration(left)} left" if left is not None else "")

    def _draw(self) -> None:
        if self.shown:
            self.stream.write(CLEAR + self.line())
            self.stream.flush()

    def advance(self, failed: bool) -> None:
        self.done += 1
        self.failed += failed
        self._draw()

    def message(self, text: str) -> None:
        """``text`` on a line of its own, the progress line drawn again below it."""
        self.stream.write((CLEAR if self.shown else "") + text + "\n")
        self._draw()

    def close(self) -> None:
        if self.shown:
            self.stream.write(CLEAR)
            self.stream.flush()


@dataclass
class Summary:
    """This run: files given, checked, failed, skipped (already in the output)."""

    files: int = 0
    checked: int = 0
    failed: int = 0
    skipped: int = 0
    with_hallucinated: int = 0
    citations: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, result: FileResult) -> None:
        if result.counts is None:
            self.failed += 1
            return
        self.checked += 1
        self.citations.update(result.counts)
        self.with_hallucinated += bool(result.counts.get("hallucinated"))

    def line(self) -> str:
        rate = self.checked / self.seconds if self.seconds else 0.0
        cites = ", ".join(f"{k} {v:,}" for k, v in sorted(self.citations.items()))
        return (
            f"citeproof: {self.files} files: {self.checked} checked, {self.failed} failed, "
            f"{self.skipped} skipped (already in the output); {self.with_hallucinated} with a "
            f"hallucinated citation; citations: {cites or 'none'}; {self.seconds:.1f} s, "
            f"{rate:.2f} files/s"
        )


def problem(result: FileResult, conditions: Sequence[str]) -> str | None:
    """Why a file needs a look (it failed, or a --fail-on condition holds), or None."""
    if result.counts is None:
        return f"failed: {(result.error or '').removeprefix(result.file + ': ')}"
    found = [f"{result.counts[c]} {c}" for c in conditions if result.counts.get(c)]
    return ", ".join(found) or None


def problem_lines(results: Iterable[FileResult], conditions: Sequence[str], where: str) -> list[str]:
    """The files with problems, by name (the first `MAX_LISTED`; the rest counted)."""
    found = [(r.file, why) for r in results if (why := problem(r, conditions))]
    if not found:
        return []
    lines = [f"citeproof: {len(found)} file(s) with problems:"]
    lines += [f"  {name}: {why}" for name, why in found[:MAX_LISTED]]
    if len(found) > MAX_LISTED:
        lines.append(f"  ... and {len(found) - MAX_LISTED} more (all in {where})")
    return lines


def holds_line(path: str, results: Sequence[FileResult]) -> str:
    """What the output file holds after a resumed run: every record, this run's and before."""
    failed = sum(r.counts is None for r in results)
    flagged = sum(bool(r.counts and r.counts.get("hallucinated")) for r in results)
    return (
        f"citeproof: {path} holds {len(results)} record(s): {len(results) - failed} checked "
        f"({flagged} with a hallucinated citation), {failed} failed"
    )


def table(results: Sequence[FileResult], conditions: Sequence[str]) -> str:
    """A plain table, one row per file: its citations by status, or why it failed."""
    rows: list[list[Any]] = [["file", *COUNTS, "note"]]
    for r in results:
        counts = r.counts or {}
        cells = [str(counts.get(c, 0)) for c in COUNTS] if r.counts is not None else [""] * len(COUNTS)
        note = problem(r, conditions) or ""
        rows.append([r.file, *cells, note if len(note) <= 80 else note[:79] + "…"])
    widths = [max(len(row[i]) for row in rows) for i in range(len(COUNTS) + 1)]
    lines = []
    for row in rows:
        name = row[0].ljust(widths[0])
        numbers = "  ".join(cell.rjust(widths[i + 1]) for i, cell in enumerate(row[1:-1]))
        lines.append(f"{name}  {numbers}  {row[-1]}".rstrip())
    return "\n".join(lines)


def exit_code(results: Iterable[FileResult], conditions: Sequence[str], incomplete: bool) -> int:
    """1 if a --fail-on condition holds in any record, else 2 if a file failed or a folder
    could not be read, else 0."""
    results = list(results)
    if any(r.counts and any(r.counts.get(c) for c in conditions) for r in results):
        return 1
    return 2 if incomplete or any(r.counts is None for r in results) else 0

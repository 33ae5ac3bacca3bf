"""How much one check may read and do: every limit with its default, its environment
variable, and the one-line error raised when input goes past it (docs/limits.md)."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields

MiB = 1024 * 1024


class LimitExceeded(Exception):
    """The input goes past one of the limits; the message is one line naming the limit
    and how to raise it."""


@dataclass(frozen=True, slots=True)
class Limits:
    """What one check accepts. ``0`` turns a limit off (not advised for a server)."""

    max_file_bytes: int = 25 * MiB  # a file as stored (compressed, for DOCX)
    max_docx_bytes: int = 100 * MiB  # a DOCX's parts once inflated, all together
    max_docx_ratio: int = 100  # ... and at most this many times the file's size (past 10 MiB)
    max_pdf_pages: int = 2_000
    max_chars: int = 5_000_000  # characters of text in one document
    max_citations: int = 10_000  # citations found in one document
    deadline_seconds: float = 600.0  # wall clock for one check, extraction to verdicts

    @classmethod
    def from_env(
        cls, overrides: Mapping[str, float | None] | None = None, environ: Mapping[str, str] | None = None
    ) -> Limits:
        """The defaults, then ``CITEPROOF_MAX_...`` / ``CITEPROOF_DEADLINE`` from the
        environment, then the ``overrides`` that are not None (command-line options)."""
        environ = os.environ if environ is None else environ
        overrides = overrides or {}
        values: dict[str, float] = {}
        for f in fields(cls):
            name = ENV_NAMES[f.name]
            raw = environ.get(name)
            if raw not in (None, ""):
                values[f.name] = _parse(name, raw, float if f.name == "deadline_seconds" else int)
            override = overrides.get(f.name)
            if override is not None:
                values[f.name] = override
        return cls(**values)  # type: ignore[arg-type]

    def check(self, name: str, value: float, what: str) -> None:
        """Raise `LimitExceeded` when ``value`` is over the limit ``name`` (a field)."""
        limit = getattr(self, name)
        if limit and value > limit:
            raise LimitExceeded(
                f"{what}: {value:,} is over the limit of {limit:,} "
                f"({OPTION_NAMES[name]} or ${ENV_NAMES[name]} to change it)"
            )

    def deadline(self) -> Deadline:
        """This check's wall clock, running from now (0: none)."""
        return Deadline(self.deadline_seconds or math.inf).start()


ENV_NAMES = {
    "max_file_bytes": "CITEPROOF_MAX_FILE_BYTES",
    "max_docx_bytes": "CITEPROOF_MAX_DOCX_BYTES",
    "max_docx_ratio": "CITEPROOF_MAX_DOCX_RATIO",
    "max_pdf_pages": "CITEPROOF_MAX_PDF_PAGES",
    "max_chars": "CITEPROOF_MAX_CHARS",
    "max_citations": "CITEPROOF_MAX_CITATIONS",
    "deadline_seconds": "CITEPROOF_DEADLINE",
}
OPTION_NAMES = {name: "--" + name.replace("_seconds", "").replace("_", "-") for name in ENV_NAMES}


def _parse(name: str, raw: str, kind: type[int] | type[float]) -> float:
    try:
        value = kind(raw)
    except ValueError:
        value = -1
    if value < 0:
        raise ValueError(f"${name}={raw!r} is not a number of 0 or more")
    return value


class Deadline:
    """A budget of seconds on a clock (``now``; monotonic unless a test gives its own).

    It starts when `start` is called, else at the first `remaining` or `check` after
    creation or `restart`; `remaining` then counts down. ``math.inf`` is no deadline. One
    class serves a check's wall clock (`Limits.deadline`, started at once; `check` raises)
    and the remote work of one check (an HTTP client restarts it for each check, and its
    retry policy asks `remaining` before each wait).
    """

    def __init__(self, seconds: float = math.inf, now: Callable[[], float] = time.monotonic) -> None:
        self.seconds, self._now = seconds, now
        self._ends: float | None = None

    def start(self) -> Deadline:
        self._ends = self._now() + self.seconds
        return self

    def restart(self) -> None:
        """Start again at the next `remaining` or `check`."""
        self._ends = None

    def remaining(self) -> float:
        if self._ends is None:
            self._ends = self._now() + self.seconds
        return self._ends - self._now()

    def check(self, stage: str) -> None:
        """Raise `LimitExceeded` (naming ``stage``) once the budget is spent."""
        if self.remaining() < 0:
            raise LimitExceeded(
                f"the check took longer than its {self.seconds:g}-second deadline ({stage}; "
                f"{OPTION_NAMES['deadline_seconds']} or ${ENV_NAMES['deadline_seconds']} to change it)"
            )


class Budget:
    """One check's limits as it runs: its deadline and its citation cap, polled inside every
    stage (between paragraphs and citations in extraction and attribution, between citations
    after), so that no stage runs on past them. ``name`` names the document in the errors."""

    def __init__(self, limits: Limits, name: str, deadline: Deadline | None = None) -> None:
        self.limits, self.name = limits, name
        self.deadline = deadline or limits.deadline()

    def tick(self, stage: str) -> None:
        """Raise `LimitExceeded` (naming ``stage``) once the deadline has passed."""
        self.deadline.check(stage)

    def found(self, citations: int) -> None:
        """Raise `LimitExceeded` as soon as more citations are found than the cap allows."""
        self.limits.check("max_citations", citations, f"{self.name}: citations found")


def unbounded() -> Budget:
    """No deadline and no citation cap (extraction called outside a check)."""
    return Budget(Limits(max_citations=0, deadline_seconds=0), "the document")

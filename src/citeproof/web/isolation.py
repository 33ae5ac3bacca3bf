"""Heavy checks in a child process of their own, so that one client's long check cannot
starve the rest.

A check holds the interpreter's lock for all its work: run on a thread of the server, three
99 KB documents dense with citations made every other client wait (503 for 60-80 s). A heavy
check (`is_heavy`: long, or dense with citations) runs instead in a child process forked from
a warmed-up fork server: the server's threads and its event loop keep the processor they
share with it, the child is killed the moment its deadline passes or its client goes away (a
20 s job ends at 20 s, whatever stage it is in), and the memory it used goes back to the
system when it ends. The child opens the library file itself; a library that is not a local
file alone (one that asks CourtListener), or a system without a fork server (Windows), is
checked on a thread, as before, with the deadline polled inside every stage.
"""

from __future__ import annotations

import multiprocessing
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.models import Document
from citeproof.core.pipeline import Report, check_document
from citeproof.core.protocols import Library
from citeproof.web.evidence import report_details
from citeproof.web.pool import Task

Details = dict[str, dict[str, Any]]
Progress = Callable[[int, int], None]
# a volume, a reporter of a few words, a page: what a citation looks like, counted cheaply
_CITATION_SHAPE = re.compile(r"\b\d{1,4}\s+[A-Z][\w.' ]{0,24}?\s\d{1,5}\b|\b(?:id|supra)\b\.?|§")
_POLL_SECONDS = 0.05
_PROGRESS_EVERY = 0.25  # seconds between two progress messages from a child


def probable_citations(text: str) -> int:
    """How many citations ``text`` seems to hold, by their shape (linear time)."""
    return sum(1 for _ in _CITATION_SHAPE.finditer(text))


def is_heavy(text: str, max_chars: int, max_citations: int) -> bool:
    """A check that takes long: more than ``max_chars`` characters, or more than
    ``max_citations`` citations by their shape (a short text packed with them)."""
    return len(text) > max_chars or probable_citations(text) > max_citations


@dataclass(frozen=True)
class CheckRunner:
    """Runs one check of the server: a heavy one in a child process when ``library_path``
    (the library's file) is known, anything else on the calling thread."""

    library: Library
    library_path: Path | None

    @classmethod
    def for_library(cls, library: Library, isolate: bool = True) -> CheckRunner:
        origin = library.origin()
        forks = "forkserver" in multiprocessing.get_all_start_methods()  # not on Windows
        local = origin.path if isolate and forks and origin.host is None else None
        return cls(library, local)

    def run(
        self,
        document: Document,
        task: Task,
        limits: Limits,
        *,
        heavy: bool,
        details: bool,
        progress: Progress | None = None,
    ) -> tuple[Report, Details | None]:
        """The report (and its evidence details when asked); `Cancelled` once the task is
        cancelled or past its deadline, `LimitExceeded` past a limit of ``limits``."""
        if heavy and self.library_path is not None:
            return check_in_child(document, self.library_path, limits, task, details, progress)
        report = check_document(document, self.library, progress or task.check, limits=limits)
        task.check()
        return report, report_details(report.verdicts, self.library) if details else None


def check_in_child(
    document: Document,
    library_path: Path,
    limits: Limits,
    task: Task,
    details: bool,
    progress: Progress | None = None,
) -> tuple[Report, Details | None]:
    """`CheckRunner.run` in a child process, killed when the task is cancelled or late."""
    context = _context()
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(
        target=_child_check, args=(sending, document, str(library_path), limits, details), daemon=True
    )
    child.start()
    sending.close()
    try:
        while True:
            task.check()  # raises Cancelled; the child is killed below
            if receiving.poll(_POLL_SECONDS):
                message = receiving.recv()
                if message[0] == "progress":
                    if progress is not None:
                        progress(message[1], message[2])
                    continue
                return _answer(message)
            if not child.is_alive() and not receiving.poll(0):
                raise _died(child)
    except EOFError:
        raise _died(child) from None
    finally:
        if child.is_alive():
            child.kill()
        child.join(timeout=5)
        receiving.close()


def _died(child: Any) -> RuntimeError:
    return RuntimeError(f"the check's process ended without an answer (exit code {child.exitcode})")


def _answer(message: tuple[Any, ...]) -> tuple[Report, Details | None]:
    kind = message[0]
    if kind == "done":
        return message[1], message[2]
    if kind == "limit":
        raise LimitExceeded(message[1])
    raise RuntimeError(f"the check failed in its process: {message[1]}")


def _child_check(
    sending: Connection, document: Document, library_path: str, limits: Limits, details: bool
) -> None:
    """In the child: open the library, check, send the answer (or the error) back."""
    from citeproof.library.sqlite import SQLiteLibrary

    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= _PROGRESS_EVERY or done == total:
            last[0] = now
            sending.send(("progress", done, total))

    try:
        library = SQLiteLibrary(Path(library_path))
        report = check_document(document, library, progress, limits=limits)
        evidence = report_details(report.verdicts, library) if details else None
        sending.send(("done", report, evidence))
    except LimitExceeded as exc:
        sending.send(("limit", str(exc)))
    except Exception as exc:  # sent to the server, which logs it
        sending.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        sending.close()


_FORK_SERVER: list[Any] = []


def _context() -> Any:
    """The fork server's context, started once with the check's modules imported and warmed
    (`citeproof.web.warm`), so that a child begins checking at once."""
    if not _FORK_SERVER:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["citeproof.web.warm"])
        _FORK_SERVER.append(context)
    return _FORK_SERVER[0]

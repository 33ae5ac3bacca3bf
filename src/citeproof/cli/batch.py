"""Checking many files: a folder, a list or a glob, on a process pool or a Ray cluster.

Each file gives one record, ``{"file": PATH, "report": {...}}`` (the JSON contract) or
``{"file": PATH, "error": "..."}`` for a file that could not be checked, or whose worker
died; the rest go on. Workers open the read-only library once, from the path they are
given, and check one file per task. The output file is `batch_output`'s, what is shown
`batch_view`'s, and the command that ties them `batch_run`'s.
"""

from __future__ import annotations

import glob
import os
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citeproof.core.limits import Limits
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import ReadError, read_document
from citeproof.library.sqlite import SQLiteLibrary

SUFFIXES = {".pdf", ".docx", ".html", ".htm", ".md", ".markdown", ".txt", ".text"}
Record = dict[str, Any]
IN_FLIGHT_PER_WORKER = 4  # tasks queued ahead per worker: enough to keep it busy, few in memory


@dataclass(frozen=True, slots=True)
class Skipped:
    """A folder, or a link to one, under an input folder whose files were not checked."""

    path: str
    why: str
    unread: bool  # True: it could not be read (the batch is incomplete); False: a link not followed


@dataclass(frozen=True, slots=True)
class Found:
    files: tuple[str, ...]
    skipped: tuple[Skipped, ...] = ()


def expand(inputs: Sequence[str]) -> Found:
    """Files named, found under a folder (documents only, sorted) or matched by a glob, and
    what under a folder was not looked into: a folder that cannot be read, a link to a
    folder (not followed: it could lead outside or in a loop; name its target to check it).
    A link to a file is checked; a broken one, like a missing file, gets its own record."""
    found: list[str] = []
    skipped: list[Skipped] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            found.extend(_documents_under(path, skipped))
        elif not path.exists() and any(ch in item for ch in "*?["):
            found.extend(sorted(f for f in glob.glob(item, recursive=True) if Path(f).is_file()))
        else:
            found.append(item)  # a missing file is reported by its own record
    return Found(tuple(dict.fromkeys(found)), tuple(skipped))


def _documents_under(folder: Path, skipped: list[Skipped]) -> list[str]:
    def unreadable(error: OSError) -> None:
        skipped.append(Skipped(str(error.filename), f"cannot be read ({error.strerror})", True))

    files: list[str] = []
    for top, folders, names in os.walk(folder, onerror=unreadable):
        for name in folders:
            if Path(top, name).is_symlink():
                skipped.append(Skipped(str(Path(top, name)), "a link to a folder, not followed", False))
        for name in names:
            entry = Path(top, name)
            if entry.suffix.lower() not in SUFFIXES:
                continue
            if entry.is_file() or not entry.exists():  # a broken link gets a record saying so
                files.append(str(entry))
            else:  # a FIFO, a socket or a device: reading it could wait forever
                skipped.append(Skipped(str(entry), "not a regular file", True))
    return sorted(files)


def check_file(path: str, library: Library, limits: Limits | None = None) -> Record:
    """One file's record; never raises for a bad file."""
    try:
        report = check_document(read_document(path, limits=limits), library, limits=limits)
    except ReadError as exc:
        return {"file": path, "error": str(exc)}
    except Exception as exc:  # one broken file must not stop a batch of thousands
        return {"file": path, "error": f"{path}: {type(exc).__name__}: {exc}"}
    return {"file": path, "report": report.to_json()}


_opened: dict[str, SQLiteLibrary] = {}


def _library_at(path: str) -> SQLiteLibrary:
    """The worker's library, opened once per process."""
    if path not in _opened:
        _opened[path] = SQLiteLibrary(path)
    return _opened[path]


def check_file_at(path: str, library_path: str, limits: Limits | None = None) -> Record:
    """A worker's task: the file checked against the library at ``library_path``."""
    return check_file(path, _library_at(library_path), limits)


Task = Callable[[str, str, "Limits | None"], Record]
DIED = "the worker process checking it died (killed, crashed or out of memory); the other files were checked"


def on_pool(
    files: Sequence[str],
    library_path: str,
    jobs: int,
    limits: Limits | None = None,
    task: Task = check_file_at,
    notice: Callable[[str], None] | None = None,
) -> Iterator[Record]:
    """Records as they finish, from ``jobs`` worker processes. A worker that dies (a crash,
    the OOM killer, a signal) breaks the pool: the files it had in flight are checked again
    one at a time, each in a fresh worker, so only the file that kills its worker again
    fails (its record says so) and the batch goes on with a new pool."""
    pending = deque(files)
    while pending:
        lost: list[str] = []
        yield from _pool_records(pending, library_path, jobs, limits, task, lost)
        if lost:
            if notice:
                notice(
                    f"a worker process died; checking its {len(lost)} file(s) in flight again, one at a time"
                )
            for path in lost:
                yield _alone(path, library_path, limits, task)


def _pool_records(
    pending: deque[str], library_path: str, jobs: int, limits: Limits | None, task: Task, lost: list[str]
) -> Iterator[Record]:
    """Records from one pool until ``pending`` is empty or a worker dies (then ``lost``
    holds the files that were in flight)."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: dict[Future[Record], str] = {}
        while pending or running:
            while pending and len(running) < jobs * IN_FLIGHT_PER_WORKER:
                path = pending.popleft()
                try:
                    running[pool.submit(task, path, library_path, limits)] = path
                except BrokenProcessPool:
                    pending.appendleft(path)
                    break
            if not running:  # broken before anything ran
                return
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in [f for f in running if f in done]:  # in the order the files were given
                path = running.pop(future)
                try:
                    yield future.result()
                except BrokenProcessPool:
                    lost.append(path)
                except Exception as exc:  # the task itself failed: this file only
                    yield {"file": path, "error": f"{path}: {type(exc).__name__}: {exc}"}
            if lost:
                lost.extend(running.values())
                return


def _alone(path: str, library_path: str, limits: Limits | None, task: Task) -> Record:
    """``path`` checked in a worker of its own: its record, or one saying the worker died."""
    with ProcessPoolExecutor(max_workers=1) as pool:
        try:
            return pool.submit(task, path, library_path, limits).result()
        except BrokenProcessPool:
            return {"file": path, "error": f"{path}: {DIED}"}
        except Exception as exc:
            return {"file": path, "error": f"{path}: {type(exc).__name__}: {exc}"}


def on_ray(
    files: Sequence[str], library_path: str, address: str, limits: Limits | None = None
) -> Iterator[Record]:
    """Records as they finish, each file a Ray task; connects to ``address`` unless this
    process is already attached to a Ray instance. Workers read the files and the library
    from the same paths (shared storage on a cluster). A task that fails for good (its
    worker died past Ray's retries) fails its file only."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    task: Any = ray.remote(check_file_at)
    library_ref = ray.put(library_path)  # given once, opened once per worker
    todo = iter(files)
    running: dict[Any, str] = {}
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    slots = max(1, int(cpus)) * IN_FLIGHT_PER_WORKER
    while True:
        for path in todo:
            running[task.remote(path, library_ref, limits)] = path
            if len(running) >= slots:
                break
        if not running:
            return
        done, _ = ray.wait(list(running), num_returns=1)
        for ref in done:
            path = running.pop(ref)
            try:
                yield ray.get(ref)
            except Exception as exc:  # ray.exceptions.RayError: a worker crash, a lost node
                yield {"file": path, "error": f"{path}: the Ray task failed: {type(exc).__name__}: {exc}"}

"""Checking many files: a folder, a list or a glob, on a process pool or a Ray cluster.

Each file gives one JSON Lines record, ``{"file": PATH, "report": {...}}`` (the JSON
contract) or ``{"file": PATH, "error": "..."}`` for a file that could not be checked;
the rest go on. ``resume`` skips files whose report is already in the output. Workers
open the read-only library once, from the path they are given, and check one file per
task; records are written as they arrive, with progress and a summary on stderr.
"""

from __future__ import annotations

import glob
import json
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from citeproof.core.limits import Limits
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import ReadError, read_document
from citeproof.library.sqlite import SQLiteLibrary

SUFFIXES = {".pdf", ".docx", ".html", ".htm", ".md", ".markdown", ".txt", ".text"}
Record = dict[str, Any]
IN_FLIGHT_PER_WORKER = 4  # tasks queued ahead per worker: enough to keep it busy, few in memory


def expand(inputs: Sequence[str]) -> list[str]:
    """Files named, found under a folder (documents only, sorted) or matched by a glob."""
    found: list[str] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            found.extend(
                sorted(str(f) for f in path.rglob("*") if f.is_file() and f.suffix.lower() in SUFFIXES)
            )
        elif not path.exists() and any(ch in item for ch in "*?["):
            found.extend(sorted(f for f in glob.glob(item, recursive=True) if Path(f).is_file()))
        else:
            found.append(item)  # a missing file is reported by its own record
    return list(dict.fromkeys(found))


def checked_files(output: Path) -> set[str]:
    """Files whose report is already in ``output`` (a line cut short by a crash is ignored)."""
    done: set[str] = set()
    if not output.exists():
        return done
    with output.open(encoding="utf-8") as fh:
        for line in fh:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and "report" in record:
                done.add(str(record.get("file")))
    return done


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


def on_pool(
    files: Sequence[str], library_path: str, jobs: int, limits: Limits | None = None
) -> Iterator[Record]:
    """Records as they finish, from ``jobs`` worker processes (in this process when 1)."""
    if jobs <= 1:
        for path in files:
            yield check_file_at(path, library_path, limits)
        return
    todo = iter(files)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: set[Future[Record]] = set()
        while True:
            for path in todo:
                running.add(pool.submit(check_file_at, path, library_path, limits))
                if len(running) >= jobs * IN_FLIGHT_PER_WORKER:
                    break
            if not running:
                return
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def on_ray(
    files: Sequence[str], library_path: str, address: str, limits: Limits | None = None
) -> Iterator[Record]:
    """Records as they finish, each file a Ray task; connects to ``address`` unless this
    process is already attached to a Ray instance. Workers read the files and the library
    from the same paths (shared storage on a cluster)."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    task: Any = ray.remote(check_file_at)
    library_ref = ray.put(library_path)  # given once, opened once per worker
    todo = iter(files)
    running: list[Any] = []
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    slots = max(1, int(cpus)) * IN_FLIGHT_PER_WORKER
    while True:
        for path in todo:
            running.append(task.remote(path, library_ref, limits))
            if len(running) >= slots:
                break
        if not running:
            return
        done, running = ray.wait(running, num_returns=1)
        for ref in done:
            yield ray.get(ref)


@dataclass
class Summary:
    files: int = 0
    checked: int = 0
    failed: int = 0
    skipped: int = 0
    with_hallucinated: int = 0
    citations: Counter[str] = field(default_factory=Counter)
    files_with: Counter[str] = field(default_factory=Counter)  # files with any of each summary count
    seconds: float = 0.0

    def add(self, record: Record) -> None:
        if "report" not in record:
            self.failed += 1
            return
        self.checked += 1
        counts = record["report"]["summary"]
        self.citations.update(counts)
        self.files_with.update(k for k, v in counts.items() if v)
        self.with_hallucinated += bool(counts.get("hallucinated"))

    def line(self) -> str:
        rate = self.checked / self.seconds if self.seconds else 0.0
        cites = ", ".join(f"{k} {v:,}" for k, v in sorted(self.citations.items()))
        return (
            f"citeproof: {self.files} files: {self.checked} checked, {self.failed} failed, "
            f"{self.skipped} skipped (already in the output); {self.with_hallucinated} with a "
            f"hallucinated citation; citations: {cites or 'none'}; {self.seconds:.1f} s, "
            f"{rate:.2f} files/s"
        )


def run(
    records: Callable[[Sequence[str]], Iterable[Record]],
    files: Sequence[str],
    out: IO[str],
    skip: set[str],
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Write one record per file not in ``skip`` to ``out`` as each arrives."""
    summary = Summary(files=len(files))
    todo = [f for f in files if f not in skip]
    summary.skipped = len(files) - len(todo)
    started = time.perf_counter()
    for record in records(todo):
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        out.flush()
        summary.add(record)
        if "error" in record:
            print(f"citeproof: {record['error']}", file=sys.stderr)
        if progress:
            progress(1)
    summary.seconds = time.perf_counter() - started
    return summary

"""Background checks with progress, for the page: submit, poll, fetch the result.

Jobs run on the server's `WorkerPool` (a full queue refuses a new job with `Busy`), each
within ``deadline`` seconds of work. Finished jobs are kept for ``ttl`` seconds, at most
``keep`` of them and at most ``keep_chars`` characters of documents in all; older ones
are dropped (their memory with them) and answer 404.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.models import Document
from citeproof.core.output.remedies import next_steps, web_remedy
from citeproof.core.pipeline import Report
from citeproof.web.isolation import CheckRunner
from citeproof.web.pool import Cancelled, Task, WorkerPool

log = logging.getLogger("citeproof.web")


@dataclass
class Job:
    """One check; fields are written by the worker thread and read by request handlers."""

    id: str
    status: str = "queued"  # queued → extracting → checking → done | failed
    done: int = 0
    total: int | None = None
    report: Report | None = None
    report_json: dict[str, Any] | None = None
    details: dict[str, dict[str, Any]] | None = None
    error: str | None = None
    finished_at: float | None = None
    created_at: float = field(default_factory=time.monotonic)

    def as_json(self, with_result: bool = True) -> dict[str, Any]:
        base = f"/api/v1/jobs/{self.id}"
        out: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "progress": {"done": self.done, "total": self.total},
            "links": {
                "self": base,
                "json": f"{base}/report.json",
                "html": f"{base}/report.html",
                "manifest": f"{base}/manifest.json",
            },
        }
        if self.error:
            out["error"] = self.error
        if with_result and self.status == "done":
            out["report"], out["details"] = self.report_json, self.details
            out["text"] = self.report.document.text if self.report else None
            out["notes"] = _notes(self.report) if self.report else []
            out["steps"] = _web_steps(self.report) if self.report else []
        return out


def _notes(report: Report) -> list[dict[str, Any]]:
    """The footnotes and endnotes in the text: where each begins and ends, and its label."""
    return [
        {"start": r.span.start, "end": r.span.end, "label": r.label}
        for r in report.document.regions
        if r.kind in ("footnote", "endnote")
    ]


def _web_steps(report: Report) -> list[dict[str, Any]]:
    """The report's next steps worded for the page (no command-line text)."""
    return [
        {"group": step.group, "remedy": web_remedy(step.group, len(step.citations))}
        for step in next_steps(report.verdicts)
    ]


class JobStore:
    """Runs checks on ``pool``; keeps finished jobs within ``keep``, ``keep_chars`` and ``ttl``."""

    def __init__(
        self,
        runner: CheckRunner,
        pool: WorkerPool,
        keep: int = 32,
        keep_chars: int = 32_000_000,
        ttl: float = 900.0,
        deadline: float = 300.0,
        heavy: Callable[[Document], bool] = lambda document: len(document.text) > 100_000,
    ) -> None:
        self.runner, self.pool = runner, pool
        self.keep, self.keep_chars, self.ttl, self.deadline = keep, keep_chars, ttl, deadline
        self.heavy = heavy
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._chars: dict[str, int] = {}
        self._lock = threading.Lock()

    def submit(self, document: Document, client: str | None = None) -> Job:
        """Queue a check of ``document`` for ``client``; `Busy` when the pool's queue is full
        or the client has its share."""
        job = Job(secrets.token_hex(12))
        heavy = self.heavy(document)
        with self._lock:
            self._evict()
            self._jobs[job.id] = job
            self._chars[job.id] = len(document.text)
        try:
            run = lambda task: self._run(task, job, document, heavy)  # noqa: E731
            self.pool.submit(run, heavy=heavy, deadline=self.deadline, client=client)
        except Exception:
            with self._lock:
                del self._jobs[job.id], self._chars[job.id]
            raise
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            self._evict()
            return self._jobs.get(job_id)

    def __len__(self) -> int:
        with self._lock:
            return len(self._jobs)

    def _evict(self) -> None:
        """Drop expired finished jobs, then the oldest finished ones while over a bound."""
        now = time.monotonic()
        finished = [i for i, job in self._jobs.items() if job.finished_at is not None]
        for job_id in finished:
            job = self._jobs[job_id]
            over = len(self._jobs) >= self.keep or sum(self._chars.values()) > self.keep_chars
            if over or now - (job.finished_at or now) > self.ttl:
                del self._jobs[job_id]
                del self._chars[job_id]
                self.pool.mark_freed()

    def _run(self, task: Task, job: Job, document: Document, heavy: bool) -> None:
        def progress(done: int, total: int) -> None:
            task.check()
            job.done, job.total, job.status = done, total, "checking"

        job.status = "extracting"
        bounds = replace(Limits.from_env(), deadline_seconds=self.deadline)
        try:
            run = self.runner.run
            report, details = run(document, task, bounds, heavy=heavy, details=True, progress=progress)
            job.total = len(report.verdicts)
            job.done = job.total
            job.report, job.report_json = report, report.to_json()
            job.details = details
            job.status = "done"
        except Cancelled as exc:
            job.error, job.status = f"the check was stopped: {exc} (limit {self.deadline:.0f} s)", "failed"
        except LimitExceeded as exc:
            late = f"the check was stopped: deadline passed (limit {self.deadline:.0f} s)"
            job.error, job.status = late if task.expired() else str(exc), "failed"
        except Exception:  # a fault in one check must not kill the worker
            log.exception("check %s failed", job.id)
            job.error, job.status = "internal error while checking; see the server log", "failed"
        finally:
            job.finished_at = time.monotonic()
            with self._lock:
                if job.id in self._chars and job.status != "done":
                    self._chars[job.id] = 0

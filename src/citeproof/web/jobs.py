"""Background checks with progress, for the page: submit, poll, fetch the result."""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from citeproof.core.models import Document
from citeproof.core.pipeline import Report, check_document
from citeproof.core.protocols import Library
from citeproof.web.evidence import report_details

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
        return out


class JobStore:
    """Runs checks on a small thread pool; keeps the last ``keep`` jobs for ``ttl`` seconds."""

    def __init__(self, library: Library, workers: int = 2, keep: int = 64, ttl: float = 3600.0) -> None:
        self.library, self.keep, self.ttl = library, keep, ttl
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="citeproof-job")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def submit(self, document: Document) -> Job:
        job = Job(secrets.token_hex(12))
        with self._lock:
            self._evict()
            self._jobs[job.id] = job
        self._pool.submit(self._run, job, document)
        return job

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _evict(self) -> None:
        now = time.monotonic()
        for job_id, job in list(self._jobs.items()):
            expired = job.finished_at is not None and now - job.finished_at > self.ttl
            if expired or len(self._jobs) >= self.keep and job.finished_at is not None:
                del self._jobs[job_id]

    def _run(self, job: Job, document: Document) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total, job.status = done, total, "checking"

        job.status = "extracting"
        try:
            report = check_document(document, self.library, progress)
            job.total = len(report.verdicts)
            job.done = job.total
            job.report, job.report_json = report, report.to_json()
            job.details = report_details(report.verdicts, self.library)
            job.status = "done"
        except Exception:  # a fault in one check must not kill the worker
            log.exception("check %s failed", job.id)
            job.error, job.status = "internal error while checking; see the server log", "failed"
        finally:
            job.finished_at = time.monotonic()

"""The FastAPI application: the page, its static assets and the REST API."""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

import jinja2
from fastapi import FastAPI
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from citeproof.core.models import Document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import MAX_BYTES
from citeproof.core.version import __version__
from citeproof.web.api import router
from citeproof.web.errors import install_error_handlers
from citeproof.web.isolation import CheckRunner, is_heavy
from citeproof.web.jobs import JobStore
from citeproof.web.pool import WorkerPool
from citeproof.web.uploads import ALLOWED_SUFFIXES, MULTIPART_OVERHEAD, BodyLimit

_PAGES = jinja2.Environment(loader=jinja2.PackageLoader("citeproof", "web/templates"), autoescape=True)

log = logging.getLogger("citeproof.web")


@dataclass(frozen=True)
class ServerLimits:
    """What keeps the server up under load (docs/limits.md); every field is configurable."""

    workers: int = 2  # threads running checks
    queue: int = 16  # checks and jobs waiting for a worker; past it: 503 with Retry-After
    request_deadline: float = 60.0  # a synchronous check, queueing included; past it: 503
    read_deadline: float = 30.0  # receiving and reading a request body; past it: 408
    job_deadline: float = 300.0  # a background job's work; past it the job fails
    job_ttl: float = 900.0  # a finished job is kept this long, ...
    jobs_kept: int = 32  # ... at most this many, ...
    job_chars_kept: int = 32_000_000  # ... holding at most this many document characters
    heavy_chars: int = 100_000  # a longer document is heavy: it never takes the last free worker, ...
    heavy_citations: int = 200  # ... nor one with more citations (by their shape) than this
    isolate_heavy: bool = True  # a heavy check runs in a child process (a local library file only)
    per_client: int = 8  # checks and jobs one client address may have waiting or running, ...
    heavy_per_client: int = 1  # ... of them heavy
    header_timeout: float = 10.0  # a request's line and headers must arrive within it; past it: 408
    drain_seconds: float = 5.0  # on shutdown, how long running checks get to stop


@dataclass
class WebState:
    library: Library
    upload_root: Path
    max_bytes: int
    jobs: JobStore
    pool: WorkerPool
    limits: ServerLimits
    runner: CheckRunner

    def heavy(self, document: Document) -> bool:
        return is_heavy(document.text, self.limits.heavy_chars, self.limits.heavy_citations)


def static_dir() -> Path:
    return Path(str(resources.files("citeproof") / "web" / "static"))


def create_app(
    library: Library | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    upload_root: Path | None = None,
    workers: int | None = None,
    limits: ServerLimits | None = None,
) -> FastAPI:
    """The web app over ``library`` (default: the bundled one).

    Uploads go to fresh directories under ``upload_root`` (default: a private temp dir
    removed at shutdown) and are deleted as soon as they are read. Checks run on a pool
    of ``limits.workers`` threads (``workers`` overrides it) behind a bounded queue, a
    heavy one in a child process (`isolation.py`).
    """
    if library is None:
        from citeproof.library.registry import open_library

        library = open_library()
    own_root = upload_root is None
    root = Path(tempfile.mkdtemp(prefix="citeproof-uploads-")) if upload_root is None else Path(upload_root)
    limits = limits or ServerLimits()
    if workers is not None:
        limits = replace(limits, workers=workers)
    pool = WorkerPool(limits.workers, limits.queue, limits.per_client, limits.heavy_per_client)
    runner = CheckRunner.for_library(library, limits.isolate_heavy)
    jobs = JobStore(
        runner,
        pool,
        keep=limits.jobs_kept,
        keep_chars=limits.job_chars_kept,
        ttl=limits.job_ttl,
        deadline=limits.job_deadline,
        heavy=lambda document: is_heavy(document.text, limits.heavy_chars, limits.heavy_citations),
    )
    state = WebState(library, root, max_bytes, jobs, pool, limits, runner)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        running, waiting = state.pool.shutdown(limits.drain_seconds)
        log.warning("citeproof: stopped; %d running and %d waiting checks cancelled", running, waiting)
        if own_root:
            shutil.rmtree(root, ignore_errors=True)

    # Swagger UI (/docs) and ReDoc (/redoc) with their assets served from the fastapi-offline
    # package, never a CDN; the schema is at /openapi.json.
    app = FastAPIOffline(
        title="citeproof",
        version=__version__,
        lifespan=lifespan,
        docs_url="/docs",
        redoc_url="/redoc",
        static_url="/static-docs",
        swagger_ui_parameters={"validatorUrl": None},  # no call to an online validator
        description="Check legal citations against real case law: verified, "
        "hallucinated (with the kind of error and evidence) or unverifiable (why).",
    )
    app.state.citeproof = state
    install_error_handlers(app)
    app.add_middleware(BodyLimit, max_body=max_bytes + MULTIPART_OVERHEAD)
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=static_dir()), name="static")

    page = (
        _PAGES.get_template("index.html")
        .render(
            version=__version__,
            max_mb=f"{max_bytes / 1024 / 1024:g}",
            accept=",".join(sorted(s for s in ALLOWED_SUFFIXES if s)),
        )
        .encode()
    )

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        """The page, rendered once and served from memory on the event loop: no worker thread,
        however busy they are."""
        return Response(page, media_type="text/html; charset=utf-8")

    return app

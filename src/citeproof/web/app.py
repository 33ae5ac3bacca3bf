"""The FastAPI application: the page, its static assets and the REST API."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from citeproof.core.protocols import Library
from citeproof.core.read import MAX_BYTES
from citeproof.core.version import __version__
from citeproof.web.api import router
from citeproof.web.jobs import JobStore
from citeproof.web.uploads import MULTIPART_OVERHEAD, BodyLimit


@dataclass
class WebState:
    library: Library
    upload_root: Path
    max_bytes: int
    jobs: JobStore


def static_dir() -> Path:
    return Path(str(resources.files("citeproof") / "web" / "static"))


def create_app(
    library: Library | None = None,
    *,
    max_bytes: int = MAX_BYTES,
    upload_root: Path | None = None,
    workers: int = 2,
) -> FastAPI:
    """The web app over ``library`` (default: the bundled one).

    Uploads go to fresh directories under ``upload_root`` (default: a private temp dir
    removed at shutdown) and are deleted as soon as they are read.
    """
    if library is None:
        from citeproof.library.default import default_library

        library = default_library()
    own_root = upload_root is None
    root = Path(tempfile.mkdtemp(prefix="citeproof-uploads-")) if upload_root is None else Path(upload_root)
    state = WebState(library, root, max_bytes, JobStore(library, workers=workers))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        state.jobs.shutdown()
        if own_root:
            shutil.rmtree(root, ignore_errors=True)

    # Swagger UI and ReDoc load their assets from a CDN: off; the schema is at /openapi.json.
    app = FastAPI(
        title="citeproof",
        version=__version__,
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        description="Check legal citations against real case law: verified, "
        "hallucinated (with the kind of error and evidence) or unverifiable (why).",
    )
    app.state.citeproof = state
    app.add_middleware(BodyLimit, max_body=max_bytes + MULTIPART_OVERHEAD)
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=static_dir()), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(static_dir() / "index.html")

    return app

"""A real uvicorn server on a free loopback port, serving the app over the session library."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn

from citeproof.library.sqlite import SQLiteLibrary
from citeproof.web import create_app
from citeproof.web.app import ServerLimits

MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class LiveServer:
    url: str
    upload_root: Path
    max_bytes: int


@pytest.fixture(scope="session")
def live_server(library: SQLiteLibrary, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    upload_root = tmp_path_factory.mktemp("uploads")
    # the tests come from one address, several at once: no per-client share of the queue here
    limits = ServerLimits(workers=2, per_client=0)
    app = create_app(library, max_bytes=MAX_BYTES, upload_root=upload_root, limits=limits)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", limit_concurrency=64)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield LiveServer(f"http://127.0.0.1:{port}", upload_root, MAX_BYTES)
    server.should_exit = True
    thread.join(timeout=10)

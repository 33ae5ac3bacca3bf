"""One way to serve an HTTP handler on loopback: the fake CourtListener, the scripted model
endpoint of the phantom benchmark, and the test servers all start and stop here."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@contextmanager
def serve(
    handler: type[BaseHTTPRequestHandler], host: str = "127.0.0.1", port: int = 0, poll_interval: float = 0.5
) -> Iterator[str]:
    """Serve ``handler`` on ``host:port`` (0: an ephemeral port) from a daemon thread.

    Yields the base URL (``http://127.0.0.1:PORT``, no trailing slash); on exit the server
    stops, its socket closes and the thread is joined.
    """
    server = ThreadingHTTPServer((host, port), handler)
    thread = threading.Thread(
        target=server.serve_forever, args=(poll_interval,), daemon=True, name=f"loopback:{server.server_port}"
    )
    thread.start()
    try:
        yield f"http://{host}:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()

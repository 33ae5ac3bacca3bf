"""Every HTTP call within a total deadline and a size cap.

httpx's timeouts bound each socket operation, not a call: a server that drip-feeds one byte
a second keeps a call alive for ever, and an answer of 300 MB is held whole in memory.
`bounded_client` gives an httpx client whose sockets connect, read and write no later than
the cutoff of the call under way (status line, headers and body alike); `fetch` sets that
cutoff and reads the body as a stream, refusing it past ``cap`` bytes (decoded bytes, so a
compressed bomb counts at its full size). `cutoff` sets the same bound around any other
use of such a client (a streamed download reading its headers).

httpx has no public hook for the sockets it opens: `bounded_client` wraps the network
backend of each connection pool the client made (its transport and any proxy mounts). A
test (``tests/net/test_bounded.py``) holds this to a server that drips its answer.
"""

from __future__ import annotations

import math
import ssl
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import httpcore
import httpx

__all__ = ["TooLarge", "bounded_client", "cutoff", "fetch"]
# When the call under way must end (time.monotonic); inf outside any call.
_CUTOFF: ContextVar[float] = ContextVar("citeproof_http_cutoff", default=math.inf)
_DROPPED = frozenset({b"content-encoding", b"content-length", b"transfer-encoding"})


class TooLarge(Exception):
    """An answer longer than the cap its caller set (not a fault worth another try)."""

    def __init__(self, url: httpx.URL, cap: int) -> None:
        super().__init__(f"the answer from {url.host} is larger than {cap:,} bytes; reading stopped")
        self.cap = cap


@contextmanager
def cutoff(seconds: float) -> Iterator[None]:
    """Within this block, every socket operation of a bounded client ends ``seconds`` from
    now at the latest (an earlier cutoff around it stays)."""
    token = _CUTOFF.set(min(_CUTOFF.get(), time.monotonic() + max(seconds, 0.0)))
    try:
        yield
    finally:
        _CUTOFF.reset(token)


def left() -> float:
    """Seconds before the cutoff of the call under way (inf outside any)."""
    return _CUTOFF.get() - time.monotonic()


def _within(timeout: float | None, late: type[httpcore.TimeoutException]) -> float | None:
    """``timeout`` shortened to the cutoff; ``late`` raised once the cutoff has passed."""
    remaining = left()
    if remaining == math.inf:
        return timeout
    if remaining <= 0:
        raise late("the call's deadline passed")
    return remaining if timeout is None else min(timeout, remaining)


class _Stream(httpcore.NetworkStream):
    """A socket stream whose every operation ends by the cutoff."""

    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _within(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _within(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self, ssl_context: ssl.SSLContext, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        wait = _within(timeout, httpcore.ConnectTimeout)
        return _Stream(self._inner.start_tls(ssl_context, server_hostname, wait))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    """Opens sockets as ``inner`` does, as `_Stream`s."""

    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        wait = _within(timeout, httpcore.ConnectTimeout)
        return _Stream(self._inner.connect_tcp(host, port, wait, local_address, socket_options))

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        wait = _within(timeout, httpcore.ConnectTimeout)
        return _Stream(self._inner.connect_unix_socket(path, wait, socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def bounded_client(**options: Any) -> httpx.Client:
    """``httpx.Client(**options)`` whose sockets keep to the cutoff of the call under way.

    A ``transport=`` given in ``options`` (a test's ``MockTransport``) is used as it is:
    it opens no socket, and `fetch` still bounds its body by the cap and the cutoff."""
    client = httpx.Client(**options)
    for transport in (client._transport, *client._mounts.values()):
        pool = getattr(transport, "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if isinstance(backend, httpcore.NetworkBackend) and not isinstance(backend, _Backend):
            pool._network_backend = _Backend(backend)  # type: ignore[union-attr]
    return client


def bounded(client: httpx.Client) -> bool:
    """Whether every connection pool of ``client`` keeps to the cutoff (for tests)."""
    pools = [getattr(t, "_pool", None) for t in (client._transport, *client._mounts.values())]
    return all(isinstance(getattr(p, "_network_backend", None), _Backend) for p in pools if p is not None)


def fetch(client: httpx.Client, request: httpx.Request, *, cap: int, seconds: float) -> httpx.Response:
    """``client.send(request)`` ended within ``seconds`` (status, headers and body), its
    body read whole only up to ``cap`` bytes; `TooLarge` past it, ``httpx.ReadTimeout``
    past the cutoff. The answer comes back with its body read."""
    with cutoff(seconds):
        response = client.send(request, stream=True)
        try:
            declared = response.headers.get("Content-Length", "")
            if declared.isdigit() and int(declared) > cap and not response.headers.get("Content-Encoding"):
                raise TooLarge(request.url, cap)
            body = bytearray()
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) > cap:
                    raise TooLarge(request.url, cap)
                if left() <= 0:  # a transport without sockets (a test's) still ends in time
                    raise httpx.ReadTimeout("the call's deadline passed", request=request)
        finally:
            response.close()
    headers = [(k, v) for k, v in response.headers.raw if k.lower() not in _DROPPED]
    return httpx.Response(response.status_code, headers=headers, content=bytes(body), request=request)

"""uvicorn's HTTP/1.1 protocol (h11) with a deadline on each request's head.

A client that opens a connection and trickles its request line and headers a byte at a time
held one of uvicorn's ``--max-connections`` places for as long as it liked: 300 of them and
every honest client got 503. Here a connection that is still waiting for its head

- gets ``head_seconds`` to send it whole (the request line and every header), from when it
  connected or from its previous response; past that it is answered 408 and closed;
- does not count towards the connection limit, which counts connections with a request
  under way (or kept alive between two);
- is one of at most ``max_waiting`` such connections (a new one closes the oldest) and of at
  most ``waiting_per_client`` from one address (past it a new one is closed at once).

The body is bounded by the application's own read deadline (`ServerLimits.read_deadline`).
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict
from typing import Any
from weakref import WeakKeyDictionary

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

_LATE = b"the request line and headers did not arrive in time\n"
_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: " + str(len(_LATE)).encode() + b"\r\nconnection: close\r\n\r\n" + _LATE
)


class _Waiting:
    """The connections of one server still waiting for a request head, oldest first."""

    def __init__(self) -> None:
        self.protocols: OrderedDict[Any, None] = OrderedDict()
        self.by_client: Counter[str] = Counter()


class _Counted:
    """The server's connections as the connection limit counts them: without those waiting
    for a head (they are in the server's set, so that a shutdown closes them too)."""

    def __init__(self, connections: set[Any], waiting: _Waiting) -> None:
        self.connections, self.waiting = connections, waiting

    def add(self, protocol: Any) -> None:
        self.connections.add(protocol)

    def discard(self, protocol: Any) -> None:
        self.connections.discard(protocol)

    def __len__(self) -> int:
        return len(self.connections) - len(self.waiting.protocols)


_SERVERS: WeakKeyDictionary[ServerState, _Waiting] = WeakKeyDictionary()


class HeadDeadlineProtocol(H11Protocol):
    """`H11Protocol` with the head deadline and the waiting bounds of the module docstring
    (class attributes; `head_deadline_protocol` makes a subclass with the server's)."""

    head_seconds: float = 10.0
    max_waiting: int = 1024
    waiting_per_client: int = 64

    def __init__(self, config: Any, server_state: ServerState, app_state: dict[str, Any], **kw: Any) -> None:
        super().__init__(config, server_state, app_state, **kw)
        self.waiting = _SERVERS.setdefault(server_state, _Waiting())
        self.connections = _Counted(server_state.connections, self.waiting)  # type: ignore[assignment]
        self.head_timer: asyncio.TimerHandle | None = None
        self.address = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        if self.waiting.by_client[self.address] >= self.waiting_per_client:
            transport.close()
            return
        while len(self.waiting.protocols) >= self.max_waiting:
            oldest = next(iter(self.waiting.protocols))
            oldest.stop_waiting()
            oldest.transport.close()
        self.wait_for_head()

    def wait_for_head(self) -> None:
        self.waiting.protocols[self] = None
        self.waiting.by_client[self.address] += 1
        self.head_timer = self.loop.call_later(self.head_seconds, self.head_too_late)

    def stop_waiting(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
        if self.waiting.protocols.pop(self, False) is None:
            self.waiting.by_client[self.address] -= 1
            if self.waiting.by_client[self.address] <= 0:
                del self.waiting.by_client[self.address]

    def head_too_late(self) -> None:
        self.head_timer = None
        self.stop_waiting()
        if not self.transport.is_closing():
            self.transport.write(_TIMEOUT)
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if self in self.waiting.protocols and self.conn.their_state is not h11.IDLE:
            self.stop_waiting()  # its head is in: it counts now

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may have read a pipelined request's head already
        idle = self.conn.their_state is h11.IDLE and not self.transport.is_closing()
        if idle and self not in self.waiting.protocols:
            self.wait_for_head()  # the next request's head, on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_waiting()
        super().connection_lost(exc)


def head_deadline_protocol(
    head_seconds: float, max_waiting: int = 1024, waiting_per_client: int = 64
) -> type[asyncio.Protocol]:
    """The protocol class to give uvicorn (``http=``), with these bounds."""
    bounds = {
        "head_seconds": head_seconds,
        "max_waiting": max_waiting,
        "waiting_per_client": waiting_per_client,
    }
    return type("BoundedHeadDeadlineProtocol", (HeadDeadlineProtocol,), bounds)

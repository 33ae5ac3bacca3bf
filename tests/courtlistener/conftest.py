"""A fake CourtListener on loopback, seeded from the session library, and a client on a fake clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import FakeCourtListener
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.library.sqlite import SQLiteLibrary

TOKEN = "test-token-not-real"


class FakeClock:
    """Shared by client and server: sleeping advances time instantly."""

    def __init__(self) -> None:
        self.t = 1_760_000_000.0
        self.sleeps: list[float] = []

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def fake(library: SQLiteLibrary, clock: FakeClock) -> Iterator[FakeCourtListener]:
    server = FakeCourtListener(library, now=clock.now, token=TOKEN)
    with server.serve():
        yield server


@pytest.fixture
def make_client(fake: FakeCourtListener, clock: FakeClock) -> Iterator[Callable[..., CourtListenerClient]]:
    """New clients (a new run) against the same fake; closed at the end of the test."""
    made: list[CourtListenerClient] = []

    def make(token: str | None = TOKEN, **policy: float) -> CourtListenerClient:
        settings = {"retries": 2, "backoff": 0.5, "max_wait": 120.0, **policy}
        made.append(
            CourtListenerClient(
                fake.base_url, token, policy=RetryPolicy(**settings), sleep=clock.sleep, now=clock.now
            )
        )
        return made[-1]

    yield make
    for c in made:
        c.close()


@pytest.fixture
def client(make_client: Callable[..., CourtListenerClient]) -> CourtListenerClient:
    return make_client()


@pytest.fixture
def cache_path(tmp_path: Path) -> Path:
    return tmp_path / "courtlistener-cache.sqlite"


@pytest.fixture
def remote(client: CourtListenerClient, cache_path: Path) -> CourtListenerLibrary:
    return CourtListenerLibrary(client, RemoteCache(cache_path))

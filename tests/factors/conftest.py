"""The factor study's models answer through the one fake chat endpoint, from a script."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from citeproof.llm.fake_endpoint import FakeChatEndpoint, Reply, completion_reply

Script = Callable[[list[dict[str, str]]], str]


def answering(script: Script) -> Callable[[dict[str, Any]], Reply]:
    """Each request answered with ``script(its messages)``."""
    return lambda request: completion_reply(script(request["messages"]))


@pytest.fixture
def endpoint() -> Iterator[FakeChatEndpoint]:
    with FakeChatEndpoint() as ep:
        yield ep

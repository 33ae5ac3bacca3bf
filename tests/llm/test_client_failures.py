"""A dead LLM endpoint fails loudly and once (issue 13, defect 11), over loopback.

Before: a refused key or an unreachable endpoint printed nothing, and every citation
asked again, each with its own retries and timeouts.
"""

from __future__ import annotations

import socket
import time

import pytest

from citeproof.core.models import Reason, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.llm.client import ChatClient, LLMConfig, LLMError
from citeproof.llm.fake_endpoint import FakeChatEndpoint, Reply
from citeproof.llm.judge import LLMJudge

from .models import BROWN_SUPPORTED

BRIEF = "\n\n".join([BROWN_SUPPORTED.format(pin=495)] * 3)  # each verified offline, then judged
KEY = "sk-test-SECRET-456"


def _warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "citeproof.remote"]


def _judged(library, base_url: str, **config) -> tuple[list, ChatClient]:
    client = ChatClient(
        LLMConfig(model="m", base_url=base_url, api_key=KEY, cache_path="off", **config),
        sleep=lambda _s: None,
    )
    verdicts = check_document(document_from_text(BRIEF), library, judge=LLMJudge(client))
    return list(verdicts.verdicts), client


def _reasons(verdicts) -> set:
    return {(v.status, v.reason) for v in verdicts}


def test_a_refused_key_is_asked_once_and_warned_once(library, caplog):
    with FakeChatEndpoint(lambda _req: Reply(401, {"error": "invalid api key"})) as server:
        verdicts, _ = _judged(library, server.base_url)
    assert len(verdicts) == 3
    assert _reasons(verdicts) == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    assert len(server.requests) == 1  # the later citations are not sent to a refusing endpoint
    [warning] = _warnings(caplog)
    assert "HTTP 401" in warning and KEY not in warning


def test_an_unreachable_endpoint_is_warned_once(library, caplog):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    verdicts, client = _judged(library, f"http://127.0.0.1:{port}/v1", max_retries=1)
    assert _reasons(verdicts) == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    [warning] = _warnings(caplog)
    assert "connection failed" in warning
    with pytest.raises(LLMError):
        client.chat([{"role": "user", "content": "again?"}])  # answered at once, not retried


def test_an_endpoint_that_never_answers_is_cut_off_at_the_deadline(library, caplog):
    with FakeChatEndpoint(lambda _req: Reply(200, "{}", delay=20)) as server:
        started = time.monotonic()
        verdicts, _ = _judged(library, server.base_url, timeout=60, deadline=1.0)
        elapsed = time.monotonic() - started
    assert _reasons(verdicts) == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    assert elapsed < 15  # one 1-s deadline, not a 60-s timeout five times per citation
    [warning] = _warnings(caplog)
    assert "deadline" in warning


@pytest.mark.parametrize(
    "body",
    [
        {"choices": []},
        {"choices": [{"message": {"content": 42}}]},
        {"choices": [{"message": {"content": "{}"}}], "usage": {"prompt_tokens": "many"}},
        {"choices": [{"message": {"content": "{}"}}], "usage": ["not", "an", "object"]},
        "<html>bad gateway</html>",
    ],
)
def test_a_completion_of_another_shape_is_backend_error(library, body):
    with FakeChatEndpoint(lambda _req: Reply(200, body)) as server:
        verdicts, _ = _judged(library, server.base_url, max_retries=1)
    assert _reasons(verdicts) == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}

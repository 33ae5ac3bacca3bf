"""net/retry.py, the one retry policy: backoff, Retry-After, throttling, giving up."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest

from citeproof.net import retry
from citeproof.net.retry import Again, GaveUp, Policy

Reply = httpx.Response | Exception


class Script:
    """An httpx client whose n-th request gets the n-th scripted reply; sleeps recorded."""

    def __init__(self, *replies: Reply) -> None:
        self.replies, self.sleeps, self.requests = list(replies), [], 0

        def handle(request: httpx.Request) -> httpx.Response:
            self.requests += 1
            reply = self.replies.pop(0)
            if isinstance(reply, Exception):
                raise reply
            return reply

        self.client = httpx.Client(transport=httpx.MockTransport(handle), base_url="http://x")

    def send(
        self, policy: Policy, accept: Callable[[httpx.Response], object] = lambda r: r, **kw: object
    ) -> object:
        return retry.send(lambda: self.client.get("/"), policy, accept, sleep=self.sleeps.append, **kw)


def status(code: int, **headers: str) -> httpx.Response:
    return httpx.Response(code, headers=headers, json={})


def test_faults_back_off_exponentially_then_succeed():
    s = Script(status(503), httpx.ConnectError("refused"), status(500), status(200))
    assert s.send(Policy(backoff=0.5)).status_code == 200
    assert s.sleeps == [0.5, 1.0, 2.0] and s.requests == 4


def test_backoff_is_capped():
    s = Script(*[status(502)] * 4, status(200))
    s.send(Policy(backoff=1.0, max_backoff=3.0))
    assert s.sleeps == [1.0, 2.0, 3.0, 3.0]


def test_gives_up_after_the_attempts_without_a_last_sleep():
    s = Script(status(503), status(503), status(503))
    with pytest.raises(GaveUp) as err:
        s.send(Policy(attempts=3))
    assert err.value.attempts == 3 and not err.value.throttled and err.value.wait is None
    assert isinstance(err.value.last, httpx.Response) and err.value.last.status_code == 503
    assert s.sleeps == [1.0, 2.0]


def test_one_attempt_never_sleeps():
    s = Script(httpx.ReadTimeout("slow"))
    with pytest.raises(GaveUp) as err:
        s.send(Policy(attempts=1))
    assert isinstance(err.value.last, httpx.ReadTimeout) and s.sleeps == []


def test_other_statuses_and_exceptions_are_not_retried():
    s = Script(status(404))
    assert s.send(Policy()).status_code == 404 and s.sleeps == []
    s = Script(status(503))
    with pytest.raises(GaveUp):
        s.send(Policy(attempts=1, retry_statuses=frozenset({503})))
    s = Script(ValueError("a bug, not a fault"))
    with pytest.raises(ValueError):
        s.send(Policy())


def test_retry_after_replaces_the_backoff_when_honoured():
    s = Script(status(429, **{"Retry-After": "7"}), status(503), status(200))
    s.send(Policy(backoff=0.5))
    assert s.sleeps == [7.0, 1.0]
    s = Script(status(429, **{"Retry-After": "7"}), status(200))
    s.send(Policy(backoff=0.5, retry_after=False))
    assert s.sleeps == [0.5]
    s = Script(status(503, **{"Retry-After": "3600"}), status(200))
    s.send(Policy(max_backoff=30.0))
    assert s.sleeps == [30.0]


def test_retry_after_as_a_date():
    s = Script(status(503, **{"Retry-After": "Thu, 01 Jan 2026 00:01:00 GMT"}), status(200))
    s.send(Policy(), now=lambda: 1767225600.0)  # 2026-01-01T00:00:00Z
    assert s.sleeps == [60.0]
    assert retry.retry_after(status(200)) is None
    assert retry.retry_after(status(503, **{"Retry-After": "soon"})) is None


def test_throttling_has_its_own_budget():
    throttle = Policy(
        attempts=2,
        retry_statuses=retry.SERVER_ERRORS,
        retry_after=False,
        throttle_statuses=frozenset({429}),
        throttle_rounds=3,
        max_wait=100.0,
    )
    s = Script(
        status(429, **{"Retry-After": "5"}),
        status(429),
        status(503),
        status(429, **{"Retry-After": "2"}),
        status(200),
    )
    assert s.send(throttle).status_code == 200
    assert s.sleeps == [5.0, 1.0, 1.0, 2.0]  # asked, backoff when nothing asked, fault, asked
    s = Script(*[status(429)] * 4)
    with pytest.raises(GaveUp) as err:
        s.send(throttle)
    assert err.value.throttled and s.sleeps == [1.0, 1.0, 1.0]


def test_a_wait_past_max_wait_is_not_waited_for():
    throttle = Policy(throttle_statuses=frozenset({429}), throttle_rounds=3, max_wait=100.0)
    s = Script(status(429, **{"Retry-After": "3600"}))
    with pytest.raises(GaveUp) as err:
        s.send(throttle)
    assert err.value.wait == 3600.0 and s.sleeps == []


def test_asked_reads_the_wait_elsewhere():
    throttle = Policy(throttle_statuses=frozenset({429}), throttle_rounds=1)
    s = Script(status(429), status(200))
    s.send(throttle, asked=lambda response: 42.0)
    assert s.sleeps == [42.0]


def test_accept_can_ask_for_another_try():
    def accept(response: httpx.Response) -> dict[str, object]:
        if response.status_code != 200:
            raise LookupError(response.status_code)
        body = response.json()
        if "answer" not in body:
            raise Again("malformed")
        return body

    s = Script(status(200), httpx.Response(200, json={"answer": 1}))
    assert s.send(Policy(), accept) == {"answer": 1} and s.sleeps == [1.0]
    s = Script(status(401))
    with pytest.raises(LookupError):
        s.send(Policy(), accept)
    s = Script(status(200), status(200))
    with pytest.raises(GaveUp) as err:
        s.send(Policy(attempts=2), accept)
    assert isinstance(err.value.last, Again)

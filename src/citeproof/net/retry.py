"""One retry policy for every HTTP client (CourtListener, its bulk files, the LLM endpoint).

A `Policy` says what is worth another try and how long to wait first. Faults (transport
errors, retryable statuses, answers the caller rejects with `Again`) back off
exponentially up to a cap, honouring the server's ``Retry-After`` when the policy says so;
throttling statuses are waited out on a budget of their own; a server asking to wait
longer than ``max_wait`` is not waited for, and nothing is waited for past a `Deadline`
(`citeproof.core.limits.Deadline`, the one budget class, named here for the clients).
`send` runs one call under a policy, with ``sleep`` and ``now`` injectable so tests never
wait.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import httpx

from citeproof.core.limits import Deadline

__all__ = ["Again", "Deadline", "GaveUp", "Policy", "parse_time", "retry_after", "send"]
log = logging.getLogger(__name__)
T = TypeVar("T")
SERVER_ERRORS = frozenset(range(500, 600))


@dataclass(frozen=True, slots=True)
class Policy:
    """How often to try again and how long to wait first."""

    attempts: int = 5  # tries in all before a fault is final
    backoff: float = 1.0  # the wait after the first fault; it doubles after each
    max_backoff: float = math.inf  # no wait is longer (a server's Retry-After included)
    retry_statuses: frozenset[int] = frozenset({429}) | SERVER_ERRORS
    retry_after: bool = True  # a retryable status's Retry-After replaces the backoff
    throttle_statuses: frozenset[int] = frozenset()  # waited out apart from faults
    throttle_rounds: int = 0  # how many such waits one call may make
    max_wait: float = math.inf  # a server asking for longer than this is given up on
    errors: tuple[type[Exception], ...] = (httpx.TransportError,)  # faults, not bugs

    def delay(self, faults: int) -> float:
        """The wait after the ``faults``-th fault in a row (1, 2, ...)."""
        return min(self.max_backoff, self.backoff * 2.0 ** (faults - 1))


class Again(Exception):
    """Raised by a call's ``accept`` for an answer worth another try (a malformed body)."""


class GaveUp(Exception):
    """The policy ran out: ``last`` is the last failure, a response or an exception.

    ``throttled``: the throttling budget ran out; ``wait``: the server asked for a wait
    longer than ``max_wait`` (the seconds asked); ``late``: the next try would fall past
    the deadline; else ``attempts`` faults in a row.
    """

    def __init__(
        self,
        last: httpx.Response | Exception,
        attempts: int,
        throttled: bool = False,
        wait: float | None = None,
        late: bool = False,
    ) -> None:
        what = f"HTTP {last.status_code}" if isinstance(last, httpx.Response) else repr(last)
        super().__init__(f"gave up after {attempts} attempts: {what}")
        self.last, self.attempts, self.throttled, self.wait = last, attempts, throttled, wait
        self.late = late


def parse_time(value: str) -> float | None:
    """Epoch seconds of an ISO-8601 or HTTP date (UTC when no zone is given); else None."""
    try:
        stamp = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        try:
            stamp = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return stamp.timestamp()


def retry_after(response: httpx.Response, now: Callable[[], float] = time.time) -> float | None:
    """The seconds a response's ``Retry-After`` asks for (seconds or a date); else None."""
    header = response.headers.get("Retry-After", "").strip()
    if not header:
        return None
    try:
        return float(header)
    except ValueError:
        when = parse_time(header)
    return None if when is None else when - now()


def send(
    call: Callable[[], httpx.Response],
    policy: Policy,
    accept: Callable[[httpx.Response], T],
    *,
    sleep: Callable[[float], None] = time.sleep,
    now: Callable[[], float] = time.time,
    asked: Callable[[httpx.Response], float | None] | None = None,
    deadline: Deadline | None = None,
) -> T:
    """``accept(call())`` for the first response that is neither a fault nor throttled.

    ``asked`` reads how long a response asks to wait (default: its ``Retry-After``); a
    throttled response that asks nothing waits ``backoff``. Raises `GaveUp` when the
    policy runs out or a wait would end past ``deadline``; any other exception of
    ``call`` or ``accept`` propagates at once.
    """
    asked = asked or (lambda response: retry_after(response, now))
    faults = throttles = 0
    while True:
        last: httpx.Response | Exception
        wait: float | None = None
        try:
            response = call()
        except policy.errors as exc:
            last = exc
        else:
            status = response.status_code
            if status in policy.throttle_statuses:
                throttles += 1
                if throttles > policy.throttle_rounds:
                    raise GaveUp(response, throttles, throttled=True)
                wait = asked(response)
                pause = _bounded(policy, policy.backoff if wait is None else wait, response, throttles)
                _in_time(deadline, pause, response, throttles, throttled=True)
                sleep(pause)
                continue
            if status not in policy.retry_statuses:
                try:
                    return accept(response)
                except Again as exc:
                    last = exc
            else:
                last = response
                wait = asked(response) if policy.retry_after else None
        faults += 1
        if faults >= policy.attempts:
            raise GaveUp(last, faults)
        delay = policy.delay(faults) if wait is None else _bounded(policy, wait, last, faults)
        _in_time(deadline, delay, last, faults)
        log.info("%s; attempt %d, retrying in %.1fs", _describe(last), faults, delay)
        sleep(delay)


def _in_time(
    deadline: Deadline | None,
    pause: float,
    last: httpx.Response | Exception,
    attempts: int,
    throttled: bool = False,
) -> None:
    """`GaveUp` (late) when a pause would leave no time before the deadline."""
    if deadline is not None and pause >= deadline.remaining():
        raise GaveUp(last, attempts, throttled=throttled, late=True)


def _bounded(policy: Policy, seconds: float, last: httpx.Response | Exception, attempts: int) -> float:
    """A wait the server asked for, within 0 .. ``max_backoff``; `GaveUp` past ``max_wait``."""
    seconds = min(policy.max_backoff, max(0.0, seconds))
    if seconds > policy.max_wait:
        raise GaveUp(last, attempts, wait=seconds)
    return seconds


def _describe(last: httpx.Response | Exception) -> str:
    return f"HTTP {last.status_code}" if isinstance(last, httpx.Response) else repr(last)

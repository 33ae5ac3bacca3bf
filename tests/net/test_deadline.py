"""The one `Deadline` (core/limits.py): a check's wall clock and the budget of its remote
work, on a clock the test moves (nothing here waits)."""

from __future__ import annotations

import math

import httpx
import pytest

from citeproof.core.limits import Deadline, LimitExceeded, Limits
from citeproof.net import retry


class Clock:
    def __init__(self, at: float = 100.0) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


def test_it_starts_at_the_first_question_and_again_after_a_restart():
    clock = Clock()
    deadline = Deadline(10.0, clock)
    clock.at = 150.0  # time before the first question is not counted
    assert deadline.remaining() == 10.0
    clock.at = 154.0
    assert deadline.remaining() == 6.0
    deadline.restart()
    clock.at = 200.0
    assert deadline.remaining() == 10.0


def test_started_at_once_it_counts_from_its_start():
    clock = Clock()
    deadline = Deadline(10.0, clock).start()
    clock.at = 109.0
    deadline.check("still in time")
    clock.at = 110.5
    with pytest.raises(LimitExceeded, match=r"longer than its 10-second deadline \(resolving; --deadline"):
        deadline.check("resolving")


def test_a_check_s_deadline_runs_from_when_it_is_made_and_zero_is_none():
    assert Limits(deadline_seconds=0).deadline().remaining() == math.inf
    assert Limits(deadline_seconds=5).deadline().remaining() <= 5
    with pytest.raises(LimitExceeded, match="deadline"):
        Limits(deadline_seconds=1e-9).deadline().check("now")


def test_the_retry_policy_waits_nothing_past_the_same_deadline():
    clock = Clock()
    deadline = Deadline(2.5, clock)
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        clock.at += seconds

    replies = iter([httpx.Response(503)] * 5)
    with pytest.raises(retry.GaveUp) as err:
        retry.send(lambda: next(replies), retry.Policy(), lambda r: r, sleep=sleep, deadline=deadline)
    assert sleeps == [1.0] and err.value.late  # a wait of 2 s would end past the 2.5 s
    assert retry.Deadline is Deadline  # the clients name the one class

"""The builder's allocation: the test split and the injected excerpts are chosen before
any excerpt is made, exactly half of each split (rounded), and a draw that does not take
is repeated a bounded number of times."""

from __future__ import annotations

import numpy as np
import pytest

from citeproof.bench.phantom.allocation import MAX_ATTEMPTS, allocate, until

pytestmark = pytest.mark.without_library  # pure: no library opened


@pytest.mark.parametrize(
    ("n", "test_fraction", "injected_fraction"), [(1300, 0.3, 0.5), (61, 0.3, 0.5), (7, 0.5, 0.4)]
)
def test_each_split_gets_exactly_its_share(n, test_fraction, injected_fraction):
    plan = allocate(n, test_fraction, injected_fraction, np.random.default_rng(3))
    test = set(plan.test)
    train = set(range(n)) - test
    assert len(test) == round(n * test_fraction)
    assert len(plan.injected & test) == round(len(test) * injected_fraction)
    assert len(plan.injected - test) == round(len(train) * injected_fraction)
    assert {plan.split(i) for i in test} == {"test"} and {plan.split(i) for i in train} <= {"train"}


def test_the_same_seed_gives_the_same_plan_and_another_seed_another():
    first = allocate(100, 0.3, 0.5, np.random.default_rng(1))
    assert first == allocate(100, 0.3, 0.5, np.random.default_rng(1))
    assert first != allocate(100, 0.3, 0.5, np.random.default_rng(2))


def test_a_fraction_outside_zero_one_is_refused():
    with pytest.raises(ValueError, match="fractions"):
        allocate(10, 0.3, 1.5, np.random.default_rng(0))


def test_until_repeats_a_draw_that_did_not_take_and_gives_up_with_a_clear_error():
    draws = iter([0, 0, 3, 5])
    assert until(lambda: next(draws), lambda x: x > 0, "excerpt 1") == 3
    calls = []
    with pytest.raises(ValueError, match=f"excerpt 2: no injected error took in {MAX_ATTEMPTS} attempts"):
        until(lambda: calls.append(1) or 0, lambda x: x > 0, "excerpt 2")
    assert len(calls) == MAX_ATTEMPTS

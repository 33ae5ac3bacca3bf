"""core/stats.py, the one bootstrap: its draw, its intervals, the ratio and paired variants."""

from __future__ import annotations

import math

import numpy as np
import pytest

from citeproof.core.stats import (
    bootstrap,
    bootstrap_statistic,
    mean_of,
    paired_bootstrap,
    ratio_bootstrap,
    ratio_of,
    resample,
    wilson,
)


def is_nan(est) -> bool:
    return math.isnan(est.value) and math.isnan(est.low) and math.isnan(est.high)


def test_no_items_gives_nan_intervals():
    assert is_nan(bootstrap([], seed=0)) and bootstrap([], seed=0).n == 0
    assert is_nan(ratio_bootstrap([], [], seed=0))
    assert is_nan(ratio_bootstrap([0, 0], [0, 0], seed=0))  # nothing in the denominator
    assert is_nan(bootstrap_statistic(mean_of([]), 0, seed=0))
    test = paired_bootstrap(mean_of([]), mean_of([]), 0, seed=0)
    assert is_nan(test.estimate) and math.isnan(test.p_value) and math.isnan(test.p_greater)
    assert str(bootstrap([], seed=0)) == "n/a (n=0)"
    assert is_nan(wilson(0, 0))


def test_the_draw_and_the_percentile_interval_by_hand():
    values = np.array([0.0, 1.0, 3.0, 4.0, 10.0])
    idx = np.random.default_rng(7).integers(0, 5, size=(500, 5))
    assert (resample(5, 7, 500) == idx).all()
    means = values[idx].mean(axis=-1)
    low, high = np.quantile(means, [(1 - 0.95) / 2, 1 - (1 - 0.95) / 2])
    est = bootstrap(values, seed=7, resamples=500)
    assert (est.value, est.n, est.low, est.high) == (3.6, 5, low, high)
    assert est.method == "bootstrap(B=500,seed=7)"


def test_a_known_case():
    # two items 0 and 1: a resample's mean is 0, ½ or 1 with chance ¼, ½, ¼
    est = bootstrap([0, 1], seed=3, resamples=4000)
    assert est.value == 0.5 and (est.low, est.high) == (0.0, 1.0)
    # a constant has no spread
    flat = bootstrap([2.0] * 9, seed=3)
    assert (flat.value, flat.low, flat.high) == (2.0, 2.0, 2.0)
    narrow = bootstrap([2.0] * 9, seed=3, level=0.5)
    assert narrow.low == narrow.high == 2.0


def test_the_same_seed_gives_the_same_numbers():
    values = np.random.default_rng(0).random(40)
    assert bootstrap(values, seed=11) == bootstrap(values, seed=11)
    assert bootstrap(values, seed=11) != bootstrap(values, seed=12)
    assert ratio_bootstrap(values, values + 1, seed=5) == ratio_bootstrap(values, values + 1, seed=5)


def test_ratio_resamples_numerator_and_denominator_together():
    num, den = [1.0, 2.0, 0.0], [2.0, 2.0, 4.0]
    est = ratio_bootstrap(num, den, seed=1, resamples=1000)
    assert est.value == 3 / 8 and est.n == 3
    assert 0.0 <= est.low < est.value < est.high <= 1.0
    idx = resample(3, 1, 1000)
    by_hand = np.array(num)[idx].sum(-1) / np.array(den)[idx].sum(-1)
    assert np.array_equal(ratio_of(num, den)(idx), by_hand)


def test_ratio_of_an_empty_resample():
    # the second item has nothing in the denominator: a resample of it alone is `empty`
    num, den = [1.0, 0.0], [1.0, 0.0]
    dropped = ratio_bootstrap(num, den, seed=0, resamples=400)
    assert (dropped.value, dropped.low, dropped.high) == (1.0, 1.0, 1.0)
    zero = ratio_bootstrap(num, den, seed=0, resamples=400, empty=0.0)
    assert (zero.value, zero.low, zero.high) == (1.0, 0.0, 1.0)


def test_paired_difference():
    rng = np.random.default_rng(4)
    a = rng.random(30)
    same = paired_bootstrap(mean_of(a), mean_of(a), 30, seed=2)
    assert same.estimate.value == 0.0 and (same.estimate.low, same.estimate.high) == (0.0, 0.0)
    assert same.p_value == 1.0 and same.p_greater == 0.5
    better = paired_bootstrap(mean_of(a + 1), mean_of(a), 30, seed=2)
    assert better.estimate.value == pytest.approx(1.0) and better.estimate.low > 0
    assert better.p_greater == 1.0 and better.p_value == 0.0
    assert better.estimate.method == "paired-bootstrap(B=2000,seed=2)"
    # paired against a constant, the interval is the one-sample interval shifted
    alone = bootstrap(a, seed=2)
    shifted = paired_bootstrap(mean_of(a), mean_of(np.zeros(30)), 30, seed=2).estimate
    assert (shifted.low, shifted.high) == (alone.low, alone.high)


def test_paired_ratio_difference():
    num_a, num_b, den = [1.0, 1.0, 0.0, 2.0], [0.0, 1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 2.0]
    test = paired_bootstrap(ratio_of(num_a, den, 0.0), ratio_of(num_b, den, 0.0), 4, seed=9, resamples=500)
    assert test.estimate.value == pytest.approx(1 - 2 / 4) and test.estimate.n == 4
    assert test.estimate.low >= 0 and 0 < test.p_value <= 1


def test_mean_of_skips_missing_values_and_shares_indices_across_rows():
    scores = np.array([[1.0, np.nan, 3.0], [0.0, 1.0, 2.0]])
    idx = np.array([[0, 1, 1], [2, 2, 0]])
    assert np.allclose(mean_of(scores)(idx), [[1.0, 7 / 3], [2 / 3, 4 / 3]])  # (1), (3 3 1)

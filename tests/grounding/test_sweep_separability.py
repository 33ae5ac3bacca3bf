"""The sweep against the analytic curve; bootstrap reproducibility; adjudication counts."""

import numpy as np
import pytest

from citeproof.bench.grounding.adjudicate import (
    Flag,
    FlagVerdict,
    adjudicate,
    flags_of,
    summarise,
)
from citeproof.bench.grounding.metrics import citation_table, response_cg, score_matrix, system_means
from citeproof.bench.grounding.separability import separability
from citeproof.bench.grounding.simulate import simulate_responses
from citeproof.bench.grounding.sweep import Mode, max_deviation, sweep, thresholds

# With 4 repeats per point on a 20,000-decision graph and 400 citations per system,
# the empirical CG stays within 0.03 of 1 − (1 − p)^k(v) averaged over citations.
SWEEP_TOLERANCE = 0.03


@pytest.mark.parametrize("mode", list(Mode))
def test_sweep_matches_analytic_curve(simulated, registry, mode):
    pop, oracle = simulated
    responses = simulate_responses(registry, pop, np.random.default_rng(11), queries=100)
    table = citation_table(responses, oracle)
    points = sweep(
        oracle, table, np.random.default_rng(5), fractions=(0.01, 0.05, 0.2, 0.5), mode=mode, repeats=4
    )
    assert max_deviation(points) < SWEEP_TOLERANCE
    cg = [pt.cg for pt in points]
    assert all(np.diff(np.asarray(cg), axis=0).min(axis=1) > -SWEEP_TOLERANCE)


def test_thresholds_pick_first_stable_point():
    from citeproof.bench.grounding.sweep import SweepPoint

    pts = tuple(
        SweepPoint(p, Mode.RECORDS, r, r, cg, cg)
        for p, r, cg in [
            (0.1, 100, (0.70, 0.90)),
            (0.5, 500, (0.93, 0.97)),
            (0.7, 700, (0.985, 0.99)),
            (1.0, 1000, (1.0, 1.0)),
        ]
    )
    assert thresholds(pts, (1.0, 1.0)) == {0.05: 700, 0.02: 700, 0.01: 1000}


def test_separability_hand_made():
    scores = np.array([[1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]])
    sep = separability(scores, ("A", "B", "C"), resamples=200, seed=0)
    ab, ac, bc = sep.pairs
    assert (ab.p_a_greater, ab.diff.low, ab.diff.high, ab.separable) == (1.0, 1.0, 1.0, True)
    assert (bc.p_a_greater, bc.separable) == (0.5, False)
    assert sep.separable_pairs == 2


def test_bootstrap_reproducible_from_seed():
    rng = np.random.default_rng(0)
    scores = rng.random((4, 100))
    one = separability(scores, tuple("ABCD"), resamples=500, seed=42)
    two = separability(scores, tuple("ABCD"), resamples=500, seed=42)
    other = separability(scores, tuple("ABCD"), resamples=500, seed=43)
    assert one == two
    assert one.systems[0].low != other.systems[0].low
    assert one.systems[0].low < scores[0].mean() < one.systems[0].high


def test_separability_empty_is_nan():
    sep = separability(np.empty((2, 0)), ("A", "B"), resamples=10)
    assert sep.systems[0].n == 0 and np.isnan(sep.systems[0].value)


def test_adjudication_hand_made_flags(registry):
    flags = (
        Flag("A", "q1", "civil", "1309", "2025-01-01"),  # beyond art. 1308: fabricated
        Flag("A", "q2", "labour", "81", "2023-01-01"),  # repealed 2022-07-01: outdated
        Flag("B", "q1", "commercial", "12", "2025-09-01"),  # code void from 2025-08-28
        Flag("B", "q2", "civil", "625", "2025-01-01"),  # real and in force: coverage gap
        Flag("C", "q1", "criminal_procedure", "450", None),  # known source gap
        Flag("C", "q2", "tax", "5", None),  # not in the registry
    )
    verdicts = [a.verdict for a in adjudicate(flags, registry)]
    assert verdicts == [
        FlagVerdict.FABRICATED,
        FlagVerdict.OUTDATED,
        FlagVerdict.OUTDATED,
        FlagVerdict.COVERAGE_GAP,
        FlagVerdict.INDETERMINATE,
        FlagVerdict.INDETERMINATE,
    ]
    summary = summarise(adjudicate(flags, registry))
    assert summary.flags == 6
    assert (summary.precision.value, summary.precision.n) == (0.75, 4)


def test_sparse_oracle_flags_real_articles(simulated, registry):
    pop, dense = simulated
    responses = simulate_responses(registry, pop, np.random.default_rng(3), queries=60)
    sparse = dense.subsample_decisions(0.01, np.random.default_rng(4))
    for oracle in (sparse, dense):
        table = citation_table(responses, oracle)
        cg = system_means(table, response_cg(table, oracle.present()))
        assert score_matrix(table, response_cg(table, oracle.present())).shape == (4, 60)
        summary = summarise(adjudicate(flags_of(table, oracle.present()), registry))
        if oracle is sparse:
            sparse_cg, sparse_prec = cg, summary.precision.value
        else:
            dense_cg, dense_prec = cg, summary.precision.value
    assert (dense_cg > sparse_cg).all()  # the level shift
    assert dense_prec > sparse_prec  # sparse flags are mostly coverage gaps

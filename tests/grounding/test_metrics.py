"""Hand-computed CG / CR / CT / CQ on a six-record oracle."""

import math

import numpy as np
import pytest

from citeproof.bench.grounding.edges import load_edges, write_edges
from citeproof.bench.grounding.metrics import (
    analytic_response_cg,
    citation_table,
    quality,
    response_cg,
    score,
    system_means,
)
from citeproof.bench.grounding.oracle import Oracle


def test_snapshot_and_counts(tiny_oracle):
    snap = tiny_oracle.snapshot()
    assert (snap.records, snap.decisions, snap.statutes, snap.date) == (6, 3, 3, "2024-07-01")
    idx = tiny_oracle.index
    assert tiny_oracle.record_counts()[idx["civil:625"]] == 3
    assert tiny_oracle.decision_counts()[idx["civil:625"]] == 2
    assert "6 records, 3 decisions, 3 statute nodes, as of 2024-07-01" in snap.label()


def test_cg_macro_and_micro(tiny_oracle, tiny_responses, registry):
    table = citation_table(tiny_responses, tiny_oracle)
    cg = response_cg(table, tiny_oracle.present())
    assert cg[:3].tolist() == pytest.approx([2 / 3, 1.0, 0.0])
    assert math.isnan(cg[3])
    assert system_means(table, cg).tolist() == pytest.approx([5 / 6, 0.0])
    report = score(tiny_responses, tiny_oracle, registry, seed=1)
    a, b = report.scores
    assert (a.cg.value, a.cg.n) == (pytest.approx(5 / 6), 2)
    assert (a.cg_micro.value, a.cg_micro.n) == (0.75, 4)
    assert (b.cg.value, b.cg.n, b.flags) == (0.0, 1, 1)
    assert report.oracle.records == 6


def test_relevance_temporality_quality(tiny_oracle, tiny_responses, registry):
    a_q1 = score(tiny_responses[:1], tiny_oracle, registry).scores[0]
    # CR: civil-domain records: 625 ×3, 16 ×1 → log 4/log 4 = 1 and log 2/log 4 = 0.5
    assert a_q1.cr.value == pytest.approx(0.75)
    # CT: 625 and 16 in force, 9999 beyond the Civil Code's last article
    assert a_q1.ct.value == pytest.approx(2 / 3)
    # CQ per citation (seed 003): 625 → 1·½(1 + 1), 16 → 1·½(0.5 + 1), 9999 → 0
    assert (a_q1.cq.value, a_q1.cq.n) == (pytest.approx((1 + 0.75 + 0) / 3), 3)
    # the response-level variant: CG · ½(mean CR over grounded + mean CT over all)
    assert a_q1.cq_response.value == pytest.approx(2 / 3 * 0.5 * (0.75 + 2 / 3))


def test_cq_hand_example_from_issue_14(tiny_oracle, registry):
    """One grounded, in-force citation (the domain's most cited: CR 1) and one
    nonexistent: the paper's per-citation CQ is 0.5; the response-level variant, which
    counts the nonexistent citation in CG and again in CT, gives 0.375."""
    from citeproof.bench.grounding.responses import Cited, Response

    response = Response("A", "q1", (Cited("civil", "625"), Cited("civil", "9999")), "civil", "2025-01-01")
    s = score((response,), tiny_oracle, registry).scores[0]
    assert s.cq.value == pytest.approx(0.5)
    assert s.cq_response.value == pytest.approx(0.375)


def test_quality_edge_cases():
    cp = np.array([0.0, 1.0, 0.5])
    cr = np.array([math.nan, 0.4, 0.8])
    ct = np.array([0.0, math.nan, 1.0])
    assert quality(cp, cr, ct).tolist() == pytest.approx([0.0, 0.4, 0.45])


def test_empty_input_is_nan_with_n0(tiny_oracle, registry):
    from citeproof.bench.grounding.responses import Response

    report = score((Response("A", "q1", ()),), tiny_oracle, registry)
    cg = report.scores[0].cg
    assert math.isnan(cg.value) and cg.n == 0
    assert report.scores[0].cg_micro.n == 0


def test_analytic_probability(tiny_oracle, tiny_responses):
    table = citation_table(tiny_responses, tiny_oracle)
    expected = analytic_response_cg(table, tiny_oracle.record_counts(), 0.5)
    assert expected[0] == pytest.approx((1 - 0.5**3 + 0.5 + 0.0) / 3)


def test_subsampling_keeps_whole_decisions(tiny_oracle):
    rng = np.random.default_rng(0)
    sub = tiny_oracle.subsample_decisions(0.5, rng)
    kept = set(sub.decision.tolist())
    for d in kept:
        assert (sub.decision == d).sum() == (tiny_oracle.decision == d).sum()
    assert tiny_oracle.subsample_records(1.0, rng).snapshot().records == 6


def test_edges_round_trip_csv_and_parquet(tiny_oracle, tmp_path):
    write_edges(tiny_oracle, tmp_path / "edges.csv")
    back = load_edges(tmp_path / "edges.csv", name="tiny")
    assert back.snapshot() == tiny_oracle.snapshot()
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow.csv

    pq.write_table(pyarrow.csv.read_csv(tmp_path / "edges.csv"), tmp_path / "edges.parquet")
    again = load_edges(tmp_path / "edges.parquet", name="tiny")
    assert again.nodes() == tiny_oracle.nodes()
    assert isinstance(again, Oracle)


def test_parquet_is_read_by_column_and_scores_as_csv(tmp_path):
    """The columnar Parquet load (no Python object per record) gives the oracle, counts and
    scores the CSV load gives, on a simulated graph."""
    pa = pytest.importorskip("pyarrow")
    import pyarrow.csv
    import pyarrow.parquet as pq

    from citeproof.bench.grounding.simulate import (
        GraphConfig,
        population,
        simulate_oracle,
        simulate_responses,
    )
    from citeproof.core.extraction.statutes.ua_registry import load_registry

    registry = load_registry()
    rng = np.random.default_rng(3)
    pop = population(registry, rng)
    oracle = simulate_oracle(pop, rng, GraphConfig(decisions=400), name="g")
    responses = simulate_responses(registry, pop, rng, 20)
    write_edges(oracle, tmp_path / "edges.csv")
    table = pyarrow.csv.read_csv(tmp_path / "edges.csv")
    pq.write_table(table, tmp_path / "edges.parquet", row_group_size=500)  # several chunks
    from_csv = load_edges(tmp_path / "edges.csv", name="g")
    from_parquet = load_edges(tmp_path / "edges.parquet", name="g")
    assert from_parquet.decision_ids is None and table.num_rows > 1000
    assert from_parquet.snapshot() == from_csv.snapshot() == oracle.snapshot()

    def by_key(o: Oracle, counts: np.ndarray) -> dict[str, int]:
        return {k: int(n) for k, n in zip(o.statute_keys, counts, strict=True) if n}

    assert by_key(from_parquet, from_parquet.record_counts()) == by_key(from_csv, from_csv.record_counts())
    assert by_key(from_parquet, from_parquet.decision_counts()) == by_key(
        from_csv, from_csv.decision_counts()
    )
    domains_p, domains_c = from_parquet.domain_counts(), from_csv.domain_counts()
    assert set(domains_p) == set(domains_c)
    for d in domains_c:
        assert by_key(from_parquet, domains_p[d]) == by_key(from_csv, domains_c[d])
    assert (
        score(responses, from_parquet, registry).to_dict() == score(responses, from_csv, registry).to_dict()
    )
    del pa

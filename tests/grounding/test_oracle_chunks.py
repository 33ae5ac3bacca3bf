"""The compact, chunked oracle against a plain reference computed from the records in Python:
counts, snapshots and seeded subsamples must agree exactly, across chunk and batch edges,
for an oracle built in memory and one streamed from Parquet."""

from collections import Counter

import numpy as np
import pytest

import citeproof.bench.grounding.oracle as oracle_module
from citeproof.bench.grounding.edges import load_edges, write_edges
from citeproof.bench.grounding.oracle import Oracle, Record
from citeproof.bench.grounding.records import OnDisk
from citeproof.bench.grounding.simulate import GraphConfig, population, simulate_oracle

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


@pytest.fixture(scope="module")
def records(registry):
    rng = np.random.default_rng(21)
    graph = simulate_oracle(population(registry, rng), rng, GraphConfig(decisions=700), name="g")
    ids = graph.decision_ids
    assert ids is not None
    rows = [
        Record(ids[d], *graph.statute_keys[s].split(":", 1), graph.decision_date[d], graph.decision_domain[d])
        for d, s in zip(graph.decision.tolist(), graph.statute.tolist(), strict=True)
    ]
    order = np.random.default_rng(0).permutation(len(rows))  # a decision's records scattered
    shuffled = [rows[i] for i in order.tolist()]
    # a decision whose later records carry another date and domain: the first one counts
    return [*shuffled, Record(shuffled[0].decision_id, "civil", "16", "2099-01-01", "criminal")]


@pytest.fixture(params=["memory", "parquet"])
def oracle(request, records, tmp_path, monkeypatch):
    monkeypatch.setattr(oracle_module, "CHUNK", 64)  # many chunks, some partly kept
    if request.param == "memory":
        return Oracle.from_records("g", records)
    columns = {
        f: [getattr(r, f) for r in records] for f in ("decision_id", "code", "article", "date", "domain")
    }
    pq.write_table(pa.table(columns), tmp_path / "g.parquet", row_group_size=333)
    from citeproof.bench.grounding.edges_parquet import parquet_oracle

    return parquet_oracle(tmp_path / "g.parquet", "g", batch_rows=100)


def reference(records, kept):
    """Snapshot and counts of the kept records, the plain way."""
    first: dict[str, Record] = {}
    for r in records:
        first.setdefault(r.decision_id, r)
    rows = [r for r, k in zip(records, kept, strict=True) if k]
    pairs = {(r.decision_id, f"{r.code}:{r.article}") for r in rows}
    dates = [first[r.decision_id].date for r in rows if first[r.decision_id].date]
    return {
        "records": len(rows),
        "decisions": len({r.decision_id for r in rows}),
        "statutes": len({f"{r.code}:{r.article}" for r in rows}),
        "date": max(dates, default=None),
        "k": Counter(f"{r.code}:{r.article}" for r in rows),
        "d": Counter(key for _, key in pairs),
        "by_domain": Counter((first[r.decision_id].domain, f"{r.code}:{r.article}") for r in rows),
    }


def observed(o: Oracle):
    snap = o.snapshot()

    def by_key(counts: np.ndarray) -> Counter[str]:
        return Counter({k: int(n) for k, n in zip(o.statute_keys, counts, strict=True) if n})

    return {
        "records": snap.records,
        "decisions": snap.decisions,
        "statutes": snap.statutes,
        "date": snap.date,
        "k": by_key(o.record_counts()),
        "d": by_key(o.decision_counts()),
        "by_domain": Counter(
            {(dom, k): n for dom, counts in o.domain_counts().items() for k, n in by_key(counts).items()}
        ),
    }


def test_whole_graph_matches_reference(oracle, records):
    assert observed(oracle) == reference(records, [True] * len(records))
    assert oracle.statute_keys == Oracle.from_records("g", records).statute_keys  # first appearance


def test_record_subsamples_draw_one_uniform_per_kept_record(oracle, records):
    sub = oracle.subsample_records(0.3, np.random.default_rng(5))
    kept = np.random.default_rng(5).random(len(records)) < 0.3
    assert observed(sub) == reference(records, kept)
    again = sub.subsample_records(0.5, np.random.default_rng(6))
    kept[np.flatnonzero(kept)] = np.random.default_rng(6).random(int(kept.sum())) < 0.5
    assert observed(again) == reference(records, kept)


def test_decision_subsamples_keep_whole_decisions(oracle, records):
    sub = oracle.subsample_decisions(0.4, np.random.default_rng(8))
    numbers = {d: i for i, d in enumerate(dict.fromkeys(r.decision_id for r in records))}
    draws = np.random.default_rng(8).random(len(numbers)) < 0.4
    kept = [bool(draws[numbers[r.decision_id]]) for r in records]
    assert observed(sub) == reference(records, kept)
    assert 0 < sum(kept) < len(records)


def test_select_takes_one_flag_per_kept_record(oracle, records):
    every_third = np.arange(len(records)) % 3 == 0
    sub = oracle.select(every_third)
    assert observed(sub) == reference(records, every_third)
    assert sub.decision.tolist() == oracle.decision[every_third].tolist()


def test_parquet_oracle_holds_no_decision_ids(tmp_path):
    rows = {"decision_id": ["a", "b"], "code": ["civil", "civil"], "article": ["16", "625"]}
    pq.write_table(pa.table(rows), tmp_path / "e.parquet")
    oracle = load_edges(tmp_path / "e.parquet")
    assert isinstance(oracle.records, OnDisk)  # the process holds nothing per record
    assert oracle.snapshot().to_dict() == {
        "name": "e",
        "records": 2,
        "decisions": 2,
        "statutes": 2,
        "date": None,
    }
    with pytest.raises(ValueError, match="without its decision ids"):
        write_edges(oracle, tmp_path / "e.csv")


def test_parquet_load_reports_progress(records, tmp_path, monkeypatch):
    import citeproof.bench.grounding.edges_parquet as edges_parquet

    monkeypatch.setattr(edges_parquet, "BATCH", 400)
    columns = {"decision_id": [r.decision_id for r in records], "code": [r.code for r in records]}
    columns["article"] = [r.article for r in records]
    pq.write_table(pa.table(columns), tmp_path / "g.parquet", row_group_size=500)
    seen: list[tuple[int, int]] = []
    load_edges(tmp_path / "g.parquet", progress=lambda done, total: seen.append((done, total)))
    assert len(seen) > 3 and seen[-1] == (len(records), len(records))
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})


def test_bad_parquet_gets_a_clear_error(tmp_path):
    pq.write_table(pa.table({"decision_id": ["a"], "article": ["16"]}), tmp_path / "nocode.parquet")
    with pytest.raises(ValueError, match="no column code"):
        load_edges(tmp_path / "nocode.parquet")
    (tmp_path / "text.parquet").write_text("decision_id,code,article\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a readable Parquet file"):
        load_edges(tmp_path / "text.parquet")


def test_ids_seen_long_before_keep_their_number(tmp_path):
    """Ascending ids let a batch skip the runs of seen ids whose range it does not meet; an id
    met again much later (and ids whose text order is not their number order) still keeps
    the number of its first appearance."""
    ids = [f"d{i}" for i in range(1200) for _ in range(2)] + ["d5", "d1000", "d1200", "d99", "d5"]
    articles = [str(1 + i % 7) for i in range(len(ids))]
    pq.write_table(
        pa.table({"decision_id": ids, "code": ["civil"] * len(ids), "article": articles}),
        tmp_path / "ascending.parquet",
        row_group_size=250,
    )
    from citeproof.bench.grounding.edges_parquet import parquet_oracle

    streamed = parquet_oracle(tmp_path / "ascending.parquet", "a", batch_rows=100)
    in_memory = Oracle.from_records("a", (Record(d, "civil", a) for d, a in zip(ids, articles, strict=True)))
    assert streamed.decision.tolist() == in_memory.decision.tolist()
    assert streamed.decision.tolist()[-5:] == [5, 1000, 1200, 99, 5]
    assert streamed.statute_keys == in_memory.statute_keys
    assert streamed.statute.tolist() == in_memory.statute.tolist()

"""Preference pairs from real citing text, the leakage report, the case-citation graph."""

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from citeproof.bench.grounding.commonlaw import (
    cites_in,
    load_case_graph,
    simulate_case_responses,
)
from citeproof.bench.grounding.dpo import Strategy, leakage, load_citing, make_pairs
from citeproof.bench.grounding.metrics import citation_table, response_cg, system_means
from citeproof.core.extraction.statutes.ua import extract_ua
from citeproof.core.extraction.statutes.ua_registry import CiteStatus

SHARED_US = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "us" / "opinions"


@pytest.fixture(scope="module")
def pairs(registry):
    return make_pairs(load_citing()[:300], registry, seed=3)


def test_every_strategy_yields_pairs(pairs):
    counts = Counter(p.strategy for p in pairs)
    assert set(counts) == set(Strategy)
    assert all(p.chosen != p.rejected and p.prompt + p.chosen for p in pairs)


def test_rejected_citations_have_the_promised_status(pairs, registry):
    expected = {
        Strategy.OUT_OF_RANGE: CiteStatus.NONEXISTENT,
        Strategy.ANACHRONISM: CiteStatus.REPEALED,
        Strategy.ARTICLE_SWAP: CiteStatus.EXISTS,
        Strategy.ADJACENT: CiteStatus.EXISTS,
        Strategy.CODE_SWAP: CiteStatus.EXISTS,
    }
    for p in pairs:
        code, article = p.corrupted.split(":")
        assert registry.check(code, article).status is expected[p.strategy], p
        got = extract_ua(p.rejected, registry=registry, self_code=p.source.split(":")[0])
        assert (got[0].code, got[0].article) == (code, article), p.rejected


def test_pairs_reproducible_from_seed(registry):
    rows = load_citing()[:50]
    assert make_pairs(rows, registry, seed=1) == make_pairs(rows, registry, seed=1)


def test_leakage_flags_out_of_range_not_adjacent(pairs):
    report = {r.strategy: r for r in leakage(pairs, seed=0)}
    assert report["out_of_range"].accuracy.value > 0.9  # bigger numbers give it away
    assert report["adjacent"].accuracy.high > 0.5 > report["adjacent"].accuracy.low - 0.1
    assert report["adjacent"].accuracy.value < 0.7


def test_case_cites_in_text():
    text = "Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986); 561 N.E. 2d 1201; 100 S. Ct. 1004"
    assert cites_in(text) == ["477 U.S. 317", "561 N.E.2d 1201", "100 S.Ct. 1004"]


def test_case_graph_from_fixture():
    oracle = load_case_graph(Path(__file__).parent / "data" / "opinions")
    assert oracle.nodes() == {"us:347 U.S. 483", "us:477 U.S. 317", "us:199 Ill.2d 281", "us:477 U.S. 242"}
    assert oracle.record_counts()[oracle.index["us:477 U.S. 317"]] == 2


@pytest.mark.skipif(not SHARED_US.exists(), reason="needs ../shared/data/us")
def test_case_graph_of_the_us_pack():
    oracle = load_case_graph(SHARED_US)
    snap = oracle.snapshot()
    assert snap.decisions > 300 and snap.records > 5000
    assert "us:477 U.S. 317" in oracle.nodes()  # Celotex, cited across the pack
    responses = simulate_case_responses(oracle, np.random.default_rng(0), queries=50)
    table = citation_table(responses, oracle)
    cg = system_means(table, response_cg(table, oracle.present()))
    assert cg[0] > cg[2]  # "head" fabricates less than "fabricator"

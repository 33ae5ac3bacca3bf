"""The attribution gold set: its links are well formed, and the extractor meets the issue's
target on it (precision and recall of citation–claim links >= 0.95 each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.bench.attribution import Link, load, same_claim, score
from citeproof.core.models import Span

GOLD = Path(__file__).resolve().parents[1] / "data" / "attribution_gold.jsonl"
TARGET = 0.95


@pytest.fixture(scope="module")
def items():
    return load(GOLD)


def test_every_gold_link_names_its_citation_and_claim_by_their_spans(items):
    assert sum(len(i["links"]) for i in items) >= 200
    kinds = set()
    for item in items:
        text = item["text"]
        for link in item["links"]:
            assert text[slice(*link["cite_span"])] == link["cite"], item["id"]
            assert text[slice(*link["claim_span"])] == link["claim"], item["id"]
            kinds.add(link["kind"])
    assert kinds == {"quote", "proposition"}
    assert len({i["style"] for i in items}) >= 10


def test_a_link_matches_only_on_the_same_citation_and_kind_and_half_of_each_span():
    gold = Link(0, "quote", Span(100, 200))
    assert same_claim(gold, Link(0, "quote", Span(110, 205)))
    assert not same_claim(gold, Link(1, "quote", Span(100, 200)))
    assert not same_claim(gold, Link(0, "proposition", Span(100, 200)))
    assert not same_claim(gold, Link(0, "quote", Span(0, 400)))  # a whole paragraph is not the quote
    assert not same_claim(Link(-1, "quote", Span(100, 200)), Link(-1, "quote", Span(100, 200)))


def test_attribution_meets_the_target_on_the_gold_set(items):
    result = score(items)
    missed = [m for t in result.texts for m in t.missed]
    spurious = [s for t in result.texts for s in t.spurious]
    assert result.precision.value >= TARGET, spurious
    assert result.recall.value >= TARGET, missed

import random
from pathlib import Path

import pytest

from citeproof.bench.factors.data import Side, factor_index, load_cases, load_factors
from citeproof.bench.factors.triples import (
    Mode,
    Role,
    read_jsonl,
    real_triples,
    synthetic_triples,
    write_jsonl,
)


def test_pack_counts_match_readme():
    assert len(load_factors()) == 26 and "F9" not in factor_index()
    assert sum(f.favors is Side.PLAINTIFF for f in load_factors()) == 13
    cases = load_cases()
    assert len(cases) == 49 and sum(c.kind == "real" for c in cases) == 41


@pytest.fixture(params=["synthetic", "real"])
def triples(request):
    rng = random.Random(7)
    return synthetic_triples(rng, 30) if request.param == "synthetic" else real_triples(rng, 30)


def test_thirty_per_mode(triples):
    for mode in Mode:
        assert sum(t.mode is mode for t in triples) == 30


def test_arguable_shares_with_both_and_precedents_split(triples):
    for t in (t for t in triples if t.mode is Mode.ARGUABLE):
        assert t.shared(Role.P1) and t.shared(Role.P2)
        assert (t.p1.outcome, t.p2.outcome) == (Side.PLAINTIFF, Side.DEFENDANT)
        assert t.current.outcome is None


def test_reordered_swaps_the_precedents_of_an_arguable_triple(triples):
    arguable = {t.id.split("-")[-1]: t for t in triples if t.mode is Mode.ARGUABLE}
    for t in (t for t in triples if t.mode is Mode.REORDERED):
        twin = arguable[t.id.split("-")[-1]]
        assert (t.p1, t.p2, t.current) == (twin.p2, twin.p1, twin.current)
        assert t.p1.outcome is Side.DEFENDANT


def test_non_arguable_shares_nothing(triples):
    for t in (t for t in triples if t.mode is Mode.NON_ARGUABLE):
        assert not t.shared(Role.P1) and not t.shared(Role.P2)
        assert {t.p1.outcome, t.p2.outcome} == {Side.PLAINTIFF, Side.DEFENDANT}


def test_factors_are_cato_factors_and_names_distinct(triples):
    for t in triples:
        assert len({t.case(r).name for r in Role}) == 3
        assert all(f in factor_index() for r in Role for f in t.case(r).factors)


def test_seeded_and_reproducible():
    a = synthetic_triples(random.Random(3), 5)
    assert a == synthetic_triples(random.Random(3), 5)
    assert a != synthetic_triples(random.Random(4), 5)


def test_real_triples_never_pit_a_dispute_against_itself():
    for t in real_triples(random.Random(1), 30):
        names = [t.case(r).name.lower() for r in Role]
        assert not any(a != b and a in b for a in names for b in names)


def test_jsonl_round_trip(tmp_path: Path):
    made = synthetic_triples(random.Random(0), 2)
    write_jsonl(made, tmp_path / "t.jsonl")
    assert read_jsonl(tmp_path / "t.jsonl") == made

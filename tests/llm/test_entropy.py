"""The agent's belief arithmetic and its likelihood models: small, pure, checked by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from citeproof.llm.entropy import (
    entropy,
    expected_entropy,
    information_gain,
    most_likely,
    normalised,
    outcome_probability,
    updated,
)
from citeproof.llm.likelihoods import (
    CORRECT,
    COURTLISTENER,
    HYPOTHESES,
    LOOKUPS,
    MISREPRESENTATION,
    NONEXISTENT,
    PASSAGES,
    UNSURE,
    WRONG_PINCITE,
    _columns,
    model_answers,
    prior,
)

pytestmark = pytest.mark.without_library


def test_entropy_in_bits():
    assert entropy({"a": 0.5, "b": 0.5}) == pytest.approx(1.0)
    assert entropy(dict.fromkeys("abcd", 0.25)) == pytest.approx(2.0)
    assert entropy({"a": 1.0, "b": 0.0}) == 0.0
    assert entropy({CORRECT: 0.7, MISREPRESENTATION: 0.3}) == pytest.approx(0.8813, abs=1e-4)


def test_bayes_rule_on_a_text_search_that_finds_nothing_related():
    belief = {CORRECT: 0.7, MISREPRESENTATION: 0.3}
    after = updated(belief, PASSAGES, "unrelated")  # P(unrelated | correct) 0.1, | misrep 0.4
    assert after[MISREPRESENTATION] == pytest.approx(0.12 / (0.07 + 0.12))
    assert sum(after.values()) == pytest.approx(1.0)
    assert outcome_probability(belief, PASSAGES, "unrelated") == pytest.approx(0.19)


def test_an_outcome_held_impossible_leaves_the_belief_as_it_was():
    table = {"yes": {"a": 1.0, "b": 0.0}, "no": {"a": 0.0, "b": 1.0}}
    assert updated({"a": 1.0, "b": 0.0}, table, "no") == {"a": 1.0, "b": 0.0}


def test_expected_entropy_of_useless_and_of_perfect_actions():
    belief = {"a": 0.2, "b": 0.3, "c": 0.5}
    useless = {"x": {"a": 0.5, "b": 0.5, "c": 0.5}, "y": {"a": 0.5, "b": 0.5, "c": 0.5}}
    perfect = {h: {g: float(g == h) for g in belief} for h in belief}
    assert expected_entropy(belief, useless) == pytest.approx(entropy(belief))
    assert information_gain(belief, useless) == pytest.approx(0.0)
    assert expected_entropy(belief, perfect) == pytest.approx(0.0)
    assert information_gain(belief, perfect) == pytest.approx(entropy(belief))


def _mutual_information(belief, table):
    """I(H; O) written the other way round: Σ p(h) p(o|h) log2(p(o|h) / p(o))."""
    total = 0.0
    for given_o in table.values():
        p_o = sum(given_o[h] * p for h, p in belief.items())
        for h, p in belief.items():
            if p > 0 and given_o[h] > 0:
                total += p * given_o[h] * math.log2(given_o[h] / p_o)
    return total


weights = st.lists(st.floats(0.01, 1.0), min_size=2, max_size=5)


@given(weights, st.lists(weights, min_size=2, max_size=4))
def test_information_gain_is_the_mutual_information(prior_weights, outcome_weights):
    hs = [f"h{i}" for i in range(len(prior_weights))]
    belief = normalised(dict(zip(hs, prior_weights, strict=True)))
    rows = [(w * len(hs))[: len(hs)] for w in outcome_weights]  # one weight per hypothesis
    columns = {h: normalised({f"o{j}": rows[j][i] for j in range(len(rows))}) for i, h in enumerate(hs)}
    table = {o: {h: columns[h][o] for h in hs} for o in columns[hs[0]]}
    gain = information_gain(belief, table)
    assert 0.0 <= gain <= entropy(belief) + 1e-9
    assert gain == pytest.approx(_mutual_information(belief, table), abs=1e-9)


def test_normalising_nothing_is_an_error_and_ties_go_to_the_first():
    with pytest.raises(ValueError):
        normalised({"a": 0.0})
    assert most_likely({"a": 0.5, "b": 0.5}) == ("a", 0.5)


def test_priors_and_lookup_models_are_distributions():
    assert prior([]) == {CORRECT: 1.0}
    assert prior([NONEXISTENT, MISREPRESENTATION]) == pytest.approx(
        {CORRECT: 0.7, NONEXISTENT: 0.15, MISREPRESENTATION: 0.15}
    )
    for table in LOOKUPS.values():
        for h in HYPOTHESES:
            assert sum(table[o][h] for o in table) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="do not sum to 1"):
        _columns({"x": 0.5})


def test_a_404_is_what_a_fabricated_cite_produces():
    belief = prior([NONEXISTENT, "name_mismatch", MISREPRESENTATION])
    after = updated(belief, COURTLISTENER, "absent")
    assert most_likely(after)[0] == NONEXISTENT and after[NONEXISTENT] > 0.7
    assert information_gain(belief, COURTLISTENER) > information_gain(belief, LOOKUPS["search_library"])


def test_the_model_as_a_noisy_channel():
    hs = (CORRECT, MISREPRESENTATION, WRONG_PINCITE)
    table = model_answers(hs, 0.85, 0.15)
    for h in hs:
        assert sum(table[o][h] for o in table) == pytest.approx(1.0)
    assert table[MISREPRESENTATION][MISREPRESENTATION] == pytest.approx(0.85 * 0.85)
    assert table[CORRECT][MISREPRESENTATION] == pytest.approx(0.15 * 0.85 / 2)
    assert table[UNSURE] == dict.fromkeys(hs, 0.15)
    reading = model_answers(
        (CORRECT, "misquote", MISREPRESENTATION), 0.85, 0.15, answers=(CORRECT, MISREPRESENTATION)
    )
    assert "misquote" not in reading  # a question that cannot name it: it looks correct
    assert reading[CORRECT]["misquote"] == reading[CORRECT][CORRECT]
    belief = prior([MISREPRESENTATION])
    sharp, vague = model_answers(belief, 0.85, 0.15), model_answers(belief, 0.6, 0.5)
    assert information_gain(belief, sharp) > information_gain(belief, vague)

"""The per-action table of an agent run (the paper's Tables A7/A9)."""

from __future__ import annotations

import math

import pytest

from citeproof.llm.action_table import action_table
from citeproof.llm.likelihoods import ASK_MODEL, SEARCH_COURTLISTENER, SEARCH_OPINION
from citeproof.llm.tools import Action

pytestmark = pytest.mark.without_library


def test_shares_steps_and_repeats():
    runs = [
        (Action(SEARCH_OPINION, "c1"), Action(ASK_MODEL, "c1", "reading")),
        (
            Action(SEARCH_COURTLISTENER, "c1"),
            Action(SEARCH_COURTLISTENER, "c1"),
            Action(ASK_MODEL, "c1", "from_lookups"),
        ),
        (),
    ]
    table = action_table(runs, seed=1)
    assert table.counts == (
        (SEARCH_COURTLISTENER, 2),
        (SEARCH_OPINION, 1),
        (ASK_MODEL, 2),
    )  # in ACTIONS order
    shares = dict(table.shares)
    assert shares[ASK_MODEL].value == pytest.approx(2 / 5) and shares[ASK_MODEL].n == 3
    assert table.repeats == 1 and table.repeated.value == pytest.approx(1 / 5)
    assert table.steps_per_excerpt.value == pytest.approx(5 / 3) and table.steps_per_excerpt.n == 3
    text = table.markdown("agent")
    assert "| ask_model | 2 | 40.0 [" in text and "repeated lookups: 1 of 5 actions" in text
    assert table.to_dict()["counts"] == {SEARCH_COURTLISTENER: 2, SEARCH_OPINION: 1, ASK_MODEL: 2}


def test_no_runs_give_no_figures_not_zeros():
    table = action_table([])
    assert table.actions == 0 and table.shares == () and table.steps_per_excerpt.n == 0
    assert math.isnan(table.repeated.value)
    assert "steps per excerpt: n/a (n=0)" in table.markdown()

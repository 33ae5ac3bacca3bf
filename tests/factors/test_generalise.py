"""Issue 31's attribution and negation rules, on sentences written for these tests (not gold text)."""

import pytest

from citeproof.bench.factors.extract import DeterministicExtractor, HybridExtractor, mention_set
from citeproof.bench.factors.mentions import find_hits
from citeproof.bench.factors.refs import find_refs
from citeproof.bench.factors.semantic import segments, settle_twins
from citeproof.bench.factors.triples import Role

from .test_extract import TRIPLE

C, P1, P2 = Role.CURRENT, Role.P1, Role.P2


def lexicon(text: str) -> frozenset[tuple[Role, str]]:
    return mention_set(DeterministicExtractor().extract(text, TRIPLE))


@pytest.fixture(scope="module")
def hybrid() -> HybridExtractor:
    return HybridExtractor()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "it" + a past-tense verb is the case in focus, even after "like X"
        (
            "Space Aero is the better match; it was decided for the defendant, and like Mason it "
            "produced an identical product.",
            {(C, "F18"), (P2, "F18")},
        ),
        # "like X" holds for the whole sentence ...
        (
            "Like the owner in Trandes, Mason shared its plans with customers only under nondisclosure "
            "terms, kept its recipe under lock and key, and dealt with a defendant who knew the "
            "information was confidential.",
            {(C, "F12"), (P1, "F12"), (C, "F6"), (P1, "F6"), (C, "F21"), (P1, "F21")},
        ),
        # ... but not for a clause that names its own case
        ("Mason, like Trandes, has F1, and Space Aero also has F8.", {(C, "F1"), (P1, "F1"), (P2, "F8")}),
        # a clause's own "never", further back than three words
        ("Space Aero's buyer never at any stage of the deal knew that the design was confidential.", set()),
        ("Space Aero's buyer never at any stage of the deal bribed an employee.", set()),
        # not across a conjunction
        ("Mason never signed anything and disclosed the recipe during negotiations.", {(C, "F1")}),
    ],
)
def test_attribution_and_negation_scope(text, expected):
    assert lexicon(text) == expected


@pytest.mark.parametrize(
    ("text", "factor"),
    [
        ("Mason never took any precautions to safeguard its recipe.", "F19"),
        ("Space Aero made no effort whatever to keep the process under lock and key.", "F19"),
        ("Trandes relied on a loosely drafted confidentiality agreement.", "F5"),
        ("Trandes's confidentiality agreement never identified the secrets.", "F5"),
        ("Trandes's nondisclosure agreement was signed by every engineer.", "F4"),
        ("Mason safeguarded its recipe.", "F6"),
    ],
)
def test_lexicon_hits_settle_twins_by_cue_words(text, factor):
    settled = {h.factor for h in settle_twins(text, find_hits(text))}
    assert settled & {"F4", "F5", "F6", "F19"} == {factor}


def test_which_after_a_factor_expression_refers_to_its_cases(hybrid):
    text = (
        "Like Mason, Space Aero concerned a product made by no one else, which the defendant copied exactly."
    )
    found = mention_set(hybrid.extract(text, TRIPLE))
    assert {(C, "F18"), (P2, "F18")} <= found


def test_segments_that_gloss_a_code_or_hold_only_function_words_are_not_read():
    text = (
        "Trandes had F10 (the plans went out to customers), and Mason cannot point to F8. "
        "Space Aero should come out like Mason."
    )
    segs = [text[s.start : s.end] for s in segments(text, find_hits(text), find_refs(text, TRIPLE))]
    assert segs == []


@pytest.mark.parametrize(
    ("phrase", "factor", "denied"),
    [
        ("the engineer had agreed he would not join a competing firm", "F13", False),
        ("the chemist promised that she would never reveal the formula", "F4", False),
        ("the defendant's machine was not identical", "F18", True),
        ("no security measures", "F19", False),  # its description is a negation
    ],
)
def test_a_promise_not_to_act_is_no_denial(phrase, factor, denied):
    from citeproof.bench.factors.mentions import denied_inside

    assert denied_inside(phrase, factor) is denied


def test_nobody_else_states_uniqueness_not_a_denial(hybrid):
    found = mention_set(hybrid.extract("In Mason, nobody else made a product like it.", TRIPLE))
    assert (C, "F15") in found

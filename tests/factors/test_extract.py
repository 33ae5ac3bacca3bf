import re
from collections import Counter

import pytest

from citeproof.bench.factors.data import Side
from citeproof.bench.factors.extract import DeterministicExtractor, mention_set
from citeproof.bench.factors.gold import load_gold, parse_gold, validate
from citeproof.bench.factors.triples import CaseFacts, Mode, Role, Triple

TRIPLE = Triple(
    "t",
    Mode.ARGUABLE,
    "real",
    CaseFacts("Mason v Jack Daniel Distillery", ("F1", "F6", "F15", "F16", "F21")),
    CaseFacts("Trandes Corp v Guy F. Atkinson Co", ("F1", "F4", "F6", "F10", "F12"), Side.PLAINTIFF),
    CaseFacts(
        "Space Aero Products Corp v R.E. Darling Corp", ("F1", "F8", "F15", "F18", "F19"), Side.DEFENDANT
    ),
)
C, P1, P2 = Role.CURRENT, Role.P1, Role.P2


def extract(text: str) -> frozenset[tuple[Role, str]]:
    return mention_set(DeterministicExtractor().extract(text, TRIPLE))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Both Mason and Trandes have F6.", {(C, "F6"), (P1, "F6")}),
        ("F5 is not present in the current case.", set()),
        ("Trandes had F4, which Mason lacks.", {(P1, "F4")}),
        ("Unlike Trandes, Mason has F16.", {(C, "F16")}),
        ("Space Aero had F8; the current case does not.", {(P2, "F8")}),
        ("Precedent 2 (F1, F19) decided for the defendant.", {(P2, "F1"), (P2, "F19")}),
        ("There was no deception in Mason.", set()),
        ("In Space Aero the plaintiff took no security measures.", {(P2, "F19")}),
        ("Mason guarded its recipe under lock and key.", {(C, "F6")}),
        ("Space Aero also had F6 Security-measures.", {(P2, "F6")}),  # misattribution kept
        ("The current case has F30.", {(C, "F30")}),  # invented code kept
        ("Trandes won. It had F12.", {(P1, "F12")}),
    ],
)
def test_attribution_and_negation(text, expected):
    assert extract(text) == expected


def test_extractor_is_deterministic():
    text = load_gold()[0].text
    assert DeterministicExtractor().extract(text, TRIPLE) == (DeterministicExtractor().extract(text, TRIPLE))


def test_gold_set_is_large_and_varied():
    gold = load_gold()
    dev = [g for g in gold if g.split == "dev"]
    assert len(dev) >= 60
    assert Counter(g.style for g in dev) == {"code": 33, "paraphrase": 33}
    tags = Counter(t for g in dev for t in g.tags)
    assert tags["negation"] >= 20 and tags["misattribution"] >= 5 and tags["abstain"] >= 5
    assert len({(g.split, g.id) for g in gold}) == len(gold)  # ids are unique within a set
    assert all(g.text for g in gold)


def test_gold_paraphrase_style_uses_no_codes():
    for g in load_gold():
        if g.style == "paraphrase":
            assert not re.search(r"\bF\d+\b", g.text), g.id


def test_misattributions_in_gold_are_real():
    """Arguments tagged misattribution assert some factor the case does not have (and, but for
    held-out 3, whose tags its writer calls informative only, the others assert none)."""
    for g in load_gold():
        wrong = {(r, f) for r, f in g.mentions if f not in g.triple.case(r).factors}
        tagged = "misattribution" in g.tags or "invented" in g.tags
        assert bool(wrong) == tagged or (g.split == "heldout3" and not tagged and g.id == "t54"), g.id


@pytest.mark.parametrize("split", ["dev", "heldout"])
def test_tuned_gold_sets_meet_the_bar_for_both_styles(split):
    """The sets the extractor was tuned on (held-out 1 since the lexicon was broadened)."""
    rows, _ = validate([DeterministicExtractor()], load_gold((split,)))
    by_style = {r.style: r for r in rows}
    for style in (f"{split}/code", f"{split}/paraphrase"):
        assert by_style[style].precision.value >= 0.95
        assert by_style[style].recall.value >= 0.95


def test_parse_gold_record():
    source = (
        "# comment\n=== x1\ntriple: t\nstyle: code\ntags: negation\n"
        "current: F1 F6\np1:\np2: F19\n---\nSome text.\n"
    )
    (arg,) = parse_gold(source, {"t": TRIPLE})
    assert arg.mentions == {(C, "F1"), (C, "F6"), (P2, "F19")}
    assert arg.text == "Some text." and arg.tags == ("negation",)

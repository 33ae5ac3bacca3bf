import math

import pytest

from citeproof.bench.factors.data import Side
from citeproof.bench.factors.mentions import Mention
from citeproof.bench.factors.metrics import (
    aggregate,
    classify,
    exact_abstention,
    near_miss_abstention,
    score_output,
)
from citeproof.bench.factors.prompts import (
    ABSTAIN_CONDITION,
    ABSTAIN_CONSEQUENCE,
    ABSTAIN_PHRASE,
    argument_messages,
)
from citeproof.bench.factors.triples import CaseFacts, Mode, Role, Triple


def _triple(mode: Mode, tid: str) -> Triple:
    if mode is Mode.NON_ARGUABLE:
        cur, p1, p2 = ("F2", "F3"), ("F1", "F4"), ("F6", "F19")
    else:
        cur, p1, p2 = ("F1", "F6"), ("F1", "F4"), ("F6", "F19")
    return Triple(
        tid,
        mode,
        "synthetic",
        CaseFacts("Cur v. A", cur),
        CaseFacts("One v. B", p1, Side.PLAINTIFF),
        CaseFacts("Two v. C", p2, Side.DEFENDANT),
    )


ARG = _triple(Mode.ARGUABLE, "a")
NON = _triple(Mode.NON_ARGUABLE, "n")


def test_classify_separates_invented_from_misattributed():
    assert classify(ARG, Role.CURRENT, "F1") == "correct"
    assert classify(ARG, Role.CURRENT, "F4") == "misattributed"  # F4 is P1's
    assert classify(ARG, Role.P2, "F30") == "invented"
    assert classify(ARG, Role.P2, "F13") == "invented"  # a CATO factor, in no case here


def test_score_output_counts_by_hand():
    mentions = [
        Mention(Role.CURRENT, "F1"),
        Mention(Role.CURRENT, "F4"),
        Mention(Role.P2, "F30"),
        Mention(Role.P1, "F4"),
        Mention(Role.P1, "F4"),
    ]
    s = score_output(ARG, "m", "text", mentions)
    assert (s.mentions, s.correct, s.invented, s.misattributed, s.expected) == (4, 2, 1, 1, 6)
    assert s.acch == 0.5 and s.recu == pytest.approx(2 / 6)


def test_empty_output_has_no_accuracy_and_zero_recall():
    s = score_output(ARG, "m", "", [])
    assert s.acch is None and s.recu == 0.0 and not s.abstained


@pytest.mark.parametrize(
    "text",
    [
        "NO ARGUMENT POSSIBLE",
        "no argument  possible.",
        "Answer: No Argument Possible",
        "NO ARGUMENT POSSIBLE. The current case shares no factor with either precedent.",
        # seed 002's own wording, alone or with a reason that does not argue
        "No 3-ply argument is possible.",
        "No argument can be made: the current case shares no factors with either precedent.",
    ],
)
def test_exact_phrase(text):
    assert exact_abstention(text) and not near_miss_abstention(text)


@pytest.mark.parametrize(
    "text",
    [
        "NO ARGUMENT POSSIBLE\n\nPlaintiff's argument: Alpha shares F1 (Disclosure-in-negotiations) "
        "with the current case, so the plaintiff should prevail.",
        "NO ARGUMENT POSSIBLE. However, the defendant's response would distinguish Beta.",
        "No 3-ply argument is possible, but F6 Security-measures favors the plaintiff here.",
        "I cannot construct a 3-ply argument. Still, the plaintiff's argument is that Alpha is analogous.",
    ],
)
def test_phrase_then_argument_is_an_argument(text):
    """The failure seed 002 describes: the phrase, then an argument anyway."""
    assert not exact_abstention(text) and not near_miss_abstention(text)


@pytest.mark.parametrize(
    "text",
    [
        "I cannot construct a valid 3-ply argument here.",
        "There are no shared factors, so the plaintiff has nothing to cite.",
        "After review: no argument possible.",
    ],
)
def test_near_miss(text):
    assert near_miss_abstention(text) and not exact_abstention(text)


@pytest.mark.parametrize(
    "text",
    [
        "Plaintiff: Alpha shares F1 with the current case.",
        "The defendant argues that the argument is weak.",
    ],
)
def test_not_an_abstention(text):
    assert not exact_abstention(text) and not near_miss_abstention(text)


def test_the_prompts_own_abstention_words_are_in_the_prompt():
    """The condition and consequence the scorer accepts are the words the model is given."""
    prompt = argument_messages(_triple(Mode.NON_ARGUABLE, "t"))[-1]["content"]
    assert f"If {ABSTAIN_CONDITION}, {ABSTAIN_CONSEQUENCE}:" in prompt and f'"{ABSTAIN_PHRASE}"' in prompt


@pytest.mark.parametrize(
    "text",
    [
        # the prompt's instruction, echoed as the answer
        f"{ABSTAIN_CONDITION.capitalize()}, so {ABSTAIN_CONSEQUENCE}.",
        f"{ABSTAIN_CONSEQUENCE.capitalize()}.",
        f"{ABSTAIN_CONDITION.capitalize()}: {ABSTAIN_PHRASE}",
        "Since the current case shares no factors with either precedent, no 3-ply argument is possible.",
        "The current case shares no factors in common with either precedent. "
        "Therefore, NO ARGUMENT POSSIBLE.",
        "The current case shares no common factor with either precedent; "
        "hence no valid argument can be made.",
        "No 3-ply argument possible.",
    ],
)
def test_the_instructed_wording_is_an_exact_abstention_not_a_near_miss(text):
    assert exact_abstention(text) and not near_miss_abstention(text)


@pytest.mark.parametrize(
    "text",
    [
        # the condition alone, or the condition and then an argument, is no exact abstention
        "The current case shares no factor with either precedent.",
        "The current case shares no factor with either precedent, so no 3-ply argument is possible. "
        "Plaintiff's argument: Alpha shares F1 with the current case.",
        "The current case shares no factor with either precedent, but the plaintiff argues F6 applies.",
    ],
)
def test_the_condition_without_the_phrase_or_followed_by_an_argument_is_not_exact(text):
    assert not exact_abstention(text)


def test_other_refusals_stay_near_misses():
    for text in ("A 3-ply argument is not possible.", "An argument cannot be constructed from these cases."):
        assert near_miss_abstention(text) and not exact_abstention(text), text


def _run():
    a = score_output(
        ARG,
        "m",
        "arg",
        [
            Mention(Role.CURRENT, "F1"),
            Mention(Role.CURRENT, "F4"),
            Mention(Role.P2, "F30"),
            Mention(Role.P1, "F4"),
        ],
    )
    b = score_output(ARG, "m", "", [])
    c = score_output(NON, "m", "NO ARGUMENT POSSIBLE", [])
    d = score_output(NON, "m", "I cannot construct a valid argument here.", [])
    e = score_output(NON, "m", "The current case has F2.", [Mention(Role.CURRENT, "F2")])
    return a, b, c, d, e


def test_aggregate_by_hand():
    m = aggregate(_run(), seed=1, resamples=500)
    assert (m.acch.value, m.acch.n) == (0.75, 2)  # A 0.5 and E 1.0; B empty, C/D abstained
    assert m.acch.low <= 0.75 <= m.acch.high
    assert (m.acch_naive.value, m.acch_naive.n) == (pytest.approx(0.9), 5)
    assert (m.recu.value, m.recu.n) == (pytest.approx(1 / 6), 2)
    assert (m.abstention_exact.value, m.abstention_exact.n) == (pytest.approx(1 / 3), 3)
    assert m.abstention_near_miss.value == pytest.approx(1 / 3)
    assert m.abstention_any.value == pytest.approx(2 / 3)
    assert (m.false_abstention.value, m.false_abstention.n) == (0.0, 2)
    assert (m.invented_rate.value, m.invented_rate.n) == (pytest.approx(0.2), 5)
    assert m.misattributed_rate.value == pytest.approx(0.2)


def test_all_abstain_run_has_no_accuracy_not_perfect_accuracy():
    _, _, c, d, _ = _run()
    m = aggregate([c, d], seed=0, resamples=100)
    assert m.acch.n == 0 and math.isnan(m.acch.value)
    assert m.acch_naive.value == 1.0  # the inflated figure the issue warns about
    assert m.recu.n == 0 and math.isnan(m.recu.value)
    assert (m.abstention_any.value, m.abstention_any.n) == (1.0, 2)
    assert m.invented_rate.n == 0


def test_empty_input_is_nan_with_n_zero():
    m = aggregate([], seed=0)
    for name in ("acch", "recu", "abstention_any", "invented_rate"):
        est = getattr(m, name)
        assert est.n == 0 and math.isnan(est.value)

"""The lenient scorer on hand-made cases whose answers are known."""

from __future__ import annotations

import math

from citeproof.bench.phantom.baselines import baseline_summaries
from citeproof.bench.phantom.schema import Excerpt, GoldCitation, GoldError, Role
from citeproof.bench.phantom.scorer import (
    fragments_match,
    guarded_match,
    ratio,
    score_excerpt,
    summarise,
    unique_predictions,
)

ROE = "Roe v. Wade, 410 U.S. 113, 153 (1973)"
QUOTE = "lawyers in criminal courts are necessities, not luxuries"


def excerpt(*errors: GoldError, citations: tuple[GoldCitation, ...] = ()) -> Excerpt:
    return Excerpt("x.txt", "text", errors, citations)


def test_substring_either_way_after_normalising():
    assert fragments_match("410 U.S. 113, 153", ROE)  # prediction inside gold
    assert fragments_match(f"See {ROE}.", ROE)  # gold inside prediction
    assert fragments_match("“Lawyers in criminal   courts”", QUOTE)  # quotes, case, spaces
    assert not fragments_match("410 U.S. 114", ROE)
    assert not fragments_match("", ROE) and not fragments_match("  ", ROE)


def test_precision_recall_on_a_known_excerpt():
    e = excerpt(GoldError(ROE, "nonexistent"), GoldError(QUOTE, "misquote"))
    s = score_excerpt(e, ["410 U.S. 113", "Brown v. Board"])
    assert (s.predictions, s.matched_predictions, s.gold, s.matched_gold) == (2, 1, 2, 1)
    assert s.kind_hit[0] == 1 and s.kind_gold[3] == 1 and s.kind_hit[3] == 0


def test_optional_gold_is_a_true_positive_for_the_paper_and_left_out_by_the_guard():
    e = excerpt(
        GoldError(ROE, "nonexistent"), GoldError("Roe, 410 U.S. at 160", "nonexistent", optional=True)
    )
    missed = score_excerpt(e, [ROE])  # a missed optional span costs nothing under either scorer
    assert (missed.gold, missed.matched_gold, missed.predictions) == (1, 1, 1)
    assert (missed.paper_predictions, missed.paper_matched) == (1, 1)
    hit = score_excerpt(e, [ROE, "410 U.S. at 160", "Brown v. Board"])
    # guarded: the optional hit is neither a true nor a false positive
    assert (hit.gold, hit.matched_gold, hit.predictions, hit.matched_predictions) == (1, 1, 2, 1)
    # the paper's count: the optional hit is a true positive (precision and recall's numerator)
    assert (hit.paper_predictions, hit.paper_matched) == (3, 2)
    figures = summarise([hit], seed=0)
    assert figures["precision"].value == 0.5 and figures["paper_precision"].value == 2 / 3
    assert figures["recall"].value == 1.0 and figures["paper_recall"].value == 2.0
    assert figures["paper_recall"].n == 1  # optional gold is never in the denominator


def test_guard_refuses_a_prediction_far_longer_than_the_gold():
    assert guarded_match(ROE, ROE) and guarded_match("410 U.S. 113", ROE)
    padded = f"As the brief argues at length, see {ROE}, and nothing else."
    assert len(padded) <= 2 * len(ROE) + 40 and guarded_match(padded, ROE)
    whole = "A long excerpt. " * 20 + ROE
    assert fragments_match(whole, ROE) and not guarded_match(whole, ROE)
    assert fragments_match("v.", ROE) and not guarded_match("v.", ROE)  # too short to find anything
    assert guarded_match("Id. at 5", "Id. at 5") and guarded_match("Roe", "Roe")  # the whole gold


def test_paper_recall_counts_predictions_guarded_recall_counts_gold():
    e = excerpt(GoldError(ROE, "nonexistent"), GoldError(QUOTE, "misquote"))
    s = score_excerpt(e, ["Roe v. Wade", "410 U.S. 113", "113, 153 (1973)"])
    figures = summarise([s], seed=0)
    assert (s.paper_matched, s.gold, s.matched_gold) == (3, 2, 1)
    assert figures["paper_recall"].value == 1.5  # three predictions inside one gold fragment
    assert figures["recall"].value == 0.5


def test_whole_excerpt_baseline_is_perfect_only_under_the_paper_scorer():
    text = "Intro. " * 30 + f"See {ROE}. The court said “{QUOTE}.”"
    e = Excerpt("x.txt", text, (GoldError(ROE, "nonexistent"), GoldError(QUOTE, "misquote")))
    figures = baseline_summaries([e], seed=0)["baseline: whole excerpt"]
    assert figures["paper_precision"].value == 1.0 and figures["paper_recall"].value == 0.5
    assert figures["precision"].value == 0.0 and figures["recall"].value == 0.0


def test_duplicate_predictions_count_once():
    s = score_excerpt(excerpt(GoldError(ROE, "nonexistent")), ["Brown", "brown ", "Brown", "410 U.S. 113"])
    assert unique_predictions(["Brown", "brown ", "Brown"]) == ("Brown",)
    assert (s.predictions, s.matched_predictions) == (2, 1)


def test_two_predictions_inside_one_gold_both_match():
    s = score_excerpt(excerpt(GoldError(ROE, "name_mismatch")), ["Roe v. Wade", "410 U.S. 113"])
    assert (s.predictions, s.matched_predictions, s.matched_gold) == (2, 2, 1)


def test_empty_predictions_give_nan_precision_not_zero():
    e = excerpt(GoldError(ROE, "nonexistent"))
    figures = summarise([score_excerpt(e, []), score_excerpt(e, [""])], seed=1)
    assert math.isnan(figures["precision"].value) and figures["precision"].n == 0
    assert figures["recall"].value == 0.0 and figures["recall"].n == 2
    assert math.isnan(figures["recall_misquote"].value) and figures["recall_misquote"].n == 0


def test_clean_excerpt_with_no_gold_and_no_prediction_changes_nothing():
    s = score_excerpt(excerpt(), [])
    assert (s.predictions, s.gold) == (0, 0)
    assert math.isnan(summarise([s], seed=0)["recall"].value)


def test_flagging_a_distractor_is_counted():
    real = GoldCitation("Smith v. Jones, 925 F.3d 1339 (11th Cir. 2019)", (0, 10), Role.DISTRACTOR)
    s = score_excerpt(excerpt(citations=(real,)), ["925 F.3d 1339"])
    figures = summarise([s, score_excerpt(excerpt(citations=(real,)), [])], seed=0)
    assert figures["flag_rate_distractor"].value == 0.5 and figures["flag_rate_distractor"].n == 2


def test_ratio_is_micro_with_a_seeded_interval():
    a = ratio([1, 3, 0], [2, 4, 0], seed=5)
    assert a.value == 4 / 6 and a.n == 6 and a.low <= a.value <= a.high
    assert ratio([1, 3], [2, 4], seed=5) == ratio([1, 3], [2, 4], seed=5)
    assert ratio([], [], seed=5).n == 0

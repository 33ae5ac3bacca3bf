"""Readings added for misrepresentation recall (issue 28, the phantom target), each on
sentences written for the test: a claim the rule fires on, and a faithful paraphrase it must
leave alone."""

from __future__ import annotations

from tests.core.checking.test_misrep import HARRIS, claim, synthetic_opinion

from citeproof.core.checking.support import check_support
from citeproof.core.models import (
    ErrorKind,
    Finding,
    Outcome,
    Status,
)
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.sqlite import SQLiteLibrary


def rule(proposition: str, said: str) -> str | None:
    """The rule that flags the proposition against an opinion saying ``said``, or None."""
    f: Finding = check_support(claim(proposition, HARRIS), synthetic_opinion(said))
    assert f.kind is ErrorKind.MISREPRESENTATION
    return f.rule if f.outcome is Outcome.FAIL else None


FEE = (
    "A reasonable fee for the guardian may be the sum fixed by the written retainer contract, or it may be "
    "less."
)


def test_a_sentence_reworded_with_a_negation_added_is_its_opposite():
    reversed_ = (
        "A sensible fee for the guardian may not be the sum set by the written retainer agreement, or it "
        "may be less."
    )
    honest = (
        "A sensible fee for the guardian may be the sum set by the written retainer agreement, or it may "
        "be less."
    )
    assert rule(reversed_, FEE) == "reworded_polarity"
    assert rule(honest, FEE) is None


def test_a_negation_that_replaces_words_is_not_a_reworded_opposite():
    said = "Such a search of the glove compartment is permissible under the statute once the driver consents."
    honest = (
        "Such a search of the glove compartment is not objectionable under the statute once the driver "
        "consents."
    )
    assert rule(honest, said) is None


def test_a_word_swapped_for_its_contrary_is_flagged():
    said = (
        "After the collision, the plaintiff noticed a marked decrease in her ability to concentrate at work."
    )
    contrary = (
        "After the collision, the plaintiff noticed a marked increase in her ability to concentrate at work."
    )
    honest = (
        "After the collision, the plaintiff noticed a marked decline in her ability to concentrate at work."
    )
    assert rule(contrary, said) == "contrary_term"
    assert rule(honest, said) is None


def test_denying_a_holding_the_opinion_reports_is_its_opposite():
    said = (
        "Courts of this state have consistently held that a landlord owes no duty to clear a public "
        "sidewalk of snow."
    )
    denied = (
        "Courts of this state have not consistently held that a landlord owes no duty to clear a public "
        "sidewalk of snow."
    )
    honest = (
        "Courts of this state have consistently ruled that a landlord owes no duty to clear a public "
        "sidewalk of snow."
    )
    assert rule(denied, said) == "polarity"
    assert rule(honest, said) is None


def test_a_hedge_made_firm_is_flagged_though_the_claim_keeps_the_same_hedge_elsewhere():
    said = "A reasonable fee may be the sum fixed by the written retainer contract, or it may be less."
    firm = "A reasonable fee must be the sum fixed by the written retainer contract, or it may be less."
    assert rule(firm, said) == "modal_strengthening"
    assert rule(said, said) is None


def test_a_claim_retelling_the_courts_recital_of_history_is_read_against_it():
    said = (
        "The trial court found that the transfers by the debtor to his children were fraudulent on two "
        "grounds."
    )
    framed = f"The court declined to hold that {said[0].lower()}{said[1:]}"
    assert rule(framed, said) == "rejecting_frame"
    assert rule(said, said) is None
    denied = (
        "The district court denied the motion, concluding that the withheld evidence, although favorable to "
        "the accused, was not material."
    )
    reversed_ = denied.replace("was not material", "was material")
    assert rule(reversed_, denied) == "polarity"
    assert (
        rule(
            "The district court denied the motion, concluding that the withheld evidence was not material.",
            denied,
        )
        is None
    )


def test_a_rule_that_a_court_need_not_consider_something_is_not_a_question_left_open():
    said = (
        "Where the search is consented to, a court need not consider whether the officers had probable "
        "cause to search the car."
    )
    must = (
        "Where the search is consented to, a court must consider whether the officers had probable cause "
        "to search the car."
    )
    assert rule(must, said) == "polarity"
    assert rule(said, said) is None


def test_the_court_rejecting_a_partys_reading_in_its_own_words_speaks_for_the_court():
    said = (
        "We cannot agree that the portion of the statute relied upon should be construed as plaintiffs "
        "suggest."
    )
    reversed_ = (
        "We cannot agree that the portion of the statute relied upon should not be construed as plaintiffs "
        "suggest."
    )
    opinion = f"The plaintiffs rely on the second clause of the statute. {said}"
    assert rule(reversed_, opinion) == "rejecting_frame"
    assert rule(said, opinion) is None


def test_failed_to_raise_is_the_negation_of_raise_in_any_form():
    said = (
        "Defendant's own retained counsel was present at the preliminary hearing and raised no objection to "
        "the transcript. The record of the preliminary hearing shows that defendant's own retained counsel "
        "failed to raise a timely objection to the transcript."
    )
    framed = (
        "The court declined to hold that defendant's own retained counsel was present at the preliminary "
        "hearing and raised no objection to the transcript."
    )
    honest = (
        "Defendant's own retained counsel was present at the preliminary hearing and raised no objection "
        "to the transcript."
    )
    assert rule(framed, said) == "rejecting_frame"
    assert rule(honest, said) is None


BRADY_REVERSED = (
    "The suppression by the prosecution of evidence favorable to an accused upon request does not violate "
    "due process where the evidence is material either to guilt or to punishment."
)


def test_a_wrong_pin_page_does_not_hide_what_the_opinion_contradicts(library: SQLiteLibrary) -> None:
    # Brady says the opposite, on page 87: the wrong pin and the reversal are both reported
    report = check_document(
        document_from_text(f"{BRADY_REVERSED} Brady v. Maryland, 373 U.S. 83, 85 (1963)."), library
    )
    (verdict,) = report.verdicts
    assert [e.kind for e in verdict.errors] == [ErrorKind.WRONG_PINCITE, ErrorKind.MISREPRESENTATION]
    assert verdict.errors[1].rule == "polarity"
    faithful = BRADY_REVERSED.replace("does not violate", "violates")
    report = check_document(
        document_from_text(f"{faithful} Brady v. Maryland, 373 U.S. 83, 85 (1963)."), library
    )
    assert [e.kind for e in report.verdicts[0].errors] == [ErrorKind.WRONG_PINCITE]


def test_rejected_is_read_as_a_frame_not_as_an_attribution(library: SQLiteLibrary) -> None:
    held = BRADY_REVERSED.replace("does not violate", "violates")
    text = (
        f"In Brady v. Maryland, 373 U.S. 83, 87 (1963), the court rejected the view that "
        f"{held[0].lower()}{held[1:]}"
    )
    (verdict,) = check_document(document_from_text(text), library).verdicts
    assert verdict.citation.proposition is not None
    assert verdict.citation.proposition.startswith("the court rejected the view that")
    assert [(e.kind, e.rule) for e in verdict.errors] == [(ErrorKind.MISREPRESENTATION, "rejecting_frame")]
    text = f"In Brady v. Maryland, 373 U.S. 83, 87 (1963), the court held that {held[0].lower()}{held[1:]}"
    (verdict,) = check_document(document_from_text(text), library).verdicts
    assert verdict.status is Status.VERIFIED

"""The rules for claims written as briefs write them, on real opinions of the data pack: the
cite, the case's name and a parenthetical inside the claim; a paraphrase rather than a copy.
Each rule flags a claim the opinion contradicts, names itself and quotes the opinion; an
honest paraphrase of the same passage is not flagged. Every claim here is written for these
tests (none comes from the blind sets)."""

from __future__ import annotations

import pytest
from tests.pack import opinion_of, record_by_cite

from citeproof.core.checking.alignment import read_statement, stems
from citeproof.core.checking.disposition_claims import stated_outcome
from citeproof.core.checking.support import check_support
from citeproof.core.models import Citation, CitationType, CiteForm, ErrorKind, Outcome, Span

HARRIS = "359 Ill. App. 3d 931"  # affirmed; "defendant argues that the trial court abused ..." "We disagree."
THUNDER_ROAD = "359 Ill. App. 3d 921"  # reversed and remanded
ZINN = (
    "207 Md. 355"  # "we need not decide whether a mere intensification of residential use could support ..."
)
MERRIMAC = (
    "753 N.W.2d 552"  # "the town argues that the legislature would not use both words ..." "We do not agree."
)
BROWN = "477 S.W.2d 617"  # Brown v. State: a conviction affirmed


def brief(statement: str, at: str) -> Citation:
    """The whole statement, cite and parentheticals included, as the proposition."""
    volume, *reporter, page = at.split()
    return Citation(
        id="c1",
        type=CitationType.CASE,
        form=CiteForm.FULL,
        text=at,
        span=Span(0, len(at)),
        volume=volume,
        reporter=" ".join(reporter),
        page=page,
        case_name=record_by_cite(at)["name_abbreviation"],
        proposition=statement,
        proposition_span=Span(0, len(statement)),
    )


def finding(statement: str, at: str):  # type: ignore[no-untyped-def]
    return check_support(brief(statement, at), opinion_of(at))


def assert_flagged(statement: str, at: str, rule: str, quoted: str) -> None:
    f = finding(statement, at)
    assert f.outcome is Outcome.FAIL, f.explanation
    assert f.kind is ErrorKind.MISREPRESENTATION
    assert f.rule == rule
    assert quoted.lower() in " ".join(f.evidence.lower().split())


def assert_passed(statement: str, at: str) -> None:
    f = finding(statement, at)
    assert f.outcome is not Outcome.FAIL, (f.rule, f.explanation, f.evidence)


# --- reading the claim --------------------------------------------------------------------


def test_the_cite_the_name_and_the_lead_in_are_not_the_proposition() -> None:
    s = read_statement(
        "In Harris, the court held that a sentencing judge may weigh other-crimes evidence. "
        "People v. Harris, 359 Ill. App. 3d 931, 935 (2005).",
        "People v. Harris",
    )
    assert s.proposition == "a sentencing judge may weigh other-crimes evidence"
    assert s.verb == "held"
    assert s.asserted_as_held
    assert not s.other_case


def test_an_explanatory_parenthetical_is_read_apart_and_a_dating_one_dropped() -> None:
    s = read_statement(
        "Maple v. Oak, 12 Ill. App. 3d 4 (1st Dist. 1970) (per curiam) (reversing the order that "
        "dismissed the complaint).",
        "Maple v. Oak",
    )
    assert s.parentheticals == ("reversing the order that dismissed the complaint",)
    assert s.proposition == ""


def test_another_case_named_in_the_claim_is_noticed() -> None:
    s = read_statement(
        "Harris followed Smith v. Jones, 1 Ill. 2d 3 (1950), on sentencing.", "People v. Harris"
    )
    assert s.other_case


def test_a_noted_observation_is_not_asserted_as_held() -> None:
    s = read_statement("The court noted that other-crimes evidence is often prejudicial.", "")
    assert s.verb == "noted"
    assert not s.asserted_as_held


def test_stems_join_a_word_and_its_derivatives() -> None:
    assert stems("the requirement of custody") & stems("custodial persons are required") == {
        "requir",
        "custod",
    }


@pytest.mark.parametrize(
    ("text", "parentheticals", "expected"),
    [
        ("", ("reversing the conviction where the jury was misinstructed",), "reversed"),
        ("", ("affirming summary judgment for the insurer",), "affirmed"),
        ("the court upheld the award of fees", (), "affirmed"),
        ("the court reinstated the complaint", (), "reversed"),
        ("the court upheld the statute against a vagueness challenge", (), None),  # not a judgment
        ("the trial court's judgment was affirmed on appeal", (), None),  # history
        ("the trial court reversed the magistrate, and the court affirmed the judgment", (), None),
        ("", ("affirming in Smith v. Jones, 1 Ill. 2d 3",), None),  # another case
    ],
)
def test_the_outcome_a_brief_gives_the_court(
    text: str, parentheticals: tuple[str, ...], expected: str | None
) -> None:
    stated = stated_outcome(text, parentheticals)
    assert (stated[0] if stated else None) == expected


# --- disposition and prevailing party -------------------------------------------------------


def test_a_parenthetical_giving_the_opposite_disposition_is_flagged() -> None:
    assert_flagged(
        "People v. Harris, 359 Ill. App. 3d 931 (2005) (reversing the sentence because the trial "
        "court gave other-crimes evidence too much weight).",
        HARRIS,
        "disposition",
        "affirmed",
    )
    assert_flagged(
        "In Thunder Road, the court upheld the judgment for the guarantors. 359 Ill. App. 3d 921 (2005).",
        THUNDER_ROAD,
        "disposition",
        "reversed",
    )


def test_a_parenthetical_giving_the_same_disposition_passes() -> None:
    assert_passed(
        "People v. Harris, 359 Ill. App. 3d 931 (2005) (affirming a sentence where the trial court "
        "weighed other-crimes evidence against mitigation).",
        HARRIS,
    )


def test_the_defendant_said_to_prevail_in_an_affirmed_criminal_appeal_is_flagged() -> None:
    assert_flagged(
        "In Brown, the defendant prevailed. Brown v. State, 477 S.W.2d 617 (Tex. Crim. App. 1972).",
        BROWN,
        "prevailing_party",
        "affirmed",
    )
    # what happened on appeal, said of a later stage, gives no disposition of this court
    assert_passed(
        "In Brown, the defendant prevailed on appeal. Brown v. State, 477 S.W.2d 617 (1972).", BROWN
    )


def test_the_defendant_said_to_lose_in_an_affirmed_criminal_appeal_passes() -> None:
    assert_passed(
        "In Brown, the conviction was affirmed. Brown v. State, 477 S.W.2d 617 (Tex. Crim. App. 1972).", BROWN
    )


# --- a party's contention sold as the holding ------------------------------------------------


def test_a_rejected_contention_stated_as_the_holding_is_flagged() -> None:
    assert_flagged(
        "A sentencing judge abuses his discretion when he overly considers other-crimes evidence and so "
        "completely discounts the mitigating evidence. People v. Harris, 359 Ill. App. 3d 931 (2005).",
        HARRIS,
        "rejecting_frame",
        "we disagree",
    )
    assert_flagged(
        "The legislature would not have put both words in one statute unless they referred to different "
        "situations. Town of Merrimac v. Village of Merrimac, 753 N.W.2d 552 (Wis. Ct. App. 2008).",
        MERRIMAC,
        "rejecting_frame",
        "we do not agree",
    )


def test_the_contention_reported_as_rejected_passes() -> None:
    assert_passed(
        "Harris rejected the argument that a sentencing judge abuses his discretion by overly considering "
        "other-crimes evidence. 359 Ill. App. 3d 931 (2005).",
        HARRIS,
    )
    assert_passed(
        "The defendant in Harris argued that the judge overly considered other-crimes evidence and "
        "discounted his mitigation. 359 Ill. App. 3d 931 (2005).",
        HARRIS,
    )


# --- a question left open sold as decided ---------------------------------------------------


def test_a_question_left_undecided_stated_as_held_is_flagged() -> None:
    assert_flagged(
        "The Court of Appeals of Maryland held that a mere intensification of residential use supports a "
        "reclassification. Zinn v. Board of Zoning Appeals, 207 Md. 355 (1955).",
        ZINN,
        "dicta_as_holding",
        "we need not decide whether",
    )


def test_the_open_question_reported_as_open_passes() -> None:
    assert_passed(
        "Zinn left open whether a mere intensification of residential use could support a "
        "reclassification. 207 Md. 355 (1955).",
        ZINN,
    )
    assert_passed(
        "A mere intensification of residential use may support a reclassification on a stronger showing "
        "of need. Zinn v. Board of Zoning Appeals, 207 Md. 355 (1955).",
        ZINN,
    )

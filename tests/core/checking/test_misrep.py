"""The misrepresentation rules, each on real opinions of the data pack: a brief's claim the
opinion contradicts is flagged with the rule's name and the opinion's own words; an honest
paraphrase of the same sentence is not."""

from __future__ import annotations

import pytest
from tests.pack import opinion_of

from citeproof.core.checking.entailment import Inference
from citeproof.core.checking.support import check_support
from citeproof.core.models import (
    Citation,
    CitationType,
    CiteForm,
    ErrorKind,
    Opinion,
    Outcome,
    Span,
)

THUNDER_ROAD = "359 Ill. App. 3d 921"  # reversed and remanded
HARRIS = "359 Ill. App. 3d 931"  # affirmed
DIXON = "359 Ill. App. 3d 938"  # affirmed
GLISSON = "359 Ill. App. 3d 962"  # affirmed
HUBBERT = "359 Ill. App. 3d 976"  # reversed; the defendant appealed
ADDISON = "359 Ill. App. 3d 997"
GIDEON = "372 U.S. 335"  # reversed
METRO_NOVELTY = "125 F. Supp. 713"  # "Defendant's motion for summary judgment is granted."
NAMES = {
    THUNDER_ROAD: "First Midwest Bank v. Thunder Road, Inc.",
    HARRIS: "People v. Harris",
    DIXON: "People v. Dixon",
    GLISSON: "People v. Glisson",
    HUBBERT: "Hubbert v. Dell Corp.",
    ADDISON: "Addison v. Distinctive Homes, Ltd.",
    GIDEON: "Gideon v. Wainwright",
    METRO_NOVELTY: "United States v. Metro Novelty Manufacturing Co.",
}


def claim(proposition: str, at: str) -> Citation:
    """``proposition See Name, cite.`` as a brief writes it."""
    volume, *reporter, page = at.split()
    start = len(proposition) + 5 + len(NAMES[at]) + 2
    return Citation(
        id="c1",
        type=CitationType.CASE,
        form=CiteForm.FULL,
        text=at,
        span=Span(start, start + len(at)),
        volume=volume,
        reporter=" ".join(reporter),
        page=page,
        case_name=NAMES[at],
        proposition=proposition,
        proposition_span=Span(0, len(proposition)),
    )


def flagged(proposition: str, at: str, opinion: Opinion | None = None):  # type: ignore[no-untyped-def]
    f = check_support(claim(proposition, at), opinion or opinion_of(at))
    assert f.kind is ErrorKind.MISREPRESENTATION
    return f if f.outcome is Outcome.FAIL else None


@pytest.mark.parametrize(
    "at, misrepresented, faithful, rule, says, quoted",
    [
        (
            HARRIS,
            "The court reversed the trial court's judgment.",
            "The court affirmed the trial court's judgment.",
            "disposition",
            "the opinion affirmed; the brief says it reversed",
            "Affirmed.",
        ),
        (
            HUBBERT,
            "Affirming the denial of the defendant's motion to compel arbitration.",
            "Reversing the denial of the defendant's motion to compel arbitration.",
            "disposition",
            "the opinion reversed; the brief says it affirmed",
            "Reversed; cause remanded with directions.",
        ),
        (
            METRO_NOVELTY,
            "The court denied the defendant's motion for summary judgment.",
            "The court granted the defendant's motion for summary judgment.",
            "disposition",
            "the opinion granted; the brief says it denied",
            "Defendant's motion for summary judgment is granted.",
        ),
        (
            GIDEON,
            "The Court upheld the judgment of the Supreme Court of Florida.",
            "The Court set aside the judgment of the Supreme Court of Florida.",
            "disposition",
            "the opinion reversed; the brief says it affirmed",
            "Reversed.",
        ),
        (
            HUBBERT,
            "In Hubbert, the plaintiffs prevailed.",
            "In Hubbert, the defendant prevailed.",
            "prevailing_party",
            "by the opinion's disposition the defendant prevailed; the brief says the plaintiff did",
            "Reversed; cause remanded with directions.",
        ),
    ],
    ids=["affirmed-said-reversed", "reversed-said-affirmed", "granted-said-denied", "upheld", "winner"],
)
def test_a_disposition_the_opinion_excludes_is_flagged_quoting_the_disposition(
    at, misrepresented, faithful, rule, says, quoted
):
    f = flagged(misrepresented, at)
    assert f is not None and f.rule == rule
    assert f.explanation == f"{says} (rule: {rule.replace('_', ' ')})"
    assert f.evidence.startswith("the opinion's disposition (page ") and quoted in f.evidence
    assert (f.fragment, f.span) == (misrepresented, Span(0, len(misrepresented)))
    assert flagged(faithful, at) is None


def test_procedural_history_is_not_the_courts_disposition():
    # Glisson: "The Illinois Supreme Court reversed our holding and remanded ..." is history;
    # this opinion affirmed.
    assert flagged("The court affirmed the defendant's conviction.", GLISSON) is None
    f = flagged("The court reversed the defendant's conviction.", GLISSON)
    assert f is not None and f.rule == "disposition" and "Affirmed." in f.evidence
    # a claim about what a court did later, or about another case, gives no disposition
    assert flagged("On appeal, the judgment was later reversed.", GLISSON) is None
    assert flagged("In People v. Jones, 1 Ill. 2d 1, the court reversed.", GLISSON) is None


def test_a_rejecting_frame_around_what_the_opinion_states_is_flagged():
    holding = (
        "the defendant failed to carry his burden of proving the 15-year sentence enhancement violated "
        "the proportionate-penalties clause"
    )
    f = flagged(f"The court declined to hold that {holding}.", DIXON)
    assert f is not None and f.rule == "rejecting_frame"
    assert (
        f.explanation == "the brief says the court rejected what the opinion states (rule: rejecting frame)"
    )
    assert "Accordingly, the defendant failed to carry his burden" in f.evidence
    for frame in ("The court held that", "The court concluded that", "The court found that"):
        assert flagged(f"{frame} {holding}.", DIXON) is None


def test_stating_what_the_opinion_rejects_is_flagged_and_reporting_the_rejection_is_not():
    # "we disagree with the defendant that the witnesses who did testify were not qualified ..."
    said = "the witnesses who did testify were not qualified to identify the substance as anhydrous ammonia"
    f = flagged(f"The court held that {said}.", GLISSON)
    assert f is not None and f.rule == "rejecting_frame"
    assert f.explanation == "the opinion rejects what the brief says it holds (rule: rejecting frame)"
    assert flagged(f"The court rejected the argument that {said}.", GLISSON) is None
    assert flagged(f"The court disagreed that {said}.", GLISSON) is None


def test_what_the_opinion_left_undecided_stated_as_held_is_dicta_sold_as_a_holding():
    # "we need not determine whether the trial court's failure to properly admonish defendant
    # requires us to vacate defendant's guilty plea and allow him to plead anew because ..."
    f = flagged(
        "The court held that the trial court's failure to properly admonish the defendant requires "
        "vacating the defendant's guilty plea and allowing him to plead anew.",
        HARRIS,
    )
    assert f is not None and f.rule == "dicta_as_holding"
    assert f.explanation.startswith('the opinion leaves this undecided ("need not determine")')
    assert (
        flagged(
            "The court did not decide whether the trial court's failure to properly admonish the defendant "
            "requires vacating the defendant's guilty plea and allowing him to plead anew.",
            HARRIS,
        )
        is None
    )


def test_may_made_must_is_a_modal_strengthening():
    # "one of the factors that a trial court may properly consider is the defendant's
    # participation in other crimes"
    f = flagged(
        "One of the factors that a trial court must consider is the defendant's participation in other "
        "crimes.",
        HARRIS,
    )
    assert f is not None and f.rule == "modal_strengthening"
    assert f.explanation == 'the opinion says "may" where the brief says "must" (rule: modal strengthening)'
    for honest in ("may properly consider", "can properly consider", "may consider"):
        assert (
            flagged(
                f"One of the factors that a trial court {honest} is the defendant's participation in "
                "other crimes.",
                HARRIS,
            )
            is None
        )


def test_the_holding_given_to_the_other_side_is_a_party_swap():
    # "plaintiffs pleading fraud claims must allege that defendants knew of defect or
    # undisclosed material facts at the time that the plaintiffs were induced to purchase ..."
    f = flagged(
        "Defendants pleading fraud claims must allege that plaintiffs knew of defect or undisclosed material "
        "facts at the time that the defendants were induced to purchase a product or service.",
        ADDISON,
    )
    assert f is not None and f.rule == "party_swap"
    assert f.explanation == (
        "the opinion says it of the plaintiff; the brief gives it to the defendant (rule: party-role swap)"
    )
    assert (
        flagged(
            "Plaintiffs pleading fraud must allege that the defendants knew of undisclosed material facts at "
            "the "
            "time the plaintiffs were induced to purchase a product or service.",
            ADDISON,
        )
        is None
    )


@pytest.mark.parametrize(
    "at, honest, reversed_",
    [
        (
            ADDISON,
            "McLaughlin lacked personal knowledge as to whether defendants had made definite representations "
            "concerning construction of the golf course to their eventual and potential buyers.",
            "McLaughlin had personal knowledge as to whether defendants had made definite representations "
            "concerning construction of the golf course to their eventual and potential buyers.",
        ),
        (
            DIXON,
            "The defendant did not carry his burden of proving the 15-year sentence enhancement violated the "
            "proportionate-penalties clause.",
            "The defendant carried his burden of proving the 15-year sentence enhancement violated the "
            "proportionate-penalties clause.",
        ),
    ],
    ids=["lacked-for-did-not-have", "did-not-for-failed-to"],
)
def test_negation_by_other_means_counts_on_both_sides(at, honest, reversed_):
    assert flagged(honest, at) is None
    f = flagged(reversed_, at)
    assert f is not None and f.rule == "polarity"


@pytest.mark.parametrize(
    "said, honest, reversed_",
    [
        (
            "The prosecutor's reference to the defendant's silence at the scene was not objectionable "
            "under the rule announced in our earlier cases.",
            "The prosecutor's reference to the defendant's silence at the scene was permissible under "
            "the rule.",
            "The prosecutor's reference to the defendant's silence at the scene was impermissible under "
            "the rule.",
        ),
        (
            "The officers entered the defendant's garage without a warrant or his consent.",
            "The officers did not have a warrant or the defendant's consent when they entered his garage.",
            "The officers had a warrant and the defendant's consent when they entered his garage.",
        ),
        (
            "Absent exigent circumstances, officers must obtain a warrant before entering a garage.",
            "Officers must obtain a warrant before entering a garage.",
            "Officers need not obtain a warrant before entering a garage.",
        ),
    ],
    ids=["not-objectionable-is-permissible", "without-is-did-not-have", "a-condition-left-out"],
)
def test_an_honest_paraphrase_is_not_the_opposite(said, honest, reversed_):
    opinion = Opinion("synthetic:1", f"OPINION\n\n{said}\n\nAffirmed.", ())
    assert flagged(honest, HARRIS, opinion) is None
    f = flagged(reversed_, HARRIS, opinion)
    assert f is not None and f.rule == "polarity"


@pytest.mark.parametrize(
    "said, honest, reversed_",
    [
        (
            "There is no genuine dispute about the terms of the lease and the landlord is entitled to "
            "judgment as a matter of law on the unpaid rent.",
            "The landlord is entitled to judgment as a matter of law on the unpaid rent.",
            "The landlord is not entitled to judgment as a matter of law on the unpaid rent.",
        ),
        (
            "The contract of sale is plain. If the buyer does not inspect the goods within ten days, "
            "the seller's warranty of fitness "
            "lapses by its own terms.",
            "The seller's warranty of fitness lapses by its own terms.",
            "The seller's warranty of fitness never lapses by its own terms.",
        ),
    ],
    ids=["a-negation-in-the-clause-before-and", "a-negation-in-a-condition"],
)
def test_a_negation_in_a_clause_of_its_own_does_not_negate_the_next(said, honest, reversed_):
    opinion = Opinion("synthetic:1", f"OPINION\n\n{said}\n\nAffirmed.", ())
    assert flagged(honest, HARRIS, opinion) is None
    f = flagged(reversed_, HARRIS, opinion)
    assert f is not None and f.rule == "polarity"


def test_a_party_argument_is_not_what_the_court_says():
    # "The plaintiffs argue that the defendant's arbitration agreement is substantively
    # unconscionable because ...": reported, not held; rejecting it is not contradicted
    said = (
        "the defendant's arbitration agreement is substantively unconscionable because it deprives them "
        "of their statutory rights"
    )
    assert flagged(f"The court rejected the argument that {said}.", HUBBERT) is None


class _Model:
    """An NLI model that always reads the same answer (the real runner: tests/llm/test_nli.py)."""

    name = "the NLI model fixed"

    def __init__(self, answer: Inference) -> None:
        self.answer, self.calls = answer, []

    def __call__(self, premise: str, hypothesis: str) -> Inference:
        self.calls.append((premise, hypothesis))
        return self.answer


def test_an_nli_model_that_reads_entailment_vetoes_a_rule_and_one_that_reads_contradiction_does_not():
    c = claim("The court reversed the trial court's judgment.", HARRIS)
    entails = _Model(Inference(0.9, 0.05, 0.05))
    vetoed = check_support(c, opinion_of(HARRIS), entails)
    assert vetoed.outcome is Outcome.UNKNOWN
    assert vetoed.explanation == "the NLI model fixed reads the opinion as supporting the proposition"
    assert entails.calls and "Affirmed." in entails.calls[0][0]
    kept = check_support(c, opinion_of(HARRIS), _Model(Inference(0.05, 0.05, 0.9)))
    assert kept.outcome is Outcome.FAIL and kept.rule == "disposition"


# --- polarity within the scope of what the claim says ---------------------------------------


def synthetic_opinion(said: str) -> Opinion:
    return Opinion("synthetic:1", f"OPINION\n\n{said}\n\nAffirmed.", ())


def test_a_claim_repeating_a_fragment_of_the_sentence_is_not_its_opposite():
    # the negation ("not connected") lies in a part of the sentence the claim does not repeat
    opinion = synthetic_opinion(
        "In 1987, in a venture not connected with her medical practice, Dr. Alvarez founded a clinic "
        "with two partners to serve migrant farmworkers in the valley."
    )
    fragment = "holding that Dr. Alvarez founded a clinic with two partners to serve migrant farmworkers"
    assert flagged(fragment, HARRIS, opinion) is None
    f = flagged(
        "Dr. Alvarez never founded a clinic with two partners to serve migrant farmworkers.", HARRIS, opinion
    )
    assert f is not None and f.rule == "polarity"


def test_a_negation_governing_the_repeated_fragment_still_reverses_it():
    opinion = synthetic_opinion(
        "No hearing is required before a tenant's lease is terminated for nonpayment of rent."
    )
    f = flagged(
        "A hearing is required before a tenant's lease is terminated for nonpayment of rent.", HARRIS, opinion
    )
    assert f is not None and f.rule == "polarity"


def test_a_negation_governing_words_the_claim_does_not_say_is_outside_its_scope():
    opinion = synthetic_opinion(
        "Although the lease did not mention pets, the landlord was entitled to terminate it after the "
        "tenant's third unpaid month of rent."
    )
    honest = "The landlord could terminate the lease after the tenant's third month of unpaid rent."
    assert flagged(honest, HARRIS, opinion) is None
    f = flagged(
        "The landlord could not terminate the lease after the tenant's third month of unpaid rent.",
        HARRIS,
        opinion,
    )
    assert f is not None and f.rule == "polarity"


def test_a_string_of_citations_and_parentheticals_is_not_the_courts_statement():
    parenthetical = "a tenant may withhold rent where the landlord leaves the premises in disrepair"
    reversed_ = "A tenant may never withhold rent where the landlord leaves the premises in disrepair."
    run = synthetic_opinion(
        "See Adams v. Baker, 12 F.3d 34, 36 (1st Cir. 1994) (stating that a landlord must give written "
        "notice before entry and that oral notice is not enough); Cole v. Dunn, 56 F.3d 78, 80 (2d Cir. "
        f"1995) (explaining that {parenthetical})."
    )
    assert flagged(reversed_, HARRIS, run) is None
    relied_on = synthetic_opinion(f"See Cole v. Dunn, 56 F.3d 78, 80 (2d Cir. 1995) ({parenthetical}).")
    f = flagged(reversed_, HARRIS, relied_on)  # a single "See X (proposition)": the court relies on it
    assert f is not None and f.rule == "polarity"


def test_no_evidence_to_the_contrary_is_not_the_opposite_of_the_evidence():
    opinion = synthetic_opinion(
        "Evidence in the record shows that the tenant's checks were returned by the bank unpaid."
    )
    assert (
        flagged("The record shows no evidence to the contrary about the tenant's checks.", HARRIS, opinion)
        is None
    )
    f = flagged(
        "The record shows no evidence that the tenant's checks were returned by the bank.", HARRIS, opinion
    )
    assert f is not None and f.rule == "polarity"


def test_a_court_that_erred_in_finding_something_rejects_it():
    opinion = synthetic_opinion(
        "The trial court erred in finding that the tenant abandoned the premises before the lease expired."
    )
    repeated = (
        "The trial court erred in finding that the tenant abandoned the premises before the lease expired."
    )
    assert flagged(repeated, HARRIS, opinion) is None
    f = flagged("The tenant abandoned the premises before the lease expired.", HARRIS, opinion)
    assert f is not None and f.rule == "rejecting_frame"


RENT = "a tenant may withhold rent after the landlord has repaired the premises"
NOT_RENT = "A tenant may not withhold rent after the landlord has repaired the premises."


def test_a_holding_denied_is_neither_the_claim_nor_its_opposite():
    for denied in (
        f"We have never held, however, that {RENT}.",
        f"Nothing in our earlier cases suggests that {RENT}.",
        f"This Court did not hold in Adams that {RENT}.",
    ):
        assert flagged(NOT_RENT, HARRIS, synthetic_opinion(denied)) is None, denied
    f = flagged(NOT_RENT, HARRIS, synthetic_opinion(f"We hold, however, that {RENT}."))
    assert f is not None and f.rule == "polarity"


def test_what_a_lower_court_held_is_not_this_courts_statement():
    recital = synthetic_opinion(f"In this case, the Court of Appeals held that {RENT}.")
    assert flagged(NOT_RENT, HARRIS, recital) is None
    rejected = synthetic_opinion(f"The trial court erred in finding that {RENT}.")
    f = flagged(f"{RENT[0].upper()}{RENT[1:]}.", HARRIS, rejected)
    assert f is not None and f.rule == "rejecting_frame"


def test_a_rejected_contention_must_share_more_than_two_of_the_claims_words():
    opinion = synthetic_opinion(
        "However, defendants argue that the issues presented on appeal are questions of law, and thus "
        "they should be decided by this court in the first instance. We disagree."
    )
    assert flagged("We review questions of law de novo.", HARRIS, opinion) is None
    f = flagged(
        "The issues presented on appeal are questions of law that should be decided by this court in the "
        "first instance.",
        HARRIS,
        opinion,
    )
    assert f is not None and f.rule == "rejecting_frame"

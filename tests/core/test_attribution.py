"""Attribution: which quotations and propositions each citation is offered for.

Every text here is copied from an opinion of the data pack (its id is given), so the
grammar is tried on how courts and briefs really place quotes, cites and parentheticals.
"""

from __future__ import annotations

from citeproof.core.extract import extract_citations
from citeproof.core.models import Citation
from citeproof.core.read import document_from_text


def cites(text: str) -> list[Citation]:
    return [c for c in extract_citations(document_from_text(text)) if c.type.value == "case"]


def at(found: list[Citation], written: str) -> Citation:
    return next(c for c in found if c.text.startswith(written))


def quotes(c: Citation) -> list[str]:
    return [q.text for q in c.quotes]


# --- quote, then cite ------------------------------------------------------------------------


def test_a_quote_then_id_belongs_to_the_id_and_the_next_id_takes_the_next_sentence():
    # courtlistener:1743982
    text = (
        'The court concluded that "the effect of Exclusion (p) is to exclude claims for damages caused by '
        "the purchaser's withdrawal of the insured's products from use due to a deficiency in them.\" Id. at "
        "1309. Consequently, the court held that exclusion (p) excluded the insurer's "
        "obligation to defend the "
        "insured and to pay a judgment rendered against it for its defective products' failure to perform as "
        "warranted. Id."
    )
    first, second = cites(text)
    assert quotes(first) == [
        "the effect of Exclusion (p) is to exclude claims for damages caused by the purchaser's withdrawal "
        "of the insured's products from use due to a deficiency in them."
    ]
    assert first.proposition.startswith("The court concluded that")
    assert quotes(second) == []
    assert second.proposition.startswith("Consequently, the court held that exclusion (p)")


# --- cite, then quote ------------------------------------------------------------------------


def test_a_quote_after_in_cite_the_court_held_belongs_to_the_cite():
    # courtlistener:1803612
    text = (
        "In State ex rel. Consolidated Textile Corp. v. Gregory, 209 Wis. 476, 245 N.W. 194 "
        "(1932), the court "
        'held that "A foreign corporation is present in this state when an officer thereof, vested with '
        'authority, is here transacting business for it." In that case, the corporate president was served.'
    )
    wis, nw = cites(text)
    assert quotes(wis) == [
        "A foreign corporation is present in this state when an officer thereof, vested with authority, is "
        "here transacting business for it."
    ]
    assert quotes(nw) == quotes(wis)  # the parallel cite carries the same claim
    assert wis.proposition.startswith('"A foreign corporation is present')


def test_cites_named_in_a_clause_about_another_case_are_only_mentioned():
    # 347 U.S. 483 (Brown), note 7: the cite after "In" owns the clause; the one joined by
    # "and" shares it as a second subject
    text = (
        "In Cumming v. County Board of Education, 175 U. S. 528, and Gong Lum v. Rice, 275 U. S. 78, the "
        "validity of the doctrine itself was not challenged."
    )
    cumming, gong_lum = cites(text)
    assert cumming.proposition == "the validity of the doctrine itself was not challenged."
    assert gong_lum.proposition == cumming.proposition


# --- parentheticals ----------------------------------------------------------------------------


def test_a_holding_parenthetical_is_a_claim_and_its_quote_a_quote():
    # courtlistener:1230288
    text = (
        "Rather v. Colorado State Bd. of Parole, 856 P.2d 860 (Colo.1993) (holding that a petitioner is not "
        'entitled to immediate release where a determination of release is "subject to the discretion of the '
        'parole board").'
    )
    (rather,) = cites(text)
    assert rather.parenthetical.startswith("holding that a petitioner is not entitled to immediate release")
    assert text[rather.parenthetical_span.start : rather.parenthetical_span.end] == rather.parenthetical
    assert quotes(rather) == ["subject to the discretion of the parole board"]


def test_quoting_moves_the_quoted_words_to_the_source():
    # courtlistener:2580631
    text = (
        'The Court must deny the motion "unless it appears beyond doubt that the plaintiff can '
        "prove no set of "
        'facts in support of his claim which would entitle him to relief." Stewart v. Jackson & '
        "Nash, 976 F.2d "
        "86, 87 (2d Cir.1992) (quoting Conley v. Gibson, 355 U.S. 41, 45-46, 78 S. Ct. 99, 2 L. Ed. 2d 80 "
        "(1957))."
    )
    stewart, conley, *_ = cites(text)
    assert quotes(stewart) == []
    assert quotes(conley) == [
        "unless it appears beyond doubt that the plaintiff can prove no set of facts in support of his claim "
        "which would entitle him to relief."
    ]
    assert stewart.proposition.startswith("The Court must deny the motion")
    assert conley.proposition is None  # the source is offered for its words, not for the sentence


def test_quoting_after_a_short_form_moves_the_words_too():
    # courtlistener:1851483
    text = (
        'As explained by our sister court, "a prospective civil action ... is a valuable `probable '
        "expectancy' that the court must protect from interference.\" Miller, 573 So.2d at 26 (quoting Smith "
        "v. Superior Court, 151 Cal. App. 3d 491, 198 Cal. Rptr. 829 (1984))."
    )
    miller, smith, _ = cites(text)
    assert quotes(miller) == []
    assert quotes(smith)[0].startswith("a prospective civil action ... is a valuable")


# --- string cites and subsequent history ---------------------------------------------------------


def test_a_string_cite_shares_the_proposition_and_a_same_parenthetical_is_no_claim():
    # courtlistener:2290766
    text = (
        "The Lanham Act's prohibition of false and misleading advertising does not arouse concerns under the "
        "free speech clause of the First Amendment. See Vidal Sassoon, Inc. v. Bristol-Myers "
        "Co., 661 F.2d 272 "
        "(2d Cir.1981); see also Dallas Cowboys Cheerleaders, Inc. v. Pussycat Cinema, 604 F.2d 200 (2d "
        "Cir.1979) (same)."
    )
    vidal, dallas = cites(text)
    assert vidal.proposition.startswith("The Lanham Act's prohibition")
    assert dallas.proposition == vidal.proposition
    assert dallas.parenthetical is None


def test_subsequent_history_is_part_of_the_cite_before_it():
    # courtlistener:2363260
    text = (
        'They are a subset of the White House general correspondence files, known as the "Central Files." '
        "See Nixon v. Administrator, 408 F. Supp. 321, 330 n. 1 (D.D.C.1976), aff'd, 433 U.S. 425, 97 S. Ct. "
        "2777, 53 L. Ed. 2d 867 (1977)."
    )
    nixon, affirmed, *_ = cites(text)
    assert nixon.proposition.startswith("They are a subset")
    assert (affirmed.proposition, affirmed.quotes) == (None, ())


# --- block quotes ------------------------------------------------------------------------------


def test_a_block_quote_belongs_to_the_id_that_opens_the_next_paragraph():
    # courtlistener:1303164
    text = (
        "In Wilson we acknowledged the utility of daily fines in federal, and some state courts but rejected "
        "a prospective fine for each day of noncompliance. Id. at 529. We stated:\n\n"
        "The subject is preempted by statute in Iowa. Section 665.4(2) limits the fine for a single contempt "
        "to $500. The fine can be levied retrospectively for separate acts of contempt. Clark v. District "
        "Court, 255 Iowa 1005, 1010, 125 N.W.2d 264, 268 (1963). However, the statute does not authorize a "
        "prospective daily fine as a coercive remedial sanction.\n\n"
        "Id. at 529-30. There is no reason to retreat from our holding in Wilson."
    )
    found = cites(text)
    block_id = at(found, "Id. at 529-30")
    (block,) = block_id.quotes
    assert block.text.startswith("The subject is preempted by statute in Iowa.")
    assert block.text.endswith("as a coercive remedial sanction.")
    clark = at(found, "255 Iowa 1005")
    assert (clark.quotes, clark.proposition) == ((), None)  # quoted matter, offered for nothing


def test_a_block_quote_ended_by_its_cite_and_quoted_in_another_case():
    # courtlistener:2613210
    text = (
        'Regarding "materiality," the courts have held:\n\n'
        "The evidence is material only if there is a reasonable probability that, had the evidence been "
        'disclosed to the defense, the result of the proceeding would have been different. A "reasonable '
        'probability" is a probability sufficient to undermine confidence in the outcome. '
        "Bagley, 473 U.S. at "
        "682, 105 S.Ct. at 3383, quoted in State v. Higgins, 122 Idaho 590, 598, 836 P.2d 536, 544 (1992).[3]"
    )
    found = cites(text)
    bagley = at(found, "473 U.S. at")
    (block,) = bagley.quotes
    assert block.text.startswith("The evidence is material only if")
    assert block.text.endswith("undermine confidence in the outcome.")
    assert at(found, "122 Idaho 590").quotes == ()


def test_a_colon_without_words_introducing_a_quotation_starts_no_block():
    # courtlistener:78559: a list after a cite is not a quotation of the cited case
    text = (
        "[Ward] alleges that the State failed to provide defense counsel with the following items of "
        "evidence, in violation of Brady v. Maryland, 373 U.S. 83 (83 S. Ct. 1194, 10 L. Ed. 2d 215) "
        "(1963):\n\n"
        "A. Calhoun City police officer's report regarding GBI Agent's questioning of [Ward] in "
        "the Donna Rich "
        "case."
    )
    assert cites(text)[0].quotes == ()


# --- cites inside a quotation ------------------------------------------------------------------


def test_a_cite_inside_a_quotation_is_quoted_matter():
    # courtlistener:1803612
    text = (
        "The court held:\n\n"
        '"Although the instant case can be distinguished on its facts, we are constrained to agree with the '
        "dissenting opinion of Justice Davis in which he says: `* * * (A)s I read the opinion in the case at "
        "bar, I cannot but believe that this court is again dealing with the early historic legalistic "
        'definition of "doing business" rather than with the concept of "minimal contacts" established in '
        "International Shoe and McGee [McGee v. International Life Ins. Co., 355 U.S. 220, 78 "
        "S. Ct. 199, 2 L. "
        "Ed. 2d 223].'\""
    )
    for c in cites(text):
        assert (c.quotes, c.proposition) == ((), None)

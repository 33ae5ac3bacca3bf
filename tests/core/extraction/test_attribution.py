"""Attribution: which quotations and propositions each citation is offered for.

Every text here is copied from an opinion of the data pack (its id is given), so the
grammar is tried on how courts and briefs really place quotes, cites and parentheticals.
"""

from __future__ import annotations

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Citation
from citeproof.core.reading.read import document_from_text


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
        'authority, is here transacting business for it." In that case, the corporate president was served '
        "in Wisconsin while he was here in respect to the business affairs of the corporation."
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
    # courtlistener:2432572
    text = (
        "Once the plaintiff traces the embezzled funds into specific property, that property becomes the "
        "subject of a constructive trust. Moseley v. Fikes, 126 S.W.2d 589, 597 (Tex.Civ.App.\x97Fort Worth "
        "1939), aff'd, 136 Tex. 386, 151 S.W.2d 202 (1941); Meyers, 6 S.W.2d at 395."
    )
    moseley, affirmed, *_, meyers = cites(text)
    assert moseley.proposition.startswith("Once the plaintiff traces the embezzled funds")
    assert (affirmed.proposition, affirmed.quotes) == (None, ())
    assert meyers.proposition == moseley.proposition  # the string cite goes on after the history


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


# --- more positions courts and briefs use ------------------------------------------------------


def test_parallel_pins_of_a_short_form_share_its_quotation():
    # courtlistener:2074018
    text = (
        "The Court noted that the Florida Supreme Court applied a rigorous standard of review in such cases "
        'based upon Tedder and that that standard afforded capital defendants a "significant safeguard." 468 '
        "U.S. at 465, 104 S.Ct. at 3165, 82 L.Ed.2d at 356."
    )
    found = cites(text)
    assert [quotes(c) for c in found] == [["significant safeguard."]] * 3


def test_a_california_cite_in_parentheses_after_a_quotation():
    # courtlistener:2300663
    text = (
        '"Our primary aim in construing any law is to determine the legislative intent. [Citation.] '
        "In doing so we look first to the words of the statute, giving them their usual and ordinary "
        'meaning." (Committee of Seven Thousand v. Superior Court (1988) 45 Cal. 3d 491, 501, 247 '
        "Cal. Rptr. 362, 754 P.2d 708.) Nothing in the language of section 364 suggests the "
        "Legislature intended a tolling of the one-year statute of limitations after the service of a "
        "second notice of intent within ninety days of its expiration."
    )
    cal = at(cites(text), "45 Cal. 3d 491")
    assert quotes(cal)[0].startswith("Our primary aim in construing any law")


def test_quoting_without_parentheses_gives_the_words_to_the_source():
    # courtlistener:110297
    text = (
        "The company had the \"distinct burden of showing by `clear and cogent evidence' that it results in "
        'extraterritorial values being taxed," ibid., quoting Norfolk & Western R. Co. v. North Carolina ex '
        "rel. Maxwell, 297 U.S. 682, 688 (1936), and the taxpayer's accounting evidence was insufficient to "
        "meet that burden."
    )
    norfolk = at(cites(text), "297 U.S. 682")
    assert quotes(norfolk)[0].startswith("distinct burden of showing")
    assert norfolk.proposition is None


def test_a_sentence_about_the_case_just_cited_gives_it_its_quotation():
    # courtlistener:1222718
    text = (
        "[3] The power of an administrative agency was recently considered at the appellate court "
        "level in State v. Munson, 23 Wash. App. 522, 597 P.2d 440 (1979). There, the court set out "
        'the rule on page 524 of the opinion, stating that "Administrative agencies are creatures of '
        "the legislature without inherent or common-law powers and may exercise only those powers "
        'conferred either expressly or by necessary implication". By enacting RCW 49.60.120, the '
        "Legislature intended that the Commission, as distinguished from a hearing tribunal, should "
        "identify discriminatory practices and endeavor to eliminate them by means other than "
        "adversary proceedings. That statute provides in part:"
    )
    munson = at(cites(text), "23 Wash. App. 522")
    assert quotes(munson)[0].startswith("Administrative agencies are creatures of the legislature")


def test_defined_terms_and_names_of_tests_are_not_quotations():
    # courtlistener:2005330 and courtlistener:1244505
    defined = (
        "(7) The Statement of Assistance of Non-Attorney with Respect to the Filing of this Petition "
        '(the "Statement of Assistance") shows that the Debtor paid $199.00 to We The People, located '
        "at 116-28 Queens Boulevard, Forest Hills, New York 11375, and We The People USA, located at "
        "1501 State Street, Santa Barbara, California 93101. Id."
    )
    assert all(c.quotes == () for c in cites(defined))
    test_name = (
        "[1] In two cases decided in just the last year, Black v. Reynolds, 109 Idaho 277, 707 P.2d "
        "388 (1985), and Vannoy v. Uniroyal, 111 Idaho 536, 726 P.2d 648 (1986), we affirmed the "
        "trial court's Dinneen analysis which neither applied nor mentioned the \"shock the "
        'conscience" or "unconscionable" test.'
    )
    found = cites(test_name)
    assert all(c.quotes == () for c in found)
    assert at(found, "109 Idaho 277").proposition.startswith("we affirmed the trial court's Dinneen analysis")
    assert at(found, "111 Idaho 536").proposition == at(found, "109 Idaho 277").proposition


def test_a_cite_opening_the_next_paragraph_takes_the_quotation_that_ends_the_last():
    # courtlistener:1800913
    text = (
        "The expert testified that standardized tests revealed that Jones had little ability to control his "
        "impulses, but admitted that his motivation to get the right answer during his testing appeared to "
        '"vary." She opined that he was able to conform his conduct to the requirements of the law, '
        '"provided he\'s not impaired in some other way."\n\nJones, 748 So.2d at 1017.'
    )
    (jones,) = cites(text)
    assert quotes(jones) == ["provided he's not impaired in some other way."]
    assert jones.proposition.startswith("She opined that he was able")

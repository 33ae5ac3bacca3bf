"""Quotes and propositions are checked wherever a brief puts them (issue 12, item 4), and a
document that is itself the cited opinion does not testify against its own citations.

The errors are real sentences of the bundled opinions with one word changed or one page
moved; the self-citations are passages of real opinions (ids given) cut from their text.
"""

from __future__ import annotations

import pytest

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def verdicts(text: str, library) -> list[dict]:
    return check_document(document_from_text(text), library).to_json()["citations"]


def errors(verdict: dict) -> list[str]:
    return [e["kind"] for e in verdict["errors"]]


def by_text(found: list[dict], written: str) -> dict:
    return next(v for v in found if v["text"].startswith(written))


# --- the missed errors ----------------------------------------------------------------

GIDEON_344 = "lawyers in criminal courts are necessities, not luxuries"  # 372 U.S. at 344


@pytest.mark.parametrize("word, kinds", [("necessities", []), ("conveniences", ["misquote"])])
def test_a_quote_after_for_the_proposition_that_is_checked(library, word, kinds):
    text = (
        "Defendant relies on Gideon v. Wainwright, 372 U.S. 335, 344 (1963), for the proposition that "
        f'"{GIDEON_344.replace("necessities", word)}."'
    )
    (gideon,) = verdicts(text, library)
    assert errors(gideon) == kinds
    if kinds:
        assert "[-necessities-] {+conveniences+}" in gideon["errors"][0]["evidence"]


@pytest.mark.parametrize("word, kinds", [("assured", []), ("guaranteed", ["misquote"])])
def test_a_quote_after_the_court_reasoned_that_and_its_id_are_both_checked(library, word, kinds):
    text = (
        'In Gideon v. Wainwright, 372 U.S. 335 (1963), the Court reasoned that "any person haled into court, '
        f"who is too poor to hire a lawyer, cannot be {word} a fair trial unless counsel is "
        f'provided for him." '
        "Id. at 344."
    )
    full, id_cite = verdicts(text, library)
    assert errors(full) == kinds
    assert errors(id_cite) == kinds  # the Id. pins the same quotation, on the right page


@pytest.mark.parametrize("pin, kinds", [(344, []), (340, ["wrong_pincite"])])
def test_a_quote_in_a_parenthetical_after_a_short_form_is_checked_on_its_pin(library, pin, kinds):
    text = (
        "Gideon v. Wainwright, 372 U.S. 335 (1963), overruled Betts v. Brady. Counsel is essential. "
        f'See Gideon, 372 U.S. at {pin} ("{GIDEON_344}").'
    )
    short = by_text(verdicts(text, library), "372 U.S. at")
    assert errors(short) == kinds
    if kinds:
        assert "is on page 344 of 372 U.S." in short["errors"][0]["evidence"]


@pytest.mark.parametrize(
    "holding, kinds",
    [("inherently unequal", []), ("inherently equal", ["misrepresentation"])],
)
def test_a_holding_parenthetical_that_reverses_the_holding_is_a_misrepresentation(library, holding, kinds):
    parenthetical = f"holding that separate educational facilities are {holding}"
    text = (
        "Segregated schools were lawful. "
        f"Brown v. Board of Education, 347 U.S. 483, 495 (1954) ({parenthetical})."
    )
    brown = verdicts(text, library)[0]
    assert errors(brown) == kinds
    if kinds:
        (error,) = brown["errors"]
        assert error["fragment"] == parenthetical
        assert text[slice(*error["span"])] == parenthetical
        assert "Separate educational facilities are inherently unequal." in error["evidence"]


@pytest.mark.parametrize(
    "text",
    [
        '"[S]eparate educational facilities are inherently unequal." Brown v. Board of Education, 347 U.S. '
        "483, {pin} (1954).",
        'Brown v. Board of Education, 347 U.S. 483, {pin} (1954), held that "[s]eparate '
        "educational facilities "
        'are inherently unequal."',
    ],
    ids=["quote-then-cite", "cite-then-quote"],
)
def test_a_pin_on_the_first_page_for_a_quote_twelve_pages_later_is_a_wrong_pin(library, text):
    right = verdicts(text.format(pin=495), library)[0]
    wrong = verdicts(text.format(pin=483), library)[0]
    assert errors(right) == []
    assert errors(wrong) == ["wrong_pincite"]
    assert "is on page 495 of 347 U.S." in wrong["errors"][0]["evidence"]


# --- the cited opinion citing itself (ANALYSIS classes 14, 18, 19) ------------------------------

LAWSON_CAPTION = "122 S.W.3d 276 (2003)\n\nHARRIS COUNTY, Appellant,\n\nv.\n\nChristopher LAWSON, Appellee."
LAWSON_DISSENT = [  # courtlistener:1881314, the dissent citing the majority
    # class 18: "section 554." ended the sentence and its "not" was lost
    "The majority incorrectly concludes that employees may simultaneously pursue grievance proceedings and "
    "lawsuits after the 60-day waiting period, and that the limitations provisions contained in section "
    "554.006(d)'s election provision are not mandatory. Harris County v. Lawson, No. 01-02-00288-CV, 122 "
    "S.W.3d 276, 2003 WL 22019734 (Tex. App.-Houston [1st Dist.] August 22, 2003, n.p.h.).",
    # class 14: the proposition was "found" in this very sentence, on the dissent's page
    "As the majority readily acknowledges, the Legislature's purpose in enacting the Act's statutory "
    "prerequisites, including the election provision, was to afford governmental entities the opportunity to "
    "correct their errors before facing litigation, rather than during or after litigation. See Lawson, 122 "
    "S.W.3d at 284.",
    # class 19: "must initiate action" is on pages 280, 281, 283, 290 and 294; only 280 was tried
    'The panel opinion focuses on the words "must initiate action" in section 554.006(a) and "must invoke" '
    "in section 554.006(b). See Lawson, 122 S.W.3d at 283.",
]
# The caption's cite in the passage's paragraph: a paragraph without a digit is not read for cites.
EXXON_CAPTION = "447 U.S. 207 (1980)"
EXXON_PASSAGE = (  # courtlistener:110297; class 18: "without" inside the quotation counted on one side
    "Instead the court held that \"[t]he Wisconsin operation contributed sales to [Exxon's] business of "
    "producing, refining and marketing petroleum products. This contribution was sufficient alone in the "
    "opinion of this Court to make [Exxon's] business a unitary one.\" Ibid. Accordingly, appellant's "
    'business during the relevant years "considered as a whole both within and without Wisconsin '
    'constituted a unitary business" within the meaning of the apportionment statute. Ibid.'
)
SANCHEZ_CAPTION = (
    "733 P.2d 1234 (1986)\n\n112 Idaho 609\n\nLorenzo SANCHEZ, Plaintiff/Appellant,\n\nv.\n\nFrank GALEY, Jr."
)
SANCHEZ_DISSENT = [  # courtlistener:1244505
    # class 18: "We cannot ascertain" quoted from the majority, its "cannot" counted on one side
    'This conclusion is expressed in the following statement: "We cannot ascertain whether the trial court '
    "was either shocked by the jury's award or whether it found that award unconscionable.\" Ante at 616, "
    "733 P.2d at 1241.",
    # class 14: the citing sentence itself matched the proposition
    "The Court's opinion is critical of Dinneen based upon a most unwarranted assumption, reflected in the "
    "Court's statement, ante at 614, 733 P.2d at 1239, that \"the most confusing aspect of Dinneen is its "
    "intimation that, after the trial court has weighed the evidence and reached its determination, its "
    'determination is then of equal parity with that of the jury."',
]


@pytest.mark.parametrize(
    "caption, passages",
    [(LAWSON_CAPTION, LAWSON_DISSENT), (EXXON_CAPTION, [EXXON_PASSAGE]), (SANCHEZ_CAPTION, SANCHEZ_DISSENT)],
    ids=["lawson-dissent", "exxon-ibid", "sanchez-dissent"],
)
def test_an_opinion_citing_itself_is_not_evidence_against_its_own_citations(library, caption, passages):
    joiner = " " if caption == EXXON_CAPTION else "\n\n"
    found = verdicts(joiner.join([caption, *passages]), library)
    assert len(found) >= len(passages)
    assert [v["text"] for v in found if v["status"] == "hallucinated"] == []

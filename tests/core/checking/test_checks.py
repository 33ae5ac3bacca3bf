"""The five checks and the coverage rules, on real citations from the library."""

from __future__ import annotations

import pytest

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def verdicts(text: str, library):
    return check_document(document_from_text(text), library).verdicts


def one(text: str, library, volume: str | None = None):
    found = [v for v in verdicts(text, library) if volume is None or v.citation.volume == volume]
    assert found, text
    return found[0]


def kinds(verdict) -> set[str]:
    return {e.kind.value for e in verdict.errors}


# --- existence and coverage ---------------------------------------------------------------


def test_a_real_full_text_case_verifies(library):
    v = one("Brady v. Maryland, 373 U.S. 83, 87 (1963).", library)
    assert v.status.value == "verified" and v.authority.name_abbreviation == "Brady v. Maryland"


def test_a_real_catalogued_case_without_text_verifies(library):
    v = one("Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).", library)
    assert v.status.value == "verified"


def test_page_inside_a_known_case_is_nonexistent_and_names_that_case(library):
    v = one("Harmon v. Lakeview Holdings, Inc., 359 Ill. App. 3d 927 (2005).", library)
    assert v.status.value == "hallucinated" and kinds(v) == {"nonexistent"}
    assert "Raecharla v. Kudaravalli" in v.errors[0].evidence


def test_page_in_a_short_gap_of_a_listed_volume_is_nonexistent_with_the_case_named(library):
    # 477 U.S. 317 (Celotex) is followed by the next decision at 340: the table of U.S.
    # Reports decisions lists every decision with an opinion, per curiam memoranda included.
    v = one("Varner v. Dunn, 477 U.S. 330 (1986).", library)
    assert v.status.value == "hallucinated" and v.errors[0].kind.value == "nonexistent"
    assert "Celotex" in v.errors[0].evidence and "begins at page 340" in v.errors[0].evidence


@pytest.mark.parametrize(
    "text",
    [  # per curiam decisions in short gaps between SCDB's opinions, cited in the data pack's opinions
        "Cf., In re Shuttlesworth, 369 U.S. 35, 82 S. Ct. 551, 7 L. Ed. 2d 548 (1962).",
        "was affirmed by the Supreme Court of the United States in 1968, 390 U.S. 598, 88 S. Ct. 1260",
        "Giles v. State, 229 Md. 370, 183 A. 2d 359, appeal dismissed, 372 U. S. 767, where the",
    ],
)
def test_a_real_per_curiam_between_two_catalogued_opinions_is_never_hallucinated(library, text):
    assert all(v.status.value != "hallucinated" for v in verdicts(text, library))


def test_page_after_a_long_gap_orders_section_is_unverifiable(library):
    # 352 U.S. 599 is followed by a 263-page gap: memorandum orders live there.
    v = one("Doe v. Roe, 352 U.S. 843 (1956).", library)
    assert v.status.value == "unverifiable" and v.reason.value == "orders_section"


@pytest.mark.parametrize(
    "text",
    [
        "NetChoice, L.L.C. v. Paxton, 49 F.4th 439, 445 (5th Cir. 2022).",  # reporter not covered
        "Ashcroft v. Iqbal, 556 U.S. 662, 678 (2009).",  # real, catalogued without text
        "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).",  # partial volume
    ],
)
def test_a_citation_the_library_cannot_settle_is_never_hallucinated(library, text):
    v = one(text, library)
    assert v.status.value != "hallucinated"


@pytest.mark.parametrize(
    "text, evidence",
    [
        ("Smith v. Jones, 1200 F.2d 45 (9th Cir. 1990).", "ended with volume 999"),
        ("Smith v. Jones, 5 F.3d 101 (1975).", "began publishing in 1993"),
    ],
)
def test_impossible_cites_are_nonexistent(library, text, evidence):
    v = one(text, library)
    assert kinds(v) == {"nonexistent"} and evidence in v.errors[0].evidence


# --- names --------------------------------------------------------------------------------


def test_name_mismatch_names_the_real_case_and_where_the_written_name_lives(library):
    v = one("Miranda v. Arizona, 372 U.S. 335 (1963).", library)
    assert kinds(v) == {"name_mismatch"}
    assert "Gideon v. Wainwright" in v.errors[0].evidence
    assert "384 U.S. 436" in v.errors[0].evidence


@pytest.mark.parametrize(
    "name", ["Brown v. Bd. of Educ.", "Brown v. Board of Education of Topeka", "Board of Education v. Brown"]
)
def test_name_variants_of_the_right_case_pass(library, name):
    assert one(f"{name}, 347 U.S. 483 (1954).", library).status.value == "verified"


def test_parallel_cite_to_another_case_is_caught(library):
    found = verdicts("Brown v. Board of Education, 347 U.S. 483, 83 S. Ct. 792 (1954).", library)
    assert found[0].status.value == "verified"
    assert kinds(found[1]) == {"name_mismatch"} and "Gideon" in found[1].errors[0].evidence


def test_parallel_cite_that_is_not_the_case_real_cite(library):
    found = verdicts("Brown v. Board of Education, 347 U.S. 483, 74 S. Ct. 999 (1954).", library)
    assert kinds(found[1]) == {"nonexistent"} and "74 S. Ct. 686" in found[1].errors[0].evidence


# --- quotes and pincites ------------------------------------------------------------------

BRADY = "the suppression by the prosecution of evidence favorable to an accused"


def test_quote_on_the_pin_page_verifies(library):
    v = one(f'The rule is that "{BRADY}." Brady v. Maryland, 373 U.S. 83, 87 (1963).', library)
    assert v.status.value == "verified"


def test_quote_on_another_page_is_a_wrong_pincite_naming_the_right_page(library):
    v = one(f'The rule is that "{BRADY}." Brady v. Maryland, 373 U.S. 83, 86 (1963).', library)
    assert kinds(v) == {"wrong_pincite"} and "on page 87" in v.errors[0].evidence


def test_pin_outside_the_case_is_a_wrong_pincite(library):
    v = one("Celotex Corp. v. Catrett, 477 U.S. 317, 352 (1986).", library)
    assert kinds(v) == {"wrong_pincite"}


@pytest.mark.parametrize(
    "quote",
    [
        "[S]eparate educational facilities are inherently unequal",
        "in the field of public education . . . \u201cseparate but equal\u201d has no place",
        "Separate   educational\nfacilities are inherently unequal (cleaned up)",
    ],
)
def test_quote_normalisation_accepts_faithful_quotes(library, quote):
    v = one(f'The Court said "{quote}." Brown v. Board of Education, 347 U.S. 483, 495 (1954).', library)
    assert v.status.value == "verified", v.errors


def test_one_swapped_word_is_a_misquote_with_the_real_wording(library):
    v = one(
        'The Court said "separate educational facilities are intrinsically unequal." '
        "Brown v. Board of Education, 347 U.S. 483, 495 (1954).",
        library,
    )
    assert kinds(v) == {"misquote"}
    assert v.errors[0].fragment == "separate educational facilities are intrinsically unequal."
    assert "[-inherently-] {+intrinsically+}" in v.errors[0].evidence


def test_invented_quote_is_a_misquote(library):
    v = one(
        'The Court said "all contracts signed on a Sunday are void as against public '
        'policy." Brown v. Board of Education, 347 U.S. 483, 495 (1954).',
        library,
    )
    assert kinds(v) == {"misquote"}


def test_quote_in_a_case_without_text_is_unverifiable(library):
    v = one(
        'The Court said "summary judgment is mandated against a party who fails to make '
        'a showing." Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986).',
        library,
    )
    assert v.status.value == "unverifiable" and v.reason.value == "no_text"


# --- misrepresentation --------------------------------------------------------------------


def test_a_proposition_the_opinion_contradicts_is_flagged(library):
    v = one(
        "Brown held that separate educational facilities are inherently equal. "
        "Brown v. Board of Education, 347 U.S. 483, 495 (1954).",
        library,
    )
    assert kinds(v) == {"misrepresentation"}
    assert v.errors[0].fragment.startswith("Brown held that")


def test_a_faithful_proposition_is_not_flagged(library):
    v = one(
        "Brown held that separate educational facilities are inherently unequal. "
        "Brown v. Board of Education, 347 U.S. 483, 495 (1954).",
        library,
    )
    assert v.status.value == "verified"


# --- statutes -----------------------------------------------------------------------------


def test_statutes(library):
    found = verdicts("See 42 U.S.C. § 1983 and 60 U.S.C. § 12 and Fed. R. Civ. P. 99.", library)
    assert [v.status.value for v in found] == ["verified", "hallucinated", "hallucinated"]


def test_a_misquote_is_reported_once_for_a_parallel_group(library):
    found = verdicts(
        'The Court said "separate educational facilities are intrinsically unequal." '
        "Brown v. Board of Education, 347 U.S. 483, 495, 74 S. Ct. 686, 98 L. Ed. 873 "
        "(1954).",
        library,
    )
    assert [sorted(kinds(v)) for v in found] == [["misquote"], [], []]


@pytest.mark.parametrize(
    "text",
    [
        "Marbury v. Madison, 5 U.S. 137, 177 (1803).",  # U.S. numbers the early reports retroactively
        "Commonwealth v. Hunt, 45 Mass. 111 (1842).",
        "Lammers v. State, 324 Ark. 222, 920 S.W.2d 7 (1996).",  # two series share the name "Ark."
    ],
)
def test_old_or_shared_series_names_are_not_impossible(library, text):
    assert one(text, library).status.value != "hallucinated"


def test_a_docket_number_in_the_name_is_not_a_name_mismatch(library):
    from citeproof.core.text.names import compare_names

    assert compare_names("State v. Johnson, 97-1906 (La.3/4/98)", "State v. Johnson").matches


def test_one_decision_held_twice_is_no_different_case(library):
    # courtlistener:2074018; the catalogue lists 272 Ind. 404 and 398 N.E.2d 1260 as two cases
    found = verdicts(
        "Loyd v. State (1980), 272 Ind. 404, 398 N.E.2d 1260, cert. denied, 449 U.S. 881, 101 S. Ct. 231, "
        "66 L. Ed. 2d 105.",
        library,
    )
    assert [v.citation.text for v in found][:2] == ["272 Ind. 404", "398 N.E.2d 1260"]
    assert all(v.status.value != "hallucinated" for v in found)


@pytest.mark.parametrize(
    "text",
    [
        # courtlistener:2452357
        "Nat'l Soc'y of Prof'l Eng'rs v. United States, 435 U.S. 679, 697, 98 S. Ct. 1355, 55 L. Ed. 2d 637 "
        "(1978).",
        # courtlistener:1620546
        "United States v. SCRAP, 412 U.S. 669, 93 S. Ct. 2405, 37 L. Ed. 2d 254 (1973).",
    ],
)
def test_names_courts_write_for_real_cases_pass(library, text):
    found = verdicts(text, library)
    assert len(found) == 3 and all(v.status.value != "hallucinated" for v in found)
    assert found[0].status.value == "verified"

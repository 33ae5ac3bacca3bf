"""Citations that cannot exist, with the evidence named; and real ones that can."""

from __future__ import annotations

import datetime as dt

import pytest

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text

AS_OF = dt.date(2026, 12, 3)


def verdicts(text: str, library, as_of: dt.date | None = AS_OF):
    return check_document(document_from_text(text), library, as_of=as_of).verdicts


def flagged(text: str, library, as_of: dt.date | None = AS_OF) -> list[str]:
    """The evidence of every nonexistent finding in ``text``."""
    return [
        e.evidence for v in verdicts(text, library, as_of) for e in v.errors if e.kind.value == "nonexistent"
    ]


# --- real citations from the data pack's opinions: never impossible --------------------------


@pytest.mark.parametrize(
    "text",
    [  # F. Supp. ran to volume 999 (1998); reporters-db says it stopped in 1988 (class 1)
        'Watson v. McGinnis, 964 F. Supp. 127, 130 (S.D.N.Y.1997) ("The law is clear that allegations',
        "See Winning Ways, Inc. v. Holloway Sportswear, Inc., 913 F. Supp. 1454 (D.Kan.1996) (citing",
        # F.R.D. began in 1940; reporters-db says 2001 (class 1)
        "Jewelers of America, Inc. v. Amirghanyan, 115 F.R.D. 274, 277 (S.D.N.Y. 1987). Thus, any",
        "[8] Fook Dan Chin, supra n. 5 at 406. But see United States v. Leyva, "
        "59 F.R.D. 303, 304 (W.D. Tex. 1973).",
        # a 1912 opinion printed in 1930 (class 15)
        "See In re Klein, 46 F.2d 85 (S.D.N.Y.1930); United States ex rel. McNamara v. Henkel, "
        "46 F.2d 84 (S.D.N.Y. 1912). These decisions may be questioned",
        # "App.D.C." for the U.S. App. D.C. volumes after 74 (class 20)
        "Lazarus v. Manufacturers Casualty Ins. Co., 105 App.D.C. 357, 267 F.2d 634 (1959).",
        # a page of a parallel cite in brackets, or in a (citing ...) parenthetical, is no year
        "Escobedo v. Illinois, 378 U.S. 478 [12 L. Ed. 2d 977, 84 S. Ct. 1758] and People v. Dorado",
        "Kolupar, 275 Wis.2d 1, ¶ 43, 683 N.W.2d 58 (citing Hensley, 461 U.S. at 435, 436, 103 S.Ct. 1933).",
    ],
)
def test_real_citations_are_not_impossible(library, text):
    assert flagged(text, library) == []


def test_a_case_that_begins_on_the_last_page_of_the_one_before_is_not_inside_it(library):
    # Commonwealth v. Brown, 1 N.E.3d 259, ends on page 270, where Diatchenko begins (class 11).
    text = (
        "Additionally, we held today in Diatchenko v. District Attorney for Suffolk Dist., "
        "466 Mass. 655, 658–659, 1 N.E.3d 270 (2013), that all sentences of life without parole"
    )
    assert flagged(text, library) == []


# --- real miscitations in the data pack's opinions: still caught -----------------------------


@pytest.mark.parametrize(
    "text, evidence",
    [
        (  # 24 L. Ed. 2d 72 with the "2d" dropped
            "Cf. Application of Walter Marvin Jr., 53 N.J. 147 (1969), cert. den. 396 U.S. 821, "
            "90 S. Ct. 62, 24 L. Ed. 72 (1969).",
            "nothing in it dates from 1969",
        ),
        (  # 11th Cir. 1988, not 1998
            "United States v. Owens, 854 F.2d 432, 436 n. 8 (11th Cir.1998) (quotation marks omitted).",
            "decided by 1988",
        ),
        (  # 2d Cir. 1960, not 1968
            "United States v. Cashin, 281 F.2d 669 (2d Cir. 1968). Defendants seek to distinguish",
            "nothing in it dates from 1968",
        ),
    ],
)
def test_real_miscitations_in_the_opinions_are_still_caught(library, text, evidence):
    found = flagged(text, library)
    assert any(evidence in e for e in found), found


# --- fabrications -------------------------------------------------------------------------


def test_a_decision_year_after_the_date_of_the_check(library):
    assert flagged("Smith v. Jones, 610 U.S. 1 (2030).", library) == [
        "the decision year 2030 is after the date of this check (2026-12-03)"
    ]
    assert flagged("Smith v. Jones, 610 U.S. 1 (2030).", library, as_of=dt.date(2031, 1, 1)) == []


def test_a_volume_not_yet_printed_for_the_date_of_the_check(library):
    (why,) = flagged("Smith v. Jones, 950 U.S. 1 (1955).", library)
    assert "U.S. volume 950 has not been printed by 2026-12-03" in why and "577 (2015)" in why
    assert flagged("Smith v. Jones, 950 U.S. 1 (1955).", library, as_of=dt.date(2150, 1, 1)) != [why]


def test_the_check_date_defaults_to_today_and_is_passed_down(library):
    assert flagged("Smith v. Jones, 610 U.S. 1 (2099).", library, as_of=None)


@pytest.mark.parametrize(
    "text, evidence",
    [
        ("Smith v. Jones, 1200 F.2d 45 (9th Cir. 1990).", "F.2d ended with volume 999"),
        ("Smith v. Jones, 1003 F.3d 45 (9th Cir. 2021).", "F.3d ended with volume 999"),
        ("Smith v. Jones, 200 F. Supp. 2d 1 (S.D.N.Y. 2019).", "nothing in it dates from 2019"),
        ("Smith v. Jones, 45 F.3d 101 (1955).", "printed that late"),
        ("Smith v. Jones, 5 F.4th 100 (9th Cir. 2019).", "F.4th began publishing in 2021"),
    ],
)
def test_a_volume_that_cannot_hold_a_decision_of_the_year_cited(library, text, evidence):
    found = flagged(text, library)
    assert any(evidence in e for e in found), found


@pytest.mark.parametrize(
    "text",
    [
        "Doe v. Roe, 446 Cal. Rptr. 4th 183 (2019).",
        "See Doe v. Roe, 446 Cal.Rptr.4th 183, 190 (Cal. Ct. App. 2019) (holding that",
        "Doe v. Roe, 212 F.5th 1 (9th Cir. 2024).",
    ],
)
def test_an_edition_the_series_never_had_is_nonexistent_with_the_series_named(library, text):
    (verdict,) = [v for v in verdicts(text, library) if v.citation.type.value == "case"]
    assert verdict.status.value == "hallucinated" and verdict.citation.case_name == "Doe v. Roe"
    assert "its editions are" in verdict.errors[0].evidence


def test_an_early_volume_of_an_edition_begun_after_the_list_was_known_is_left_open(library):
    (verdict,) = verdicts("Doe v. Roe, 12 Cal. Rptr. 4th 183 (2026).", library)
    assert verdict.status.value == "unverifiable"

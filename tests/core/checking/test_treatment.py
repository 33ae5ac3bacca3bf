"""Negative treatment: a citation of a case the Supreme Court later overruled carries the
overruling beside its verdict, found through any cite of the case it resolved to; the verdict
itself is unchanged."""

from __future__ import annotations

import datetime as dt

import pytest

from citeproof.core.checking.treatment import overruling
from citeproof.core.models import Status, TreatmentScope, Verdict
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text

DOBBS = ("597 U.S. 215", "Dobbs v. Jackson Women's Health Organization", 2022, TreatmentScope.WHOLE)


def checked(library, text: str) -> dict[str, Verdict]:
    report = check_document(document_from_text(text), library, as_of=dt.date(2026, 1, 1))
    return {v.citation.text: v for v in report.verdicts}


def overruled_by(v: Verdict) -> tuple[str, str, int, TreatmentScope] | None:
    t = v.treatment
    return None if t is None else (t.overruled_by, t.name, t.year, t.scope)


def test_roe_v_wade_is_verified_and_overruled_by_dobbs(library):
    found = checked(library, "The right was recognised in Roe v. Wade, 410 U.S. 113, 153 (1973).")
    roe = found["410 U.S. 113, 153"]
    assert roe.status is Status.VERIFIED  # a warning beside the verdict, never a verdict
    assert overruled_by(roe) == DOBBS


def test_parallel_and_short_forms_of_the_same_case_carry_it_too(library):
    found = checked(
        library,
        "Roe v. Wade, 410 U.S. 113, 93 S. Ct. 705 (1973). See Roe, 410 U.S. at 153. Id. at 154. Cf. "
        "Chevron U.S.A. Inc. v. Natural Resources Defense Council, Inc., 104 S. Ct. 2778 (1984).",
    )
    assert [overruled_by(v) for v in found.values()][:4] == [DOBBS] * 4
    assert list(found)[:4] == ["410 U.S. 113", "93 S. Ct. 705", "410 U.S. at 153", "Id. at 154"]
    chevron = found["104 S. Ct. 2778"].treatment  # the table gives only the U.S. cite, 467 U.S. 837
    assert (chevron.name, chevron.overruled_by, chevron.year) == (
        "Loper Bright Enterprises v. Raimondo",
        "603 U.S. 369",
        2024,
    )


def test_a_case_not_in_the_table_carries_none(library):
    found = checked(library, "Brown v. Board of Education, 347 U.S. 483, 495 (1954).")
    brown = found["347 U.S. 483, 495"]
    assert brown.status is Status.VERIFIED and brown.treatment is None


def test_a_case_overruled_in_part_says_so(library):
    found = checked(
        library, "Parden v. Terminal Railway of Alabama State Docks Department, 377 U.S. 184 (1964)."
    )
    parden = found["377 U.S. 184"].treatment
    assert (parden.scope, parden.name) == (
        TreatmentScope.IN_PART,
        "Welch v. Texas Department of Highways & Public Transportation",
    )
    assert parden.describe().startswith("overruled in part by Welch")


def test_a_cite_whose_named_case_is_another_carries_no_treatment(library):
    found = checked(library, "Smith v. Jones, 410 U.S. 113 (1973).")
    smith = found["410 U.S. 113"]
    assert smith.status is Status.HALLUCINATED and smith.treatment is None
    assert smith.authority is not None and overruling(smith.authority, library) is not None  # Roe is


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Pace v. Alabama, 106 U.S. 583 (1883).", "McLaughlin v. Florida"),
        ("Plainview v. Marshall, 106 U.S. 583 (1883).", None),  # decided on the same page, not overruled
        ("License Cases, 46 U.S. 504 (1847).", "Leisy v. Hardin"),  # the table names one of them
    ],
)
def test_the_row_belongs_to_the_case_it_names_or_to_the_only_case_at_the_cite(library, text, expected):
    (verdict,) = checked(library, text).values()
    assert verdict.status is Status.VERIFIED
    assert (verdict.treatment.name if verdict.treatment else None) == expected

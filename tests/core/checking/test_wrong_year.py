"""A cite impossible only for its year says the year is wrong, not that the cite cannot exist."""

from __future__ import annotations

import datetime as dt

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def _one(library, text):
    (v,) = check_document(document_from_text(text), library, as_of=dt.date(2026, 12, 1)).verdicts
    return v


def test_a_real_cite_with_an_impossible_year_is_said_to_have_the_wrong_year(library):
    v = _one(library, "Nassif v. Boston & Maine R.R., 340 Mass. 557 (1966).")
    (error,) = v.errors
    assert error.kind.value == "nonexistent"  # the kind the benchmark scorers know
    assert error.explanation == "340 Mass. 557 cannot date from 1966: the year is wrong, or the cite is"
    assert "decided by 1961" in error.evidence and "correct its year" in error.suggestion


def test_a_year_after_the_check_is_a_wrong_year_too(library):
    v = _one(library, "Nassif v. Boston & Maine R.R., 340 Mass. 557 (2031).")
    assert "cannot date from 2031: the year is wrong" in v.errors[0].explanation


def test_a_volume_not_yet_printed_cannot_exist_whatever_its_year(library):
    v = _one(library, "Smith v. Jones, 950 U.S. 1 (2020).")
    assert v.errors[0].explanation == "950 U.S. 1 cannot exist"

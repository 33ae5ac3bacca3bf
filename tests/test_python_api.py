"""The Python API: explicit text and file entry points, `check`'s guessing, `Report` counts."""

from __future__ import annotations

from pathlib import Path

import pytest

import citeproof
from citeproof import ErrorKind, ReadError, Status, check, check_file, check_text

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample_brief.md"
PLANTED = {"nonexistent", "name_mismatch", "wrong_pincite", "misquote", "misrepresentation"}
ONE_LINE = (
    "The Court held that the State must provide counsel to an indigent defendant in a felony "
    "case, Gideon v. Wainwright, 372 U.S. 335, 344 (1963), and that the suppression of "
    "evidence favorable to an accused violates due process, Brady v. Maryland, 373 U.S. 83, "
    "87 (1963), whatever the good faith of the prosecution."
)


@pytest.fixture(scope="module")
def sample(library):
    return check_file(SAMPLE, library=library)


def test_the_explicit_functions_are_exported():
    assert {"check", "check_text", "check_file", "Report", "ReadError"} <= set(citeproof.__all__)


def test_a_long_one_line_text_is_checked_not_opened(library):
    assert len(ONE_LINE.encode()) > 255  # longer than a file name may be
    for report in (check(ONE_LINE, library=library), check_text(ONE_LINE, library=library)):
        assert [v.citation.text for v in report.verdicts] == ["372 U.S. 335, 344", "373 U.S. 83, 87"]
        assert report.count("verified") == 2
        assert report.document.path is None


@pytest.mark.parametrize("typo", ["sample_brif.md", "briefs/draft-v2.pdf", "./missing/brief", "~/x/y.docx"])
def test_a_mistyped_path_is_an_error_not_an_empty_report(library, typo):
    with pytest.raises(ReadError, match="no such file.*check_text"):
        check(typo, library=library)
    with pytest.raises(ReadError, match="no such file"):
        check_file(typo, library=library)


def test_a_short_sentence_is_still_text(library):
    report = check("See Brady v. Maryland, 373 U.S. 83 (1963).", library=library)
    assert [v.status for v in report.verdicts] == [Status.VERIFIED]


def test_path_string_and_path_give_the_same_report(library, sample):
    assert check(str(SAMPLE), library=library).to_json() == sample.to_json()
    assert check(SAMPLE, library=library).to_json() == sample.to_json()


def test_counts_by_status_accept_names_and_enums(sample):
    assert sample.count("hallucinated") == sample.count(Status.HALLUCINATED) == 5
    counts = sample.status_counts()
    assert counts == {"verified": 9, "hallucinated": 5, "unverifiable": 1}
    assert sum(counts.values()) == len(sample.verdicts)
    assert sample.to_json()["summary"] == {**counts, "overruled": 0, "hidden": 0}  # warnings


def test_counts_by_kind(sample):
    kinds = sample.kind_counts()
    assert set(kinds) == PLANTED and all(type(k) is str and n > 0 for k, n in kinds.items())
    assert all(type(k) is str for k in sample.status_counts())
    assert sample.count_kind("misquote") == sample.count_kind(ErrorKind.MISQUOTE) == 1
    assert sample.count_kind("statute_repealed") == 0


@pytest.mark.parametrize("call", ["count", "count_kind", "iter_citations", "iter_errors"])
def test_unknown_names_are_rejected(sample, call):
    with pytest.raises(ValueError, match="unknown .*'halucinated'.* expected one of"):
        list(getattr(sample, call)("halucinated") or ())


def test_iterators_over_citations_and_errors(sample):
    bad = list(sample.iter_citations(status="hallucinated"))
    assert len(bad) == 5 and all(v.status is Status.HALLUCINATED for v in bad)
    assert [v.citation.id for v in sample.iter_citations()] == [v.citation.id for v in sample.verdicts]
    [misquoted] = sample.iter_citations(kind="misquote")
    assert "noble ideal" in " ".join(q.text for q in misquoted.citation.quotes)
    errors = list(sample.iter_errors())
    assert {e.kind.value for _, e in errors} == PLANTED
    assert all(e in v.errors for v, e in errors)
    [(verdict, error)] = sample.iter_errors("name_mismatch")
    assert verdict.citation.text.startswith("372 U.S. 335") and error.kind is ErrorKind.NAME_MISMATCH


def test_the_enums_a_caller_compares_with_are_exported_from_the_package():
    from citeproof.core import models

    assert citeproof.Status is models.Status and citeproof.ErrorKind is models.ErrorKind
    assert citeproof.Reason is models.Reason and {"Status", "ErrorKind", "Reason"} <= set(citeproof.__all__)

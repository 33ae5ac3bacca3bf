"""A volume the library catalogues completely: a page strictly between two cases lies
inside the earlier one, and the verdict names both."""

from __future__ import annotations

import csv
import gzip
import json

import pytest

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.build import build_library
from citeproof.library.default import bundled_data_dir
from citeproof.library.sqlite import SQLiteLibrary


def library_of_477(folder, status: str) -> SQLiteLibrary:
    """SCDB's real cases of volume 477 of the U.S. Reports, imported with a coverage file
    that gives the volume ``status``."""
    with gzip.open(bundled_data_dir() / "scdb_2014_01.csv.gz", "rt", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if (r["reporter"], r["volume"]) == ("U.S.", "477")]
    with (folder / "us_477.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    coverage = {"reporters": {"U.S.": {"volumes_by_status": {status: ["477"]}}}}
    (folder / "coverage.json").write_text(json.dumps(coverage), encoding="utf-8")
    build_library([folder], folder / "lib.sqlite")
    return SQLiteLibrary(folder / "lib.sqlite")


@pytest.fixture(scope="module")
def complete_477(tmp_path_factory: pytest.TempPathFactory) -> SQLiteLibrary:
    """The volume declared complete (as a user's own complete import would)."""
    return library_of_477(tmp_path_factory.mktemp("complete"), "complete")


def _verdict(text: str, library: SQLiteLibrary):
    (v,) = check_document(document_from_text(text), library).verdicts
    return v


def test_a_page_between_two_cases_of_a_complete_volume_is_inside_the_earlier_one(complete_477):
    v = _verdict("Varner v. Dunn, 477 U.S. 330 (1986).", complete_477)
    assert v.status.value == "hallucinated" and v.errors[0].kind.value == "nonexistent"
    evidence = v.errors[0].evidence
    assert evidence.startswith(
        "no case at 477 U.S. 330 in the library citeproof-library, which holds every case"
    )
    assert "nearest cases: Celotex Corp. v. Catrett, 477 U.S. 317; " in evidence
    assert evidence.endswith(", 477 U.S. 340")  # the next case of the volume


def test_the_first_pages_of_a_complete_volume_still_verify(complete_477):
    assert _verdict("Celotex Corp. v. Catrett, 477 U.S. 317 (1986).", complete_477).status.value == "verified"


def test_the_same_page_in_a_volume_catalogued_only_for_argued_opinions_is_unverifiable(tmp_path):
    """SCDB alone leaves out per curiam memoranda, which begin in such gaps: without a
    table of every decision, the page proves nothing."""
    v = _verdict("Varner v. Dunn, 477 U.S. 330 (1986).", library_of_477(tmp_path, "complete_opinions"))
    assert (v.status.value, v.reason.value if v.reason else None) == ("unverifiable", "not_in_coverage")


def test_the_library_holds_the_whole_volume_of_real_cases(complete_477):
    assert complete_477.snapshot().cases == 26  # SCDB's 26 cases of 477 U.S.

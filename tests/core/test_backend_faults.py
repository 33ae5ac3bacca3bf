"""A backend fault while fetching an opinion is unverifiable with its reason, never no_text
or verified; on the real library file, with only the opinion fetch made to fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.core.models import Opinion, Reason, Status
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import LibraryError
from citeproof.core.reading.read import document_from_text
from citeproof.library.sqlite import SQLiteLibrary

BROWN = (
    '"Separate educational facilities are inherently unequal." Brown v. Board of '
    "Education, 347 U.S. 483, 495 (1954)."
)
BRADY = "Brady v. Maryland, 373 U.S. 83, 87 (1963)."  # text in the library, no quote
CELOTEX = "Celotex Corp. v. Catrett, 477 U.S. 317, 322 (1986)."  # catalogued, no text


class FailingOpinions(SQLiteLibrary):
    """The real library, except that fetching an opinion fails as a backend would."""

    def __init__(self, path: Path, reason: Reason = Reason.BACKEND_ERROR) -> None:
        super().__init__(path)
        self.reason, self.fetches = reason, 0

    def _opinion(self, case_id: str) -> Opinion | None:
        self.fetches += 1
        raise LibraryError(f"disk I/O error reading {case_id}", self.reason)


def verdict(text: str, library: SQLiteLibrary):
    (v,) = check_document(document_from_text(text), library).verdicts
    return v


@pytest.mark.parametrize("text", [BROWN, BRADY], ids=["quoted", "unquoted"])
def test_an_opinion_the_backend_cannot_fetch_is_backend_error(text, library, library_path):
    assert verdict(text, library).status is Status.VERIFIED  # the healthy library verifies it
    failing = FailingOpinions(library_path)
    v = verdict(text, failing)
    assert failing.fetches == 1
    assert (v.status, v.reason) == (Status.UNVERIFIABLE, Reason.BACKEND_ERROR)
    assert v.authority is not None and v.errors == ()  # the case was found; nothing failed
    assert all(f.reason is not Reason.NO_TEXT for f in v.findings)


def test_a_throttled_fetch_keeps_its_reason(library_path):
    v = verdict(BROWN, FailingOpinions(library_path, Reason.RATE_LIMITED))
    assert (v.status, v.reason) == (Status.UNVERIFIABLE, Reason.RATE_LIMITED)


def test_a_case_without_text_is_never_fetched(library_path):
    failing = FailingOpinions(library_path)
    assert verdict(CELOTEX, failing).status is Status.VERIFIED and failing.fetches == 0

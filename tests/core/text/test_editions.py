"""Citation-shaped strings to an edition a series never had are extracted on purpose."""

from __future__ import annotations

import pytest

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import document_from_text
from citeproof.core.text.editions import find_unlisted_editions, unlisted_edition


@pytest.mark.parametrize(
    "text, reporter",
    [
        ("Doe v. Roe, 446 Cal. Rptr. 4th 183 (2019).", "Cal. Rptr. 4th"),
        ("Doe v. Roe, 446 Cal.Rptr.4th 183 (2019).", "Cal. Rptr. 4th"),
        ("Doe v. Roe, 12 F.5th 100 (9th Cir. 2024).", "F.5th"),
        ("Doe v. Roe, 5 F. Supp. 4th 10 (D. Mass. 2025).", "F. Supp. 4th"),
        ("Doe v. Roe, 5 L. Ed. 3d 100 (2020).", "L. Ed. 3d"),
        ("Doe v. Roe, 21 Ill. 3d 5 (2015).", "Ill. 3d"),  # Illinois cites publicly since 2011
    ],
)
def test_an_edition_the_series_never_had_is_found(text, reporter):
    (found,) = find_unlisted_editions(text)
    assert found.edition.reporter == reporter and found.span.slice(text).endswith(("183", "100", "10", "5"))


@pytest.mark.parametrize(
    "text",
    [  # real editions, from the data pack's opinions and the sample brief
        "NetChoice, L.L.C. v. Paxton, 49 F.4th 439, 445 (5th Cir. 2022).",
        "Hager v. Shindler, 29 Cal. 48, 60 (1865).",
        "People v. Dorado, 62 Cal. 2d 338 [42 Cal. Rptr. 169, 398 P.2d 361].",
        "Smith v. Superior Court, 39 Cal. 4th 77, 83 (2006).",
        "Harmon v. Lakeview Holdings, Inc., 359 Ill. App. 3d 927, 931 (2005).",
        "Jones v. Alpha, 5 A.L.R.7th 1 (2016).",  # reporters-db's A.L.R. list is not complete: left alone
        "Loving v. Virginia, 388 U.S. 1, 12 (1967).",
    ],
)
def test_real_editions_and_unverified_series_are_left_to_eyecite(text):
    assert find_unlisted_editions(text) == []


def test_the_extractor_adds_them_with_their_name_and_year():
    (c,) = extract_citations(
        document_from_text("See Doe v. Roe, 446 Cal. Rptr. 4th 183, 190 (2019) (holding that")
    )
    assert (c.volume, c.reporter, c.page, c.case_name, c.year) == (
        "446",
        "Cal. Rptr. 4th",
        "183",
        "Doe v. Roe",
        2019,
    )


def test_a_known_edition_is_never_unlisted():
    assert unlisted_edition("F.4th") is None and unlisted_edition("Cal. Rptr. 3d") is None
    assert unlisted_edition("Cal. Rptr. 4th").editions == ("Cal. Rptr.", "Cal. Rptr. 2d", "Cal. Rptr. 3d")

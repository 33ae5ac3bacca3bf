"""Case names as a citation shows them, and names that never carry the sentence's words."""

from __future__ import annotations

import pytest

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import document_from_text
from citeproof.core.text.short_names import same_short_name, short_name


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("NATIONAL LABOR RELATIONS BOARD v. KATZ et al.", "NLRB v. Katz"),
        (
            "Brown v. Board of Education of Topeka, Shawnee County, Kansas, et al.",
            "Brown v. Bd. of Educ. of Topeka",
        ),
        ("GIDEON v. WAINWRIGHT, CORRECTIONS DIRECTOR", "Gideon v. Wainwright"),
        ("Securities and Exchange Commission v. W. J. Howey Co.", "SEC v. W. J. Howey Co."),
        (
            "International Brotherhood of Teamsters v. United States",
            "Int'l Bhd. of Teamsters v. United States",
        ),
        ("Commissioner of Internal Revenue v. Glenshaw Glass Co.", "Commissioner v. Glenshaw Glass Co."),
        ("Acme, Inc. v. Smith", "Acme, Inc. v. Smith"),
        ("Miranda v. Arizona", "Miranda v. Arizona"),  # a one-word party is never abbreviated
        ("In re Gault", "In re Gault"),
        ("National Association of Manufacturers v. Taylor", "Nat'l Ass'n of Mfrs. v. Taylor"),
        # the catalogue's "V.WILLIAM" and a brief's "vs." are the "v." between the parties
        ("BELL ATLANTIC CORPORATION, et al. V.WILLIAM TWOMBLY, et al.", "Bell Atl. Corp. v. William Twombly"),
        ("Smith vs. Jones", "Smith v. Jones"),
        ("John V. Smith v. Jones", "John V. Smith v. Jones"),  # a middle initial stays
    ],
)
def test_short_names(name, short):
    assert short_name(name) == short


def test_the_same_name_written_in_full_and_abbreviated():
    assert same_short_name("Brown v. Board of Education", "Brown v. Bd. of Educ.")
    assert not same_short_name("Miranda v. Arizona", "Brady v. Maryland")


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        (
            "The district court relied on Petersen v. Iran Air, 905 F.2d 1011 (7th Cir. 1990).",
            "Petersen v. Iran Air",
        ),
        ("Relying on Smith v. Jones, 925 F.3d 1339 (11th Cir. 2019), it ruled.", "Smith v. Jones"),
        (
            "Following Gideon v. Wainwright, 372 U.S. 335 (1963), states appoint counsel.",
            "Gideon v. Wainwright",
        ),
        (
            "This rule applies to Board of Education v. Pico, 457 U.S. 853 (1982).",
            "Board of Education v. Pico",
        ),
        ("See On Lee v. United States, 343 U.S. 747 (1952).", "On Lee v. United States"),
    ],
)
def test_a_case_name_never_carries_a_leading_word_of_the_sentence(sentence, name):
    (cite,) = extract_citations(document_from_text(sentence))
    assert cite.case_name == name

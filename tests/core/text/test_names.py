"""Case names as courts write them against the names the catalogues give.

The written names are copied from opinions in the data pack (the opinion is named above
each), the real ones from the catalogue rows the library holds for those cites.
"""

from __future__ import annotations

import pytest

from citeproof.core.text.names import compare_names, party_tokens


@pytest.mark.parametrize(
    "written, real",
    [
        # courtlistener:2452357 (United States v. Microsoft), 435 U.S. 679
        (
            "Nat'l Soc'y of Prof'l Eng'rs v. United States",
            "National Society of Professional Engineers v. United States",
        ),
        # courtlistener:1620546, 412 U.S. 669: a party known by its acronym
        (
            "United States v. SCRAP",
            "UNITED STATES et al. v. STUDENTS CHALLENGING REGULATORY AGENCY PROCEDURES (SCRAP) et al.",
        ),
        # courtlistener:1113499, 7 Cal. 3d 186: the written party says more than the catalogue
        ("People v. Superior Court of Los Angeles County", "People v. Superior Court"),
        # capstone-fastcase:NE3d/1/1ne3d259, 246 Mass. 12: a name split by the source text
        ("Commonwealth v. Das calakis", "Commonwealth v. Dascalakis"),
        # capstone-fastcase:NE3d/1/1ne3d259, 368 Mass. 1
        ("Del Duca v. Town Adm'r of Methuen", "Del Duca v. Town Administrator of Methuen"),
    ],
)
def test_the_written_name_of_the_right_case_matches(written, real):
    assert compare_names(written, real).matches


@pytest.mark.parametrize(
    "written, real",
    [
        ("Miranda v. Arizona", "Gideon v. Wainwright"),
        ("People v. Superior Oil Co.", "People v. Superior Court"),  # a real party is not written whole
        ("Commonwealth v. Calakis Das", "Commonwealth v. Dascalakis"),  # not the same letters
        (
            "Nat'l Soc'y of Prof'l Eng'rs v. United States",
            "Natural Resources Defense Council v. United States",
        ),
    ],
)
def test_the_name_of_another_case_still_differs(written, real):
    assert not compare_names(written, real).matches


@pytest.mark.parametrize(
    "contraction, word",
    [
        ("Soc'y", "Society"),
        ("Prof'l", "Professional"),
        ("Eng'rs", "Engineers"),
        ("Ass'n", "Association"),
        ("Comm'n", "Commission"),
        ("Int'l", "International"),
        ("Dep't", "Department"),
        ("Gov't", "Government"),
        ("Cont'l", "Continental"),
        ("Sec'y", "Secretary"),
        ("Mem'l", "Memorial"),
        ("Indus.", "Industries"),
        ("Mfg.", "Manufacturing"),
    ],
)
def test_bluebook_t6_contractions_read_as_their_words(contraction, word):
    folded = contraction.lower().replace("'", "")
    assert party_tokens(folded) == party_tokens(word.lower())


def test_distinct_words_stay_distinct():
    assert party_tokens("natl") != party_tokens("natural")  # Nat'l is National, Nat. is Natural
    assert party_tokens("secretary") != party_tokens("securities")


def test_a_docket_parenthetical_is_still_no_name():
    assert party_tokens("johnson (la.3/4/98)") == party_tokens("johnson")


@pytest.mark.parametrize(
    "written, catalogued",
    [
        ("FERC v. Mississippi", "FEDERAL ENERGY REGULATORY COMMISSION et al. v. MISSISSIPPI et al."),
        (
            "Turner Broad. Sys., Inc. v. FCC",
            "TURNER BROADCASTING SYSTEM, INC., et al. v. FEDERAL COMMUNICATIONS COMMISSION et al.",
        ),
        ("Federal Energy Regulatory Commission v. Mississippi", "FERC v. Mississippi"),
        (
            "NAACP v. Alabama ex rel. Patterson",
            "NATIONAL ASSOCIATION FOR THE ADVANCEMENT OF COLORED PEOPLE v. ALABAMA",
        ),
        (
            "Franklin v. Massachusetts",
            "BARBARA FRANKLIN, SECRETARY OF COMMERCE, et al. v. MASSACHUSETTS et al.",
        ),
    ],
)
def test_acronyms_given_names_and_offices_are_the_same_party(written, catalogued):
    assert compare_names(written, catalogued).matches


def test_initials_that_spell_nothing_of_the_case_still_mismatch():
    assert not compare_names("FTC v. Smith", "JONES v. BROWN").matches
    assert not compare_names("ABC Corp. v. Doe", "NATIONAL LABOR RELATIONS BOARD v. KATZ").matches

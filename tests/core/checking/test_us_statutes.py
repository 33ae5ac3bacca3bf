"""US statutes and federal rules against the library's Code and rules tables (the bundled
library, built from the data pack's usc_sections and federal_rules files)."""

from __future__ import annotations

import re

import pytest

from citeproof.core.checking.us_statutes import base_section, range_ends, section_order, us_code
from citeproof.core.output.report import render_text
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def check(text: str, library):
    return check_document(document_from_text(text), library)


def one(text: str, library):
    (verdict,) = check(text, library).verdicts
    return verdict


def statute_finding(verdict):
    return verdict.findings[0]


# --- verified, with the heading and the date of the data ------------------------------------


def test_section_1983_is_verified_with_its_heading_and_the_date_of_the_code(library):
    report = check("Plaintiff sues under 42 U.S.C. § 1983.", library)
    (v,) = report.verdicts
    assert v.status.value == "verified"
    said = "42 U.S.C. § 1983: “Civil action for deprivation of rights” (the U.S. Code as of early 2023)"
    assert statute_finding(v).explanation == said
    (cited,) = report.to_json()["citations"]
    assert cited["status"] == "verified" and cited["evidence"] == said
    assert "Civil action for deprivation of rights" in render_text(report, width=400)
    assert "as of early 2023" in render_text(report, width=400)


@pytest.mark.parametrize(
    "text, title",
    [
        ("Fed. R. Civ. P. 56", "Summary Judgment"),
        ("Fed. R. Civ. P. 56(a)", "Summary Judgment"),
        ("Fed. R. Civ. P. 12(b)(6)", "Defenses and Objections"),
        ("Fed. R. Civ. P. 26(b)(1)", "Duty to Disclose"),
        ("Fed. R. Civ. P. 23.1", "Derivative Actions"),  # its own rule, not rule 23
        ("Fed. R. Evid. 801(d)(2)(E)", "Definitions That Apply to This Article"),
        ("Fed. R. Crim. P. 62", "Criminal Rules Emergency"),  # new in the 2024 edition
        ("Fed. R. App. P. 4(a)(1)(A)", "Appeal as of Right"),
        ("Fed. R. Bankr. P. 7056", "Summary Judgment"),
    ],
)
def test_a_rule_is_verified_with_its_title(library, text, title):
    v = one(f"See {text}.", library)
    assert v.status.value == "verified", statute_finding(v).explanation
    assert title in statute_finding(v).explanation
    assert "federal rules, editions" in statute_finding(v).explanation


@pytest.mark.parametrize(
    "text, section",
    [
        ("28 U.S.C. § 2254(d)(1)", "2254(d)(1)"),  # subsections kept, checked as far as the data go
        ("42 U.S.C. § 2000e-2(a)", "2000e-2(a)"),
        ("15 U.S.C. § 78j(b)", "78j(b)"),
        ("42 U.S.C. § 300gg-11", "300gg-11"),
        ("42 U.S.C. § 1320a-7b(b)", "1320a-7b(b)"),
        ("18 U.S.C. §§ 1961-1968", "1961-1968"),
        ("42 U.S.C. §§ 12101-12213", "12101-12213"),
        ("42 U.S.C.A. § 1983 (West 2012)", "1983"),
        ("Section 1983 of title 42", "1983"),
    ],
)
def test_section_numbers_of_every_shape_verify(library, text, section):
    v = one(f"See {text}.", library)
    assert v.citation.statute_section == section
    assert v.status.value == "verified", statute_finding(v).explanation


def test_a_range_names_both_ends(library):
    v = one("RICO, 18 U.S.C. §§ 1961-1968.", library)
    assert "§ 1961 “Definitions” to § 1968 “Civil investigative demand”" in statute_finding(v).explanation


# --- not in the current Code: unverifiable, with the nearest sections that exist ---------------


def named_sections(explanation: str) -> list[str]:
    return re.findall(r"§ (\S+) “", explanation.split("nearest sections there:")[1])


def test_a_section_absent_from_the_code_is_not_in_current_code_with_the_nearest_that_exist(library):
    report = check("See 28 U.S.C. § 2259.", library)
    (v,) = report.verdicts
    assert (v.status.value, v.reason.value) == ("unverifiable", "not_in_current_code")
    explanation = statute_finding(v).explanation
    assert "is not in the U.S. Code as of early 2023" in explanation
    assert "does not show it never existed" in explanation
    nearest = named_sections(explanation)
    assert nearest == ["2254", "2255", "2261", "2262"]
    assert all(library.usc_section("28", s).status == "current" for s in nearest)  # never invented
    (cited,) = report.to_json()["citations"]
    assert cited["next_step"]["group"] == "not_in_current_code" and "§ 2255" in cited["evidence"]
    assert "not_in_current_code: 28 U.S.C. § 2259 is not in" in render_text(report, width=600)


def test_a_repealed_section_is_not_in_current_code_and_says_so(library):
    v = one("See 7 U.S.C. § 386g.", library)
    assert v.reason.value == "not_in_current_code"
    assert "prints it as “Repealed. Oct. 31, 1951" in statute_finding(v).explanation


def test_a_range_with_an_end_not_in_the_code_is_never_hallucinated(library):
    v = one("See 20 U.S.C. §§ 1681-1681a.", library)  # 1681a: not in the Code's data
    assert (v.status.value, v.reason.value) == ("unverifiable", "not_in_current_code")


@pytest.mark.parametrize(
    "text, said",
    [
        ("Fed. R. Civ. P. 71A", "Fed. R. Civ. P. 71A is not in the editions 2005–2025"),  # renumbered 71.1
        ("Fed. R. Civ. P. 23.3", "the nearest rules there: 23.1"),  # a decimal proves nothing
        ("Fed. R. Bankr. P. 7006", "the nearest rules there: 7004"),  # no closed numbering
        ("Fed. R. Civ. P. 84", "abrogated"),
        ("Fed. R. App. P. 35", "transferred"),
    ],
)
def test_a_rule_the_current_rules_lack_is_unverifiable(library, text, said):
    v = one(f"See {text}.", library)
    assert (v.status.value, v.reason.value) == ("unverifiable", "not_in_current_code")
    assert said in statute_finding(v).explanation


# --- rules a closed set never had ------------------------------------------------------------


@pytest.mark.parametrize(
    "text, evidence",
    [
        ("Fed. R. Civ. P. 112", "Fed. R. Civ. P. has no rule 112 (rules run 1-87)"),
        ("Fed. R. Evid. 4154", "Fed. R. Evid. has no rule 4154 (rules run 101-1103)"),
        (
            "Fed. R. Evid. 416",
            "Fed. R. Evid. has no rule 416: the editions 2005–2025 of Fed. R. Evid. "
            "number its rules 101-107, 201, 301-302, 401-415, 501-502,",
        ),
        ("Fed. R. Evid. 808(b)", "Fed. R. Evid. has no rule 808:"),
    ],
)
def test_a_rule_number_a_closed_set_never_had_is_nonexistent(library, text, evidence):
    v = one(f"See {text}.", library)
    assert v.status.value == "hallucinated"
    (error,) = v.errors
    assert error.kind.value == "statute_nonexistent" and error.fragment == text
    assert error.evidence.startswith(evidence)


# --- a rule cited in a year before it existed --------------------------------------------------


def test_a_rule_cited_in_a_year_before_it_first_appears_is_flagged(library):
    v = one("See Fed. R. Evid. 502 (2005).", library)
    assert v.status.value == "hallucinated"
    (error,) = v.errors
    assert error.kind.value == "statute_nonexistent"
    assert error.explanation == "Fed. R. Evid. 502 did not exist in 2005"
    assert "first appears in the 2009 edition" in error.evidence


@pytest.mark.parametrize(
    "text",
    [
        "Fed. R. Evid. 502 (2008)",  # in force from December 1, 2008: the 2009 edition prints it
        "Fed. R. Evid. 502 (1999)",  # before the data begin: proves nothing
        "Fed. R. Crim. P. 16.1 (2012)",  # criminal rules' data begin in 2016
        "proposed Fed. R. Evid. 502 (2006)",  # a draft is cited by the year it was proposed
        "Fed. R. Civ. P. 5.2 (2007)",
    ],
)
def test_a_year_that_proves_nothing_is_not_flagged(library, text):
    assert one(f"See {text}.", library).status.value == "verified"


def test_the_habeas_rules_are_left_as_they_were(library):
    v = one("Rule 4 of the Rules Governing Section 2254 Cases.", library)
    assert (v.status.value, v.reason.value) == ("unverifiable", "statute_not_in_registry")


# --- the helpers -----------------------------------------------------------------------------


def test_sections_sort_in_the_codes_order():
    written = ["1982", "1981a", "2000e-17", "1981", "2000f", "2000e", "2000e-2", "300gg-11", "300gg"]
    assert sorted(written, key=section_order) == [
        "300gg",
        "300gg-11",
        "1981",
        "1981a",
        "1982",
        "2000e",
        "2000e-2",
        "2000e-17",
        "2000f",
    ]


@pytest.mark.parametrize(
    "section, ends",
    [
        ("1961-1968", ("1961", "1968")),
        ("2000e-2000e-17", ("2000e", "2000e-17")),
        ("2000e-2", None),  # a section, not a range
        ("1087-58", None),
        ("1983", None),
    ],
)
def test_range_ends(section, ends):
    assert range_ends(section) == ends


def test_the_code_is_read_however_it_is_written():
    assert {us_code(c) for c in ("U.S.C.", "U. S. C.", "U.S.C.A.", "U.S.C.S.", "United States Code")} == {
        "U.S.C."
    }
    assert us_code("C.F.R.") == "C.F.R."
    assert base_section("2254(d)(1)") == "2254" and base_section("1961–1968") == "1961-1968"

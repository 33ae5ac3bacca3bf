"""Extraction: eyecite's known faults guarded, names, years, short forms, quotes, statutes."""

from __future__ import annotations

import re

import pytest
from eyecite.helpers import courts, get_court_by_paren
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.pack import all_records

from citeproof.core.extraction.extract import extract_citations, parse_pin_pages
from citeproof.core.models import CitationType, CiteForm
from citeproof.core.reading.read import document_from_text
from citeproof.core.text.courts import court_by_paren


def cites(text: str):
    return extract_citations(document_from_text(text))


def test_years_do_not_swap_between_neighbouring_citations():
    # eyecite 2.7.4-2.7.8 gives Roe 2019 and Smith 1973 here (upstream issue #321).
    roe, smith = cites(
        "Roe v. Wade, 410 U.S. 113 (1973). Smith v. Jones, 925 F.3d 1339, 1341 (11th Cir. 2019)."
    )
    assert (roe.year, roe.case_name) == (1973, "Roe v. Wade")
    assert (smith.year, smith.case_name, smith.court) == (2019, "Smith v. Jones", "ca11")


def test_party_names_stop_at_the_previous_citation():
    first, second = cites(
        "See Brown v. Board of Education, 347 U.S. 483 (1954); Gideon v. Wainwright, 372 U.S. 335 (1963)."
    )
    assert first.case_name == "Brown v. Board of Education"
    assert second.case_name == "Gideon v. Wainwright"


def test_court_and_year_survive_a_line_break():
    (smith,) = cites("Smith v. Jones, 925 F.3d 1339, 1341 (11th Cir.\n2019).")
    assert (smith.year, smith.court) == (2019, "ca11")


def test_parallel_citations_share_name_year_and_point_at_each_other():
    us, sct, led = cites(
        "Brown v. Board of Education, 347 U.S. 483, 495, 74 S. Ct. 686, 98 L. Ed. 873 (1954)."
    )
    assert [c.reporter for c in (us, sct, led)] == ["U.S.", "S. Ct.", "L. Ed."]
    assert us.pin_pages == (495,) and sct.pin_pages == ()
    assert {c.year for c in (us, sct, led)} == {1954}
    assert set(us.parallel_ids) == {sct.id, led.id}


def test_a_paragraph_break_ends_a_group_of_parallel_citations():
    # a table of authorities' last entry, its pages cut off, then the opinion's own first line
    entry, body = cites(
        "Raley v. Life and Casualty Ins. Co., D.C.Mun.App., 117 A.2d 110 16,\n\n"
        "119 A.2d 114 (1955)\n\nEdwin G. TIBBILS, Appellant, v. FEDERAL INSURANCE COMPANY."
    )
    assert entry.case_name.startswith("Raley") and body.case_name is None
    assert entry.parallel_ids == () and body.parallel_ids == ()
    wrapped, parallel = cites("Smith v. Jones, 347 U.S. 483,\n74 S. Ct. 686 (1954).")  # one line break
    assert wrapped.parallel_ids == (parallel.id,) and parallel.case_name == "Smith v. Jones"


@pytest.mark.parametrize("section", ["WIS. STAT. § 19.35(1)", "Fla. Stat. § 768.72", "28 U.S.C. § 1915(e)"])
def test_a_case_name_does_not_reach_back_past_a_statute_section_ending_a_sentence(section):
    prose = f"The records must be disclosed under {section}."
    first, second = (
        c
        for c in cites(
            f"{prose} Smith v. Jones, 925 F.3d 1339, 1341 (11th Cir. 2019). Accord Roe v. "
            "Doe, 386 F.2d 718, 720 (8th Cir. 1967)."
        )
        if c.type is CitationType.CASE
    )
    assert (first.case_name, second.case_name) == ("Smith v. Jones", "Roe v. Doe")
    assert first.proposition == prose and second.proposition == prose


def test_short_forms_id_and_supra_resolve_to_their_full_citation():
    text = (
        "Brown v. Board of Education, 347 U.S. 483 (1954). Gideon v. Wainwright, "
        "372 U.S. 335 (1963). See id. at 344. Brown, 347 U.S. at 495. "
        "Brown, supra, at 494."
    )
    brown, gideon, ident, short, supra = cites(text)
    assert (ident.form, ident.antecedent_id, ident.page, ident.pin_pages) == (
        CiteForm.ID,
        gideon.id,
        "335",
        (344,),
    )
    assert (short.form, short.antecedent_id, short.pin_pages) == (CiteForm.SHORT, brown.id, (495,))
    assert (supra.form, supra.antecedent_id, supra.volume) == (CiteForm.SUPRA, brown.id, "347")


def test_short_form_picks_the_case_it_names_among_same_volume_cites():
    text = (
        "Miranda v. Arizona, 372 U.S. 335 (1963). Gideon v. Wainwright, 372 U.S. 1 (1963). "
        "Miranda, 372 U.S. at 340."
    )
    first, _, short = cites(text)
    assert short.antecedent_id == first.id and short.case_name == "Miranda v. Arizona"


def test_quotes_and_propositions_belong_to_the_right_citation():
    text = (
        'The Court held that "separate educational facilities are inherently unequal." '
        "Brown v. Board of Education, 347 U.S. 483, 495 (1954). Roe v. Wade, 410 U.S. 113 "
        "(1973). In Gideon v. Wainwright, 372 U.S. 335 (1963) (holding that counsel is a "
        'fundamental right), the Court called lawyers "necessities, not luxuries."'
    )
    brown, roe, gideon = cites(text)
    assert [q.text for q in brown.quotes] == ["separate educational facilities are inherently unequal."]
    assert brown.proposition.startswith("The Court held that")
    assert roe.quotes == ()  # the quote belongs to Brown, not to the next string cite
    assert gideon.parenthetical == "holding that counsel is a fundamental right"
    assert text[brown.proposition_span.start : brown.proposition_span.end] == brown.proposition


def test_statutes_with_and_without_section_sign():
    found = cites(
        "See 42 U.S.C. § 1983; 28 U.S.C. 1331; Fed. R. Civ. P. 12(b)(6); "
        "section 1983 of title 42; 29 C.F.R. § 1604.11."
    )
    statutes = [
        (c.statute_code, c.statute_title, c.statute_section) for c in found if c.type is CitationType.STATUTE
    ]
    assert statutes == [
        ("U.S.C.", "42", "1983"),
        ("U.S.C.", "28", "1331"),
        ("Fed. R. Civ. P.", None, "12(b)(6)"),
        ("U.S.C.", "42", "1983"),
        ("C.F.R.", "29", "1604.11"),
    ]


def test_pin_pages():
    assert parse_pin_pages("at 494") == (494,)
    assert parse_pin_pages("495-96") == (495, 496)
    assert parse_pin_pages("495 n.5") == (495,)
    assert parse_pin_pages("1341, 1343") == (1341, 1343)
    assert parse_pin_pages(None) == ()


@given(st.integers(min_value=1, max_value=5000), st.integers(min_value=0, max_value=40))
def test_pin_ranges_expand_to_every_page(first, length):
    last = first + length
    assert parse_pin_pages(f"{first}-{last}") == tuple(range(first, last + 1))


_COURT_STRINGS = [c["citation_string"] for c in courts] + ["2d Cir", "SC", "", "9th", "Ill."]


@settings(deadline=None)  # eyecite's own lookup is the slow one; speed is a benchmark's business
@given(st.sampled_from(_COURT_STRINGS) | st.text(alphabet="abcdeCirDN.  123", max_size=12))
def test_precomputed_court_table_agrees_with_eyecite(paren):
    assert court_by_paren(paren) == get_court_by_paren(paren)


def test_a_name_opened_by_a_quote_or_bracket_keeps_its_first_party():
    for text in [
        '(e.g. "Brady v. Maryland, 373 U.S. 83, 87")',
        "See (Brady v. Maryland, 373 U.S. 83)",
        "\u201cRoe v. Wade, 410 U.S. 113 (1973).\u201d",
    ]:
        (c,) = cites(text)
        assert c.case_name in {"Brady v. Maryland", "Roe v. Wade"}
        assert text[c.case_name_span.start : c.case_name_span.end] == c.case_name


def test_a_nameless_cite_into_a_case_already_cited_is_a_pin_reference():
    text = (
        "In Sailors v. Board of Education, 387 U.S. 105 (1967), plaintiffs challenged a law. "
        "At 387 U.S. 108, the court upheld it."
    )
    full, pin = cites(text)
    assert (pin.form, pin.antecedent_id, pin.page, pin.pin_pages) == (CiteForm.SHORT, full.id, "105", (108,))


def test_a_party_named_like_a_nominative_reporter_does_not_hide_the_cite():
    (c,) = cites('"Quoted words here." People v. Thompson, 359 Ill. App. 3d 944, 946 (2005).')
    assert (c.volume, c.reporter, c.page, c.pin_pages) == ("359", "Ill. App. 3d", "944", (946,))
    assert c.case_name == "People v. Thompson" and c.year == 2005


def test_the_fast_court_lookup_is_scoped_to_extraction():
    import eyecite.helpers

    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.reading.read import document_from_text
    from citeproof.core.text.courts import eyecite_court_lookup

    original = eyecite.helpers.get_court_by_paren
    cites = extract_citations(document_from_text("Smith v. Jones, 925 F.3d 1339, 1341 (11th Cir. 2019)."))
    assert cites[0].court == "ca11"
    assert eyecite.helpers.get_court_by_paren is original
    with eyecite_court_lookup, eyecite_court_lookup:  # nested scopes restore once, at the end
        assert eyecite.helpers.get_court_by_paren is court_by_paren
    assert eyecite.helpers.get_court_by_paren is original


def test_eyecite_looks_for_no_reference_citations_during_extraction():
    """eyecite's "Name at 5" search rescans the rest of the text after every full cite
    (quadratic: issue 13); during our extraction it is switched off, and restored after."""
    import eyecite.find

    from citeproof.core.extraction.extract import extract_citations as extract
    from citeproof.core.extraction.raw_cites import eyecite_without_references
    from citeproof.core.reading.read import document_from_text

    original = eyecite.find.extract_reference_citations
    text = "Miranda v. Arizona, 384 U.S. 436 (1966). Miranda at 440. Miranda, 384 U.S. at 441."
    with eyecite_without_references:
        assert eyecite.find.extract_reference_citations is not original
        assert eyecite.find.get_citations(text) and not any(
            type(c).__name__ == "ReferenceCitation" for c in eyecite.find.get_citations(text)
        )
    assert eyecite.find.extract_reference_citations is original
    assert any(type(c).__name__ == "ReferenceCitation" for c in eyecite.find.get_citations(text))
    cites = extract(document_from_text(text))
    assert [c.form.value for c in cites] == ["full", "short"] and cites[1].pin_pages == (441,)
    assert eyecite.find.extract_reference_citations is original


SUBSECTIONED = sorted(
    {
        m.group()
        for r in all_records()
        for m in re.finditer(r"\b\d+ U\.S\.C\. § \d+[a-z]?(?:\([a-zA-Z0-9]{1,4}\)){2,}", r["text"])
    }
)


@pytest.mark.parametrize("cite", SUBSECTIONED[:8])
def test_a_statute_keeps_its_subsections(cite):
    (found,) = extract_citations(document_from_text(f"Relief is barred by {cite}, as the court held."))
    assert found.text == cite
    assert found.statute_section == cite.split("§ ")[1]


@pytest.mark.parametrize(
    "text, code, section, year",
    [
        ("42 U.S.C. § 300gg-11", "U.S.C.", "300gg-11", None),  # letters past one, hyphen numbers
        ("42 U.S.C. § 1320a-7b(b)", "U.S.C.", "1320a-7b(b)", None),
        ("20 U.S.C. §§ 1681-1681a", "U.S.C.", "1681-1681a", None),  # eyecite stops at 1681
        ("42 U.S.C. § 1983 (2006)", "U.S.C.", "1983", 2006),
        ("28 U.S.C.A. § 2254 (West 2012)", "U.S.C.A.", "2254", 2012),
        ("Fed. R. Civ. P. 23.1", "Fed. R. Civ. P.", "23.1", None),  # a rule of its own, not 23
        ("Fed. R. Civ. P. 71A", "Fed. R. Civ. P.", "71A", None),
        ("Fed. R. Evid. 502 (2005)", "Fed. R. Evid.", "502", 2005),
        ("Fed. R. Civ. P. 26(b)(1) (2015)", "Fed. R. Civ. P.", "26(b)(1)", 2015),
    ],
)
def test_statute_sections_are_read_whole_with_the_edition_year(text, code, section, year):
    (found,) = extract_citations(document_from_text(f"See {text}."))
    assert (found.statute_code, found.statute_section, found.year) == (code, section, year)
    assert found.text == text.split(" (")[0]


def test_a_proposed_rule_is_not_dated_by_its_proposal():
    (found,) = extract_citations(document_from_text("See proposed Fed. R. Evid. 502 (2006)."))
    assert (found.statute_section, found.year) == ("502", None)


@pytest.mark.parametrize(
    "text, code, section",
    [
        ("Rule 8 of the Rules Governing Section 2254 Cases", "Rules Governing § 2254 Cases", "8"),
        ("Rule 4(b), Rules Governing § 2255 Proceedings", "Rules Governing § 2255 Proceedings", "4(b)"),
        (
            "Rule 11 of the Rules Governing Section 2254 Cases in the United States District Courts",
            "Rules Governing § 2254 Cases",
            "11",
        ),
    ],
)
def test_the_habeas_rules_are_statutes(text, code, section):
    (found,) = extract_citations(document_from_text(f"See {text}."))
    assert (found.type, found.statute_code, found.statute_section) == (CitationType.STATUTE, code, section)
    assert found.text == text


@pytest.mark.parametrize(
    "text, cite",
    [
        # strings of the data pack's opinions (courtlistener:109049, courtlistener:2016828)
        (
            "Investment Trust v. Commissioner, 334 F.2d 986 (CA1 1964), cert. denied, 381 U.S. 911 (1965); "
            "United States v. Midland-Ross Corp., 381 U.S. 54 (1965); Dixon v. United States, 333 F.2d 1016 "
            "(CA2 1964), aff'd, 381 U.S. 68 (1965).",
            "381 U.S. 68",
        ),
        (
            "Accord, In re Rosteck, 95 B.R. 558 (N.D.Ill.1988), vacated, 99 B.R. 400 (N.D.Ill.1989).",
            "99 B.R. 400",
        ),
    ],
)
def test_a_cite_of_later_history_is_a_case_not_a_pin(text, cite):
    found = {c.cite: c for c in extract_citations(document_from_text(text))}
    assert found[cite].form is CiteForm.FULL and not found[cite].pin_pages


def test_a_nameless_cite_a_few_pages_on_is_still_a_pin():
    text = "United States v. Midland-Ross Corp., 381 U.S. 54 (1965). At 381 U.S. 62, the Court went on."
    found = extract_citations(document_from_text(text))
    assert [(c.form, c.pin_pages) for c in found][-1] == (CiteForm.SHORT, (62,))

"""Page furniture: line numbers, page numbers and running heads never become part of a
citation, on the data pack's real opinions laid out as filings print them."""

from __future__ import annotations

import importlib.util
import random
import re
import shutil
from pathlib import Path

import pytest
from tests.pack import record_by_id

from citeproof.api import check_file, check_text
from citeproof.core.reading.furniture import furniture_spans, goes_on, without_furniture
from citeproof.core.reading.hyphens import across_pages, joined
from citeproof.core.reading.pdf import paragraph_starts
from citeproof.core.reading.read import unwrap_same_length

_spec = importlib.util.spec_from_file_location(
    "layouts", Path(__file__).resolve().parents[3] / "benchmarks" / "layouts.py"
)
assert _spec and _spec.loader
layouts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(layouts)

# Real opinions of the data pack with the most citations: one with numbered footnotes
# ("45. Id. at 277, 582 S.E.2d at 606."), two with many parallel cites.
OPINIONS = (
    "capstone-fastcase:NW2d/777/777NW2d266_1",
    "courtlistener:1403654",
    "capstone-fastcase:NE3d/122/122 N.E.3d 432",
)


def seen(report):
    return [
        (v.citation.cite, v.citation.form, v.citation.pin_pages, v.status, tuple(e.kind for e in v.errors))
        for v in report.verdicts
    ]


@pytest.mark.parametrize("layout", ["numbered", "slip", "pdf", "docx"])
@pytest.mark.parametrize("record_id", OPINIONS)
def test_a_laid_out_opinion_gets_the_verdicts_of_its_text(library, tmp_path, record_id, layout):
    text = record_by_id(record_id)["text"]
    path = layouts.render(layout, text, tmp_path, random.Random(f"{record_id}:{layout}"))
    assert seen(check_file(path, library)) == seen(check_text(text, library))


def _numbered(lines: list[str], alone: bool) -> str:
    out = []
    for k, line in enumerate(lines, 1):
        out += [f"{k:>2}", f"     {line}"] if alone else [f"{k:>2}     {line}"]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("alone", [True, False])
def test_a_margin_number_between_volume_and_reporter_is_not_a_volume(library, alone):
    lines = [
        "The rule is settled. The Court held in Brown v. Board of Education,",
        "347",
        "U.S. 483, 495 (1954), that separate educational facilities are",
        "inherently unequal, and it has said so again since then in many",
        "cases that need not be listed here, as the parties agree.",
        "Nothing in the record suggests otherwise.",
    ]
    report = check_text(_numbered(lines, alone), library)
    cites = [v.citation.cite for v in report.verdicts]
    assert cites == ["347 U.S. 483"]
    assert report.verdicts[0].status == "verified"


def test_a_page_break_inside_a_citation_is_read_through(library):
    head = "Case 1:19-cv-01234-ABC    Document 45    Filed 03/02/20    Page {} of 3"
    filler = "The parties agree on this much, and the record bears it out in full."
    pages = [
        [filler] * 28,
        [filler] * 27 + ["that separate facilities are unequal. See Brown v. Board of Education, 347"],
        ["U.S. 483, 495 (1954). The parties agree on this much."] + [filler] * 3,
    ]
    text = "".join(
        head.format(p + 1) + "\n" + _numbered(lines, False) + f"{'':30}{p + 1}\n"
        for p, lines in enumerate(pages)
    )
    report = check_text(text, library)
    assert [(v.citation.cite, v.citation.pin_pages) for v in report.verdicts] == [("347 U.S. 483", (495,))]
    assert not re.search(r"Case 1:19|Page \d", unwrap_same_length(text))


def test_a_running_head_of_a_two_page_slip_opinion_is_read_past(library):
    # Two pages, each topped by its number and the head: a head twice is a head when the
    # document has two pages, and the page break inside the cite reads through it.
    filler = "The parties agree on this much, and the record bears it out in full."
    text = (
        f"{'':30}780\n\n{'':16}Opinion of the Court\n\n"
        + "\n".join([filler] * 20)
        + "\nWe cannot distinguish Brown v. Board of Education, 347\n"
        f"{'':30}781\n\n{'':16}Opinion of the Court\n\n"
        "U.S. 483, 495 (1954). The parties agree on this much.\n"
    )
    report = check_text(text, library)
    assert [(v.citation.cite, v.citation.pin_pages) for v in report.verdicts] == [("347 U.S. 483", (495,))]
    assert "Opinion of the Court" not in unwrap_same_length(text)


def test_a_line_said_twice_is_a_head_only_where_both_stand_at_a_page_edge():
    body = "\n".join(["filler line of the body"] * 10)
    text = f"{'':30}7\nOpinion of the Court\n{body}\nOpinion of the Court\n{body}\n{'':30}8\n{body}\n"
    assert without_furniture(text).count("Opinion of the Court") == 2
    text = f"{'':30}7\nOpinion of the Court\n{body}\n{'':30}8\nOpinion of the Court\n{body}\n"
    assert "Opinion of the Court" not in without_furniture(text)


def test_numbers_alone_on_lines_that_count_nothing_are_text():
    text = "The jury returned\n12\nguilty verdicts.\n\nOf those, 4 were set aside.\n507\nremained.\n"
    assert furniture_spans(text) == []
    assert without_furniture(text) == text


def test_numbered_footnotes_are_not_running_heads():
    notes = "\n\n".join(f"{n}. Id. at {200 + n}." for n in range(40, 52))
    page = "\n".join(f"{n:>2}     filler line of the body text {n}" for n in range(1, 29))
    text = f"{page}\n{'':30}1\n{notes}\n{page}\n{'':30}2\n"
    kept = without_furniture(text)
    assert all(f"{n}. Id. at {200 + n}." in kept for n in range(40, 52))
    assert "filler line" in kept and not re.search(r"^\s*\d+     filler", kept, re.M)


def test_offsets_never_move(tmp_path):
    text = record_by_id(OPINIONS[0])["text"]
    numbered = layouts.render("numbered", text, tmp_path, random.Random(1)).read_text(encoding="utf-8")
    assert furniture_spans(numbered)
    assert len(without_furniture(numbered)) == len(numbered) == len(unwrap_same_length(numbered))


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
def test_a_word_file_exported_to_pdf_by_libreoffice_reads_as_its_text(library, tmp_path):
    record_id = OPINIONS[0]  # numbered footnotes: paragraphs only Word's spacing tells apart
    text = record_by_id(record_id)["text"]
    path = layouts.render("docx-pdf", text, tmp_path, random.Random(record_id))
    assert seen(check_file(path, library)) == seen(check_text(text, library))


def test_paragraphs_of_a_pdf_page_from_where_its_lines_stand():
    # Word's lines 14.7 points apart, 24.7 between paragraphs; a heading 30 points above
    bottoms = [700.0, 685.3, 670.6, 645.9, 631.2, 601.2, 586.5]
    assert paragraph_starts(bottoms) == {3, 5}
    assert paragraph_starts([700.0, 676.0, 652.0, 628.0]) == set()  # double spacing throughout
    assert paragraph_starts([700.0]) == set()


@pytest.mark.parametrize(
    "before, after, joined",
    [
        ("v. Board of Education, 347", "U.S. 483", True),
        ("503 U.S. at 8, 112 S.", "Ct. 995.", True),
        ("the rule is settled.", "The next", False),
        ("must prevail. Id.", "2. Certification", False),
        ("(1992).", "17. State v.", False),
        ("the court held", "that the", True),
        ("Jones v. State (1983)", "Ind. App., 452", True),  # a citation's year ends no sentence
        ("(9th Cir. 1999)", "The court held", True),
        ("(emphasis added.)", "The court", False),
        ("is settled.\u201d)", "Next, the", False),
    ],
)
def test_what_goes_on_across_a_page_break(before, after, joined):
    assert goes_on(before, after) is joined


@pytest.mark.parametrize("dash", ["-", "\u2013"])
def test_a_pin_range_broken_after_its_hyphen_stays_a_range(library, dash):
    text = (
        f"The Court so held. Strickland v. Washington, 466 U.S. 668, 687{dash}\n88 (1984). The rule stands.\n"
    )
    (verdict,) = check_text(text, library).verdicts
    assert verdict.citation.pin_pages == (687, 688)


def test_a_page_ending_in_a_pin_ranges_dash_joins_the_next_page_without_a_space():
    assert across_pages("Kepo'o, 106 Hawai'i at 289\u2013", "90, 103 P.3d at 958", "") == "\u2013"
    assert across_pages("at 687-", "88 (1984)", "") == "-"
    assert joined("at 289\u2013\n90, 103 P.3d") == "at 289\u201390, 103 P.3d"


def test_a_page_of_a_few_lines_still_parts_its_paragraphs():
    # a body line, a sidebar 38 points below, a footnote at the foot of the page
    assert paragraph_starts([707.9, 669.3, 72.7]) == {2}
    assert paragraph_starts([700.0, 686.0]) == set()

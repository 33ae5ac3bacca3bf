"""A brief's own table of authorities lists its cases with their pages: those entries are
not citations, in a text, a Word file or a PDF of it."""

from __future__ import annotations

import pytest
from tests.pack import record_by_cite

from citeproof.api import check_file, check_text
from citeproof.core.reading.front_matter import table_spans, with_table_lines

CITES = ("347 U.S. 483", "372 U.S. 335", "373 U.S. 83")


def full_cite(cite: str) -> str:
    record = record_by_cite(cite)
    return f"{record['name_abbreviation']}, {cite} ({record['decision_date'][:4]})"


def entry(cite: str, leader: str, pages: str) -> str:
    return f"{full_cite(cite)}{leader}{pages}"


def brief(leader: str) -> str:
    rows = [entry(c, leader, p) for c, p in zip(CITES, ("2, 4", "3", "passim"), strict=True)]
    body = " ".join(f"The Court so held in {full_cite(c)}." for c in CITES)
    return (
        "TABLE OF CONTENTS\n\nARGUMENT" + leader + "2\n\n"
        "TABLE OF AUTHORITIES\n\nCases\n\n" + "\n".join(rows) + "\n\nStatutes\n\n"
        "28 U.S.C. § 2254(d)" + leader + "ii\n\nARGUMENT\n\n" + body + "\n"
    )


@pytest.mark.parametrize("leader", [" ........................ ", "\t", "          ", " . . . . . . "])
def test_the_table_of_authorities_is_not_checked(library, leader):
    text = brief(leader)
    report = check_text(text, library)
    cites = [v.citation.cite for v in report.verdicts]
    assert cites == list(CITES)
    assert all(v.citation.span.start > text.index("\nARGUMENT\n\n") for v in report.verdicts)


def test_the_table_ends_where_the_pages_stop():
    text = brief(" ........ ")
    (contents, authorities) = table_spans(text)
    assert text[authorities[0] : authorities[1]].endswith("ii")
    assert "The Court so held" not in text[contents[0] : authorities[1]]


def test_an_entry_that_filled_its_line_with_its_pages_going_on_below_is_in_the_table():
    # a PDF page of the table: no leader drawn (the entry filled the line), no year, and
    # the page list wraps to the next line
    page = (
        "TABLE OF AUTHORITIES\nCases\n" + entry(CITES[0], " ........ ", "2") + "\n"
        f"Gideon v. Wainwright, {CITES[1]} 3,\n5\niii"
    )
    lines = with_table_lines(page)
    assert f"{CITES[1]} 3,\n\n5" in lines  # the entry is a line of its own
    (authorities,) = table_spans(lines)
    assert lines[authorities[0] : authorities[1]].endswith(f"{CITES[1]} 3,")
    argument = page.replace(" 3,\n5", " (1963).\nThe Court so held")  # no open page list: not a table line
    assert f"{CITES[1]} (1963).\n\n" not in with_table_lines(argument)


def test_a_heading_without_a_table_takes_nothing():
    text = "TABLE OF AUTHORITIES\n\nThe Court so held in Brown v. Board of Education, 347 U.S. 483 (1954).\n"
    assert table_spans(text) == []


def test_a_word_brief_with_a_typed_table(library, tmp_path):
    from docx import Document as Word

    word = Word()
    for paragraph in brief("\t").split("\n\n"):
        word.add_paragraph(paragraph)
    path = tmp_path / "brief.docx"
    word.save(str(path))
    assert [v.citation.cite for v in check_file(path, library).verdicts] == list(CITES)

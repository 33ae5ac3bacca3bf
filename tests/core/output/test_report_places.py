"""Every output says where each citation stands in the brief: page, footnote, table cell."""

from __future__ import annotations

import datetime as dt

import pytest
from tests.briefs import docx_brief

from citeproof.core.output.report import render_html, render_markdown, render_text
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document


@pytest.fixture(scope="module")
def report(tmp_path_factory, library):
    doc = read_document(docx_brief(tmp_path_factory.mktemp("docx") / "brief.docx"))
    return check_document(doc, library, as_of=dt.date(2026, 1, 1))


def test_json_carries_page_note_and_location(report):
    by_volume = {c["text"].split()[0]: c for c in report.to_json()["citations"]}
    brown, miranda, gideon = by_volume["347"], by_volume["373"], by_volume["372"]
    assert (brown["page"], brown["physical_page"], brown["note"], brown["location"]) == (
        "2",
        2,
        1,
        "footnote 1",
    )
    assert (miranda["page"], miranda["physical_page"], miranda["location"]) == (
        "1",
        1,
        "table 1, row 2, column 1",
    )
    assert (gideon["page"], gideon["physical_page"], gideon["note"], gideon["location"]) == (
        "1",
        1,
        None,
        None,
    )


def test_text_markdown_and_html_show_the_place(report):
    text = render_text(report)
    brown = next(line for line in text.splitlines() if "347 U.S. 483" in line)
    assert "p. 2 n.1" in brown
    assert "| p. 2 n.1 | 347 U.S. 483, 495 |" in render_markdown(report)
    assert "<td>p. 2 n.1</td>" in render_html(report)


def test_a_document_without_pages_has_no_page_column(library):
    from citeproof.core.reading.read import document_from_text

    plain = check_document(document_from_text("Brady v. Maryland, 373 U.S. 83 (1963)."), library)
    assert "page" not in render_text(plain).splitlines()[2]
    assert plain.to_json()["citations"][0]["page"] is None

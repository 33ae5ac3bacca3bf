"""A brief relying on Roe v. Wade: every output says the case was overruled by Dobbs, beside the
verdict (JSON contract, text, Markdown, HTML, table of authorities, the Word copy's comments,
the MCP reply), and counts it in the summary; a brief without such a case says nothing of it."""

from __future__ import annotations

import datetime as dt
import json

import docx
import pytest

from citeproof.core.output import schema
from citeproof.core.output.annotate_docx import annotate_docx
from citeproof.core.output.report import render_html, render_markdown, render_text, render_toa
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text, read_document
from citeproof.mcp_results import check_result

from .test_annotate_docx import _commented
from .test_schema import follows

BRIEF = (
    "The right was first recognised in Roe v. Wade, 410 U.S. 113, 153 (1973). See Roe, 410 U.S. "
    "at 154. Id. at 155. Segregation was condemned in Brown v. Board of Education, 347 U.S. 483 "
    "(1954).\n"
)
DOBBS = "overruled by Dobbs v. Jackson Women's Health Organization, 597 U.S. 215 (2022)"
TREATMENT = {
    "overruled_by": "597 U.S. 215",
    "name": "Dobbs v. Jackson Women's Health Organization",
    "year": 2022,
    "scope": "whole",
}


def _body(page: str) -> str:
    """The HTML report's visible part: after its style sheet, before the embedded JSON."""
    return page.split("</style>")[1].split('<script type="application/json"')[0]


@pytest.fixture(scope="module")
def report(library):
    return check_document(document_from_text(BRIEF), library, as_of=dt.date(2026, 1, 1))


@pytest.fixture(scope="module")
def plain(library):
    """A brief citing no overruled case."""
    return check_document(document_from_text("Brown v. Board of Education, 347 U.S. 483 (1954).\n"), library)


def test_the_json_contract_carries_the_treatment_of_each_citation_of_roe(report):
    data = report.to_json()
    follows(schema.CheckReport, data)
    by_text = {c["text"]: c for c in data["citations"]}
    for text in ("410 U.S. 113, 153", "410 U.S. at 154", "Id. at 155"):
        assert by_text[text]["status"] == "verified"
        assert {k: by_text[text]["treatment"][k] for k in TREATMENT} == TREATMENT
    assert by_text["410 U.S. 113, 153"]["treatment"]["source"].startswith("hand-added")
    assert by_text["347 U.S. 483"]["treatment"] is None
    assert data["summary"] == {
        "verified": 4,
        "hallucinated": 0,
        "unverifiable": 0,
        "overruled": 3,
        "hidden": 0,
    }


def test_a_brief_citing_no_overruled_case_counts_none(plain):
    data = plain.to_json()
    assert data["summary"]["overruled"] == 0 and [c["treatment"] for c in data["citations"]] == [None]
    assert "overruled" not in render_text(plain) and "overruled" not in render_markdown(plain)
    assert "\u2020" not in render_toa(plain) and "overruled" not in _body(render_html(plain))


def test_text_and_markdown_say_it_beside_the_verdict_and_in_the_summary(report):
    text = render_text(report, width=400)
    row = next(line for line in text.splitlines() if line.startswith("c1 "))
    assert "verified" in row and f"Roe v. Wade (1973); {DOBBS}" in row
    assert "overruled: 3 citations name a case a later decision overruled" in text
    assert f"  Roe v. Wade, 410 U.S. 113: {DOBBS} (c1, c2, c3)" in text.splitlines()
    markdown = render_markdown(report)
    assert "## Overruled cases" in markdown
    assert f"- Roe v. Wade, 410 U.S. 113: {DOBBS} (c1, c2, c3)" in markdown.splitlines()


def test_the_html_report_marks_the_citations_and_lists_the_case(report):
    page = render_html(report)
    visible = _body(page)
    assert "3 overruled</a>" in visible and '<h2 id="overruled">Overruled cases</h2>' in visible
    assert visible.count('<span class="badge overruled">') == 3  # one per citation of Roe
    assert f"<li>Roe v. Wade, 410 U.S. 113: {DOBBS.replace(chr(39), '&#39;')} (c1, c2, c3)</li>" in visible
    embedded = json.loads(page.split('id="report">')[1].split("</script>")[0])
    assert embedded["citations"][0]["treatment"]["overruled_by"] == "597 U.S. 215"


def test_the_table_of_authorities_marks_roe_with_a_dagger(report):
    toa = render_toa(report)
    roe = next(line for line in toa.splitlines() if line.startswith("  Roe v. Wade"))
    brown = next(line for line in toa.splitlines() if line.startswith("  Brown v. Board"))
    assert "Roe v. Wade, 410 U.S. 113 (1973) \u2020 ." in roe and "\u2020" not in brown
    assert toa.splitlines()[-2].startswith("\u2020 overruled (")
    assert toa.splitlines()[-1] == f"  Roe v. Wade, 410 U.S. 113 (1973): {DOBBS}"
    html = render_html(report).split("<h2 id='authorities'>")[1]
    assert "Roe v. Wade, 410 U.S. 113 (1973) \u2020</td>" in html
    assert "<p class='legend'>\u2020 overruled (" in html


def test_the_word_copy_comments_on_the_full_citation_of_roe_only(tmp_path, library):
    source = tmp_path / "brief.docx"
    document = docx.Document()
    document.add_paragraph("Background.")
    document.add_paragraph(BRIEF.strip())
    document.save(str(source))
    checked = check_document(read_document(source), library, as_of=dt.date(2026, 1, 1))
    out = tmp_path / "checked.docx"
    assert annotate_docx(source, checked, out) == 1  # not the short forms, not Brown
    annotated = docx.Document(str(out))
    (comment,) = annotated.comments
    assert list(_commented(annotated).values()) == ["Roe v. Wade, 410 U.S. 113, 153"]
    assert "Overruled by Dobbs v. Jackson Women's Health Organization, 597 U.S. 215 (2022)" in comment.text
    assert comment.text.startswith("Overruled by Dobbs")  # the citation itself is right
    assert comment.text.endswith("(citeproof, on 410 U.S. 113, 153)")


def test_the_mcp_reply_passes_the_treatment_through_compact_or_not(report):
    for evidence in (False, True):
        reply = check_result(report, evidence).model_dump(mode="json")
        assert reply["summary"]["overruled"] == 3
        treatments = [c.get("treatment") for c in reply["citations"]]
        assert [t and t["overruled_by"] for t in treatments] == ["597 U.S. 215"] * 3 + [None]

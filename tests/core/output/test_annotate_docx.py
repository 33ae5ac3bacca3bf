"""The brief back in Word: a comment on each problem, anchored on the citation, and the
brief's own text and formatting untouched."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import docx
import pytest
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from tests.briefs import TABLE_CITE, TEXT_BOX_CITE, docx_brief, note_part, note_reference

from citeproof.core.output.annotate_docx import AUTHOR, annotate_docx
from citeproof.core.pipeline import check_document
from citeproof.core.reading.docx import W, walk
from citeproof.core.reading.read import read_document

_TEXT_TAGS = {W + "t", W + "tab", W + "br"}


def _commented(document) -> dict[int, str]:
    """Each comment's id → the text between its range start and end, in document order."""
    body = document.element.body
    open_ranges: dict[int, list[str]] = {}
    done: dict[int, str] = {}
    for el in body.iter():
        if el.tag == W + "commentRangeStart":
            open_ranges[int(el.get(W + "id"))] = []
        elif el.tag == W + "commentRangeEnd":
            done[int(el.get(W + "id"))] = "".join(open_ranges.pop(int(el.get(W + "id"))))
        elif el.tag == W + "t":
            for parts in open_ranges.values():
                parts.append(el.text or "")
        elif el.tag in (W + "footnoteReference", W + "endnoteReference"):
            for parts in open_ranges.values():
                parts.append(f"[{el.tag.rsplit('}', 1)[1]}]")
    return done


def _formatting(document) -> list[tuple[str, str]]:
    """Every visible character with its run's formatting, in order."""
    from lxml import etree

    out = []
    for t in document.element.body.iter(W + "t"):
        rpr = t.getparent().find(W + "rPr")
        style = etree.tostring(rpr).decode() if rpr is not None else ""
        out += [(ch, style) for ch in t.text or ""]
    return out


@pytest.fixture(scope="module")
def annotated(tmp_path_factory, library):
    folder = tmp_path_factory.mktemp("annotate")
    source = docx_brief(folder / "brief.docx")
    report = check_document(read_document(source), library, as_of=dt.date(2026, 1, 1))
    out = folder / "checked.docx"
    count = annotate_docx(source, report, out)
    return source, out, report, count


def test_each_problem_has_a_comment_anchored_on_its_citation(annotated):
    _, out, report, count = annotated
    problems = [v for v in report.verdicts if v.status.value == "hallucinated"]
    assert count == len(problems) == 2
    document = docx.Document(str(out))
    comments = {c.comment_id: c for c in document.comments}
    anchors = _commented(document)
    assert sorted(anchors.values()) == sorted(
        [TABLE_CITE.removesuffix(" (1963)"), TEXT_BOX_CITE.removesuffix(" (2031)")]
    )
    by_anchor = {anchors[i]: comments[i] for i in anchors}
    table = by_anchor["Miranda v. Arizona, 373 U.S. 83"]
    assert table.author == AUTHOR
    assert table.text.startswith("Wrong case name:") and "373 U.S. 83 is Brady v. Maryland" in table.text
    assert "page 1, table 1, row 2, column 1" in table.text
    assert "Suggested: if the cite is right: Brady v. Maryland, 373 U.S. 83" in table.text
    box = by_anchor["Smith v. Jones, 999 U.S. 1"]
    assert box.text.startswith("Probably fabricated:") and "page 2, text box 1" in box.text
    for comment in (table, box):  # a note to a colleague: no codes, no verdict labels
        assert not any(code in comment.text for code in ("name_mismatch", "nonexistent", "hallucinated"))


def test_the_brief_text_and_formatting_are_untouched(annotated):
    source, out, _, _ = annotated
    before, after = docx.Document(str(source)), docx.Document(str(out))
    assert walk(after).text == walk(before).text
    assert _formatting(after) == _formatting(before)
    assert [p.text for p in after.paragraphs] == [p.text for p in before.paragraphs]


def test_a_problem_in_a_footnote_is_commented_on_the_word_before_its_reference_mark(tmp_path, library):
    document = docx.Document()
    paragraph = document.add_paragraph("Due process forbids it.")
    note_reference(paragraph, "footnote")
    part = note_part(document.part.package, "footnote", "See Miranda v. Arizona, 373 U.S. 83 (1963).")
    document.part.relate_to(part, RT.FOOTNOTES)
    source = tmp_path / "note.docx"
    document.save(str(source))
    report = check_document(read_document(source), library)
    assert annotate_docx(source, report, tmp_path / "out.docx") == 1
    out = docx.Document(str(tmp_path / "out.docx"))
    (anchor,) = _commented(out).values()
    assert anchor == "it"  # the full stop stays between the comment and the reference mark
    (comment,) = list(out.comments)
    assert "footnote 1" in comment.text and comment.text.startswith("Wrong case name:")
    body = out.element.body
    marks = [el.tag.rsplit("}", 1)[1] for el in body.iter(W + "commentReference", W + "footnoteReference")]
    assert marks == ["commentReference", "footnoteReference"]


def test_the_command_line_round_trip(tmp_path):
    source = docx_brief(tmp_path / "brief.docx")
    out = tmp_path / "checked.docx"
    cli = [sys.executable, "-m", "citeproof", "check"]
    result = subprocess.run(
        [*cli, str(source), "--format", "docx", "--out", str(out)], capture_output=True, text=True
    )
    assert result.returncode == 1, result.stderr  # something is hallucinated
    assert "2 comment(s)" in result.stdout
    assert len(list(docx.Document(str(out)).comments)) == 2
    refused = subprocess.run([*cli, str(source), "--format", "docx"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--out" in refused.stderr


_BRIEF = (
    'Counsel is no luxury: "lawyers in criminal courts are conveniences, not luxuries." '
    "Gideon v. Wainwright, 372 U.S. 335, 344 (1963). In public education "
    "\u201cthe doctrine of \u2018separate but equal\u2019 has no place.\u201d "
    "Brown v. Board of Education, 347 U.S. 483, 496 (1954)."
)


def test_comments_sit_on_the_words_to_change_in_plain_words(tmp_path, library):
    document = docx.Document()
    document.add_paragraph(_BRIEF)
    source, out = tmp_path / "brief.docx", tmp_path / "checked.docx"
    document.save(str(source))
    report = check_document(read_document(source), library)
    assert annotate_docx(source, report, out) == 2
    checked = docx.Document(str(out))
    texts = {c.comment_id: c.text for c in checked.comments}
    by_anchor = {anchor: texts[i] for i, anchor in _commented(checked).items()}
    misquote = by_anchor["lawyers in criminal courts are conveniences, not luxuries."]
    assert misquote.startswith("Misquotation:")
    assert "the brief has \u201cconveniences\u201d where the opinion has \u201cnecessities\u201d" in misquote
    pin = by_anchor["496"]
    assert pin.startswith("Wrong pin cite:") and "page 495 of 347 U.S." in pin
    assert "Suggested: pin cite 347 U.S. 483, 495." in pin
    for text in by_anchor.values():
        assert not any(mark in text for mark in ("{+", "[-", "misquote", "wrong_pincite", "hallucinated"))
    assert walk(checked).text == walk(docx.Document(str(source))).text


def test_the_copy_never_overwrites_the_brief_and_holds_only_valid_xml_characters(tmp_path, library):
    from citeproof.core.models import (
        Citation,
        CitationType,
        CiteForm,
        ErrorKind,
        Finding,
        Outcome,
        Place,
        Span,
        Status,
        Verdict,
    )
    from citeproof.core.output.annotate_docx import comment_text
    from citeproof.core.reading.errors import ReadError

    source = docx_brief(tmp_path / "brief.docx")
    report = check_document(read_document(source), library)
    before = source.read_bytes()
    with pytest.raises(ReadError, match="overwrite the brief"):
        annotate_docx(source, report, source)
    assert source.read_bytes() == before
    citation = Citation(id="c1", type=CitationType.CASE, form=CiteForm.FULL, text="1 U.S. 1", span=Span(0, 8))
    finding = Finding(
        kind=ErrorKind.NAME_MISMATCH, outcome=Outcome.FAIL, explanation="1 U.S. 1 is A\x00B v. \x07C"
    )
    verdict = Verdict(citation=citation, status=Status.HALLUCINATED, errors=(finding,))
    text = comment_text(verdict, Place())
    assert "AB v. C" in text and not any(ord(ch) < 32 and ch != "\n" for ch in text)


def test_a_changed_word_is_named_as_written_and_a_capital_is_no_change():
    from citeproof.core.checking.quotes import plain_changes

    quoted = "this noble ideal cannot be realized without a lawyer to help him"
    real = "This noble ideal cannot be realized without a lawyer to assist him"
    assert plain_changes(quoted, real) == "has \u201chelp\u201d where the opinion has \u201cassist\u201d"
    assert plain_changes("the rule isn't here", "the rule is not here") == (
        "has \u201cisn't\u201d where the opinion has \u201cis not\u201d"
    )
    assert plain_changes("not a word changed", "Not a word changed.") == ""

"""The brief back in Word: the same DOCX with a comment anchored on each problem, and on each
full citation of a case a later decision overruled (short forms repeating it are left alone).

Only run boundaries move: a run is split where a citation begins or ends (both halves keep
the run's formatting), so that each comment covers the citation's own words. A citation
in a footnote or an endnote is commented at its reference mark in the body (Word keeps
comments in the body), one in a page header at the start of the body.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from citeproof.core.models import CiteForm, Finding, Place, Status, Verdict
from citeproof.core.output.overruled import colleague_note
from citeproof.core.output.report import Report
from citeproof.core.reading.docx import DocxText, W, open_docx, walk
from citeproof.core.reading.errors import ReadError
from citeproof.core.text.excerpt import as_sentence

AUTHOR = "citeproof"
_NOTE_KINDS = {"footnote", "endnote"}


def annotate_docx(source: str | Path, report: Report, out: str | Path) -> int:
    """Write ``source`` to ``out`` with one comment per problem of ``report`` (a report
    of the same file) and per full citation of an overruled case; return how many comments
    were added."""
    from docx.text.run import Run

    document = open_docx(Path(source))
    if walk(document).text != report.document.text:
        raise ReadError(f"{source}: the document is not the one the report was made from")
    starts = {v.citation.id: v.citation.span.start for v in report.verdicts}
    problems = [
        v for v in report.verdicts if v.status is Status.HALLUCINATED or _first_of_overruled(v, starts)
    ]
    in_body = [v for v in problems if _in_story(report, v)]
    _split_runs_at(document, sorted({offset for v in in_body for offset in _ends(v)}))
    walked = walk(document)
    for v in problems:
        first, last = _anchor(walked, report, v)
        if first is None or last is None:
            continue
        paragraph = document.paragraphs[0] if document.paragraphs else None
        document.add_comment(
            [Run(first, paragraph), Run(last, paragraph)],  # type: ignore[arg-type]
            text=comment_text(v, report.place(v)),
            author=AUTHOR,
            initials="CP",
        )
    document.save(str(out))
    return len(problems)


def _first_of_overruled(v: Verdict, starts: dict[str, int]) -> bool:
    """A full citation of an overruled case, not a parallel cite after the first of its group
    (``starts``: where each citation of the report begins)."""
    if v.treatment is None or v.citation.form is not CiteForm.FULL:
        return False
    group = [i for i in (v.citation.id, *v.citation.parallel_ids) if i in starts]
    return min(group, key=starts.__getitem__) == v.citation.id


def _ends(v: Verdict) -> tuple[int, int]:
    """The commented words: the citation with the case name written before it."""
    c = v.citation
    name = c.case_name_span
    return (name.start if name and name.end <= c.span.start else c.span.start), c.span.end


def comment_text(v: Verdict, place: Place) -> str:
    """``hallucinated — name_mismatch: ...`` with what the opinion or library says, where
    the citation stands, and a fix where one is known; then the case's overruling, if any
    (``Overruled by Dobbs v. ..., 597 U.S. 215 (2022): no longer good law.``)."""
    where = place.describe()
    lines = [f"citeproof: {v.status.value} — {v.citation.text}" + (f" ({where})" if where else "")]
    for f in v.errors:
        lines.append(_error_line(f))
    if v.treatment is not None:
        lines.append(colleague_note(v.treatment))
    return "\n".join(lines)


def _error_line(f: Finding) -> str:
    line = as_sentence(f"{f.kind.value}: {f.explanation}")
    if f.evidence:
        line += " " + as_sentence(f"Found: {f.evidence}")
    if f.suggestion:
        line += f" Suggested fix: {f.suggestion}."
    return line


def _in_story(report: Report, v: Verdict) -> bool:
    """Is the citation in the body, a table or a text box (not a note or a header)?"""
    region = report.document.region_at(v.citation.span.start)
    return region is None or region.kind in {"table", "text box"}


def _anchor(walked: DocxText, report: Report, v: Verdict) -> tuple[Any | None, Any | None]:
    region = report.document.region_at(v.citation.span.start)
    if region is not None and region.kind in _NOTE_KINDS:
        run = walked.note_refs.get(region.label)
        return run, run
    if not _in_story(report, v):
        return walked.first_run, walked.first_run
    start, end = _ends(v)
    first = next((p for p in walked.pieces if p.end > start), None)
    last = next((p for p in reversed(walked.pieces) if p.start < end), None)
    return (first.run if first else None), (last.run if last else None)


def _split_runs_at(document: Any, offsets: list[int]) -> None:
    """Make each offset a run boundary, right to left so that the pieces to the left
    keep their elements and their offsets."""
    walked = walk(document)
    for offset in reversed(offsets):
        piece = walked.piece_at(offset) or next((p for p in walked.pieces if p.end == offset), None)
        if piece is not None and piece.run is not None:
            _split_run(piece.run, piece.t, offset - piece.start)


def _split_run(run: Any, t: Any, k: int) -> None:
    """Split ``run`` so that a new run (same formatting) begins at character ``k`` of its
    ``w:t`` element ``t``; nothing happens where a run boundary already is."""
    content = [c for c in run if c.tag != W + "rPr"]
    index = content.index(t)
    text = t.text or ""
    if k >= len(text) or (k == 0 and index == 0):
        if k >= len(text) and index < len(content) - 1:
            _move_tail(run, content[index + 1 :])
        return
    right = copy.deepcopy(run)
    right_content = [c for c in right if c.tag != W + "rPr"]
    for c in right_content[:index]:
        right.remove(c)
    if k == 0:
        for c in content[index:]:
            run.remove(c)
    else:
        right_content[index].text = text[k:]
        _preserve(right_content[index])
        t.text = text[:k]
        _preserve(t)
        for c in content[index + 1 :]:
            run.remove(c)
    run.addnext(right)


def _move_tail(run: Any, tail: list[Any]) -> None:
    """Move the elements after a ``w:t`` into a run of their own (same formatting)."""
    right = copy.deepcopy(run)
    for c in [c for c in right if c.tag != W + "rPr"][: -len(tail)]:
        right.remove(c)
    for c in tail:
        run.remove(c)
    run.addnext(right)


def _preserve(t: Any) -> None:
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")


__all__ = ["AUTHOR", "annotate_docx", "comment_text"]

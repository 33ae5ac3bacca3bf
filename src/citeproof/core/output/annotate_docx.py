"""The brief back in Word: the same DOCX with a comment on each problem, and on each full
citation of a case a later decision overruled (short forms repeating it are left alone).

A comment covers the words to change: the quoted words of a misquotation, the pin of a wrong
pin cite, else the case name and cite. A citation in a footnote or an endnote is commented
on the word just before the note's reference mark in the body, the comment naming the note.
No comment touches a reference mark: a character stays between them. LibreOffice 7.4
refuses to open a file with a comment inside a note, and shows notes blank or with another
note's text when a comment ends right before a reference mark or begins right after one
(measured on files LibreOffice itself wrote). One in a page header is commented at the
start of the body. Comments are written in plain English (`plain.py`).

Only run boundaries move: a run is split where commented words begin or end (both halves
keep the run's formatting). The work is linear in the number of comments.
"""

from __future__ import annotations

import bisect
import copy
import datetime as dt
import re
from pathlib import Path
from typing import Any

from citeproof.core.models import CiteForm, ErrorKind, Place, Status, Verdict
from citeproof.core.output.overruled import colleague_note
from citeproof.core.output.plain import plain_verdict
from citeproof.core.output.report import Report
from citeproof.core.reading.docx import DocxText, W, open_docx, walk
from citeproof.core.reading.errors import ReadError

AUTHOR = "citeproof"
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def annotate_docx(source: str | Path, report: Report, out: str | Path) -> int:
    """Write ``source`` to ``out`` with one comment per problem of ``report`` (a report
    of the same file) and per full citation of an overruled case; return how many comments
    were added."""
    source, out = Path(source), Path(out)
    if out.exists() and out.resolve() == source.resolve():
        raise ReadError(f"{out}: the commented copy would overwrite the brief; choose another --out")
    document = open_docx(source)
    walked = walk(document)
    if walked.text != report.document.text:
        raise ReadError(f"{source}: the document is not the one the report was made from")
    starts = {v.citation.id: v.citation.span.start for v in report.verdicts}
    problems = [
        v for v in report.verdicts if v.status is Status.HALLUCINATED or _first_of_overruled(v, starts)
    ]
    targets = [(v, _clear_of_marks(walked, _target(walked, report, v))) for v in problems]
    _split_runs_at(document, sorted({x for _, ends in targets if ends for x in ends}))
    walked = walk(document)
    comments = _Comments(document)
    for v, ends in targets:
        first, last = _anchor(walked, *ends) if ends else (walked.first_run, walked.first_run)
        if first is not None and last is not None:
            comments.add(first, last, comment_text(v, report.place(v)))
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
    """The citation with the case name written before it."""
    c = v.citation
    name = c.case_name_span
    return (name.start if name and name.end <= c.span.start else c.span.start), c.span.end


def _words_to_change(v: Verdict) -> tuple[int, int]:
    """The quoted words of a misquotation, the pin of a wrong pin cite, else `_ends`."""
    for f in v.errors:
        if f.kind is ErrorKind.MISQUOTE and f.span is not None:
            return f.span.start, f.span.end
    c = v.citation
    if any(f.kind is ErrorKind.WRONG_PINCITE for f in v.errors) and c.pin_text:
        at = c.text.rfind(c.pin_text)
        if at > 0:
            return c.span.start + at, c.span.start + at + len(c.pin_text)
    return _ends(v)


def comment_text(v: Verdict, place: Place) -> str:
    """A note to a colleague: what is wrong in plain words, what the opinion or library
    says, a fix where one is known, the case's overruling if any, and where the citation
    stands (``Wrong pin cite: the quoted words are not on page 496. ... Suggested: pin cite
    347 U.S. 483, 495.``)."""
    lines = plain_verdict(v)
    if v.treatment is not None:
        lines.append(colleague_note(v.treatment))
    where = place.describe()
    lines.append(f"(citeproof, on {v.citation.text}" + (f", {where})" if where else ")"))
    return _NOT_XML.sub("", "\n".join(lines))


def _target(walked: DocxText, report: Report, v: Verdict) -> tuple[int, int] | None:
    """The offsets the comment covers: its words, or for a note's citation the word before
    the note's reference mark; None where the comment goes at the start of the body."""
    region = report.document.region_at(v.citation.span.start)
    if region is None or region.kind in {"table", "text box"}:
        return _words_to_change(v)
    if region.kind in {"footnote", "endnote"}:
        return _before_mark(walked, walked.note_refs.get(region.label))
    return None


def _before_mark(walked: DocxText, mark: Any | None) -> tuple[int, int] | None:
    """The last word of the text run before a note's reference mark."""
    last_piece = {p.run: p for p in walked.pieces}
    run = mark.getprevious() if mark is not None else None
    while run is not None and run not in last_piece:
        run = run.getprevious()
    if run is None:
        return None
    piece = last_piece[run]
    text = (piece.t.text or "").rstrip()
    if not text:
        return None
    cut = max(text.rfind(" "), text.rfind("\u00a0")) + 1
    return piece.start + cut, piece.start + len(text)


def _clear_of_marks(walked: DocxText, ends: tuple[int, int] | None) -> tuple[int, int] | None:
    """``ends`` moved in by a character where a note's reference mark touches them."""
    if ends is None:
        return None
    start, end = ends
    if start in walked.note_marks and end - start > 1:
        start += 1
    if end in walked.note_marks and end - start > 1:
        end -= 1
    return start, end


def _anchor(walked: DocxText, start: int, end: int) -> tuple[Any | None, Any | None]:
    starts = walked.piece_starts
    i = bisect.bisect_right(starts, start) - 1
    j = bisect.bisect_left(starts, end) - 1
    if i < 0 or walked.pieces[i].end <= start:
        i += 1
    if i >= len(walked.pieces) or j < i:
        return None, None
    return walked.pieces[i].run, walked.pieces[j].run


class _Comments:
    """Comments added to a document's comments part, each with its range and reference
    mark around the runs it covers (ids counted here: adding one costs the same however
    many there are)."""

    def __init__(self, document: Any) -> None:
        self.root = document.comments._comments_elm
        self.next_id = 1 + max((int(x) for x in self.root.xpath("./w:comment/@w:id")), default=-1)
        self.date = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

    def add(self, first: Any, last: Any, text: str) -> None:
        from lxml import etree

        cid = str(self.next_id)
        self.next_id += 1
        comment = etree.SubElement(self.root, W + "comment")
        comment.set(W + "id", cid)
        comment.set(W + "author", AUTHOR)
        comment.set(W + "initials", "CP")
        comment.set(W + "date", self.date)
        for n, line in enumerate(text.split("\n")):
            p = etree.SubElement(comment, W + "p")
            etree.SubElement(etree.SubElement(p, W + "pPr"), W + "pStyle").set(W + "val", "CommentText")
            if n == 0:
                mark = etree.SubElement(p, W + "r")
                etree.SubElement(etree.SubElement(mark, W + "rPr"), W + "rStyle").set(
                    W + "val", "CommentReference"
                )
                etree.SubElement(mark, W + "annotationRef")
            t = etree.SubElement(etree.SubElement(p, W + "r"), W + "t")
            t.text = line
            _preserve(t)
        range_start = etree.Element(W + "commentRangeStart")
        range_start.set(W + "id", cid)
        first.addprevious(range_start)
        reference = etree.Element(W + "r")
        etree.SubElement(etree.SubElement(reference, W + "rPr"), W + "rStyle").set(
            W + "val", "CommentReference"
        )
        etree.SubElement(reference, W + "commentReference").set(W + "id", cid)
        range_end = etree.Element(W + "commentRangeEnd")
        range_end.set(W + "id", cid)
        last.addnext(reference)
        last.addnext(range_end)


def _split_runs_at(document: Any, offsets: list[int]) -> None:
    """Make each offset a run boundary, right to left so that the pieces to the left
    keep their elements and their offsets."""
    walked = walk(document)
    ends = [p.end for p in walked.pieces]
    for offset in reversed(offsets):
        piece = walked.piece_at(offset)
        if piece is None:
            k = bisect.bisect_left(ends, offset)
            piece = walked.pieces[k] if k < len(ends) and ends[k] == offset else None
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

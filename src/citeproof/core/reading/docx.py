"""DOCX → text: the body with its tables and text boxes, footnotes, endnotes, headers and
footers, each stretch marked with where it stands, and a map from text offsets back to
the XML runs (for comments anchored on a citation, `annotate_docx.py`).

Footnotes and endnotes are placed right after the paragraph that references them and
carry the page of that reference; text boxes follow the paragraph that anchors them;
headers and footers come last. Hidden text (`docx_hidden.py`: runs Word neither shows nor
prints) is never merged with the text around it: each paragraph's hidden runs are read
after it as a stretch of their own, a region of kind ``hidden``, checked like the rest and
named as hidden in every report. Pages begin at explicit page breaks, at section breaks
that start a new page and at the page breaks Word records when it saves a laid-out
document (``w:lastRenderedPageBreak``); `docx_pages.py` says which page of the file each
stretch is on and the page number printed on it.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from citeproof.core.limits import LimitExceeded
from citeproof.core.models import Document, Region, Span
from citeproof.core.reading.docx_hidden import HIDDEN_KIND, Hiding, hiding_of
from citeproof.core.reading.docx_pages import Section, page_map, prints_page_numbers, sections_of
from citeproof.core.reading.errors import ReadError

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_CHARS = {W + "tab": "\t", W + "cr": "\n", W + "noBreakHyphen": "-", W + "ptab": "\t"}
_CONTAINERS = {"hyperlink", "ins", "smartTag", "fldSimple", "customXml", "moveTo", "sdt", "sdtContent", "dir"}
_INVISIBLE = {W + "rPr", W + "instrText", W + "delText", W + "delInstrText"}
_NOTE_KINDS = {W + "footnoteReference": "footnote", W + "endnoteReference": "endnote"}


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of the text that came from one ``w:t`` of the main story."""

    start: int
    end: int
    t: Any  # the w:t element
    run: Any  # its w:r


@dataclass
class DocxText:
    """What `walk` reads from a DOCX: the text, its pages and regions, the pieces of the
    main story, and the run holding each note's reference mark."""

    text: str
    page_starts: tuple[int, ...]
    page_numbers: tuple[int | None, ...]
    page_labels: tuple[str | None, ...]
    regions: tuple[Region, ...]
    pieces: tuple[Piece, ...]
    note_refs: dict[str, Any]  # "footnote 3" → the w:r holding its reference mark
    first_run: Any | None
    note_marks: frozenset[int] = frozenset()  # offsets of the reference marks, between two characters

    @cached_property
    def piece_starts(self) -> list[int]:
        return [p.start for p in self.pieces]

    def piece_at(self, offset: int) -> Piece | None:
        i = bisect.bisect_right(self.piece_starts, offset) - 1
        return self.pieces[i] if i >= 0 and offset < self.pieces[i].end else None


def read_docx(path: Path, max_chars: int = 0) -> Document:
    """Read ``path`` as a DOCX; raise `ReadError` with a one-line reason, `LimitExceeded`
    as soon as the text read passes ``max_chars`` (0: no limit). Keeps no reference to the
    XML, so the parsed tree is let go as soon as it is read."""
    walked = walk(open_docx(path), pieces=False, max_chars=max_chars)
    return Document(
        text=walked.text,
        path=str(path),
        page_starts=walked.page_starts,
        regions=walked.regions,
        page_numbers=walked.page_numbers,
        page_labels=walked.page_labels,
    )


def open_docx(path: Path) -> Any:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        return docx.Document(str(path))
    except (zipfile.BadZipFile, KeyError, ValueError, PackageNotFoundError) as exc:
        raise ReadError(f"{path}: not a readable DOCX ({exc})") from None


def walk(document: Any, pieces: bool = True, max_chars: int = 0) -> DocxText:
    """Every readable stretch of a python-docx ``Document``, in reading order; ``pieces``:
    whether to map the main story's text back to its ``w:t`` elements (for comments);
    past ``max_chars`` characters (0: no limit) `LimitExceeded` is raised at once."""
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    rels = sorted(document.part.rels.values(), key=lambda r: str(r.target_ref))
    notes = {
        kind: _notes(_parse(rel.target_part.blob))
        for rel in rels
        if not rel.is_external
        for kind, reltype in (("footnote", RT.FOOTNOTES), ("endnote", RT.ENDNOTES))
        if rel.reltype == reltype
    }
    walker = _Walker(notes, sections_of(document.element.body), hiding_of(document), pieces, max_chars)
    for child in document.element.body:
        walker.block(child)
    furniture = []
    for kind, reltype in (("header", RT.HEADER), ("footer", RT.FOOTER)):
        for rel in rels:
            if rel.reltype == reltype and not rel.is_external:
                furniture.append(_parse(rel.target_part.blob))
                walker.story(furniture[-1], kind, kind, None, None)
    return walker.result(printed=prints_page_numbers(furniture))


def _parse(blob: bytes) -> Any:
    """Part XML, parsed without resolving entities or reaching the network."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        return etree.fromstring(blob, parser)
    except etree.XMLSyntaxError as exc:
        raise ReadError(f"a part of the DOCX is not well-formed XML ({exc})") from None


def _notes(root: Any) -> dict[str, Any]:
    """Footnotes or endnotes by id, without Word's separators."""
    return {n.get(W + "id"): n for n in root if n.get(W + "type") in (None, "normal") and n.get(W + "id")}


@dataclass
class _Paragraph:
    hiding: Hiding
    chars: list[str] = field(default_factory=list)
    length: int = 0  # of the chars, kept as they are added
    pieces: list[tuple[int, int, Any, Any]] = field(default_factory=list)  # local start, end, w:t, w:r
    breaks: list[int] = field(default_factory=list)  # local offsets of page breaks
    rendered: bool = False  # one of them is a break Word recorded from its layout
    notes: list[tuple[str, str, Any, int]] = field(default_factory=list)  # kind, id, w:r, local offset
    boxes: list[Any] = field(default_factory=list)  # w:txbxContent
    hidden: list[str] = field(default_factory=list)  # the text of its hidden runs, in order
    shown_since_hidden: bool = False  # text was shown after the last hidden text

    def add(self, text: str) -> None:
        self.chars.append(text)
        self.length += len(text)


class _Walker:
    def __init__(
        self,
        notes: dict[str, dict[str, Any]],
        sections: list[Section],
        hiding: Hiding,
        keep_pieces: bool = True,
        max_chars: int = 0,
    ) -> None:
        self.notes = notes
        self.sections = sections
        self.hiding, self.keep_pieces, self.max_chars = hiding, keep_pieces, max_chars
        self.story_label: str | None = None  # the footnote, endnote or box being read
        self.section = 0  # the section being read
        self.new_section_page = False  # a section that begins on a new page begins here
        self.laid_out = False  # Word recorded where its pages break
        self.break_sections: list[int] = []  # the section each page after the first is in
        self.anchors: dict[int, int] = {}  # region index → offset of its reference or anchor
        self.parts: list[str] = []
        self.length = 0
        self.breaks: list[int] = []
        self.text_since_break = False
        self.regions: list[Region] = []
        self.pieces: list[Piece] = []
        self.note_refs: dict[str, Any] = {}
        self.note_marks: set[int] = set()
        self.counts = {"footnote": 0, "endnote": 0, "table": 0, "text box": 0}
        self.first_run: Any | None = None
        self.in_story = False

    def block(self, el: Any, cell: str | None = None, main: bool = True) -> None:
        tag = el.tag
        if tag == W + "p":
            self.paragraph(el, cell, main)
        elif tag == W + "tbl":
            self.table(el, main)
        elif tag in (W + "sdt", W + "sdtContent", W + "customXml"):
            for child in el:
                self.block(child, cell, main)

    def table(self, tbl: Any, main: bool) -> None:
        self.counts["table"] += 1
        number = self.counts["table"]
        for r, tr in enumerate(tbl.iterchildren(W + "tr"), 1):
            for c, tc in enumerate(tr.iterchildren(W + "tc"), 1):
                for child in tc:
                    self.block(child, f"table {number}, row {r}, column {c}", main)

    def story(self, root: Any, kind: str, label: str, note: int | None, at: int | None) -> None:
        """A footnote, endnote, text box, header or footer: its blocks as one region, on
        the page of the offset ``at`` (its reference mark or anchor), if any."""
        start = self.length + (2 if self.length else 0)
        mark = len(self.parts)
        self.in_story, outer, self.story_label = True, self.story_label, label
        for child in root:
            self.block(child, None, main=kind == "text box")
        self.in_story, self.story_label = False, outer
        if len(self.parts) > mark:
            if at is not None:
                self.anchors[len(self.regions)] = at
            self.regions.append(Region(Span(start, self.length), kind, label, note))

    def paragraph(self, p: Any, cell: str | None, main: bool) -> None:
        para = _Paragraph(self.hiding.in_paragraph(p))
        _collect(p, para)
        start = self.length + (2 if self.length else 0)
        text = "".join(para.chars)
        if not self.in_story:
            if self.new_section_page:
                para.breaks.insert(0, 0)
            self.laid_out = self.laid_out or para.rendered
            self.page_breaks(para.breaks, text, start)
            self.new_section_page = self.new_section_page and not text.strip()
            properties = p.find(W + "pPr")
            if properties is not None and properties.find(W + "sectPr") is not None:
                self.section += 1
                self.new_section_page = self.sections[min(self.section, len(self.sections) - 1)].new_page
        if text.strip():
            if self.length:
                self.parts.append("\n\n")
            self.parts.append(text)
            self.length = start + len(text)
            if cell:
                self.regions.append(Region(Span(start, self.length), "table", cell))
            if main and self.keep_pieces:
                self.pieces += [Piece(start + s, start + e, t, r) for s, e, t, r in para.pieces]
                if self.first_run is None and para.pieces:
                    self.first_run = para.pieces[0][3]
            self.within_limit()
        for kind, note_id, run, local in para.notes:
            at = start + local if text.strip() else self.length
            self.counts[kind] += 1
            number = self.counts[kind]
            self.note_refs[f"{kind} {number}"] = run
            self.note_marks.add(at)
            body = self.notes.get(kind, {}).get(note_id)
            if body is not None:
                self.story(body, kind, f"{kind} {number}", number, at)
        for box in para.boxes if not self.in_story else ():
            self.counts["text box"] += 1
            self.story(box, "text box", f"text box {self.counts['text box']}", None, self.length)
        self.hidden_text("".join(para.hidden).strip(), cell)

    def hidden_text(self, text: str, cell: str | None) -> None:
        """A paragraph's hidden text, as a stretch of its own after the paragraph."""
        if not text:
            return
        start = self.length + (2 if self.length else 0)
        if self.length:
            self.parts.append("\n\n")
        self.parts.append(text)
        self.length = start + len(text)
        where = ", ".join(w for w in ("hidden text", cell or self.story_label) if w)
        self.regions.append(Region(Span(start, self.length), HIDDEN_KIND, where))
        self.within_limit()

    def within_limit(self) -> None:
        if self.max_chars and self.length > self.max_chars:
            raise LimitExceeded(
                f"characters of text: more than {self.max_chars:,} read so far, over the limit "
                "(--max-chars or $CITEPROOF_MAX_CHARS to change it)"
            )

    def page_breaks(self, breaks: list[int], text: str, start: int) -> None:
        """Pages begin at these local offsets of a paragraph; a break with no text since
        the last one is the same page (Word records a rendered break right after an
        explicit one), and a break in an empty paragraph begins the page at the next text."""
        seen, last = self.text_since_break, 0
        for local in breaks:
            seen = seen or bool(text[last:local].strip())
            if seen:
                self.breaks.append(start + local if text.strip() else self.length)
                self.break_sections.append(self.section)
                seen, last = False, local
        self.text_since_break = seen or bool(text[last:].strip())

    def result(self, printed: bool) -> DocxText:
        text = "".join(self.parts)
        starts = (0, *self.breaks) if self.breaks else ()
        pages = page_map(text, starts, (0, *self.break_sections), self.sections, self.laid_out, printed)
        regions = tuple(
            replace(r, page=bisect.bisect_right(pages.starts, self.anchors[i]))
            if i in self.anchors and pages.starts
            else r
            for i, r in enumerate(self.regions)
        )
        return DocxText(
            text=text,
            page_starts=pages.starts,
            page_numbers=pages.numbers,
            page_labels=pages.labels,
            regions=regions,
            pieces=tuple(self.pieces),
            note_refs=self.note_refs,
            first_run=self.first_run,
            note_marks=frozenset(self.note_marks),
        )


def _collect(el: Any, para: _Paragraph, run: Any | None = None) -> None:
    """The visible text of a paragraph (or of a run), in document order; deleted text,
    field codes and the fallback copy of a text box are not visible."""
    for child in el:
        tag = child.tag
        if not isinstance(tag, str):
            continue
        local = tag.rsplit("}", 1)[-1]
        if tag == W + "r":
            _collect_run(child, para)
        elif tag == W + "t" and child.text:
            offset = para.length
            para.add(child.text)
            para.pieces.append((offset, offset + len(child.text), child, run))
        elif tag in _CHARS:
            para.add(_CHARS[tag])
        elif tag == W + "br":
            if child.get(W + "type") == "page":
                para.breaks.append(para.length)
            else:
                para.add("\n")
        elif tag == W + "lastRenderedPageBreak":
            para.breaks.append(para.length)
            para.rendered = True
        elif tag in _NOTE_KINDS and child.get(W + "id") is not None:
            para.notes.append((_NOTE_KINDS[tag], child.get(W + "id"), run, para.length))
        elif tag == W + "txbxContent":
            para.boxes.append(child)
        elif tag == _MC + "AlternateContent":
            for choice in child.iterchildren(_MC + "Choice"):
                _collect(choice, para, run)
                break
        elif local in _CONTAINERS or (run is not None and tag not in _INVISIBLE):
            _collect(child, para, run)  # inside a run: the layers of a drawing, down to its text box


def _collect_run(run: Any, para: _Paragraph) -> None:
    """A run's text; a hidden run's (`docx_hidden.py`) goes to the paragraph's hidden text,
    a space apart from hidden text before it that shown text separates it from."""
    if not para.hiding.hides(run):
        before = para.length
        _collect(run, para, run)
        para.shown_since_hidden = para.shown_since_hidden or (para.length > before and bool(para.hidden))
        return
    scratch = _Paragraph(para.hiding)
    _collect(run, scratch, run)
    para.notes += [(kind, note, mark, para.length) for kind, note, mark, _ in scratch.notes]
    para.boxes += scratch.boxes
    if scratch.length:
        if para.shown_since_hidden:
            para.hidden.append(" ")
        para.hidden.append("".join(scratch.chars))
        para.shown_since_hidden = False

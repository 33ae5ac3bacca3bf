"""The shapes attribution reads: citation units, their parentheticals, paragraphs and sentences.

A *unit* is one citation as a reader sees it: the case name, the cite with its parallels
and pins, the ``(Court Year)`` parenthetical and every parenthetical after it. Sentences
are the splitter's, corrected so that none ends inside a quotation or a unit and one ends
after every unit followed by ``". "`` and a capital.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from enum import StrEnum

from citeproof.core.context import Sentences, quotes_in, year_paren_after
from citeproof.core.models import Citation, CitationType, CiteForm, Quote, Span


class ParenKind(StrEnum):
    """What an explanatory parenthetical after a cite does."""

    CLAIM = "claim"  # (holding that ...): a proposition about the cited case
    QUOTE = "quote"  # ("..."): the cited case's words
    QUOTING = "quoting"  # (quoting Y, cite): the quoted words are Y's
    CITING = "citing"  # (citing Y, cite), (quoted in Y): Y is not offered for anything
    NOTE = "note"  # (emphasis added), (en banc), (Black, J., dissenting): no claim


@dataclass(frozen=True, slots=True)
class Paren:
    kind: ParenKind
    span: Span  # the body, without the parentheses


@dataclass(frozen=True, slots=True)
class Unit:
    """One citation with its parallels, as it stands in the text."""

    ids: tuple[str, ...]
    form: CiteForm
    is_case: bool
    start: int  # the case name's start, else the cite's
    cite_start: int
    end: int  # past the year parenthetical and every parenthetical after it
    parens: tuple[Paren, ...]
    parent: int | None = None  # the unit in whose parenthetical this one stands
    parent_kind: ParenKind | None = None

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)


_OPEN_PAREN = re.compile(r"\s*\(")
_NOTE = re.compile(
    r"\s*(?:emphas[ie]s|alteration|internal (?:quotation|citation)|citations? omitted|cleaned up|"
    r"footnotes? omitted|brackets|punctuation|capitalization|ellips[ie]s|en banc|per curiam|"
    r"plurality|mem\b|table\b|unpublished|hereinafter|opinion of|[^()]{0,60}\b(?:dissenting|concurring)\b|"
    r"[^()]{0,40}\bJ\.,)",
    re.I,
)
_YEARISH = re.compile(r"[^()]{0,60}\b(?:1[6-9]\d\d|20\d\d)\s*")
_CITING = re.compile(r"\s*(?:citing|cited (?:in|with approval)|quoted (?:in|with approval)|cited by)\b", re.I)
_QUOTING = re.compile(r"\s*quoting\b", re.I)
_QUOTE_OPEN = re.compile(r"\s*[\"“]")
_SHORT_NAME = re.compile(
    r"(?:^|(?<=[\s(\[]))((?:[A-Z][\w.'’&-]*|v\.|of|the|and|&|de|ex|rel\.|re)"
    r"(?:\s+(?:[A-Z][\w.'’&-]*|v\.|of|the|and|&|de|ex|rel\.|re)){0,7}),\s*$"
)
_NAME_LEAD = re.compile(r"(?:(?:See|Cf\.|But|Accord|Compare|E\.g\.,|Also|As|And|In(?! re\b)|Under)\s+)+")


def paren_kind(body: str) -> ParenKind:
    if _QUOTING.match(body):
        return ParenKind.QUOTING
    if _CITING.match(body):
        return ParenKind.CITING
    if _QUOTE_OPEN.match(body):
        return ParenKind.QUOTE
    if _NOTE.match(body) or _YEARISH.fullmatch(body) or len(body.split()) < 3:
        return ParenKind.NOTE
    return ParenKind.CLAIM


def _closing(text: str, open_at: int, limit: int = 2000) -> int | None:
    """The offset of the ``)`` that closes the ``(`` at ``open_at``."""
    depth = 0
    for i in range(open_at, min(len(text), open_at + limit)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
        elif text[i] == "\n" and text[i + 1 : i + 2] == "\n":
            return None  # a parenthetical never runs across paragraphs
    return None


def _parens_after(text: str, pos: int) -> tuple[tuple[Paren, ...], int]:
    found: list[Paren] = []
    while m := _OPEN_PAREN.match(text, pos):
        close = _closing(text, m.end() - 1)
        if close is None:
            break
        found.append(Paren(paren_kind(text[m.end() : close]), Span(m.end(), close)))
        pos = close + 1
    return tuple(found), pos


_BROKEN_NAME = re.compile(r"(?:[*_]*[A-Z][\w.'’&-]*[*_]*\s+){1,6}$")


def _name_start(text: str, c: Citation, floor: int) -> int:
    if c.case_name_span is not None and c.case_name_span.start >= floor:
        start = c.case_name_span.start
        if text[start : start + 2] != "v." and text[max(floor, start - 1) : start] not in ("*", "_"):
            return start
        m = _BROKEN_NAME.search(text, max(floor, start - 80), start)  # "*Brown v. Board*": emphasis cut it
        lead = _NAME_LEAD.match(text, m.start(), start) if m else None
        return lead.end() if lead else m.start() if m else start
    if c.form is CiteForm.ID or c.type is CitationType.STATUTE:
        return c.span.start
    m = _SHORT_NAME.search(text, max(floor, c.span.start - 100), c.span.start)
    if not m:
        return c.span.start
    lead = _NAME_LEAD.match(text, m.start(1), c.span.start)
    return lead.end() if lead else m.start(1)


def build_units(text: str, citations: tuple[Citation, ...]) -> list[Unit]:
    """Citations grouped into units (a parallel group is one), in order, nesting marked."""
    ordered = sorted(citations, key=lambda c: c.span.start)
    groups: list[list[Citation]] = []
    for c in ordered:
        if groups and c.id in groups[-1][0].parallel_ids:
            groups[-1].append(c)
        else:
            groups.append([c])
    units: list[Unit] = []
    floor, last_top = 0, -1
    for group in groups:
        first, last = group[0], group[-1]
        # a parent is the last top-level unit or one nested in it
        parent = next(
            (
                i
                for i in range(len(units) - 1, max(last_top, 0) - 1, -1)
                if _inside(units[i], first.span.start)
            ),
            None,
        )
        pos = last.span.end
        year = year_paren_after(text, pos)
        pos = year.span.end if year else pos
        parens, end = _parens_after(text, pos)
        unit = Unit(
            ids=tuple(c.id for c in group),
            form=first.form,
            is_case=first.type is CitationType.CASE,
            start=_name_start(text, first, floor),
            cite_start=first.span.start,
            end=max(end, last.span.end),
            parens=parens,
            parent=parent,
            parent_kind=_kind_at(units[parent], first.span.start) if parent is not None else None,
        )
        units.append(unit)
        if parent is None:
            floor, last_top = unit.end, len(units) - 1
    return units


def _inside(unit: Unit, offset: int) -> bool:
    return any(p.span.start <= offset < p.span.end for p in unit.parens)


def _kind_at(unit: Unit, offset: int) -> ParenKind | None:
    return next((p.kind for p in unit.parens if p.span.start <= offset < p.span.end), None)


def paragraphs(text: str) -> list[Span]:
    """Non-blank paragraphs (blank-line separated), trimmed of surrounding whitespace."""
    spans = []
    start = 0
    for m in [*re.finditer(r"\n[ \t]*\n\s*", text), None]:
        end = m.start() if m else len(text)
        chunk = text[start:end]
        if chunk.strip():
            lead = len(chunk) - len(chunk.lstrip())
            spans.append(Span(start + lead, start + len(chunk.rstrip())))
        start = m.end() if m else end
    return spans


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph as attribution reads it."""

    span: Span
    quotes: tuple[Quote, ...]  # one word or more: atoms for the sentence splitter
    units: tuple[int, ...]  # top-level units whose cite starts here, outside quotations
    quoted: tuple[int, ...]  # units whose cite stands inside a quotation: quoted matter
    sentences: tuple[Span, ...]


def layout(text: str, units: list[Unit], sentences: Sentences) -> list[Paragraph]:
    """Every paragraph with its quotations, units and sentences."""
    starts = [u.cite_start for u in units]
    ends = sorted(e for _, e in sentences.spans)
    out = []
    for para in paragraphs(text):
        inside = range(bisect.bisect_left(starts, para.start), bisect.bisect_left(starts, para.end))
        quotes = quotes_in(text, para.start, para.end, min_words=1)
        quoted = tuple(i for i in inside if any(q.span.start - 1 <= starts[i] <= q.span.end for q in quotes))
        top = tuple(i for i in inside if units[i].parent is None and i not in quoted)
        cuts = ends[bisect.bisect_right(ends, para.start) : bisect.bisect_left(ends, para.end)]
        spans = _sentences_of(text, para, cuts, quotes, [units[i] for i in top])
        out.append(Paragraph(para, quotes, top, quoted, tuple(spans)))
    return out


_UNIT_ENDS_SENTENCE = re.compile(r"\.?[\"”’]?\s+(?=[A-Z\"“(\[])")


def _sentences_of(
    text: str, para: Span, splitter_cuts: list[int], quotes: tuple[Quote, ...], units: list[Unit]
) -> list[Span]:
    """The paragraph's sentences: none ends inside a quotation or a unit (with its
    parentheticals), and one ends after each unit followed by a period and a capital."""
    atoms = sorted([(q.span.start - 1, q.span.end + 1) for q in quotes] + [(u.start, u.end) for u in units])
    cuts = set(splitter_cuts)
    for u in units:
        m = _UNIT_ENDS_SENTENCE.match(text, u.end, para.end)
        if m and (text[u.end] == "." or text[u.end - 1] == "."):
            cuts.add(m.end())
    cuts = {c for c in cuts if not any(a < c < b for a, b in atoms)}
    bounds = [para.start, *sorted(cuts), para.end]
    out = []
    for s, e in zip(bounds, bounds[1:], strict=False):
        chunk = text[s:e]
        if chunk.strip():
            lead = len(chunk) - len(chunk.lstrip())
            out.append(Span(s + lead, s + len(chunk.rstrip())))
    return out


SIGNAL = (
    r"(?:see(?:,?\s+e\.\s?g\.,?|\s+also|\s+generally)?|e\.\s?g\.,?|cf\.|but\s+(?:see|cf\.)|accord|"
    r"compare|with|contra|and|or|also)"
)
_HISTORY = (
    r"(?:aff[’']?[dg]|rev[’']?[dg]|vacat(?:ed|ing)|cert\.\s+(?:denied|granted|dismissed)|overruled|abrogated|"
    r"superseded|modified|remanded|reh[’']?g\s+denied|appeal\s+dismissed|on\s+other\s+grounds|"
    r"in\s+part|by|sub\s+nom\.)"
)
_PIN_REST = r"(?:\d+|[–—-]|&|nn?\.\s*\d+|at(?!\w)|¶+|§+)"  # pins eyecite left out ("at 493–94 & n.11")
_CONNECTIVE = re.compile(rf"[\s.,;:>*_]*(?:(?:(?:{SIGNAL}|{_HISTORY})(?!\w)|{_PIN_REST})[\s.,;:>*_]*)*", re.I)
_HISTORY_GAP = re.compile(rf"[\s,;]*(?:{_HISTORY}(?!\w)[\s,]*)+", re.I)


def is_citation_sentence(text: str, sentence: Span, mine: list[Unit]) -> bool:
    """Nothing but units, signals, history phrases and separators (``See A; see also B.``)."""
    if not mine:
        return False
    bounds = [sentence.start, *[x for u in mine for x in (u.start, u.end)], sentence.end]
    gaps = [text[a:b] for a, b in zip(bounds[::2], bounds[1::2], strict=True)]
    return all(_CONNECTIVE.fullmatch(g) for g in gaps)


def history_units(text: str, units: list[Unit]) -> set[int]:
    """Units of subsequent history (``..., aff'd, 500 U.S. 1``): part of the cite before them."""
    top = [i for i, u in enumerate(units) if u.parent is None]
    return {
        b
        for a, b in zip(top, top[1:], strict=False)
        if _HISTORY_GAP.fullmatch(text, units[a].end, units[b].start)
    }

"""The shapes attribution reads: citation units, their parentheticals, paragraphs and sentences.

A *unit* is one citation as a reader sees it: the case name, the cite with its parallels
and pins, the ``(Court Year)`` parenthetical and every parenthetical after it. Sentences
are the splitter's, corrected so that none ends inside a quotation or a unit and one ends
after every unit followed by ``". "`` and a capital.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from enum import StrEnum

from citeproof.core.models import Citation, CitationType, CiteForm, Quote, Reason, Span
from citeproof.core.text.context import Sentences, quotes_in, year_paren_after


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
# a court-and-year parenthetical the year reader missed: "(Tex.App.-Houston [1st Dist.] 2002, no pet.)"
_YEARISH = re.compile(r"(?![a-z]+ing\b)[^()]{0,60}\b(?:1[6-9]\d\d|20\d\d)\b[^()]{0,30}")
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


_ARTICLE = re.compile(r"(?:^|(?<=[\s(\[]))The\s+$")  # "The State v. Hatcher": the parser drops "The"


def _name_start(text: str, c: Citation, floor: int) -> int:
    if c.case_name_span is not None and c.case_name_span.start >= floor:
        start = c.case_name_span.start
        article = _ARTICLE.search(text, max(floor, start - 4), start)
        if article:
            return article.start()
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
    units: list[Unit] = []
    floor, last_top = 0, -1
    for group in _parallel_groups(text, citations):
        first = group[0]
        # a parent is the last top-level unit or one nested in it
        candidates = range(len(units) - 1, max(last_top, 0) - 1, -1)
        parent = next((i for i in candidates if _inside(units[i], first.span.start)), None)
        start, end, parens = _extent(text, group, floor)
        source = (
            _SOURCE_LEAD.fullmatch(text, units[last_top].end, start) if parent is None and units else None
        )
        if source:  # "ibid., quoting Y, cite": Y is the source of the words, as in a parenthetical
            parent = last_top
            units[parent] = replace(units[parent], end=max(units[parent].end, end))
        unit = Unit(
            ids=tuple(c.id for c in group),
            form=first.form,
            is_case=_cites_a_case(first),
            start=start,
            cite_start=first.span.start,
            end=end,
            parens=parens,
            parent=parent,
            parent_kind=_source_kind(source)
            if source
            else _kind_at(units[parent], first.span.start)
            if parent is not None
            else None,
        )
        units.append(unit)
        if parent is None:
            floor, last_top = unit.end, len(units) - 1
    return units


_CALIFORNIA_CLOSE = re.compile(r"\s*[.,]?\s*\)")
_SPACE = re.compile(r"\s*")
_BRACKET_CLOSE = re.compile(r"\s*\]")


def _extent(text: str, group: list[Citation], floor: int) -> tuple[int, int, tuple[Paren, ...]]:
    """Where a unit starts and ends, and its parentheticals. A pin eyecite read but left out
    of the span is taken in; so is a California-style cite in parentheses, "(Name (1988) 45
    Cal. 3d 491, 501.)"."""
    last = group[-1]
    start, pos = _name_start(text, group[0], floor), last.span.end
    pin, gap = (last.pin_text or "").strip(), _SPACE.match(text, pos)
    if pin and gap and text.startswith(pin, gap.end()):
        pos = gap.end() + len(pin)
    if bracket := _BRACKET_CLOSE.match(text, pos):
        pos = bracket.end()
    year = year_paren_after(text, pos)
    parens, end = _parens_after(text, year.span.end if year else pos)
    if start > floor and text[start - 1] == "(" and (close := _CALIFORNIA_CLOSE.match(text, end)):
        return start - 1, close.end(), parens
    return start, max(end, last.span.end), parens


_SOURCE_LEAD = re.compile(r"[\s,]*(quoting|citing)\s+", re.I)


def _source_kind(m: re.Match[str]) -> ParenKind:
    return ParenKind.QUOTING if m.group(1).lower() == "quoting" else ParenKind.CITING


_BRACKETED = re.compile(r",?\s*\[\s*")  # "62 Cal. 2d 307, 314 [42 Cal. Rptr. 220, 398 P.2d 412]"


def _parallel_groups(text: str, citations: tuple[Citation, ...]) -> list[list[Citation]]:
    groups: list[list[Citation]] = []
    for c in sorted(citations, key=lambda c: c.span.start):
        prev = groups[-1][-1] if groups else None
        bracketed = prev is not None and _BRACKETED.fullmatch(text, prev.span.end, c.span.start)
        if prev is not None and (
            c.id in prev.parallel_ids
            or _parallel_short(text, prev, c)
            or (prev.form is c.form is CiteForm.FULL and bracketed)
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
    return groups


def _parallel_short(text: str, prev: Citation, c: Citation) -> bool:
    """One case's pin in parallel reporters: ``468 U.S. at 465, 104 S.Ct. at 3165``, ``Id. at
    199-200, 657 S.E.2d at 366-67``, ``Blakely, supra, 542 U.S. at 303-04``, ``Anderson, 477
    U.S. at 249, 106 S. Ct. 2505``."""
    nameless = c.form is CiteForm.SHORT or (c.form is CiteForm.FULL and c.case_name_span is None)
    return (
        prev.form in (CiteForm.SHORT, CiteForm.SUPRA, CiteForm.ID)
        and nameless
        and text[prev.span.end : c.span.start] in (", ", " ")
    )


def _cites_a_case(c: Citation) -> bool:
    """A case citation, unless it is a short form repeating the record, a brief or a statute."""
    not_a_case = c.abstention is not None and c.abstention.reason is Reason.NOT_A_CASE_CITATION
    return c.type is CitationType.CASE and not not_a_case


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
        around = _merged_closed(sorted((q.span.start - 1, q.span.end) for q in quotes))
        quoted = tuple(i for i in inside if _within_closed(around, starts[i]))
        top = tuple(i for i in inside if units[i].parent is None and not _within_closed(around, starts[i]))
        cuts = ends[bisect.bisect_right(ends, para.start) : bisect.bisect_left(ends, para.end)]
        spans = _sentences_of(text, para, cuts, quotes, [units[i] for i in top])
        out.append(Paragraph(para, quotes, top, quoted, tuple(spans)))
    return out


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted open intervals merged where they overlap: the same points lie strictly inside."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and a < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _merged_closed(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted closed intervals merged where they touch or overlap."""
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _within_closed(merged: list[tuple[int, int]], point: int) -> bool:
    """Whether ``a <= point <= b`` for one of ``merged`` (sorted, disjoint), in log time."""
    k = bisect.bisect_right(merged, point, key=lambda m: m[0]) - 1
    return k >= 0 and merged[k][0] <= point <= merged[k][1]


def _strictly_inside(merged: list[tuple[int, int]], point: int) -> bool:
    """Whether ``point`` lies strictly inside one of ``merged`` (sorted, disjoint), in log time."""
    k = bisect.bisect_left(merged, point, key=lambda m: m[0]) - 1
    return k >= 0 and merged[k][0] < point < merged[k][1]


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
        if m and (text[u.end] == "." or text[u.end - 1] in ".)"):  # "(1977) Only ...": a period left out
            cuts.add(m.end())
    merged = _merged(atoms)
    cuts = {c for c in cuts if not _strictly_inside(merged, c)}
    bounds = [para.start, *sorted(cuts), para.end]
    out: list[Span] = []
    for s, e in zip(bounds, bounds[1:], strict=False):
        chunk = text[s:e]
        if not chunk.strip():
            continue
        span = Span(s + len(chunk) - len(chunk.lstrip()), s + len(chunk.rstrip()))
        if out and not re.search(r"[A-Za-z]", chunk):  # a footnote mark ("[3]") ends the sentence before
            out[-1] = Span(out[-1].start, span.end)
        else:
            out.append(span)
    return out


SIGNAL = (
    r"(?:see(?:,?\s+e\.\s?g\.,?|\s+also|\s+generally)?|e\.\s?g\.,?|cf\.|but\s+(?:see|cf\.)|accord|"
    r"compare|with|contra|contrast|for\s+example|and|or|also)"
)
# "..., and cases cited", "and the cases therein cited"
_TRAILER = r"(?:and\s+)?(?:the\s+)?(?:cases|authorities)\s+(?:therein\s+)?cited(?:\s+therein)?"
_HISTORY = (
    r"(?:aff[’']?[dg]|rev[’']?[dg]|vacat(?:ed|ing)|cert\.\s+(?:denied|granted|dismissed)|overruled|abrogated|"
    r"superseded|modified|remanded|reh[’']?g\s+denied|appeal\s+dismissed|on\s+other\s+grounds|"
    r"in\s+part|by|sub\s+nom\.|(?:quoted|cited)(?:\s+with\s+approval)?\s+in)"
)
# pins eyecite left out ("at 493–94 & n.11") and footnote marks ("(1992).[3]")
_PIN_REST = r"(?:\d+|[–—-]|&|nn?\.\s*\d+|at(?!\w)|¶+|§+|\[\d{1,3}\])"
_PUNCT = r"[\s.,;:>*_()\[\]]*"
_WORDS = rf"(?:{SIGNAL}|{_HISTORY}|{_TRAILER})(?!\w)"
_CONNECTIVE = re.compile(rf"{_PUNCT}(?:(?:{_WORDS}|{_PIN_REST}){_PUNCT})*", re.I)
_HISTORY_GAP = re.compile(rf"[\s,;]*(?:{_HISTORY}(?!\w)[\s,]*)+", re.I)
_LOWER_RUN = re.compile(r"\b[a-z]{2,}\s+[a-z]{2,}\s+[a-z]{2,}\b")


def is_citation_sentence(text: str, sentence: Span, mine: list[Unit]) -> bool:
    """Nothing but units, signals, history phrases and separators (``See A; see also B.``)."""
    if not mine:
        return False
    bounds = [sentence.start, *[x for u in mine for x in (u.start, u.end)], sentence.end]
    gaps = [text[a:b] for a, b in zip(bounds[::2], bounds[1::2], strict=True)]
    return all(_CONNECTIVE.fullmatch(g) or _cite_like_tail(g) for g in gaps)


def _cite_like_tail(gap: str) -> bool:
    """``"; see also Rule 59(g), Ala. R. Civ. P."``: a string cite going on with a cite the
    extractor does not read (no run of three lower-case words once the signals are out)."""
    bare = re.sub(rf"\b{SIGNAL}(?!\w)", " ", gap, flags=re.I)
    return gap.lstrip().startswith(";") and _LOWER_RUN.search(bare) is None


def history_units(text: str, units: list[Unit]) -> set[int]:
    """Units of subsequent history (``..., aff'd, 500 U.S. 1``): part of the cite before them."""
    top = [i for i, u in enumerate(units) if u.parent is None]
    return {
        b
        for a, b in zip(top, top[1:], strict=False)
        if _HISTORY_GAP.fullmatch(text, units[a].end, units[b].start)
    }

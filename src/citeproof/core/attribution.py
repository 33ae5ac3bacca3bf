"""Which quotations and propositions each citation is offered for: a small grammar.

One paragraph at a time; quotations are atoms (a sentence never ends inside one)::

    paragraph := block-quote | sentence*
    sentence  := gap (unit gap)*
    unit      := [name ","] cite ("," parallel)* [pins] ["(" court year ")"] paren*
    paren     := "(" claim | quotation | "quoting" unit | "citing" unit | note ")"

A *citation sentence* has nothing but signals and separators in its gaps
(``See A, cite; see also B, cite.``). The rules:

1. quote, then cite: a citation sentence is offered for the prose sentence before it;
   its first unit takes that sentence's open quotations (those no cite in it claimed);
2. cite, then quote: a gap after a unit belongs to that unit when it opens with an
   attribution (``held that``, ``for the proposition that``) or the unit is the subject
   or follows ``In``/``Under``/``According to``; any other gap belongs to the unit after it;
3. parentheticals: a claim or a quotation in one belongs to its unit; ``(quoting Y, cite)``
   moves the unit's quotations to Y; ``(citing Y, cite)`` offers Y for nothing;
4. string cites: a unit after ``;`` or a signal shares the proposition of the unit
   before it, never its quotations;
5. block quotes (see ``blocks.py``): the indented paragraph is one quotation of its cite.

Cites inside a quotation (or a block quote's body) are quoted matter, offered for nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from citeproof.core.blocks import BlockQuote, block_quotes
from citeproof.core.clauses import (
    SIGNAL,
    ParenKind,
    Unit,
    build_units,
    history_units,
    is_citation_sentence,
    layout,
)
from citeproof.core.context import Sentences, quotes_in
from citeproof.core.layout import ReadingText
from citeproof.core.models import Citation, CiteForm, Quote, Span

Passage = tuple[str, Span]


@dataclass(frozen=True, slots=True)
class Claims:
    """What one citation is offered for."""

    quotes: tuple[Quote, ...] = ()
    proposition: Passage | None = None
    parenthetical: Passage | None = None  # an explanatory claim: "(holding that ...)"


@dataclass(slots=True)
class _Draft:
    quotes: list[Quote] = field(default_factory=list)
    proposition: Passage | None = None
    parenthetical: Passage | None = None


_STRING_JOIN = re.compile(rf"[\s,]*;[\s,]*(?:{SIGNAL}(?!\w)[\s,]*)*|[\s,]*(?:{SIGNAL}(?!\w)[\s,]*)+", re.I)
_VERBS = (
    "held|holds|hold|holding|explained|explains|explaining|reasoned|reasons|reasoning|stated|states|"
    "stating|noted|notes|noting|observed|observes|observing|concluded|concludes|concluding|"
    "recognized|recognizes|recognizing|emphasized|emphasizes|stressed|said|says|wrote|writes|"
    "instructed|instructs|found|finds|finding|ruled|rules|declared|declares|determined|"
    "acknowledged|added|cautioned|warned|described|defined|characterized|made clear|makes clear|"
    "put it|announced|established|confirmed|agreed|rejected|articulated|opined|teaches|"
    "reiterated|remarked|indicated|clarified|upheld|affirmed|reversed|decided|addressed|"
    "considered|applied|adopted|endorsed|mandates|requires|required|permits|allows|"
    "prohibits|forbids|continued|went on"
)
_SUBJECT = (
    r"(?:(?:the|this|that)\s+(?:[\w.'’-]+\s+){0,3}?(?:court|panel|majority|plurality|justices?|"
    r"judges?|circuit|opinion|decision|case)|it|they|he|she|(?:justice|judge|chief\s+justice)\s+[\w'’-]+)"
)
_ATTRIBUTION = re.compile(
    rf"[\s,:]*(?:(?:which|where|when|in\s+which|there|then)\s+)?(?:{_SUBJECT}\s+)?"
    rf"(?:(?:has|had|have|also|further|expressly|squarely|\w+ly)\s+){{0,2}}(?:{_VERBS})\b"
    r"(?:\s+(?:that|as\s+follows|in\s+part))?[\s,:]*"
    r"|[\s,]*(?:for|as\s+support\s+for)\s+the\s+(?:proposition|principle|rule)\s+that\s*",
    re.I,
)
_LEAD_CUE = re.compile(
    r"(?:\b(?:in|under|according\s+to|per|following)|\b(?:explained|held|stated|noted|observed|"
    r"said|wrote|reasoned|emphasized|recognized|concluded)\s+in)\s*$",
    re.I,
)
_SUBJECT_LEAD = re.compile(
    r"[\s,]*(?:(?:although|because|while|since|but|and|moreover|thus|indeed)\b[\s,]*)?", re.I
)
_PREDICATE = re.compile(r",?\s+(?!(?:and|or|see|cf|with|but|accord)\b)[a-z]")
_CONTENT_STOP = frozenset(
    {"the", "and", "that", "this", "these", "those", "with", "from", "for", "was", "were", "are", "has"}
    | {"have", "had", "its", "their", "which", "also", "court", "courts", "held", "holds", "explained"}
    | {"stated", "noted", "observed", "said", "put", "plainly", "reasoned", "wrote", "added", "justice"}
    | {"supreme", "majority", "opinion", "see", "but", "not", "into", "upon", "such", "any"}
)
MIN_CONTENT_WORDS = 3
MAX_CITATION_SENTENCES = 3


def attribute(
    text: str,
    citations: tuple[Citation, ...],
    sentences: Sentences,
    reading: ReadingText | None = None,
    original: str | None = None,
) -> dict[str, Claims]:
    """The claims of every citation, by citation id (citations offered for nothing get none).

    ``text`` is what extraction read; ``reading`` maps it to the ``original`` document,
    whose indentation tells block quotes apart (the text read has its white space collapsed).
    """
    units = build_units(text, citations)
    paras = layout(text, units, sentences)
    drafts = [_Draft() for _ in units]
    lines = _original_lines(text, reading, original)
    blocks = block_quotes(text, units, paras, lines)
    in_blocks = {b.paragraph for b in blocks}
    for para in paras:
        if para.span not in in_blocks:  # a block's cites are quoted matter
            _paragraph(text, list(para.sentences), list(para.units), units, para.quotes, drafts)
    for block in blocks:
        _block(text, block, units, drafts)
    _parentheticals(text, units, drafts)
    silent = {i for p in paras for i in p.quoted} | {i for b in blocks for i in b.quoted_units}
    return _claims_by_id(units, drafts, silent | history_units(text, units))


def _original_lines(text: str, reading: ReadingText | None, original: str | None) -> Callable[[Span], str]:
    """The lines of the document a span of ``text`` comes from, leading white space kept."""
    if reading is None or original is None:
        return lambda span: text[text.rfind("\n", 0, span.start) + 1 : span.end]

    def lines(span: Span) -> str:
        where = reading.span(span)
        return original[original.rfind("\n", 0, where.start) + 1 : where.end]

    return lines


def _block(text: str, block: BlockQuote, units: list[Unit], drafts: list[_Draft]) -> None:
    """Rule 5: the block is a quotation of its cite, offered for the prose introducing it."""
    draft = drafts[block.unit]
    draft.quotes.append(block.quote)
    if draft.proposition is None and block.intro_unit is not None and block.intro_unit != block.unit:
        draft.proposition = drafts[block.intro_unit].proposition
    for sentence in block.intro:
        draft.proposition = draft.proposition or _proposition(text, sentence, units)


def _paragraph(
    text: str,
    spans: list[Span],
    top: list[int],
    units: list[Unit],
    quotes: tuple[Quote, ...],
    drafts: list[_Draft],
) -> None:
    prose: Span | None = None  # the last prose sentence
    open_quotes: list[Quote] = []  # its quotations no cite claimed
    tail_quotes: list[Quote] = []  # its quotations a cite before them claimed ("X, cite, held '...'")
    after_prose = 0  # citation sentences since it
    for sentence in spans:
        mine = [i for i in top if sentence.start <= units[i].cite_start < sentence.end]
        claims = [
            q
            for q in quotes
            if sentence.start <= q.span.start < sentence.end
            and _is_claim(q)
            and not any(units[i].start <= q.span.start < units[i].end for i in mine)
        ]
        if mine and is_citation_sentence(text, sentence, [units[i] for i in mine]):
            if prose is not None and after_prose < MAX_CITATION_SENTENCES:
                _citation_sentence(text, prose, mine, units, drafts, open_quotes, tail_quotes, after_prose)
                after_prose += 1
            continue
        open_quotes, tail_quotes = _clausal(text, sentence, mine, units, claims, drafts)
        prose, after_prose = sentence, 0


def _is_claim(q: Quote) -> bool:
    return len(q.text.split()) >= 2


def _citation_sentence(
    text: str,
    prose: Span,
    mine: list[int],
    units: list[Unit],
    drafts: list[_Draft],
    open_quotes: list[Quote],
    tail_quotes: list[Quote],
    after_prose: int,
) -> None:
    proposition = _proposition(text, prose, units)
    for i in mine:
        drafts[i].proposition = drafts[i].proposition or proposition
    if after_prose == 0:
        first = units[mine[0]]
        drafts[mine[0]].quotes.extend(open_quotes)
        if first.form is not CiteForm.FULL:  # "In X, cite, the court reasoned that '...'. Id. at 5."
            drafts[mine[0]].quotes.extend(tail_quotes)


def _clausal(
    text: str, sentence: Span, mine: list[int], units: list[Unit], claims: list[Quote], drafts: list[_Draft]
) -> tuple[list[Quote], list[Quote]]:
    """Attach the gaps of a prose sentence to its units (rules 2 and 4); returns the
    sentence's open quotations and those a cite before them claimed."""
    cursor, k = sentence.start, 0
    subject: list[int] = []  # units opening the sentence as its subject ("A, cite, and B, cite, hold")
    taken: list[Quote] = []
    tail_taken: list[Quote] = []
    while k < len(mine):
        i, unit = mine[k], units[mine[k]]
        lead = Span(cursor, max(cursor, unit.start))
        gap = text[lead.start : lead.end]
        joined = k > 0 and _STRING_JOIN.fullmatch(gap) is not None
        if joined:
            drafts[i].proposition = drafts[mine[k - 1]].proposition
        else:
            taken.extend(_take(drafts[i], claims, lead))
            drafts[i].proposition = _proposition(text, _without_signal(text, lead), units)
        opens = k == 0 and _SUBJECT_LEAD.fullmatch(gap) is not None
        subject = [*subject, i] if opens or (joined and subject) else []
        end = _clause_end(text, mine, k, units)
        tail = Span(unit.end, max(unit.end, units[mine[end]].start if end < len(mine) else sentence.end))
        if not _owns_tail(text, gap, tail, bool(subject)):
            cursor, k = unit.end, k + 1
            continue
        tail_taken.extend(_take(drafts[i], claims, tail))
        claim = _proposition(text, _without_signal(text, _after_attribution(text, tail)), units)
        for j in subject or [i]:
            drafts[j].proposition = claim or drafts[j].proposition
        cursor, k = tail.end, end
    open_quotes = [q for q in claims if q not in taken and q not in tail_taken]
    return open_quotes, tail_taken


def _take(draft: _Draft, claims: list[Quote], span: Span) -> list[Quote]:
    mine = [q for q in claims if span.start <= q.span.start < span.end]
    draft.quotes.extend(mine)
    return mine


def _clause_end(text: str, mine: list[int], k: int, units: list[Unit]) -> int:
    """The first unit after the k-th that opens a claim of its own (joined by ``;`` or a
    signal, or followed by an attribution); units before it are only mentioned."""
    for j in range(k + 1, len(mine)):
        gap = text[units[mine[j - 1]].end : units[mine[j]].start]
        after = units[mine[j]].end
        if _STRING_JOIN.fullmatch(gap) or _ATTRIBUTION.match(text, after, after + 200):
            return j
    return len(mine)


def _owns_tail(text: str, lead: str, tail: Span, subject: bool) -> bool:
    """Rule 2: the text after a unit is about it."""
    if tail.end <= tail.start:
        return False
    if _ATTRIBUTION.match(text, tail.start, tail.end):
        return True
    if _LEAD_CUE.search(lead) and re.match(r"[\s,:]*\S", text[tail.start : tail.end]):
        return True
    return subject and _PREDICATE.match(text, tail.start, tail.end) is not None


def _after_attribution(text: str, tail: Span) -> Span:
    m = _ATTRIBUTION.match(text, tail.start, tail.end)
    start = m.end() if m else tail.start
    while start < tail.end and text[start] in " ,:;":
        start += 1
    return Span(start, max(start, tail.end))


def _without_signal(text: str, span: Span) -> Span:
    chunk = text[span.start : span.end]
    m = re.search(rf"[\s,]*(?:\b{SIGNAL}(?!\w)[\s,]*)+$", chunk, re.I)
    end = span.start + (m.start() if m else len(chunk))
    return Span(span.start, max(span.start, end))


def _proposition(text: str, span: Span, units: list[Unit]) -> Passage | None:
    """The passage trimmed of space and closing punctuation, if it says something (enough
    content words outside the cites in it)."""
    chunk = text[span.start : span.end]
    stripped = chunk.strip().rstrip(",;:")
    if not stripped:
        return None
    start = span.start + len(chunk) - len(chunk.lstrip())
    passage = Span(start, start + len(stripped))
    own = text[passage.start : passage.end]
    for u in units:
        if u.start >= passage.end:
            break
        if passage.start <= u.start and u.end <= passage.end:
            own = own.replace(text[u.start : u.end], " ")
    words = [w for w in re.findall(r"[A-Za-z][a-z’']{2,}", own) if w.lower() not in _CONTENT_STOP]
    return (stripped, passage) if len(words) >= MIN_CONTENT_WORDS else None


def _parentheticals(text: str, units: list[Unit], drafts: list[_Draft]) -> None:
    """Rule 3: claim and quotation parentheticals; quotations move to a ``quoting`` source."""
    sources: dict[int, int] = {}
    for j, u in enumerate(units):
        if u.parent is not None and u.parent_kind is ParenKind.QUOTING:
            sources.setdefault(u.parent, j)
    for i, unit in enumerate(units):
        for paren in unit.parens:
            if paren.kind is ParenKind.CLAIM and drafts[i].parenthetical is None:
                drafts[i].parenthetical = (text[paren.span.start : paren.span.end].strip(), paren.span)
            if paren.kind in (ParenKind.CLAIM, ParenKind.QUOTE):
                drafts[i].quotes.extend(_quotes_in_span(text, paren.span))
        source = sources.get(i)
        if source is not None:
            own = [
                q
                for q in drafts[i].quotes
                if not any(p.span.start <= q.span.start < p.span.end for p in unit.parens)
            ]
            drafts[source].quotes.extend(own)
            drafts[i].quotes = [q for q in drafts[i].quotes if q not in own]


def _quotes_in_span(text: str, span: Span) -> list[Quote]:
    return list(quotes_in(text, span.start, span.end))


def _claims_by_id(units: list[Unit], drafts: list[_Draft], quoted: set[int]) -> dict[str, Claims]:
    out: dict[str, Claims] = {}
    for i, (unit, draft) in enumerate(zip(units, drafts, strict=True)):
        if (
            i in quoted
            or not unit.is_case
            or (unit.parent is not None and unit.parent_kind is not ParenKind.QUOTING)
        ):
            continue
        quotes = tuple(sorted(set(draft.quotes), key=lambda q: q.span.start))
        claims = Claims(quotes, draft.proposition if unit.parent is None else None, draft.parenthetical)
        for cid in unit.ids:
            out[cid] = claims
    return out

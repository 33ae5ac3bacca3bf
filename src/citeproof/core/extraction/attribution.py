"""Which quotations and propositions each citation is offered for: a small grammar.

One paragraph at a time; quotations are atoms (a sentence never ends inside one)::

    paragraph := block-quote | sentence*
    sentence  := gap (unit gap)*
    unit      := [name ","] cite ("," parallel)* [pins] ["(" court year ")"] paren*
    paren     := "(" claim | quotation | "quoting" unit | "citing" unit | note ")"

A *citation sentence* has nothing but signals, separators, pins and history in its gaps
(``See A, cite; see also B, cite.``). The rules:

1. quote, then cite: a citation sentence is offered for the prose sentence before it
   (across a paragraph break too); its first unit takes that sentence's open quotations
   (those no cite in it claimed);
2. cite, then quote: a gap after a unit belongs to that unit when it opens with an
   attribution (``held that``, ``for the proposition that``), the unit is the subject, or it
   follows ``In``/``Under``/``According to``/"two recent cases,"; any other gap belongs to
   the unit after it. Units joined by "and" or ";" share the clause; units named inside it
   are only mentioned;
3. parentheticals: a claim or a quotation in one belongs to its unit; ``(quoting Y, cite)``
   and ``, quoting Y, cite`` move the unit's quotations to Y; ``(citing Y, cite)``, ``quoted
   in Y`` and subsequent history offer Y for nothing;
4. string cites: a unit after ``;`` or a signal shares the proposition of the unit before
   it, never its quotations;
5. block quotes (see ``blocks.py``): the set-off paragraph is one quotation of its cite;
6. a sentence opening "There," or "In that case," after a cite gives it its quotations,
   unless a citation sentence follows to claim them.

Cites inside a quotation (or a block quote's body) are quoted matter, offered for nothing;
a defined term (``(the "Act")``) or the name of a test is no quotation.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from citeproof.core.extraction.blocks import BlockQuote, block_quotes
from citeproof.core.extraction.clauses import (
    SIGNAL,
    Paragraph,
    ParenKind,
    Unit,
    build_units,
    history_units,
    is_citation_sentence,
    layout,
)
from citeproof.core.limits import Budget
from citeproof.core.models import Citation, CiteForm, Quote, Span
from citeproof.core.reading.layout import ReadingText
from citeproof.core.text.context import Sentences, quotes_in

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
    "put it|announced|established|confirmed|agreed|articulated|opined|teaches|"
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
    r"said|wrote|reasoned|emphasized|recognized|concluded)\s+in)\s*$"
    r"|\b(?:cases?|decisions?|opinions?)\b[^,.;]{0,60},\s*$",  # "In two recent cases, A, and B, we held"
    re.I,
)
# a sentence about the case just cited: "There, the court set out the rule, stating that '...'"
_ANAPHORA = re.compile(r"(?:There|In that (?:case|decision|opinion)|The court there|That court)\b", re.I)
_QUOTING_LEAD = re.compile(r",\s*quoting\s+$", re.I)
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
    budget: Budget | None = None,
) -> dict[str, Claims]:
    """The claims of every citation, by citation id (citations offered for nothing get none).

    ``text`` is what extraction read; ``reading`` maps it to the ``original`` document,
    whose indentation tells block quotes apart (the text read has its white space collapsed).
    ``budget``, when given, is polled between paragraphs.
    """
    units = build_units(text, citations)
    paras = layout(text, units, sentences)
    drafts = [_Draft() for _ in units]
    lines = _original_lines(text, reading, original)
    blocks = block_quotes(text, units, paras, lines)
    in_blocks = {b.paragraph for b in blocks}
    state = _Reading()
    for para in paras:
        if budget is not None:
            budget.tick("attributing quotations and propositions")
        if para.span in in_blocks:  # a block's cites are quoted matter
            _flush(state, drafts)
            state = _Reading(after_prose=1)
        else:
            state = _paragraph(text, para, units, drafts, state)
    _flush(state, drafts)
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


@dataclass(slots=True)
class _Reading:
    """What the sentences read so far leave for the next one (carried into a paragraph that
    opens with a citation sentence: "...' [new paragraph] Id. at 5.")."""

    prose: Span | None = None  # the last prose sentence
    open_quotes: list[Quote] = field(default_factory=list)  # its quotations no cite claimed
    tail_quotes: list[Quote] = field(default_factory=list)  # claimed by a cite before them
    after_prose: int = 0  # citation sentences since it
    last_cite: int | None = None  # the last unit of the sentence before
    pending: list[Quote] = field(default_factory=list)  # an anaphoric sentence's quotations
    anaphor: int | None = None  # ... for this unit, unless a citation sentence follows


def _paragraph(
    text: str, para: Paragraph, units: list[Unit], drafts: list[_Draft], carried: _Reading
) -> _Reading:
    r = carried if carried.after_prose == 0 else _Reading()
    cite_starts = [units[i].cite_start for i in para.units]  # in order, as the units are
    for sentence in para.sentences:
        first = bisect.bisect_left(cite_starts, sentence.start)
        mine = list(para.units[first : bisect.bisect_left(cite_starts, sentence.end, first)])
        claims = [
            q for q in _claims_in(text, para.quotes, sentence) if not any(_within(units[i], q) for i in mine)
        ]
        citing = bool(mine) and is_citation_sentence(text, sentence, [units[i] for i in mine])
        if r.pending and not citing and r.anaphor is not None:
            drafts[r.anaphor].quotes.extend(r.pending)
        r.pending, r.anaphor = [], None
        if citing:
            if r.prose is not None and r.after_prose < MAX_CITATION_SENTENCES:
                _citation_sentence(text, r, mine, units, drafts)
                r.after_prose += 1
        else:
            if not mine and r.last_cite is not None and _ANAPHORA.match(text, sentence.start):
                r.pending, r.anaphor = claims, r.last_cite  # "X, cite. There, the court stated that '...'"
            r.open_quotes, r.tail_quotes = _clausal(text, sentence, mine, units, claims, drafts)
            r.prose, r.after_prose = sentence, 0
        r.last_cite = mine[-1] if mine else None
    return r


def _flush(reading: _Reading, drafts: list[_Draft]) -> None:
    if reading.pending and reading.anaphor is not None:
        drafts[reading.anaphor].quotes.extend(reading.pending)


def _claims_in(text: str, quotes: tuple[Quote, ...], sentence: Span) -> list[Quote]:
    """The claims among the quotations (in order) that start in the sentence."""
    first = bisect.bisect_left(quotes, sentence.start, key=lambda q: q.span.start)
    last = bisect.bisect_left(quotes, sentence.end, lo=first, key=lambda q: q.span.start)
    return [q for q in quotes[first:last] if _is_claim(text, q)]


def _within(unit: Unit, q: Quote) -> bool:
    return unit.start <= q.span.start < unit.end


_NAMED_TERM = re.compile(
    r"\s*(?:(?:or|and)\s+[\"“][^\"”]{1,60}[\"”]\s*)?(?:test|standard|doctrine|rule|language|clause|"
    r"requirement|exception|approach|inquiry|prong)s?\b",
    re.I,
)
_DEFINED_TERM = re.compile(r"\((?:the|hereinafter|collectively)?\s*[\"“]$", re.I)


def _is_claim(text: str, q: Quote) -> bool:
    """A quotation of two words or more that is neither a defined term (``(the "Statement")``)
    nor the name of a test (``the "shock the conscience" or "unconscionable" test``)."""
    defined = _DEFINED_TERM.search(text, max(0, q.span.start - 20), q.span.start) is not None
    if defined and text[q.span.end + 1 : q.span.end + 2] == ")":
        return False
    return len(q.text.split()) >= 2 and not _NAMED_TERM.match(text, q.span.end + 1)


def _citation_sentence(
    text: str, r: _Reading, mine: list[int], units: list[Unit], drafts: list[_Draft]
) -> None:
    """Rules 1 and 4: every unit is offered for the prose before; the first unit of the first
    citation sentence also for its open quotations."""
    proposition = _proposition(text, r.prose, units) if r.prose else None
    for i in mine:
        drafts[i].proposition = drafts[i].proposition or proposition
    if r.after_prose == 0:
        first = units[mine[0]]
        drafts[mine[0]].quotes.extend(r.open_quotes)
        if first.form is not CiteForm.FULL:  # "In X, cite, the court reasoned that '...'. Id. at 5."
            drafts[mine[0]].quotes.extend(r.tail_quotes)


def _clausal(
    text: str, sentence: Span, mine: list[int], units: list[Unit], claims: list[Quote], drafts: list[_Draft]
) -> tuple[list[Quote], list[Quote]]:
    """Attach the gaps of a prose sentence to its units (rules 2 and 4); returns the
    sentence's open quotations and those a cite before them claimed."""
    cursor, k = sentence.start, 0
    run: list[int] = []  # units joined into one subject or string ("In A, cite, and B, cite, the ...")
    run_lead, run_opens = "", False  # the text before the run; whether it opens the sentence
    taken: list[Quote] = []
    tail_taken: list[Quote] = []
    ends = _clause_ends(text, mine, units)
    while k < len(mine):
        i, unit = mine[k], units[mine[k]]
        lead = Span(cursor, max(cursor, unit.start))
        gap = text[lead.start : lead.end]
        if run and _STRING_JOIN.fullmatch(gap):
            drafts[i].proposition = drafts[run[-1]].proposition
            run.append(i)
        else:
            taken.extend(_take(drafts[i], claims, lead))
            source = _QUOTING_LEAD.search(gap) is not None  # "…" ibid., quoting Y: Y's words, not its claim
            drafts[i].proposition = None if source else _proposition(text, _without_signal(text, lead), units)
            run, run_lead, run_opens = [i], gap, k == 0
        end = ends[k]
        tail = Span(unit.end, max(unit.end, units[mine[end]].start if end < len(mine) else sentence.end))
        subject = run_opens and _SUBJECT_LEAD.fullmatch(run_lead) is not None
        if _STRING_JOIN.fullmatch(text, tail.start, tail.end) or not _owns_tail(
            text, run_lead, tail, subject
        ):
            cursor, k = unit.end, k + 1
            continue
        tail_taken.extend(_take(drafts[i], claims, tail))
        claim = _proposition(text, _without_signal(text, _after_attribution(text, tail)), units)
        for j in run:
            drafts[j].proposition = claim or drafts[j].proposition
        cursor, k = tail.end, end
    open_quotes = [q for q in claims if q not in taken and q not in tail_taken]
    return open_quotes, tail_taken


def _take(draft: _Draft, claims: list[Quote], span: Span) -> list[Quote]:
    mine = [q for q in claims if span.start <= q.span.start < span.end]
    draft.quotes.extend(mine)
    return mine


def _clause_ends(text: str, mine: list[int], units: list[Unit]) -> list[int]:
    """For each k, the first unit after the k-th that opens a claim of its own (joined by
    ``;`` or a signal, or followed by an attribution); units before it are only mentioned.
    One pass from the end, so that a sentence of many cites takes linear time."""
    ends = [len(mine)] * len(mine)
    for j in range(len(mine) - 1, 0, -1):
        gap = text[units[mine[j - 1]].end : units[mine[j]].start]
        after = units[mine[j]].end
        opens = _STRING_JOIN.fullmatch(gap) or _ATTRIBUTION.match(text, after, after + 200)
        ends[j - 1] = j if opens else ends[j]
    return ends


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
    for k in range(bisect.bisect_left(units, passage.start, key=lambda u: u.start), len(units)):
        u = units[k]
        if u.start >= passage.end:
            break
        if passage.start <= u.start and u.end <= passage.end:
            own = own.replace(text[u.start : u.end], " ")
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z’']{2,}", own) if w.lower() not in _CONTENT_STOP]
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


def _claims_by_id(units: list[Unit], drafts: list[_Draft], silent: set[int]) -> dict[str, Claims]:
    """Each unit's claims on each of its citations. A unit inside another's parenthetical keeps
    only what it was given there (its own parentheticals, or the words it is quoted for)."""
    out: dict[str, Claims] = {}
    for i, (unit, draft) in enumerate(zip(units, drafts, strict=True)):
        if i in silent or not unit.is_case:
            continue
        quotes = tuple(sorted(set(draft.quotes), key=lambda q: q.span.start))
        claims = Claims(quotes, draft.proposition if unit.parent is None else None, draft.parenthetical)
        if claims != Claims():
            out.update(dict.fromkeys(unit.ids, claims))
    return out

"""Block quotations: a paragraph set off from the prose, offered as one quotation of a cite.

A paragraph is a block quote when every line is indented (and indentation sets paragraphs
apart in this document), every line starts with ``>``, or the paragraph before it ends
with a colon after words that introduce a quotation ("the court explained:"). Its cite is
the citation sentence that ends it, else the one that opens the next paragraph, else the
last cite of the introducing sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from citeproof.core.extraction.clauses import Paragraph, Unit, is_citation_sentence
from citeproof.core.models import Quote, Span

MIN_WORDS = 6
# A colon introduces a quotation only after words that say so ("the court explained:").
_INTRO_CUE = re.compile(
    r"\b(?:stated|states|explained|explains|held|holds|wrote|writes|observed|observes|noted|notes|said|"
    r"says|reasoned|put it|as follows|provides|provided|reads|read|emphasized|concluded|added|declared|"
    r"continued|opined|remarked|instructed|recognized|described|summarized|quoted|acknowledged|"
    r"addressed|cautioned|warned|in part|in full|language)\b[^:]{0,80}:$",
    re.I,
)


@dataclass(frozen=True, slots=True)
class BlockQuote:
    paragraph: Span
    quote: Quote
    unit: int  # index of the unit it is attributed to
    intro: tuple[Span, ...]  # prose sentences introducing it, nearest first
    intro_unit: int | None  # the cite of the introducing sentence, if it has one
    quoted_units: tuple[int, ...]  # cites inside the quotation: quoted matter


def block_quotes(
    text: str, units: list[Unit], paras: list[Paragraph], lines: Callable[[Span], str]
) -> list[BlockQuote]:
    """``lines``: the document's own lines behind a span of ``text`` (their indentation)."""
    indented = [_indented(lines(p.span)) for p in paras]
    informative = sum(indented) * 2 < len(paras)
    found = []
    for k, para in enumerate(paras):
        marked = _quoted_lines(lines(para.span)) or (informative and indented[k])
        introduced = k > 0 and _introduces(text, paras[k - 1].span)
        if not (marked or introduced) or _not_a_block(text, para, units):
            continue
        block = _attach(text, paras, k, units)
        if block is not None:
            found.append(block)
    return found


def _introduces(text: str, span: Span) -> bool:
    if text[span.end - 1] != ":":
        return False
    return _INTRO_CUE.search(text, max(span.start, span.end - 200), span.end) is not None


def _indented(lines: str) -> bool:
    return all(re.match(r"(?: {2,}|\t)\S", line) for line in lines.split("\n") if line.strip())


def _quoted_lines(lines: str) -> bool:
    return all(line.lstrip().startswith(">") for line in lines.split("\n") if line.strip())


def _not_a_block(text: str, para: Paragraph, units: list[Unit]) -> bool:
    body = text[para.span.start : para.span.end].lstrip("> \t")
    starts_with_cite = any(units[i].start <= para.span.start + 2 for i in para.units)
    return (
        body[:1] in '"“'
        or starts_with_cite
        or len(body.split()) < MIN_WORDS
        or body.rstrip().endswith(":")
        or body.lstrip().startswith("#")
    )


def _attach(text: str, paras: list[Paragraph], k: int, units: list[Unit]) -> BlockQuote | None:
    cited = _block_cite(text, paras, k, units)
    quote = _quote(text, Span(paras[k].span.start, cited[1])) if cited else None
    if cited is None or quote is None:
        return None
    intro, intro_unit = _intro(paras, k, units)
    quoted = tuple(i for i in paras[k].units if units[i].cite_start < cited[1])
    return BlockQuote(paras[k].span, quote, cited[0], intro, intro_unit, quoted)


def _block_cite(text: str, paras: list[Paragraph], k: int, units: list[Unit]) -> tuple[int, int] | None:
    """The block's unit and where its quotation ends: the citation sentence that ends the
    block, else the one opening the next paragraph, else the last cite introducing it."""
    para = paras[k]
    last = para.sentences[-1]
    trailing = _units_in(last, para.units, units)
    if trailing and is_citation_sentence(text, last, [units[i] for i in trailing]):
        return trailing[0], last.start
    if k + 1 < len(paras) and paras[k + 1].sentences:
        first = paras[k + 1].sentences[0]
        opening = _units_in(first, paras[k + 1].units, units)
        if opening and is_citation_sentence(text, first, [units[i] for i in opening]):
            return opening[0], para.span.end
    if k > 0 and paras[k - 1].sentences:
        cited = _units_in(paras[k - 1].sentences[-1], paras[k - 1].units, units)
        if cited:
            return cited[-1], para.span.end
    return None


def _units_in(sentence: Span, candidates: tuple[int, ...], units: list[Unit]) -> list[int]:
    return [i for i in candidates if sentence.start <= units[i].cite_start < sentence.end]


def _quote(text: str, span: Span) -> Quote | None:
    chunk = text[span.start : span.end]
    stripped = chunk.strip()
    if len(stripped.split()) < MIN_WORDS:
        return None
    start = span.start + len(chunk) - len(chunk.lstrip())
    return Quote(stripped, Span(start, start + len(stripped)))


def _intro(paras: list[Paragraph], k: int, units: list[Unit]) -> tuple[tuple[Span, ...], int | None]:
    """The last two sentences before the block, up to one with a cite (which is returned)."""
    if k == 0:
        return (), None
    before = paras[k - 1]
    prose: list[Span] = []
    for sentence in reversed(before.sentences[-2:]):
        cited = _units_in(sentence, before.units, units)
        if cited:
            return tuple(prose), cited[-1] if not prose else None
        prose.append(sentence)
    return tuple(prose), None

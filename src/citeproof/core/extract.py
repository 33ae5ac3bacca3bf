"""Document → citations: eyecite for the cites, our own parsing for everything around them.

One public verb, `extract_citations`. eyecite runs paragraph by paragraph with a
precomputed court table (see `courts.py`); years, courts and case names are read
from the text between neighbouring citations, so they never bleed across them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from citeproof.core.context import (
    Sentences,
    case_name_before,
    explanatory_parenthetical,
    quotes_in,
    starts_citation_sentence,
    year_paren_after,
)
from citeproof.core.courts import court_by_paren, eyecite_court_lookup
from citeproof.core.editions import find_unlisted_editions
from citeproof.core.models import Citation, CitationType, CiteForm, Document, Quote, Span
from citeproof.core.statutes.us import find_statutes

_PARAGRAPH = re.compile(r"\n\s*\n")
_PIN_NUMBERS = re.compile(r"\*?(\d+)(?:\s*[-–—]\s*(\d+))?")


@dataclass(frozen=True, slots=True)
class _RawCite:
    """One eyecite citation, shifted to document offsets."""

    form: CiteForm
    span: Span
    pin_end: int
    volume: str | None
    reporter: str | None
    page: str | None
    pin: str | None
    antecedent_guess: str | None
    is_law: bool = False
    title: str | None = None
    section: str | None = None
    eyecite_name: str | None = None  # eyecite's own parties, used when our parse finds none
    name_start: int | None = None


def extract_citations(document: Document) -> tuple[Citation, ...]:
    """Every case and statute citation of ``document``, in order of appearance."""
    text = document.text
    raws = _with_unlisted_editions(text, list(_eyecite_citations(text)))
    sentences = Sentences(text)
    cases = _assemble_cases(text, [r for r in raws if not r.is_law], sentences)
    statutes = _statutes(text, [r for r in raws if r.is_law], {c.span for c in cases})
    ordered = sorted(cases + statutes, key=lambda c: c.span.start)
    ids = {c.id: f"c{i + 1}" for i, c in enumerate(ordered)}
    return tuple(
        replace(
            c,
            id=ids[c.id],
            antecedent_id=ids.get(c.antecedent_id) if c.antecedent_id else None,
            parallel_ids=tuple(ids[p] for p in c.parallel_ids),
        )
        for c in ordered
    )


def _with_unlisted_editions(text: str, raws: list[_RawCite]) -> list[_RawCite]:
    """Add the cites to editions a series never had ("446 Cal. Rptr. 4th 183"), which
    eyecite does not know and skips (see `editions.py`)."""
    extra = [
        _RawCite(CiteForm.FULL, e.span, e.span.end, e.volume, e.edition.reporter, e.page, None, None)
        for e in find_unlisted_editions(text)
        if not any(r.span.start < e.span.end and e.span.start < r.span.end for r in raws)
    ]
    return sorted(raws + extra, key=lambda r: r.span.start) if extra else raws


def paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """Paragraphs with their offsets: eyecite's cost grows faster than linearly with its
    input (measured: 0.28 s per paragraph vs 0.47 s in 3,000-character runs on a
    1,000-citation brief), and a paragraph break never splits a citation."""
    start = 0
    for m in _PARAGRAPH.finditer(text):
        yield start, text[start : m.start()]
        start = m.end()
    yield start, text[start:]


def _eyecite_citations(text: str) -> Iterator[_RawCite]:
    from eyecite import get_citations
    from eyecite.models import (
        FullCaseCitation,
        FullLawCitation,
        IdCitation,
        ShortCaseCitation,
        SupraCitation,
    )

    for offset, para in paragraphs(text):
        if not re.search(r"\d|\bid\.|\bsupra\b", para, re.I):
            continue
        with eyecite_court_lookup:  # eyecite's court lookup from our precomputed table
            found = list(_without_nominative_overlaps(para, get_citations))
        for cite in found:
            start, end = cite.span()
            meta = cite.metadata
            pin_end = (getattr(meta, "pin_cite_span_end", None) or end) + offset
            if isinstance(cite, FullLawCitation):
                yield _RawCite(
                    CiteForm.FULL,
                    Span(start + offset, end + offset),
                    pin_end,
                    None,
                    cite.groups.get("reporter"),
                    None,
                    None,
                    None,
                    True,
                    cite.groups.get("title") or cite.groups.get("chapter"),
                    cite.groups.get("section"),
                )
                continue
            form = {
                FullCaseCitation: CiteForm.FULL,
                ShortCaseCitation: CiteForm.SHORT,
                IdCitation: CiteForm.ID,
                SupraCitation: CiteForm.SUPRA,
            }.get(type(cite))
            if form is None:
                continue
            reporter = cite.corrected_reporter() if form in (CiteForm.FULL, CiteForm.SHORT) else None
            plaintiff, defendant = getattr(meta, "plaintiff", None), getattr(meta, "defendant", None)
            name = f"{plaintiff} v. {defendant}" if plaintiff and defendant else None
            full_start = getattr(cite, "full_span_start", None)
            yield _RawCite(
                form,
                Span(start + offset, end + offset),
                pin_end,
                cite.groups.get("volume"),
                reporter,
                cite.groups.get("page"),
                getattr(meta, "pin_cite", None),
                getattr(meta, "antecedent_guess", None),
                eyecite_name=name,
                name_start=full_start + offset if full_start is not None else None,
            )


_NUMBERED_CITE = re.compile(r"\s*\d+\s+[A-Z][\w.' ]{0,24}?\s+\d+")


def _without_nominative_overlaps(para: str, get_citations):  # type: ignore[no-untyped-def]
    """eyecite 2.6 reads a party named like a nominative reporter ("Smith v. Thompson,
    359 Ill. App. 3d 944") as ``Thompson, 359`` and drops the real cite it overlaps.
    Blank out such a party (same length, so offsets hold) and extract again."""
    found = get_citations(para)
    masked = para
    for cite in found:
        start, end = cite.span()
        if (
            type(cite).__name__ == "FullCaseCitation"
            and not cite.groups.get("volume")
            and _NUMBERED_CITE.match(para, para.find(",", start, end) + 1 or end)
        ):
            comma = para.find(",", start, end)
            masked = masked[:start] + " " * (comma - start) + masked[comma:]
    return found if masked == para else get_citations(masked)


def parse_pin_pages(pin: str | None) -> tuple[int, ...]:
    """``"495"``, ``"at 494"``, ``"495-96"``, ``"495 n.5"`` → the pages they name."""
    if not pin:
        return ()
    pages: list[int] = []
    body = re.sub(r"\bn+\.\s*\d+", "", pin.replace("at", " "))
    for m in _PIN_NUMBERS.finditer(body):
        first = int(m.group(1))
        if m.group(2):
            last_digits = m.group(2)
            last = (
                int(str(first)[: -len(last_digits)] + last_digits)
                if len(last_digits) < len(str(first))
                else int(last_digits)
            )
            pages.extend(range(first, min(last, first + 60) + 1) if last >= first else [first])
        else:
            pages.append(first)
    return tuple(dict.fromkeys(pages))


def _assemble_cases(text: str, raws: list[_RawCite], sentences: Sentences) -> list[Citation]:
    out: list[Citation] = []
    floor = 0
    i = 0
    while i < len(raws):
        raw = raws[i]
        if raw.form is CiteForm.FULL and _is_pin_reference(text, raw, out, floor):
            raw = replace(raw, form=CiteForm.SHORT, pin=raw.page, antecedent_guess=None)
        if raw.form is not CiteForm.FULL:
            out.append(_short_form(text, raw, out, sentences))
            floor = out[-1].span.end
            i += 1
            continue
        group = [raw]
        while i + len(group) < len(raws) and _is_parallel(text, group[-1], raws[i + len(group)]):
            group.append(raws[i + len(group)])
        out.extend(_full_group(text, group, floor, sentences, len(out)))
        floor = out[-1].span.end
        i += len(group)
    return out


PIN_REFERENCE_PAGES = 150


def _is_pin_reference(text: str, raw: _RawCite, earlier: list[Citation], floor: int) -> bool:
    """A nameless full-form cite (``At 387 U.S. 108, ...``) a few pages into a case the
    document already cited in the same volume: a pin reference to it, not a new case."""
    if case_name_before(text, raw.span.start, floor) is not None or not (raw.page or "").isdigit():
        return False
    if raw.eyecite_name and raw.name_start is not None and raw.name_start >= floor:
        return False
    page = int(raw.page or 0)
    return any(
        c.form is CiteForm.FULL
        and (c.volume, c.reporter) == (raw.volume, raw.reporter)
        and (c.page or "").isdigit()
        and int(c.page or 0) < page <= int(c.page or 0) + PIN_REFERENCE_PAGES
        for c in earlier
    )


def _is_parallel(text: str, prev: _RawCite, nxt: _RawCite) -> bool:
    between = text[prev.pin_end : nxt.span.start]
    return nxt.form is CiteForm.FULL and bool(re.fullmatch(r"\s*,\s*", between))


def _full_group(
    text: str, group: list[_RawCite], floor: int, sentences: Sentences, base: int
) -> list[Citation]:
    first, last = group[0], group[-1]
    name = case_name_before(text, first.span.start, floor)
    if (
        name is None
        and first.eyecite_name
        and first.name_start is not None
        and floor <= first.name_start < first.span.start
    ):  # no bleed past the floor
        name = (first.eyecite_name, Span(first.name_start, first.span.start))
    paren = year_paren_after(text, last.span.end)
    end = paren.span.end if paren else last.pin_end
    explanatory = explanatory_parenthetical(text, end)
    court = court_by_paren(paren.court_text) if paren and paren.court_text else None
    if court is None and last.reporter in {"U.S.", "S. Ct.", "L. Ed.", "L. Ed. 2d"}:
        court = "scotus"
    # The sentence is found from the name's start: a splitter may break inside a name
    # ("Pav. Co."), and the quote before the name still belongs to this citation.
    anchor = name[1].start if name else first.span.start
    quotes, proposition = _support(text, anchor, first.span.start, explanatory, sentences)
    ids = [f"tmp{base + k}" for k in range(len(group))]
    citations = []
    for k, raw in enumerate(group):
        pin = raw.pin
        citations.append(
            Citation(
                id=ids[k],
                type=CitationType.CASE,
                form=CiteForm.FULL,
                text=text[raw.span.start : raw.pin_end],
                span=Span(raw.span.start, raw.pin_end),
                volume=raw.volume,
                reporter=raw.reporter,
                page=raw.page,
                pin_pages=parse_pin_pages(pin),
                pin_text=pin,
                case_name=name[0] if name else None,
                case_name_span=name[1] if name else None,
                year=paren.year if paren else None,
                court=court,
                quotes=quotes,
                proposition=proposition[0] if proposition else None,
                proposition_span=proposition[1] if proposition else None,
                parenthetical=explanatory[0] if explanatory else None,
                parallel_ids=tuple(x for x in ids if x != ids[k]),
            )
        )
    return citations


def _support(
    text: str,
    anchor: int,
    cite_start: int,
    explanatory: tuple[str, Span] | None,
    sentences: Sentences,
) -> tuple[tuple[Quote, ...], tuple[str, Span] | None]:
    """Quotes and proposition a citation is offered for (its sentence, or the one before)."""
    index = sentences.index_at(anchor)
    s_start, _ = sentences.span(index)
    if starts_citation_sentence(text, s_start, cite_start) and index > 0:
        back = index - 1
        while back > 0 and index - back < 4 and _is_citation_sentence(text, sentences, back):
            back -= 1
        p_start, p_end = sentences.span(back)
        # Quotes over a skipped citation sentence belong to that citation, not this one.
        quotes = quotes_in(text, p_start, p_end) if back == index - 1 else ()
        proposition = _trimmed(text, p_start, p_end)
    else:
        quotes = quotes_in(text, s_start, max(cite_start, s_start))
        proposition = _trimmed(text, s_start, cite_start)
    if explanatory:
        quotes += quotes_in(text, explanatory[1].start, explanatory[1].end)
        proposition = proposition or (explanatory[0], explanatory[1])
    return quotes, proposition


def _is_citation_sentence(text: str, sentences: Sentences, index: int) -> bool:
    start, end = sentences.span(index)
    m = re.search(r"\b\d+\s+[A-Z][\w. ]{0,20}?\s+\d+|\b[Ii]d\.|\bsupra\b", text[start:end])
    return m is not None and starts_citation_sentence(text, start, start + m.start())


def _trimmed(text: str, start: int, end: int) -> tuple[str, Span] | None:
    chunk = text[start:end]
    stripped = chunk.strip().rstrip(",;")
    if len(stripped.split()) < 3:
        return None
    lead = len(chunk) - len(chunk.lstrip())
    return stripped, Span(start + lead, start + lead + len(stripped))


def _short_form(text: str, raw: _RawCite, earlier: list[Citation], sentences: Sentences) -> Citation:
    target = _antecedent(raw, earlier)
    pin = raw.pin if raw.form is not CiteForm.SHORT else (raw.pin or raw.page)
    quotes, proposition = _support(text, raw.span.start, raw.span.start, None, sentences)
    base = dict(
        id=f"tmp{len(earlier)}",
        type=CitationType.CASE,
        form=raw.form,
        text=text[raw.span.start : raw.pin_end],
        span=Span(raw.span.start, raw.pin_end),
        pin_pages=parse_pin_pages(pin),
        pin_text=pin,
        quotes=quotes,
        proposition=proposition[0] if proposition else None,
        proposition_span=proposition[1] if proposition else None,
    )
    if target is None:
        return Citation(volume=raw.volume, reporter=raw.reporter, **base)  # type: ignore[arg-type]
    return Citation(
        volume=target.volume,
        reporter=target.reporter,
        page=target.page,
        case_name=target.case_name,
        year=target.year,
        court=target.court,
        antecedent_id=target.id,
        **base,  # type: ignore[arg-type]
    )


def _antecedent(raw: _RawCite, earlier: list[Citation]) -> Citation | None:
    """The full citation a short form, ``id.`` or ``supra`` refers to."""
    if not earlier:
        return None
    if raw.form is CiteForm.ID:
        return _full_of(earlier[-1], earlier)
    guess = (raw.antecedent_guess or "").lower().strip(" ,")
    fallback = None
    for cand in reversed(earlier):
        if cand.form is not CiteForm.FULL:
            continue
        if raw.form is CiteForm.SHORT and (cand.volume, cand.reporter) != (raw.volume, raw.reporter):
            continue
        if not guess or (cand.case_name and guess in cand.case_name.lower()):
            # A short form names its own reporter ("106 S. Ct. at 2553"): it points to
            # that cite of a parallel group, whose pagination its pin follows.
            return cand if raw.form is CiteForm.SHORT else _primary(cand, earlier)
        if raw.form is CiteForm.SHORT and fallback is None:
            fallback = cand  # same volume and reporter, but the name written differs
    return fallback


def _full_of(citation: Citation, earlier: list[Citation]) -> Citation | None:
    if citation.form is CiteForm.FULL:
        return _primary(citation, earlier)
    if citation.antecedent_id is None:
        return None
    found = next((c for c in reversed(earlier) if c.id == citation.antecedent_id), None)
    return _primary(found, earlier) if found else None  # id. pins follow the first reporter


def _primary(citation: Citation, earlier: list[Citation]) -> Citation:
    """The first cite of a parallel group (the one short forms and id. point to)."""
    if not citation.parallel_ids:
        return citation
    group = set(citation.parallel_ids)
    index = len(earlier) - 1
    while index >= 0 and earlier[index].span.start > citation.span.start:
        index -= 1
    while index >= 0 and (earlier[index].id in group or earlier[index] is citation):
        index -= 1
    return earlier[index + 1] if index + 1 < len(earlier) else citation


def _statutes(text: str, law_raws: list[_RawCite], case_spans: set[Span]) -> list[Citation]:
    found: list[Citation] = []
    taken: list[Span] = list(case_spans)
    for raw in law_raws:
        found.append(_statute(text, raw.span, raw.reporter or "", raw.title, raw.section or ""))
        taken.append(raw.span)
    for cite in find_statutes(text):
        if any(cite.span.start < t.end and t.start < cite.span.end for t in taken):
            continue
        found.append(_statute(text, cite.span, cite.code, cite.title, cite.section))
        taken.append(cite.span)
    return found


def _statute(text: str, span: Span, code: str, title: str | None, section: str) -> Citation:
    return Citation(
        id=f"law{span.start}",
        type=CitationType.STATUTE,
        form=CiteForm.FULL,
        text=span.slice(text),
        span=span,
        statute_code=code,
        statute_title=title,
        statute_section=section,
    )

"""Document → citations: eyecite for the cites (`raw_cites.py`), our own parsing for
everything around them.

One public verb, `extract_citations`. Years, courts and case names are read from the text
between neighbouring citations, so they never bleed across them; parallels are grouped and
short forms bound here.
"""

from __future__ import annotations

import re
from dataclasses import replace

from citeproof.core.extraction.attribution import Claims, attribute
from citeproof.core.extraction.raw_cites import RawCite, raw_citations
from citeproof.core.extraction.record_cites import maybe_the_record, record_cites
from citeproof.core.extraction.short_forms import Antecedents, Binding, Hint
from citeproof.core.extraction.statute_citations import LawCite, statute_citations
from citeproof.core.extraction.statutes.ua import ua_citations
from citeproof.core.extraction.statutes.us import find_statutes
from citeproof.core.limits import Budget, unbounded
from citeproof.core.models import Citation, CitationType, CiteForm, Document, Span
from citeproof.core.reading.layout import ReadingText, in_document, reading_text
from citeproof.core.text.context import HISTORY_BEFORE, Sentences, case_name_before, year_paren_after
from citeproof.core.text.courts import court_by_paren
from citeproof.core.text.pins import PIN_WINDOW, is_first_page_list, parse_pin_pages


def extract_citations(document: Document, budget: Budget | None = None) -> tuple[Citation, ...]:
    """Every case and statute citation of ``document``, in order of appearance.

    ``budget`` (a check's deadline and citation cap) is polled between pieces of text and
    between citations: past either, `LimitExceeded` is raised at once, mid-extraction.

    Read without the document's page markers and with its white space collapsed
    (`reading_text`); every span is then moved back to the document's own offsets.
    Ukrainian statute citations (`ua_citations`, ids ``ua0``, ``ua1``, …) are read from
    the document's own text and placed among the others by where they begin."""
    budget = budget or unbounded()
    reading = reading_text(document.text)
    text = reading.text
    raws = raw_citations(text, budget)
    budget.tick("extracting citations: splitting sentences")
    sentences = Sentences(text)
    laws = [r for r in raws if r.is_law]
    unmarked = find_statutes(text)  # statutes eyecite does not read
    statute_spans = [r.span for r in laws] + [s.span for s in unmarked]
    cases = _assemble_cases(text, [r for r in raws if not r.is_law], sentences, statute_spans, budget)
    read_laws = [LawCite(r.span, r.reporter or "", r.title, r.section) for r in laws]
    statutes = statute_citations(text, read_laws, unmarked, {c.span for c in cases})
    ordered = sorted(cases + statutes, key=lambda c: c.span.start)
    budget.found(len(ordered))
    claims = attribute(text, tuple(ordered), sentences, reading, document.text, budget)
    ids = {c.id: f"c{i + 1}" for i, c in enumerate(ordered)}
    finished = [_finished(c, claims.get(c.id), ids, reading) for c in ordered]
    return tuple(sorted(finished + ua_citations(document.text), key=lambda c: c.span.start))


def _finished(c: Citation, claims: Claims | None, ids: dict[str, str], reading: ReadingText) -> Citation:
    """``c`` with its claims and final ids, its spans moved to the document (`in_document`):
    one copy of the citation instead of one per step."""
    changes: dict[str, object] = {
        "id": ids[c.id],
        "antecedent_id": ids.get(c.antecedent_id) if c.antecedent_id else None,
        "parallel_ids": tuple(ids[p] for p in c.parallel_ids),
    }
    if claims is not None:
        proposition, parenthetical = claims.proposition, claims.parenthetical
        changes.update(
            quotes=claims.quotes,
            proposition=proposition[0] if proposition else None,
            proposition_span=proposition[1] if proposition else None,
            parenthetical=parenthetical[0] if parenthetical else None,
            parenthetical_span=parenthetical[1] if parenthetical else None,
        )
    return in_document(c, reading, **changes)


_BLANK_LINE = re.compile(r"\n[ \t]*\n")  # a paragraph break


def _assemble_cases(
    text: str, raws: list[RawCite], sentences: Sentences, statute_spans: list[Span], budget: Budget
) -> list[Citation]:
    antecedents = Antecedents(text, statute_spans)
    records = record_cites(text, raws)
    out: list[Citation] = []
    first_pages = _FirstPages(out)
    floor = 0
    i = 0
    while i < len(raws):
        budget.tick("reading case names and short forms")
        raw = raws[i]
        record = records.judgement(Span(raw.span.start, raw.pin_end))
        if record is not None and record.is_record:  # the brief's record: no citation
            antecedents.add_record(Span(raw.span.start, raw.pin_end))
            floor, i = raw.pin_end, i + 1
            continue
        name = case_name_before(text, raw.span.start, floor) if raw.form is CiteForm.FULL else None
        if raw.form is CiteForm.FULL and _is_pin_reference(text, raw, name, first_pages, floor):
            raw = replace(raw, form=CiteForm.SHORT, pin=raw.page, antecedent_guess=None)
        if raw.form is not CiteForm.FULL:
            then = _cite_run_into(text, raw, raws[i + 1] if i + 1 < len(raws) else None)
            out.append(_short_form(text, raw, len(out), sentences, antecedents, then))
            i = _trailing_parallels(text, raws, i + 1, raw, out, sentences, antecedents)
            floor = out[-1].span.end
            continue
        group = [raw]
        while i + len(group) < len(raws) and _is_parallel(text, group[-1], raws[i + len(group)]):
            group.append(raws[i + len(group)])
        cites = _full_group(text, group, name, floor, len(out))
        if record is not None and record.weight:  # perhaps the record: no verdict of fabrication
            cites = [replace(c, abstention=maybe_the_record(record)) for c in cites]
            for c in cites:
                antecedents.add_short(c, Binding(abstention=c.abstention))
        else:
            antecedents.add_full(cites)
        out.extend(cites)
        floor = out[-1].span.end
        i += len(group)
    return out


def _trailing_parallels(
    text: str,
    raws: list[RawCite],
    i: int,
    short: RawCite,
    out: list[Citation],
    sentences: Sentences,
    antecedents: Antecedents,
) -> int:
    """Nameless full cites right after a short form (``Id. at 431, 111 S. Ct. 2382``) are
    its parallels; one a few pages into a case already cited is a pin in that reporter
    (``364 U.S. 344, 81 S. Ct. 125, 5 L. Ed. 2d 115``). Returns the next raw's index."""
    prev, anchor = short, len(out) - 1
    while i < len(raws) and _is_parallel(text, prev, raws[i]):
        raw, floor = raws[i], out[-1].span.end
        name = case_name_before(text, raw.span.start, floor)
        if _is_pin_reference(text, raw, name, _FirstPages(out), floor):
            pin = replace(raw, form=CiteForm.SHORT, pin=raw.page, antecedent_guess=None)
            out.append(_short_form(text, pin, len(out), sentences, antecedents))
        else:
            (cite,) = _full_group(text, [raw], name, floor, len(out))
            repeated = out[anchor]
            cite = replace(cite, parallel_ids=(repeated.id,))
            out[anchor] = replace(repeated, parallel_ids=(*repeated.parallel_ids, cite.id))
            antecedents.add_full([cite], trailing=repeated)
            out.append(cite)
        prev = raw
        i += 1
    return i


def _cite_run_into(text: str, raw: RawCite, nxt: RawCite | None) -> Hint | None:
    """``Id., 458 U.S. at 801`` or ``Id. at 431, 111 S. Ct. 2382``: the volume, reporter
    and pins of the cite an ``id.`` runs into."""
    if raw.form is not CiteForm.ID or nxt is None or nxt.form not in (CiteForm.SHORT, CiteForm.FULL):
        return None
    if not re.fullmatch(r"\s*,\s*", text[raw.pin_end : nxt.span.start]):
        return None
    pin = (nxt.pin or nxt.page) if nxt.form is CiteForm.SHORT else nxt.pin
    return nxt.volume, nxt.reporter, parse_pin_pages(pin)


class _FirstPages:
    """The pages at which the full cites of a growing list begin, by volume and reporter
    (the list only grows, and a cite once in it keeps its form and pages)."""

    def __init__(self, cites: list[Citation]) -> None:
        self.cites = cites
        self.seen = 0
        self.pages: dict[tuple[str | None, str | None], list[int]] = {}

    def of(self, volume: str | None, reporter: str | None) -> list[int]:
        for c in self.cites[self.seen :]:
            if c.form is CiteForm.FULL and (c.page or "").isdigit():
                self.pages.setdefault((c.volume, c.reporter), []).append(int(c.page or 0))
        self.seen = len(self.cites)
        return self.pages.get((volume, reporter), [])


def _is_pin_reference(
    text: str, raw: RawCite, name: tuple[str, Span] | None, earlier: _FirstPages, floor: int
) -> bool:
    """A nameless full-form cite (``At 387 U.S. 108, ...``) a few pages into a case the
    document already cited in the same volume: a pin reference to it, not a new case.
    ``name``: the case name written before it (`case_name_before`), if any. A cite of a
    case's later history (``aff'd, 471 U.S. 359``) or with a year of its own is a case."""
    if name is not None or not (raw.page or "").isdigit():
        return False
    if HISTORY_BEFORE.search(text, max(0, raw.span.start - 60), raw.span.start):
        return False
    if year_paren_after(text, raw.pin_end) is not None:
        return False
    if raw.eyecite_name and raw.name_start is not None and raw.name_start >= floor:
        return False
    page = int(raw.page or 0)
    same_volume = earlier.of(raw.volume, raw.reporter)
    # A page that begins a case already cited is that case, not a pin into its neighbour.
    return page not in same_volume and any(first < page <= first + PIN_WINDOW for first in same_volume)


def _is_parallel(text: str, prev: RawCite, nxt: RawCite) -> bool:
    """A full cite right after another, a comma between, in the same paragraph (a table of
    authorities' last entry, ``117 A.2d 110 16,``, is not the parallel of the text's first
    cite in the next paragraph)."""
    between = text[prev.pin_end : nxt.span.start]
    return (
        nxt.form is CiteForm.FULL
        and bool(re.fullmatch(r"\s*,\s*", between))
        and not _BLANK_LINE.search(between)
    )


def _full_group(
    text: str, group: list[RawCite], name: tuple[str, Span] | None, floor: int, base: int
) -> list[Citation]:
    """The citations of one full cite and its parallels; ``name``: the case name written
    before the first (`case_name_before`), if any."""
    first, last = group[0], group[-1]
    if (
        name is None
        and first.eyecite_name
        and first.name_start is not None
        and floor <= first.name_start < first.span.start
    ):  # no bleed past the floor
        name = (first.eyecite_name, Span(first.name_start, first.span.start))
    paren = year_paren_after(text, last.span.end)
    court = court_by_paren(paren.court_text) if paren and paren.court_text else None
    if court is None and last.reporter in {"U.S.", "S. Ct.", "L. Ed.", "L. Ed. 2d"}:
        court = "scotus"
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
                pin_pages=() if is_first_page_list(raw.page, pin) else parse_pin_pages(pin),
                pin_text=pin,
                case_name=name[0] if name else None,
                case_name_span=name[1] if name else None,
                year=paren.year if paren else None,
                court=court,
                parallel_ids=tuple(x for x in ids if x != ids[k]),
            )
        )
    return citations


def _short_form(
    text: str,
    raw: RawCite,
    index: int,
    sentences: Sentences,
    antecedents: Antecedents,
    then: Hint | None = None,
) -> Citation:
    pin = raw.pin if raw.form is not CiteForm.SHORT else (raw.pin or raw.page)
    pins = parse_pin_pages(pin)
    span = Span(raw.span.start, raw.pin_end)
    binding, candidates = antecedents.bind(
        raw.form, span, pins, raw.volume, raw.reporter, raw.antecedent_guess, then
    )
    base = dict(
        id=f"tmp{index}",
        type=CitationType.CASE,
        form=raw.form,
        text=span.slice(text),
        span=span,
        pin_pages=pins,
        pin_text=pin,
        abstention=binding.abstention,
    )
    target = binding.target
    if target is None:
        # An abstaining short form names no case; an unresolved one keeps what it wrote.
        written = (None, None) if binding.abstention else (raw.volume, raw.reporter)
        citation = Citation(volume=written[0], reporter=written[1], **base)  # type: ignore[arg-type]
    else:
        citation = Citation(
            volume=target.volume,
            reporter=target.reporter,
            page=target.page,
            case_name=target.case_name,
            year=target.year,
            court=target.court,
            antecedent_id=target.id,
            **base,  # type: ignore[arg-type]
        )
    antecedents.add_short(citation, binding, candidates)
    return citation

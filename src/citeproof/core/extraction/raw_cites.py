"""Text → the cites eyecite reads, shifted to the text's offsets (`RawCite`): the first stage
of `extract.py`, which assembles them into citations.

eyecite runs piece by piece (`pieces.py`) with a precomputed court table (`courts.py`) and
without its quadratic reference search; cites to editions eyecite does not know are added
(`editions.py`), and a pin into a note is read from the text.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from citeproof.core.extraction.pieces import eyecite_pieces
from citeproof.core.limits import Budget
from citeproof.core.models import CiteForm, Span
from citeproof.core.text.courts import eyecite_court_lookup
from citeproof.core.text.editions import find_unlisted_editions
from citeproof.core.text.pins import note_pin_at
from citeproof.core.text.swap import Swap
from citeproof.core.text.tokenizer import indexed_tokenizer

# eyecite logs its own diagnostics ("Unknown overlap case") without a handler of its own, so
# Python printed them on every check's stderr. A NullHandler keeps them off the terminal;
# an application that configures logging still receives them through the root logger.
logging.getLogger("eyecite").addHandler(logging.NullHandler())


@dataclass(frozen=True, slots=True)
class RawCite:
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


def raw_citations(text: str, budget: Budget) -> list[RawCite]:
    """Every cite eyecite reads in ``text`` (and those to editions it does not know), each
    with a note pin read from the text, in order of where they begin."""
    found = list(_eyecite_citations(text, budget))
    return sorted(
        (_with_note_pin(text, r) for r in _with_unlisted_editions(text, found)),
        key=lambda r: r.span.start,
    )


def _with_unlisted_editions(text: str, raws: list[RawCite]) -> list[RawCite]:
    """Add the cites to editions a series never had ("446 Cal. Rptr. 4th 183"), which
    eyecite does not know and skips (see `editions.py`)."""
    extra = [
        RawCite(CiteForm.FULL, e.span, e.span.end, e.volume, e.edition.reporter, e.page, None, None)
        for e in find_unlisted_editions(text)
        if not any(r.span.start < e.span.end and e.span.start < r.span.end for r in raws)
    ]
    return sorted(raws + extra, key=lambda r: r.span.start) if extra else raws


def _no_reference_citations(*_args: object, **_kwargs: object) -> list[object]:
    return []


# eyecite looks for "Name at 5" references after every full cite by scanning the whole
# rest of the text: quadratic time (16,000 cites on one line ran past 300 s). We read no
# ReferenceCitation (short forms are ours, `short_forms.py`) and eyecite's filter always
# drops a reference for any citation it overlaps, so inside this scope it finds none.
eyecite_without_references = Swap("eyecite.find", "extract_reference_citations", _no_reference_citations)


def _eyecite_citations(text: str, budget: Budget) -> Iterator[RawCite]:
    from eyecite import get_citations
    from eyecite.models import (
        FullCaseCitation,
        FullLawCitation,
        IdCitation,
        ShortCaseCitation,
        SupraCitation,
    )

    extract = functools.partial(get_citations, tokenizer=indexed_tokenizer())
    read_kinds = (FullLawCitation, FullCaseCitation, ShortCaseCitation, IdCitation, SupraCitation)
    count = 0
    for offset, para in eyecite_pieces(text):
        if not re.search(r"\d|\bid\.|\bsupra\b", para, re.I):
            continue
        budget.tick("extracting citations")
        # eyecite's court lookup from our precomputed table, and no reference citations
        with eyecite_court_lookup, eyecite_without_references:
            found = list(_without_nominative_overlaps(para, extract))
        count += sum(isinstance(c, read_kinds) for c in found)
        budget.found(count)  # counted as found, before the cites are assembled
        for cite in found:
            start, end = cite.span()
            meta = cite.metadata
            pin_end = (getattr(meta, "pin_cite_span_end", None) or end) + offset
            if isinstance(cite, FullLawCitation):
                yield RawCite(
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
            pin = getattr(meta, "pin_cite", None)
            pin_start = getattr(meta, "pin_cite_span_start", None)
            if pin_start is not None and pin_start < start:  # words before a cite are not its pin
                pin, pin_end = None, end + offset
            plaintiff, defendant = getattr(meta, "plaintiff", None), getattr(meta, "defendant", None)
            name = f"{plaintiff} v. {defendant}" if plaintiff and defendant else None
            full_start = getattr(cite, "full_span_start", None)
            yield RawCite(
                form,
                Span(start + offset, end + offset),
                pin_end,
                cite.groups.get("volume"),
                reporter,
                cite.groups.get("page"),
                pin,
                getattr(meta, "antecedent_guess", None),
                eyecite_name=name,
                name_start=full_start + offset if full_start is not None else None,
            )


def _with_note_pin(text: str, raw: RawCite) -> RawCite:
    """eyecite drops a pin that points into a note (``Id. at 284 n.6``, ``122 S.W.3d at
    284 n. 6``): read it from the text, so the pin page is checked knowing it is a note's."""
    found = None if raw.is_law else note_pin_at(text, raw.pin_end)
    if found is None:
        return raw
    page, note, end = found
    page = page or raw.pin or (raw.page if raw.form is CiteForm.SHORT else None) or ""
    return replace(raw, pin=f"{page} {note}".strip(), pin_end=end)


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

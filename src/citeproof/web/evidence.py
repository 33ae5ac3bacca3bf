"""Structured evidence for the page: quote beside the real wording, pin-page text, suggestions.

The JSON contract carries evidence as sentences; the page wants the parts. These functions
recompute them from the verdicts and the library (cheap: opinions and quote matches are cached).
"""

from __future__ import annotations

from typing import Any

from citeproof.core.checking.memo import opinion_memo
from citeproof.core.checking.quotes import locate, word_diff_ops
from citeproof.core.checking.suggest import plausible
from citeproof.core.models import Authority, Citation, CiteForm, ErrorKind, Opinion, Reason, Status, Verdict
from citeproof.core.output.plain import headline, plain_verdict
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.text.short_names import short_name
from citeproof.lookup import authority_json

PIN_TEXT_CHARS = 4000
REASONS = {
    Reason.NOT_IN_COVERAGE: "The cited reporter volume is outside the library's coverage, so "
    "absence proves nothing.",
    Reason.NO_TEXT: "The library knows the case but has no opinion text to check quotes against.",
    Reason.NO_PAGE_MARKERS: "The opinion text has no page markers, so the pin page cannot be checked.",
    Reason.AMBIGUOUS: "Several cases begin at that page and the name does not settle which.",
    Reason.BACKEND_ERROR: "The library could not answer; nothing was concluded (fail closed).",
    Reason.RATE_LIMITED: "The remote library throttled the lookup; nothing was concluded.",
    Reason.UNRESOLVED_SHORT_FORM: "A short form whose full citation was not found earlier.",
    Reason.AMBIGUOUS_SHORT_FORM: "A short form the text does not tie to one case (e.g. an id. after "
    "a cite inside another's parenthetical); its pin fits both or neither.",
    Reason.NOT_A_CASE_CITATION: "A short form repeating the record, a brief, a statute or the "
    "document itself, not a case.",
    Reason.INCOMPLETE_CITE: "The citation lacks a volume, reporter or page.",
    Reason.NOT_CHECKED: "Not checked.",
    Reason.STATUTE_NOT_IN_REGISTRY: "The library holds no table of this code (C.F.R., the habeas rules, "
    "state codes): only impossible sections are flagged offline.",
    Reason.NOT_IN_CURRENT_CODE: "Not in the U.S. Code or federal rules as the library's data hold them "
    "(which leave out most repealed and transferred sections): no proof it never existed; the "
    "nearest sections that do exist are named.",
    Reason.ORDERS_SECTION: "The page is in the volume's orders section, where orders and summary "
    "dispositions stand that no table lists, so absence proves nothing.",
}


def _opinion(library: Library, a: Authority | None) -> Opinion | None:
    if a is None or not a.has_text:
        return None
    try:
        return library.opinion(a.id)
    except LibraryError:
        return None


def _reporter(c: Citation, a: Authority, opinion: Opinion) -> str | None:
    marked = opinion.reporters()
    if c.reporter in marked:
        return c.reporter
    return next((x.reporter for x in a.citations if x.reporter in marked), None)


def _quotes(c: Citation, opinion: Opinion, reporter: str | None) -> list[dict[str, Any]]:
    out = []
    for q in c.quotes:
        m = locate(q.text, opinion.text)
        if m is None:
            continue
        page = opinion.page_at(m.start, reporter) if reporter and m.start is not None else None
        out.append(
            {
                "written": q.text,
                "span": q.span.as_list(),
                "found": m.found,
                "real": m.real_wording,
                "page": page,
                "score": round(m.score, 1),
                "diff": word_diff_ops(q.text, m.real_wording) if m.real_wording else [],
            }
        )
    return out


def _pin(c: Citation, opinion: Opinion, reporter: str | None) -> dict[str, Any] | None:
    if not c.pin_pages or reporter is None:
        return None
    page = c.pin_pages[0]
    bounds = opinion.page_text(reporter, page)
    if bounds is None:
        return {"reporter": reporter, "volume": c.volume, "page": page, "text": None}
    text = opinion.text[bounds[0] : bounds[1]]
    return {
        "reporter": reporter,
        "volume": c.volume,
        "page": page,
        "text": text[:PIN_TEXT_CHARS],
        "truncated": len(text) > PIN_TEXT_CHARS,
    }


def _cite_at(c: Citation, page: int) -> str:
    if c.form is CiteForm.FULL:
        return f"{c.volume} {c.reporter} {c.page}, {page}"
    return f"{c.volume} {c.reporter} at {page}"


def _named_elsewhere(library: Library, c: Citation, a: Authority | None) -> str | None:
    try:
        named = library.cases_named(c.case_name or "") if c.case_name else ()
    except LibraryError:
        named = ()
    other = next((o for o in named if (a is None or o.id != a.id) and plausible(c, o)), None)
    if other is not None:
        return f"{other.name_abbreviation}, {other.citation} ({other.decision_date[:4]})"
    return None


def _suggestion(v: Verdict, library: Library, quotes: list[dict[str, Any]]) -> str | None:
    c, a = v.citation, v.authority
    kinds = {e.kind for e in v.errors}
    if ErrorKind.NAME_MISMATCH in kinds or ErrorKind.NONEXISTENT in kinds:
        elsewhere = _named_elsewhere(library, c, a)
        if elsewhere:
            return elsewhere
        return f"{a.name_abbreviation}, {c.cite}" if a is not None and c.cite else None
    if ErrorKind.MISQUOTE in kinds:
        real = next((q["real"] for q in quotes if not q["found"] and q["real"]), None)
        return f"\u201c{real}\u201d" if real else None
    if ErrorKind.WRONG_PINCITE in kinds:
        page = next((q["page"] for q in quotes if q["found"] and q["page"]), None)
        return _cite_at(c, page) if page else None
    return None


def _why(v: Verdict) -> str | None:
    if v.status is not Status.UNVERIFIABLE or v.reason is None:
        return None
    finding = next((f for f in v.findings if f.reason is v.reason), None)
    general = REASONS.get(v.reason, v.reason.value)
    return f"{finding.explanation}. {general}" if finding and finding.explanation else general


def _in_words(v: Verdict) -> str:
    """One line for the citation table: what is wrong, why it is unverifiable, or the case."""
    if v.errors:
        return "; ".join(f"{headline(f)}: {f.explanation}" for f in v.errors)
    if v.status is Status.UNVERIFIABLE and v.reason is not None:
        return REASONS.get(v.reason, v.reason.value)
    a = v.authority
    return f"{short_name(a.name_abbreviation)} ({a.decision_date[:4]})" if a is not None else ""


def verdict_details(v: Verdict, library: Library) -> dict[str, Any]:
    """What the page shows when a citation is clicked, beyond the contract's fields."""
    opinion = _opinion(library, v.authority)
    reporter = (
        _reporter(v.citation, v.authority, opinion)
        if opinion is not None and v.authority is not None
        else None
    )
    quotes = _quotes(v.citation, opinion, reporter) if opinion is not None else []
    return {
        "authority": authority_json(v.authority),
        "quotes": quotes,
        "pin": _pin(v.citation, opinion, reporter) if opinion is not None else None,
        "suggestion": _suggestion(v, library, quotes),
        "why": _why(v),
        "plain": plain_verdict(v),
        "in_words": _in_words(v),
        "proposition": v.citation.proposition,
        "form": v.citation.form.value,
    }


def report_details(verdicts: tuple[Verdict, ...], library: Library) -> dict[str, dict[str, Any]]:
    with opinion_memo():  # each cited opinion normalised once for the whole report
        return {v.citation.id: verdict_details(v, library) for v in verdicts}

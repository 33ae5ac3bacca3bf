"""Pure checks: one citation and what the library said about it → findings, one per kind."""

from __future__ import annotations

from citeproof.core.models import (
    Authority,
    Citation,
    Coverage,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Reason,
    Resolution,
    ResolutionStatus,
)
from citeproof.core.names import compare_names
from citeproof.core.pinpoint import check_proposition_pin
from citeproof.core.quotes import QuoteMatch, locate
from citeproof.core.statutes.us import impossible_statute

K = ErrorKind


def check_existence(c: Citation, r: Resolution) -> Finding:
    """``nonexistent`` only on evidence: an impossible cite, a page inside another case,
    or a completely covered volume with nothing at that page."""
    fragment, span = c.text, c.span
    if r.status is ResolutionStatus.FOUND:
        return Finding(K.NONEXISTENT, Outcome.PASS, f"{c.cite} is {r.authority.name_abbreviation}"
                       if r.authority else "found")
    if r.status is ResolutionStatus.IMPOSSIBLE:
        return Finding(K.NONEXISTENT, Outcome.FAIL, f"{c.cite} cannot exist", fragment, span,
                       r.note, 0.95)
    if r.status is ResolutionStatus.NOT_FOUND and r.containing is not None:
        probable = r.reason == "probably_inside"
        return Finding(K.NONEXISTENT, Outcome.FAIL,
                       f"no case begins at {c.cite}", fragment, span, r.note,
                       0.85 if probable else 0.95)
    if r.status is ResolutionStatus.NOT_FOUND and r.coverage is Coverage.COMPLETE:
        return Finding(K.NONEXISTENT, Outcome.FAIL, f"no case begins at {c.cite}", fragment, span,
                       f"the library covers {c.volume} {c.reporter} completely and no case "
                       f"begins at page {c.page}", 0.95)
    reason = {ResolutionStatus.AMBIGUOUS: Reason.AMBIGUOUS,
              ResolutionStatus.ERROR: Reason.RATE_LIMITED if r.reason == "rate_limited"
              else Reason.BACKEND_ERROR,
              ResolutionStatus.UNRESOLVED: Reason.UNRESOLVED_SHORT_FORM
              if r.reason == "unresolved_short_form" else Reason.INCOMPLETE_CITE,
              }.get(r.status, Reason.NOT_IN_COVERAGE)
    explanation = r.note or (f"{c.cite} is not in the library, whose coverage of "
                             f"{c.volume} {c.reporter} is {r.coverage.value}")
    return Finding(K.NONEXISTENT, Outcome.UNKNOWN, explanation, reason=reason)


def check_name(c: Citation, r: Resolution, named_elsewhere: tuple[Authority, ...] = ()) -> Finding:
    """The name as written must belong to the case the cite resolves to."""
    a = r.authority
    if a is None or not c.case_name:
        return Finding(K.NAME_MISMATCH, Outcome.UNKNOWN, "no resolved case or no written name",
                       reason=Reason.NOT_CHECKED)
    match = compare_names(c.case_name, a.name, a.name_abbreviation)
    if match.matches:
        return Finding(K.NAME_MISMATCH, Outcome.PASS, match.explanation)
    evidence = f"{c.cite} is {a.name_abbreviation} ({a.decision_date[:4]})"
    others = [o for o in named_elsewhere if o.id != a.id]
    if others:
        evidence += "; a case named " + c.case_name + " is " + "; ".join(
            f"{o.name_abbreviation}, {o.citation} ({o.decision_date[:4]})" for o in others[:3])
    return Finding(K.NAME_MISMATCH, Outcome.FAIL,
                   f"the name written does not match the case at {c.cite}",
                   c.text, c.span, evidence, 0.9)


def check_parallel(c: Citation, r: Resolution, primary: Resolution | None,
                   primary_cite: Citation | None) -> Finding | None:
    """A parallel cite must point to the same case as the first cite of its group."""
    if primary is None or primary_cite is None or primary.authority is None:
        return None
    real = primary.authority
    if r.authority is not None and r.authority.id != real.id:
        return Finding(K.NAME_MISMATCH, Outcome.FAIL,
                       f"parallel cite {c.cite} is a different case from {primary_cite.cite}",
                       c.text, c.span,
                       f"{c.cite} is {r.authority.name_abbreviation}; {primary_cite.cite} is "
                       f"{real.name_abbreviation}", 0.9)
    known = [x for x in real.citations if x.reporter == c.reporter]
    if r.authority is None and known and all(str(x) != c.cite for x in known):
        return Finding(K.NONEXISTENT, Outcome.FAIL,
                       f"{real.name_abbreviation} is not reported at {c.cite}", c.text, c.span,
                       f"its {c.reporter} cite is {', '.join(str(x) for x in known)}", 0.9)
    return None


def check_quotes(c: Citation, opinion: Opinion | None) -> tuple[list[Finding], list[QuoteMatch]]:
    """Each quote attributed to the citation must occur in the opinion."""
    findings: list[Finding] = []
    matches: list[QuoteMatch] = []
    for q in c.quotes:
        if opinion is None:
            findings.append(Finding(K.MISQUOTE, Outcome.UNKNOWN, "no opinion text in the library",
                                    reason=Reason.NO_TEXT))
            continue
        m = locate(q.text, opinion.text)
        if m is None:
            continue
        matches.append(m)
        if m.found:
            findings.append(Finding(K.MISQUOTE, Outcome.PASS, "quote found in the opinion"))
        elif m.real_wording:
            findings.append(Finding(
                K.MISQUOTE, Outcome.FAIL, "the quote alters the opinion's words", q.text, q.span,
                f"the opinion reads: \"{m.real_wording}\"; changes: {m.diff}", 0.9))
        else:
            findings.append(Finding(K.MISQUOTE, Outcome.FAIL,
                                    "the quoted words are not in the opinion", q.text, q.span,
                                    f"closest passage scored {m.score:.0f}/100", 0.75))
    return findings, matches


def _pages_of(opinion: Opinion, reporter: str, m: QuoteMatch) -> tuple[int, int] | None:
    if m.start is None or m.end is None:
        return None
    first = opinion.page_at(m.start, reporter)
    last = opinion.page_at(max(m.start, m.end - 1), reporter)
    return (first, last) if first is not None and last is not None else None


def check_pincite(c: Citation, r: Resolution, opinion: Opinion | None,
                  matches: list[QuoteMatch], last_page: int | None,
                  next_case_page: int | None) -> Finding | None:
    """The pin page must lie within the case and hold the quoted words."""
    if not c.pin_pages or r.authority is None or not c.page:
        return None
    first = int(c.page)
    outside = [p for p in c.pin_pages if p < first or (last_page and p > last_page)
               or (next_case_page and p > next_case_page)]
    if outside:
        end = last_page or next_case_page
        return Finding(K.WRONG_PINCITE, Outcome.FAIL,
                       f"pin page {outside[0]} lies outside the case", c.text, c.span,
                       f"{r.authority.name_abbreviation} begins at page {first}"
                       + (f" and ends by page {end}" if end else ""), 0.95)
    located = [m for m in matches if m.found]
    moved = check_proposition_pin(c, opinion) if not located else None
    if moved is not None:
        return moved
    if not located:
        return Finding(K.WRONG_PINCITE, Outcome.PASS if opinion is None or not c.quotes else
                       Outcome.UNKNOWN, "pin page lies within the case; content not checked")
    if opinion is None or not opinion.breaks_for(c.reporter or ""):
        return Finding(K.WRONG_PINCITE, Outcome.UNKNOWN, "the opinion text has no page markers "
                       f"for {c.reporter}", reason=Reason.NO_PAGE_MARKERS)
    for m in located:
        pages = _pages_of(opinion, c.reporter or "", m)
        if pages and not any(pages[0] <= p <= pages[1] for p in c.pin_pages):
            where = str(pages[0]) if pages[0] == pages[1] else f"{pages[0]}-{pages[1]}"
            return Finding(K.WRONG_PINCITE, Outcome.FAIL,
                           f"the quoted words are not on page {c.pin_text}", c.text, c.span,
                           f"\"{m.real_wording[:120]}\" is on page {where} of {c.volume} "
                           f"{c.reporter}", 0.95)
    return Finding(K.WRONG_PINCITE, Outcome.PASS, "the quote is on the pin page")


def check_statute(c: Citation) -> Finding:
    why = impossible_statute(c.statute_code or "", c.statute_title, c.statute_section or "")
    if why:
        return Finding(K.STATUTE_NONEXISTENT, Outcome.FAIL, "no such provision", c.text, c.span,
                       why, 0.95)
    return Finding(K.STATUTE_NONEXISTENT, Outcome.UNKNOWN,
                   "statute text is not in the library", reason=Reason.STATUTE_NOT_IN_REGISTRY)

"""Pure checks: one citation and what the library said about it → findings, one per kind."""

from __future__ import annotations

from citeproof.core.checking.pinpoint import check_proposition_pin
from citeproof.core.checking.quotes import QuoteMatch, locate, misquote_evidence
from citeproof.core.checking.statutes import check_ua_statute
from citeproof.core.checking.us_statutes import StatuteFacts, check_us_statute
from citeproof.core.extraction.statutes.ua import UA_REGISTRY
from citeproof.core.models import (
    Authority,
    Citation,
    Confidence,
    Coverage,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Quote,
    Reason,
    Resolution,
    ResolutionStatus,
)
from citeproof.core.text.citator import is_vendor_cite
from citeproof.core.text.excerpt import excerpt
from citeproof.core.text.names import SAME_NAME, compare_names, same_name_score
from citeproof.core.text.pins import names_a_note

K = ErrorKind
YEAR_ONLY = "cannot date from"  # the explanation of a cite impossible only for its year
# Why an unresolved citation is unverifiable when its resolution does not say.
_UNRESOLVED_REASON = {
    ResolutionStatus.AMBIGUOUS: Reason.AMBIGUOUS,
    ResolutionStatus.ERROR: Reason.BACKEND_ERROR,
    ResolutionStatus.UNRESOLVED: Reason.INCOMPLETE_CITE,
}


def _failed(
    kind: ErrorKind,
    explanation: str,
    at: Citation | Quote,
    evidence: str,
    confidence: float,
    suggestion: str = "",
) -> Finding:
    """A failed check, pointing at the words of ``at``: the citation, or one of its quotes."""
    return Finding(
        kind=kind,
        outcome=Outcome.FAIL,
        explanation=explanation,
        fragment=at.text,
        span=at.span,
        evidence=evidence,
        confidence=confidence,
        suggestion=suggestion,
    )


def check_existence(c: Citation, r: Resolution) -> Finding:
    """``nonexistent`` only on evidence: an impossible cite, a page inside another case,
    or a completely covered volume with nothing at that page."""
    if r.status is ResolutionStatus.FOUND:
        return Finding(
            kind=K.NONEXISTENT,
            outcome=Outcome.PASS,
            explanation=f"{c.cite} is {r.authority.name_abbreviation}" if r.authority else "found",
        )
    if r.status is ResolutionStatus.IMPOSSIBLE and r.year_only:
        return _failed(
            K.NONEXISTENT,
            f"{c.cite} {YEAR_ONLY} {c.year}: the year is wrong, or the cite is",
            c,
            r.note,
            Confidence.RULED_OUT,
            suggestion=f"if {c.cite} is the case meant, correct its year (see the evidence for the years "
            "the volume holds)",
        )
    if r.status is ResolutionStatus.IMPOSSIBLE:
        return _failed(K.NONEXISTENT, f"{c.cite} cannot exist", c, r.note, Confidence.RULED_OUT)
    if r.status is ResolutionStatus.NOT_FOUND and r.containing is not None:
        return _failed(
            K.NONEXISTENT,
            f"no case begins at {c.cite}",
            c,
            r.note,
            Confidence.PROBABLY_INSIDE if r.probable else Confidence.RULED_OUT,
        )
    if r.status is ResolutionStatus.NOT_FOUND and r.coverage is Coverage.COMPLETE:
        return _failed(
            K.NONEXISTENT,
            f"no case begins at {c.cite}",
            c,
            r.note
            or f"the library covers {c.volume} {c.reporter} completely and no case begins at page {c.page}",
            Confidence.RULED_OUT,
        )
    reason = r.reason or _UNRESOLVED_REASON.get(r.status, Reason.NOT_IN_COVERAGE)
    if reason is Reason.NOT_IN_COVERAGE and is_vendor_cite(c.reporter or ""):
        return Finding(
            kind=K.NONEXISTENT,
            outcome=Outcome.UNKNOWN,
            explanation=f"{c.cite} is a {c.reporter} database number, which only that service can confirm",
            reason=Reason.VENDOR_CITE,
        )
    explanation = r.note or (
        f"{c.cite} is not in the library, whose coverage of {c.volume} {c.reporter} is {r.coverage.value}"
    )
    return Finding(kind=K.NONEXISTENT, outcome=Outcome.UNKNOWN, explanation=explanation, reason=reason)


def check_name(c: Citation, r: Resolution, named_elsewhere: tuple[Authority, ...] = ()) -> Finding:
    """The name as written must belong to the case the cite resolves to."""
    a = r.authority
    if a is None or not c.case_name:
        return Finding(
            kind=K.NAME_MISMATCH,
            outcome=Outcome.UNKNOWN,
            explanation="no resolved case or no written name",
            reason=Reason.NOT_CHECKED,
        )
    if not (a.name.strip() or a.name_abbreviation.strip()):  # a record without a name proves no name
        return Finding(
            kind=K.NAME_MISMATCH,
            outcome=Outcome.UNKNOWN,
            explanation=f"the library's record of {c.cite} has no case name to compare the name written with",
            reason=Reason.BACKEND_ERROR,
        )
    match = compare_names(c.case_name, a.name, a.name_abbreviation)
    if match.matches:
        return Finding(kind=K.NAME_MISMATCH, outcome=Outcome.PASS, explanation=match.explanation)
    evidence = f"{c.cite} is {a.name_abbreviation} ({a.decision_date[:4]})"
    others = [o for o in named_elsewhere if o.id != a.id]
    suggestion = f"if the cite is right: {a.name_abbreviation}, {c.cite}" + (
        f"; if the name is right: {others[0].name_abbreviation}, {others[0].citation}" if others else ""
    )
    if others:
        evidence += (
            "; a case named "
            + c.case_name
            + " is "
            + "; ".join(f"{o.name_abbreviation}, {o.citation} ({o.decision_date[:4]})" for o in others[:3])
        )
    return _failed(
        K.NAME_MISMATCH,
        f"the name written does not match the case at {c.cite}",
        c,
        evidence,
        Confidence.DIFFERS,
        suggestion,
    )


def check_parallel(
    c: Citation, r: Resolution, primary: Resolution | None, primary_cite: Citation | None
) -> Finding | None:
    """A parallel cite must point to the same case as the first cite of its group."""
    if primary is None or primary_cite is None or primary.authority is None:
        return None
    real = primary.authority
    if r.authority is not None and r.authority.id != real.id and not _same_decision(r.authority, real):
        return _failed(
            K.NAME_MISMATCH,
            f"parallel cite {c.cite} is a different case from {primary_cite.cite}",
            c,
            f"{c.cite} is {r.authority.name_abbreviation}; {primary_cite.cite} is {real.name_abbreviation}",
            Confidence.DIFFERS,
        )
    known = [x for x in real.citations if x.reporter == c.reporter]
    if r.authority is None and known and all(str(x) != c.cite for x in known):
        return _failed(
            K.NONEXISTENT,
            f"{real.name_abbreviation} is not reported at {c.cite}",
            c,
            f"its {c.reporter} cite is {', '.join(str(x) for x in known)}",
            Confidence.DIFFERS,
        )
    return None


def _same_decision(a: Authority, b: Authority) -> bool:
    """Two library records of one decision, one per reporter (a catalogue that lists
    ``272 Ind. 404`` and ``398 N.E.2d 1260`` as two cases): same date, court and name,
    and no reporter in common."""
    return (
        bool(a.decision_date)
        and (a.decision_date, a.court) == (b.decision_date, b.court)
        and same_name_score(a.name_abbreviation, b.name_abbreviation) >= SAME_NAME
        and not {c.reporter for c in a.citations} & {c.reporter for c in b.citations}
    )


def check_quotes(c: Citation, opinion: Opinion | None) -> tuple[list[Finding], list[QuoteMatch]]:
    """Each quote attributed to the citation must occur in the opinion."""
    findings: list[Finding] = []
    matches: list[QuoteMatch] = []
    for q in c.quotes:
        if opinion is None:
            findings.append(
                Finding(
                    kind=K.MISQUOTE,
                    outcome=Outcome.UNKNOWN,
                    explanation="no opinion text in the library",
                    reason=Reason.NO_TEXT,
                )
            )
            continue
        m = locate(q.text, opinion.text)
        if m is None:
            continue
        matches.append(m)
        if m.found:
            findings.append(
                Finding(kind=K.MISQUOTE, outcome=Outcome.PASS, explanation="quote found in the opinion")
            )
        elif m.real_wording:
            findings.append(
                _failed(
                    K.MISQUOTE,
                    "the quote alters the opinion's words",
                    q,
                    misquote_evidence(m.real_wording, m.diff),
                    Confidence.DIFFERS,
                    f'quote the opinion as it reads: "{m.real_wording}"',
                )
            )
        else:
            findings.append(
                _failed(
                    K.MISQUOTE,
                    "the quoted words are not in the opinion",
                    q,
                    f"closest passage scored {m.score:.0f}/100",
                    Confidence.NOT_IN_TEXT,
                )
            )
    return findings, matches


def _places(m: QuoteMatch) -> tuple[tuple[int, int], ...]:
    """Every place a located quote occurs (a phrase an opinion repeats may be cited at any)."""
    if m.occurrences:
        return m.occurrences
    return ((m.start, m.end),) if m.start is not None and m.end is not None else ()


def _pages_of(opinion: Opinion, reporter: str, at: tuple[int, int]) -> tuple[int, int] | None:
    first = opinion.page_at(at[0], reporter)
    last = opinion.page_at(max(at[0], at[1] - 1), reporter)
    return (first, last) if first is not None and last is not None else None


def _outside_explanation(pins: tuple[int, ...], outside: list[int]) -> str:
    """``pin page 498 lies outside the case``; a range that runs past it says so and how it
    was read (``862-83`` is pages 862 to 883, by the rule that a range's end keeps the first
    page's leading digits)."""
    if len(pins) > 1 and pins == tuple(range(pins[0], pins[-1] + 1)):
        part = f"pages {outside[0]}-{outside[-1]}" if len(outside) > 1 else f"page {outside[0]}"
        return f"the pin range {pins[0]}-{pins[-1]} runs outside the case ({part})"
    return f"pin page {outside[0]} lies outside the case"


def check_pincite(
    c: Citation,
    r: Resolution,
    opinion: Opinion | None,
    matches: list[QuoteMatch],
    last_page: int | None,
    next_case_page: int | None,
) -> Finding | None:
    """The pin page must lie within the case and hold the quoted words."""
    if not c.pin_pages or r.authority is None or not c.page:
        return None
    first = int(c.page)
    outside = [
        p
        for p in c.pin_pages
        if p < first or (last_page and p > last_page) or (next_case_page and p > next_case_page)
    ]
    if outside:
        end = last_page or next_case_page
        return _failed(
            K.WRONG_PINCITE,
            _outside_explanation(c.pin_pages, outside),
            c,
            f"{r.authority.name_abbreviation} begins at page {first}"
            + (f" and ends by page {end}" if end else ""),
            Confidence.RULED_OUT,
        )
    located = [m for m in matches if m.found]
    if names_a_note(c.pin_text):  # opinion texts keep notes apart from the page they annotate
        return Finding(
            kind=K.WRONG_PINCITE,
            outcome=Outcome.UNKNOWN if located else Outcome.PASS,
            explanation="the pin names a note, which the opinion text does not place on its page",
            reason=Reason.NO_PAGE_MARKERS if located else None,
        )
    moved = check_proposition_pin(c, opinion) if not located else None
    if moved is not None:
        return moved
    if not located:
        return Finding(
            kind=K.WRONG_PINCITE,
            outcome=Outcome.PASS if opinion is None or not c.quotes else Outcome.UNKNOWN,
            explanation="pin page lies within the case; content not checked",
        )
    if opinion is None or not opinion.breaks_for(c.reporter or ""):
        return Finding(
            kind=K.WRONG_PINCITE,
            outcome=Outcome.UNKNOWN,
            explanation=f"the opinion text has no page markers for {c.reporter}",
            reason=Reason.NO_PAGE_MARKERS,
        )
    for m in located:
        places = [p for p in (_pages_of(opinion, c.reporter or "", at) for at in _places(m)) if p]
        if places and not any(a <= p <= b for a, b in places for p in c.pin_pages):
            first, last = places[0]
            where = str(first) if first == last else f"{first}-{last}"
            return _failed(
                K.WRONG_PINCITE,
                f"the quoted words are not on page {c.pin_text}",
                c,
                f'"{excerpt(m.real_wording, 120)}" is on page {where} of {c.volume} {c.reporter}'
                + (
                    f" (and {len(places) - 1} other place(s), none on the pin page)"
                    if len(places) > 1
                    else ""
                ),
                Confidence.RULED_OUT,
                f"pin cite {c.volume} {c.reporter} {c.page}, {where}",
            )
    return Finding(kind=K.WRONG_PINCITE, outcome=Outcome.PASS, explanation="the quote is on the pin page")


def check_statute(c: Citation, facts: StatuteFacts | None = None) -> Finding:
    """A Ukrainian article against the shipped registry (`check_ua_statute`); a US statute
    or rule against what the library's tables say of it (`check_us_statute`)."""
    if c.statute_registry == UA_REGISTRY:
        return check_ua_statute(c)
    return check_us_statute(c, facts)

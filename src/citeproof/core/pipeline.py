"""The whole check: document → citations → resolutions → findings → verdicts → report."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, TypeVar

from citeproof.core.checking.checks import (
    check_existence,
    check_name,
    check_parallel,
    check_pincite,
    check_quotes,
    check_statute,
)
from citeproof.core.checking.entailment import Entailment
from citeproof.core.checking.memo import opinion_memo
from citeproof.core.checking.resolve import resolve
from citeproof.core.checking.suggest import plausible, suggest
from citeproof.core.checking.support import check_support
from citeproof.core.checking.treatment import carries_treatment, overruling
from citeproof.core.checking.us_statutes import statute_facts
from citeproof.core.decide import decide
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.limits import Budget, Limits
from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    Document,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Reason,
    Resolution,
    Treatment,
    Verdict,
)
from citeproof.core.output.report import Report
from citeproof.core.protocols import CasePages, Library, LibraryError

Progress = Callable[[int, int], None]
T = TypeVar("T")


class SupportJudge(Protocol):
    """Decides what rules cannot (support; a pin page without a quote) from the opinion.

    Called only for a resolved citation with opinion text on which no rule failed (the
    offline support check included: a proposition it finds reversed stays failed); it
    returns findings of kind ``misrepresentation`` and/or ``wrong_pincite``, which replace
    the offline support check's undecided finding.
    """

    def __call__(self, citation: Citation, opinion: Opinion, library: Library) -> list[Finding]: ...


def check_document(
    document: Document,
    library: Library,
    progress: Progress | None = None,
    judge: SupportJudge | None = None,
    as_of: dt.date | None = None,
    limits: Limits | None = None,
    nli: Entailment | None = None,
) -> Report:
    """``as_of``: the date of the check (today when not given), against which a decision
    year or a reporter volume can be too new; the checks themselves never read a clock.
    ``limits`` (by default `Limits.from_env`): past its characters, citations or deadline
    the check raises `LimitExceeded` with one line naming the limit, in whichever stage
    it is passed (extraction and attribution poll them too). ``nli``: a
    natural-language-inference model the user brings (``citeproof.llm.nli``), a veto on the
    offline misrepresentation findings and a second polarity signal."""
    as_of = as_of or dt.date.today()
    limits = limits or Limits.from_env()
    name = document.path or "the document"
    budget = Budget(limits, name)
    deadline = budget.deadline
    limits.check("max_chars", len(document.text), f"{name}: characters of text")
    citations = extract_citations(document, budget)  # polls the deadline and the cap as it goes
    budget.found(len(citations))
    deadline.check("after extracting the citations")
    # remote libraries batch their lookups before resolution; a cite the text abstains on is not asked
    library.prefetch([c for c in citations if c.abstention is None])
    by_id = {c.id: c for c in citations}
    resolutions: dict[str, Resolution] = {}
    cache: dict[tuple[object, ...], Resolution] = {}
    for c in citations:
        key = (c.type, c.volume, c.reporter, c.page, c.case_name, c.year, c.abstention)
        if c.type is CitationType.CASE and key in cache:
            resolutions[c.id] = replace(cache[key], citation_id=c.id)
        else:
            resolutions[c.id] = cache[key] = resolve(c, library, as_of)
        deadline.check(f"resolving citation {c.id}")
    bounds = _CaseBounds(library)
    treatments = _Treatments(library)
    verdicts: dict[str, Verdict] = {}
    for group in _by_opinion(citations, resolutions):
        with opinion_memo():  # each opinion is prepared once, and let go after its citations
            for c in group:
                deadline.check(f"checking citation {c.id}")
                findings, fault = _findings(c, resolutions, by_id, library, judge, bounds, nli)
                findings = _with_suggestion(c, findings, library, resolutions[c.id])
                verdicts[c.id] = treatments.added(decide(c, resolutions[c.id], findings, fault))
                if progress:
                    progress(len(verdicts), len(citations))
    return Report(document, library.snapshot(), tuple(verdicts[c.id] for c in citations))


def _by_opinion(citations: tuple[Citation, ...], resolutions: dict[str, Resolution]) -> list[list[Citation]]:
    """The citations grouped by the case they resolve to, in order of first mention
    (unresolved citations each alone)."""
    groups: dict[str, list[Citation]] = {}
    for c in citations:
        authority = resolutions[c.id].authority
        groups.setdefault(authority.id if authority is not None else f"\0{c.id}", []).append(c)
    return list(groups.values())


class _CaseBounds:
    """A case's last page and the next case's first page, looked up once per cite in a check."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.known: dict[tuple[str, str, int], CasePages | None] = {}

    def around(self, volume: str, reporter: str, page: int) -> CasePages | None:
        key = (volume, reporter, page)
        if key not in self.known:
            self.known[key] = _safe(lambda: self.library.case_around(volume, reporter, page), None)
        return self.known[key]


class _Treatments:
    """Each case's overruling (`checking.treatment`), looked up once per case in a check."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.known: dict[str, Treatment | None] = {}

    def added(self, verdict: Verdict) -> Verdict:
        """The verdict with its case's treatment, where it names a case that has one."""
        if verdict.authority is None or not carries_treatment(verdict):
            return verdict
        case = verdict.authority
        if case.id not in self.known:
            self.known[case.id] = _safe(lambda: overruling(case, self.library), None)
        found = self.known[case.id]
        return verdict if found is None else replace(verdict, treatment=found)


def _findings(
    c: Citation,
    resolutions: dict[str, Resolution],
    by_id: dict[str, Citation],
    library: Library,
    judge: SupportJudge | None,
    bounds: _CaseBounds,
    nli: Entailment | None = None,
) -> tuple[list[Finding], Reason | None]:
    """The citation's findings, and the backend fault that kept its opinion text from the
    content checks (None when there was none)."""
    if c.type is CitationType.STATUTE:
        return [_statute_finding(c, library)], None
    r = resolutions[c.id]
    findings = [check_existence(c, r)]
    primary_id = min((c.id, *c.parallel_ids), key=lambda i: by_id[i].span.start)
    if primary_id != c.id:
        parallel = check_parallel(c, r, resolutions.get(primary_id), by_id.get(primary_id))
        if parallel is not None:
            return [*findings, parallel], None
    if r.authority is None:
        return findings, None
    name = check_name(c, r)
    if name.outcome is Outcome.FAIL and c.case_name:
        empty: tuple[Authority, ...] = ()
        named = _safe(lambda: library.cases_named(c.case_name or ""), empty)
        name = check_name(c, r, tuple(a for a in named if plausible(c, a)))
    findings.append(name)
    if primary_id != c.id and not c.pin_pages:
        return findings, None  # the group's first cite carries its quotes and proposition
    opinion = None
    if r.authority.has_text or library.fetches_text:
        try:
            opinion = library.opinion(r.authority.id)
        except LibraryError as exc:  # a fault is not "no text": nothing is concluded from it
            findings.extend(_unfetched_findings(c, r, bounds, exc))
            return findings, exc.reason
    findings.extend(_content_findings(c, r, opinion, library, judge, bounds, nli))
    return findings, None


def _statute_finding(c: Citation, library: Library) -> Finding:
    """The statute check on what the library's tables say (`statute_facts`); when they
    cannot be read, only an impossible number is concluded (fail closed)."""
    try:
        facts = statute_facts(c, library)
    except LibraryError as exc:
        found = check_statute(c)
        if found.outcome is Outcome.FAIL:
            return found
        why = f"the library's statute tables could not be read: {exc}"
        return Finding(
            kind=ErrorKind.STATUTE_NONEXISTENT, outcome=Outcome.UNKNOWN, explanation=why, reason=exc.reason
        )
    return check_statute(c, facts)


def _with_suggestion(c: Citation, findings: list[Finding], library: Library, r: Resolution) -> list[Finding]:
    """A nonexistent or misnamed cite without a suggestion of its own names the real case of
    its written name (`suggest`)."""
    kinds = (ErrorKind.NONEXISTENT, ErrorKind.NAME_MISMATCH)
    failed = [f for f in findings if f.outcome is Outcome.FAIL and f.kind in kinds and not f.suggestion]
    if not failed:
        return findings
    hint = suggest(c, library, r.authority)
    return [replace(f, suggestion=hint) if f in failed else f for f in findings]


def _unfetched_findings(
    c: Citation, r: Resolution, bounds: _CaseBounds, fault: LibraryError
) -> list[Finding]:
    """The content checks when the opinion could not be fetched: each undecided with the
    fault's reason, except a pin page that the case's bounds alone put outside it."""
    why = f"the opinion text could not be fetched: {fault}"
    out = [
        Finding(kind=ErrorKind.MISQUOTE, outcome=Outcome.UNKNOWN, explanation=why, reason=fault.reason)
        for _ in c.quotes
    ]
    if c.pin_pages:
        last_page, next_page = _case_bounds(c, r, bounds)
        pin = check_pincite(c, r, None, [], last_page, next_page)
        out.append(
            pin
            if pin is not None and pin.outcome is Outcome.FAIL
            else Finding(
                kind=ErrorKind.WRONG_PINCITE, outcome=Outcome.UNKNOWN, explanation=why, reason=fault.reason
            )
        )
    out.append(
        Finding(
            kind=ErrorKind.MISREPRESENTATION, outcome=Outcome.UNKNOWN, explanation=why, reason=fault.reason
        )
    )
    return out


def _content_findings(
    c: Citation,
    r: Resolution,
    opinion: Opinion | None,
    library: Library,
    judge: SupportJudge | None,
    bounds: _CaseBounds,
    nli: Entailment | None = None,
) -> list[Finding]:
    quote_findings, matches = check_quotes(c, opinion)
    last_page, next_page = _case_bounds(c, r, bounds)
    pin = check_pincite(c, r, opinion, matches, last_page, next_page)
    out = [*quote_findings, *([pin] if pin else [])]
    if any(f.outcome is Outcome.FAIL for f in quote_findings):
        return out
    support = check_support(c, opinion, nli)
    if pin is not None and pin.outcome is Outcome.FAIL:
        # a wrong pin page does not hide what the opinion says: its contradiction is reported too
        return [*out, support] if support.outcome is Outcome.FAIL else out
    if judge is not None and opinion is not None and support.outcome is not Outcome.FAIL:
        return [*out, *judge(c, opinion, library)]
    return [*out, support]


def _case_bounds(c: Citation, r: Resolution, bounds: _CaseBounds) -> tuple[int | None, int | None]:
    if not (c.volume and c.reporter and c.page and c.page.isdigit()):
        return None, None
    around = bounds.around(c.volume, c.reporter, int(c.page) + 1)
    if around is None or r.authority is None or around.authority.id != r.authority.id:
        return None, None
    return (around.last_known_page if around.last_page_exact else None), around.next_case_page


def _safe(call: Callable[[], T], default: T) -> T:
    """The answer, or ``default`` when the library fails; for lookups that only add
    evidence (other cases of the same name, a case's page bounds)."""
    try:
        return call()
    except LibraryError:
        return default


__all__ = ["Report", "check_document"]

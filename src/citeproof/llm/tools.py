"""The agent's lookups, each read as one outcome of its likelihood model (`likelihoods.py`).

Library lookup by name, CourtListener lookup by cite (only with a remote library), text
search of the cited opinion for the proposition, and quote search in it. Each returns
an `Observation`: the outcome, the text shown to the model and written to the trace, and
what it learnt (the case the cite names, the passages retrieved, a fragment to flag).
A backend fault is the outcome ``failed``: nothing is learnt from it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from citeproof.core.checking.checks import check_name, check_quotes
from citeproof.core.checking.quotes import QuoteMatch
from citeproof.core.checking.resolve import resolve
from citeproof.core.checking.signatures import signature, split_sentences
from citeproof.core.models import (
    Authority,
    Citation,
    Coverage,
    Opinion,
    Outcome,
    Resolution,
    ResolutionStatus,
)
from citeproof.core.protocols import Library, LibraryError
from citeproof.library.chain import ChainLibrary, RemoteLibrary
from citeproof.llm.likelihoods import FAILED
from citeproof.llm.retrieve import Passage, passages_for

MATCH, UNRELATED = 0.6, 0.25  # share of the proposition's content words in the best sentence
MIN_CLAIM_WORDS = 4  # fewer content words: too short to compare


@dataclass(frozen=True, slots=True)
class Action:
    """One action on one citation; equal actions have equal keys (never taken twice)."""

    name: str
    citation_id: str
    detail: str = ""  # what distinguishes a repeated question (the model's evidence level)

    def key(self) -> str:
        return json.dumps([self.name, self.citation_id, self.detail])


@dataclass(frozen=True, slots=True)
class Observation:
    outcome: str
    text: str
    case: Authority | None = None  # the case a lookup tied the citation to
    passages: tuple[Passage, ...] = ()
    fragment: str | None = None  # the words a reader should look at, when it shows an error


def describe_authority(a: Authority) -> str:
    cites = "; ".join(str(c) for c in a.citations[:4])
    text = "full text available" if a.has_text else "no text"
    return f"{a.name_abbreviation} ({a.decision_date[:4]}) | {cites} | {text}"


def share_in_passages(proposition: str, case_name: str, passages: tuple[Passage, ...]) -> float | None:
    """The largest share of the proposition's content words (less the case name's) that one
    sentence of the passages holds; None for a proposition too short to compare."""
    claim = signature(proposition)[0] - signature(case_name)[0]
    if len(claim) < MIN_CLAIM_WORDS:
        return None
    best = 0.0
    for p in passages:
        for start, end in split_sentences(p.text):
            best = max(best, len(claim & signature(p.text[start:end])[0]) / len(claim))
    return best


def closeness(share: float | None) -> str:
    """The text search's outcome from `share_in_passages`."""
    if share is None:
        return "partial"  # too short to compare: it says nothing either way
    if share >= MATCH:
        return "close"
    return "unrelated" if share < UNRELATED else "partial"


class AgentTools:
    """Runs lookups against the library, and CourtListener when a remote is configured."""

    def __init__(self, library: Library, remote: RemoteLibrary | None = None) -> None:
        self.library, self.remote = library, remote
        self.texts: Library = library if remote is None else ChainLibrary(library, remote)

    def search_library(self, c: Citation) -> Observation:
        """Cases of the written name: at another cite of the same reporter, elsewhere, or none."""
        try:
            found = self.library.cases_named(c.case_name or "")
        except LibraryError as exc:
            return Observation(FAILED, f"the library could not answer ({exc.reason})")
        if not found:
            return Observation("none", f"the library knows no case named {c.case_name}")
        listed = "\n".join(describe_authority(a) for a in found)
        same_reporter = [a for a in found if any(x.reporter == c.reporter for x in a.citations)]
        if same_reporter:
            return Observation("other_cite", f"cases named {c.case_name}, at other cites:\n{listed}")
        only = found[0] if len(found) == 1 and found[0].has_text else None
        return Observation("parallel", f"cases named {c.case_name}, in other reporters:\n{listed}", only)

    def search_courtlistener(self, c: Citation) -> Observation:
        """The cite on CourtListener: the case named, another case, or no case."""
        assert self.remote is not None
        r = resolve(c, self.remote)
        if r.authority is not None:
            same = check_name(c, r).outcome is not Outcome.FAIL
            outcome = "found_same" if same else "found_other"
            return Observation(
                outcome, f"CourtListener: {c.cite} is {describe_authority(r.authority)}", r.authority
            )
        if r.status is ResolutionStatus.NOT_FOUND and r.coverage is Coverage.COMPLETE:
            return Observation("absent", f"CourtListener has no case at {c.cite} (a reporter it covers)")
        return Observation(FAILED, f"CourtListener could not settle {c.cite}: {_why(r)}")

    def opinion(self, case_id: str) -> Opinion | None:
        return self.texts.opinion(case_id)

    def search_opinion(self, c: Citation, case_id: str, case_name: str) -> Observation:
        """The pin pages and best-matching passages for the proposition, by how much of it
        the best sentence holds: close, partial, or unrelated."""
        try:
            opinion = self.opinion(case_id)
        except LibraryError as exc:
            return Observation(FAILED, f"the opinion could not be fetched ({exc.reason})")
        if opinion is None:
            return Observation(FAILED, "no opinion text for that case")
        found = tuple(passages_for(c, opinion, self.texts))
        outcome = closeness(share_in_passages(c.proposition or "", case_name, found))
        shown = "\n\n".join(f"{p.label()} {p.text.strip()}" for p in found) or "no passage matches"
        return Observation(outcome, shown, passages=found)

    def search_quote(self, c: Citation, case_id: str) -> Observation:
        """The quoted words in the opinion: found (on a pin page, where pages are marked and a
        pin is given), found off the pin pages, or missing."""
        try:
            opinion = self.opinion(case_id)
        except LibraryError as exc:
            return Observation(FAILED, f"the opinion could not be fetched ({exc.reason})")
        if opinion is None:
            return Observation(FAILED, "no opinion text for that case")
        findings, matches = check_quotes(c, opinion)
        failed = [f for f in findings if f.outcome is Outcome.FAIL]
        if failed:
            return Observation(
                "missing", f"{failed[0].explanation}: {failed[0].evidence}", fragment=failed[0].fragment
            )
        if not matches:
            return Observation(FAILED, "the quotes are too short to look for")
        pages = _pages(opinion, c.reporter or "", matches)
        if c.pin_pages and pages and not pages & set(c.pin_pages):
            where = ", ".join(str(p) for p in sorted(pages))
            return Observation(
                "off_pin", f"the quoted words are on page(s) {where}, not {c.pin_text}", fragment=c.text
            )
        return Observation(
            "found", "the quoted words are in the opinion" + (f" (page {min(pages)})" if pages else "")
        )


def _pages(opinion: Opinion, reporter: str, matches: list[QuoteMatch]) -> set[int]:
    out: set[int] = set()
    for m in matches:
        for start, end in m.occurrences or ((m.start or 0, m.end or 0),):
            first, last = opinion.page_at(start, reporter), opinion.page_at(max(start, end - 1), reporter)
            if first is not None and last is not None:
                out.update(range(first, last + 1))
    return out


def _why(r: Resolution) -> str:
    return (
        f"{r.status.value}" + (f" ({r.reason.value})" if r.reason else "") + (f"; {r.note}" if r.note else "")
    )

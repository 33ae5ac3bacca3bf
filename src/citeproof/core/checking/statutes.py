"""Statute checks: US statute and rule numbers that cannot exist, and Ukrainian (code,
article) citations checked against the shipped code registry
(`core/extraction/statutes/`), turned into the verdicts every other citation gets.
"""

from __future__ import annotations

import re

from citeproof.core.extraction.statutes.ua import check_article
from citeproof.core.extraction.statutes.ua_registry import CiteStatus, load_registry
from citeproof.core.models import Citation, Confidence, ErrorKind, Finding, Outcome, Reason, Span

# Titles of the United States Code that exist (53 is reserved; 54 is the last).
USC_TITLES = frozenset(range(1, 55)) - {53}
FEDERAL_RULE_RANGES = {
    "Fed. R. Civ. P.": (1, 87),
    "Fed. R. Crim. P.": (1, 61),
    "Fed. R. App. P.": (1, 48),
    "Fed. R. Evid.": (101, 1103),
    "Fed. R. Bankr. P.": (1001, 9037),
    "Rules Governing § 2254 Cases": (1, 12),
    "Rules Governing § 2255 Proceedings": (1, 12),
}


def check_ua_statute(c: Citation) -> Finding:
    """A Ukrainian (code, article) citation (`ua_citations`) against the shipped registry,
    at the date of its snapshot."""
    result = check_article(c.statute_code, c.statute_section or "", c.statute_note, load_registry())
    return _finding(result.status, result.evidence, c.text, c.span)


def _finding(status: CiteStatus, evidence: str, fragment: str, span: Span) -> Finding:
    if status is CiteStatus.NONEXISTENT:
        return Finding(
            kind=ErrorKind.STATUTE_NONEXISTENT,
            outcome=Outcome.FAIL,
            explanation="no such article in the code",
            fragment=fragment,
            span=span,
            evidence=evidence,
            confidence=Confidence.RULED_OUT,
        )
    if status in {CiteStatus.REPEALED, CiteStatus.CODE_NOT_IN_FORCE}:
        return Finding(
            kind=ErrorKind.STATUTE_REPEALED,
            outcome=Outcome.FAIL,
            explanation="the article or code is not in force at the date",
            fragment=fragment,
            span=span,
            evidence=evidence,
            confidence=Confidence.NOT_IN_FORCE,
        )
    if status is CiteStatus.EXISTS:
        return Finding(kind=ErrorKind.STATUTE_NONEXISTENT, outcome=Outcome.PASS, explanation=evidence)
    return Finding(
        kind=ErrorKind.STATUTE_NONEXISTENT,
        outcome=Outcome.UNKNOWN,
        explanation=evidence,
        reason=Reason.STATUTE_NOT_IN_REGISTRY,
    )


def impossible_statute(code: str, title: str | None, section: str) -> str | None:
    """Why a US statute or rule citation cannot exist, or None when it may."""
    number = re.match(r"\d+", section)
    if code == "U.S.C." and title is not None and int(title) not in USC_TITLES:
        return f"Title {title} of the United States Code does not exist (titles run 1-54; 53 is reserved)"
    bounds = FEDERAL_RULE_RANGES.get(code)
    if bounds and number and not bounds[0] <= int(number.group()) <= bounds[1]:
        return f"{code} has no rule {number.group()} (rules run {bounds[0]}-{bounds[1]})"
    return None

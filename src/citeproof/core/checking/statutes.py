"""Ukrainian (code, article) citations checked against the shipped code registry
(`core/extraction/statutes/`), turned into the verdicts every other citation gets; US
statutes and rules are checked in `us_statutes.py`.
"""

from __future__ import annotations

from citeproof.core.extraction.statutes.ua import check_article
from citeproof.core.extraction.statutes.ua_registry import CiteStatus, load_registry
from citeproof.core.models import Citation, Confidence, ErrorKind, Finding, Outcome, Reason, Span


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

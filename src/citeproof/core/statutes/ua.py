"""Ukrainian statute citations in a brief, checked against the shipped code registry.

Extraction and the registry live in `citeproof.bench.grounding`; this module turns their
answers into the verdicts every other citation gets.
"""

from __future__ import annotations

import re

from citeproof.core.models import (
    Confidence,
    ErrorKind,
    Finding,
    Outcome,
    Reason,
    Resolution,
    ResolutionStatus,
    Span,
    Verdict,
)
from citeproof.core.statutes.ua_registry import CiteStatus

_CYRILLIC = re.compile(r"[а-яіїєґА-ЯІЇЄҐ]")


def ua_statute_verdicts(text: str, date: str | None = None) -> list[Verdict]:
    """One verdict per Ukrainian (code, article) citation; [] for text without Cyrillic."""
    if not _CYRILLIC.search(text):
        return []
    from citeproof.core.decide import decide
    from citeproof.core.statutes.ua_extract import check_text, to_citations
    from citeproof.core.statutes.ua_registry import load_registry

    registry = load_registry()
    checked = check_text(text, registry, date)
    citations = to_citations([c.cite for c in checked], registry)
    verdicts = []
    for citation, result in zip(citations, checked, strict=True):
        finding = _finding(result.check.status, result.check.evidence, citation.text, citation.span)
        resolution = Resolution(citation.id, ResolutionStatus.UNRESOLVED, reason=Reason.NOT_CHECKED)
        verdicts.append(decide(citation, resolution, [finding]))
    return verdicts


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

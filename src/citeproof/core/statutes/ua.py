"""Ukrainian statute citations in a brief, checked against the shipped code registry.

Extraction and the registry live in `citeproof.bench.grounding`; this module turns their
answers into the verdicts every other citation gets.
"""

from __future__ import annotations

import re

from citeproof.core.models import (
    ErrorKind,
    Finding,
    Outcome,
    Reason,
    Resolution,
    ResolutionStatus,
    Verdict,
)

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
        finding = _finding(str(result.check.status), result.check.evidence, citation.text,
                           citation.span)
        resolution = Resolution(citation.id, ResolutionStatus.UNRESOLVED, reason="statute")
        verdicts.append(decide(citation, resolution, [finding]))
    return verdicts


def _finding(status: str, evidence: str, fragment: str, span) -> Finding:  # type: ignore[no-untyped-def]
    if status == "nonexistent":
        return Finding(ErrorKind.STATUTE_NONEXISTENT, Outcome.FAIL, "no such article in the code",
                       fragment, span, evidence, 0.95)
    if status in {"repealed", "code_not_in_force"}:
        return Finding(ErrorKind.STATUTE_REPEALED, Outcome.FAIL,
                       "the article or code is not in force at the date", fragment, span,
                       evidence, 0.9)
    if status == "exists":
        return Finding(ErrorKind.STATUTE_NONEXISTENT, Outcome.PASS, evidence)
    return Finding(ErrorKind.STATUTE_NONEXISTENT, Outcome.UNKNOWN, evidence,
                   reason=Reason.STATUTE_NOT_IN_REGISTRY)

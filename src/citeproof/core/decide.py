"""Findings → one verdict per citation, with explicit precedence and fail-closed rules.

1. Any failed check → ``hallucinated`` (every failed check is listed). A statute found
   in force (the Ukrainian registry, the U.S. Code or federal rules tables) is
   ``verified``; any other statute is ``unverifiable`` with its check's reason.
2. The citation did not resolve to a real case → ``unverifiable`` with the reason.
3. A backend fault kept the opinion text from the checks, or left any check (the LLM
   judge's included) undecided → ``unverifiable`` with the fault's reason
   (``backend_error``, ``rate_limited``), never ``no_text`` and never ``verified``.
4. A quote could not be checked (no text, no page markers) → ``unverifiable``.
5. Otherwise → ``verified``. Support (misrepresentation) left undecided offline does not
   block a verdict: the case exists, the name matches and the quotes are there.
"""

from __future__ import annotations

from citeproof.core.models import (
    Citation,
    CitationType,
    ErrorKind,
    Finding,
    Outcome,
    Reason,
    Resolution,
    ResolutionStatus,
    Status,
    Verdict,
)

_BLOCKING_UNKNOWN = {ErrorKind.MISQUOTE, ErrorKind.WRONG_PINCITE}
_FAULTS = {Reason.BACKEND_ERROR, Reason.RATE_LIMITED}


def decide(
    citation: Citation, resolution: Resolution, findings: list[Finding], fault: Reason | None = None
) -> Verdict:
    """``fault``: why the opinion text could not be fetched, when a backend failed."""
    failed = tuple(f for f in findings if f.outcome is Outcome.FAIL)
    authority = resolution.authority
    if failed:
        return Verdict(citation, Status.HALLUCINATED, None, authority, failed, tuple(findings))
    if citation.type is CitationType.STATUTE:
        if any(f.outcome is Outcome.PASS for f in findings):  # found in force in a registry or table
            return Verdict(citation, Status.VERIFIED, None, None, (), tuple(findings))
        reason = next((f.reason for f in findings if f.reason), Reason.STATUTE_NOT_IN_REGISTRY)
        return Verdict(citation, Status.UNVERIFIABLE, reason, None, (), tuple(findings))
    if resolution.status is not ResolutionStatus.FOUND:
        existence = next((f for f in findings if f.kind is ErrorKind.NONEXISTENT), None)
        reason = existence.reason if existence and existence.reason else Reason.NOT_IN_COVERAGE
        return Verdict(citation, Status.UNVERIFIABLE, reason, None, (), tuple(findings))
    if fault is not None:
        return Verdict(citation, Status.UNVERIFIABLE, fault, authority, (), tuple(findings))
    blocking = next(
        (
            f
            for f in findings
            if f.outcome is Outcome.UNKNOWN
            and f.reason is not None
            and (f.kind in _BLOCKING_UNKNOWN or f.reason in _FAULTS)
        ),
        None,
    )
    if blocking is not None:
        return Verdict(citation, Status.UNVERIFIABLE, blocking.reason, authority, (), tuple(findings))
    return Verdict(citation, Status.VERIFIED, None, authority, (), tuple(findings))

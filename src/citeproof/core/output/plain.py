"""Findings in plain legal English, for a note to a colleague (the Word copy's comments):
no codes, no diff markup. The kind code stays in the JSON (``errors[].kind``)."""

from __future__ import annotations

from citeproof.core.checking.checks import YEAR_ONLY
from citeproof.core.checking.quotes import plain_changes, real_wording_in
from citeproof.core.models import ErrorKind, Finding, Verdict
from citeproof.core.text.excerpt import as_sentence

K = ErrorKind
HEADLINES = {
    K.NONEXISTENT: "Probably fabricated",
    K.NAME_MISMATCH: "Wrong case name",
    K.WRONG_PINCITE: "Wrong pin cite",
    K.MISQUOTE: "Misquotation",
    K.MISREPRESENTATION: "The case may not support this",
    K.STATUTE_NONEXISTENT: "No such section",
    K.STATUTE_REPEALED: "Repealed",
}


def headline(f: Finding) -> str:
    """``Wrong pin cite``; a cite impossible only for its year is ``Wrong year or cite``."""
    if f.kind is K.NONEXISTENT and YEAR_ONLY in f.explanation:
        return "Wrong year or cite"
    return HEADLINES[f.kind]


def plain_finding(f: Finding) -> str:
    """``Wrong pin cite: the quoted words are not on page 496. "..." is on page 495 of
    347 U.S. Suggested: pin cite 347 U.S. 483, 495.``"""
    parts = [f"{headline(f)}: {f.explanation}"]
    real = real_wording_in(f.evidence) if f.kind is K.MISQUOTE else None
    if real is not None:
        changes = plain_changes(f.fragment or "", real)
        parts.append(f"The opinion reads \u201c{real}\u201d" + (f"; the brief {changes}" if changes else ""))
    elif f.evidence:
        parts.append(_capitalised(f.evidence))
    if f.suggestion and real is None:
        parts.append(f"Suggested: {f.suggestion}")
    return " ".join(as_sentence(p) for p in parts)


def plain_verdict(v: Verdict) -> list[str]:
    """One plain sentence group per error of ``v``."""
    return [plain_finding(f) for f in v.errors]


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = ["HEADLINES", "headline", "plain_finding", "plain_verdict"]

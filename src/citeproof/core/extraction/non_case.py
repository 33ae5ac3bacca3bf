"""Sources that are not cases, as courts and briefs cite them: the record, filings and
briefs, statutes, legislative history, secondary sources, and short forms the extractor
cannot read ("Riley III at 567"). An ``id.`` after one of them repeats it, not a case."""

from __future__ import annotations

import re
from collections.abc import Sequence

from citeproof.core.extraction.record_cites import RECORD_SHAPES
from citeproof.core.models import Abstention, Reason, Span

_SOURCES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(pattern))
    for label, pattern in (
        (
            "the record",
            r"\bR\.\s*\d|\bR\d+-\d+|\bRec(?:ord)?\.?\s+(?:at\s+)?\d|\bTr(?:ans)?\.|\bTranscript\b"
            r"|\bJ\.\s?A\.\s*\d|(?<!\.\s)(?<!\.)\bApp\.\s*\d+(?![\d\s.]*(?:d|th|st|nd|rd)\b)(?!\d*\s*\))"
            r"|\bPet\.\s*App\.|\bExhs?\.\s*[\dA-Z]"
            r"|\bEx\.\s*[\dA-Z]|\bExhibit\s+[\dA-Z]|\bDkt\.|\bDocket\s+(?:No\.|Entry|#)|\bECF\s+No\."
            r"|\[\s*#?\s*\d+\s*\]\s*at\s+\d|" + RECORD_SHAPES.pattern,
        ),
        (
            "a filing or brief",
            r"\bCompl\.|\bCmplt\.|\bComplaint\s+(?:at\s+)?¶|\bComplaint\s+at\s+\d|\bDecl\.|\bAff\."
            r"|\bDep\.\s|\bBr\.|\bBrief\s+(?:for|of|in)\b|\bResp\.|\bMem\.|\bMot\.|\bOpp(?:'n|’n|\.)"
            r"|\bReply\s+(?:Br|Mem|at\b|¶)|\bAns\.|\bStip\.|\bLetter\s+from\b",
        ),
        (
            "legislative history or a secondary source",
            r"U\.S\.C\.C\.A\.N\.|\bRep\.\s*No\.|\bH\.\s?R\.|\bS\.\s?Rep\.|\bH\.\s?Rep\.|\bCong\.\s*Rec\."
            r"|\d+(?:st|nd|rd|th)\s+Cong\.|\bFed\.\s*Reg\.|\d\s+Stat\.\s*\d|\bRestatement\b|\bL\.\s?Rev\."
            r"|\bL\.\s?J\.|\bTax\s+Rep\.|\bCCH\b|\bsupra\s+note\b|\binfra\b",
        ),
        (
            "a statute",
            r"\b(?:Code|CODE|Stat|STAT|Laws|LAWS|Rev|REV)\b\.?[^;()]{0,40}?(?:§|\bart\.|\bch\.)\s*\d"
            r"|(?:(?<=\n)|(?<=[.;]\s)|(?<=\b[Ss]ee\s))(?:\d+\.\s+)?§+\s*\d",  # "97. § 28-105.01(4)."
        ),
        ("a paragraph", r"(?<=\S)[ \t]?¶+(?!\s*\d+\s+[A-Z“\"])"),
        (
            "a source cited by a short form the extractor does not read",
            r"\b[A-Z][\w.'’\-]*\s+at\s+(?:pp?\.\s*)?\d",
        ),
    )
)
_SNIPPET = 30
_SECTION_PIN = re.compile(r"[\s,]*(?:at\s+)?(?:§|\bart\.|\bch\.)")


def non_case_source(
    text: str, start: int, end: int, statutes: Sequence[Span] = (), records: Sequence[Span] = ()
) -> Abstention | None:
    """The first non-case source cited in ``text[start:end]`` (a statute among
    ``statutes``, the record among ``records``), as the reason an ``id.`` at ``end`` is
    not checked against a case.

    Inside the explanatory parenthetical of the cite before it, it may be the
    parenthetical's own source: then the ``id.`` is ambiguous rather than surely no case."""
    found = [(s.start, "a statute") for s in statutes if start <= s.start < end]
    found += [(s.start, "the record") for s in records if start <= s.start < end]
    for label, pattern in _SOURCES:
        m = pattern.search(text, start, end)
        if m:
            found.append((m.start(), label))
    if not found:
        return None
    at, label = min(found)
    snippet = " ".join(text[max(start, at - 5) : min(end, at + _SNIPPET)].split())
    nested = opened_after_cite(text[start:at]) > 0
    reason = Reason.AMBIGUOUS_SHORT_FORM if nested else Reason.NOT_A_CASE_CITATION
    return Abstention(reason, f'it follows {label} ("{snippet}…"), cited after the last case')


def cites_a_section(text: str, end: int) -> Abstention | None:
    """``Id. § 12.34``, ``id. art. 5``: a short form pinned to a section repeats a statute
    or code, not a case."""
    if not _SECTION_PIN.match(text, end):
        return None
    return Abstention(Reason.NOT_A_CASE_CITATION, "it is pinned to a section or article, as statutes are")


_CLOSED_PARENS = re.compile(r"\([^()]*\)")
_PINS_ONLY = re.compile(r"[\s,;]*(?:(?:at\s+)?[\d*][\d\s,\-–—n.*&]*)?[\s,;]*")


def opened_after_cite(gap: str) -> int:
    """How many parentheses the text after a cite leaves open, when the outermost opens
    right after the cite (only pins and closed parentheticals before it): the cite's
    explanatory parenthetical, ``(quoting ...``. 0 otherwise."""
    if "(" not in gap:
        return 0
    stack: list[int] = []
    for i, ch in enumerate(gap):
        if ch == "(":
            stack.append(i)
        elif ch == ")" and stack:
            stack.pop()
    if not stack:
        return 0
    lead = gap[: stack[0]]
    while _CLOSED_PARENS.search(lead):
        lead = _CLOSED_PARENS.sub(" ", lead)
    return len(stack) if _PINS_ONLY.fullmatch(lead) else 0

"""US statute and rule citations eyecite misses, and the checks that need no registry."""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.core.models import Span

# Titles of the United States Code that exist (53 is reserved; 54 is the last).
USC_TITLES = frozenset(range(1, 55)) - {53}
FEDERAL_RULE_RANGES = {
    "Fed. R. Civ. P.": (1, 87),
    "Fed. R. Crim. P.": (1, 61),
    "Fed. R. App. P.": (1, 48),
    "Fed. R. Evid.": (101, 1103),
    "Fed. R. Bankr. P.": (1001, 9037),
}

_USC = re.compile(
    r"\b(?P<title>\d{1,3})\s+U\.\s?S\.\s?C(?:\.|ode)\s*(?:A\.\s*|S\.\s*)?(?:§§?\s*)?"
    r"(?P<section>\d+[a-z]?(?:[-–]\d+)?)(?P<sub>(?:\([a-zA-Z0-9]{1,4}\))*)"
)
_CFR = re.compile(r"\b(?P<title>\d{1,2})\s+C\.\s?F\.\s?R\.\s*(?:§§?\s*)?(?P<section>\d+(?:\.\d+)?)")
_RULE = re.compile(
    r"\b(?P<code>Fed\.\s?R\.\s?(?:Civ|Crim|App|Bankr)\.\s?P\.|Fed\.\s?R\.\s?Evid\.)\s*"
    r"(?P<section>\d{1,4})(?P<sub>(?:\([a-zA-Z0-9]{1,4}\))*)"
)
_SECTION_OF_TITLE = re.compile(
    r"\b[Ss]ection\s+(?P<section>\d+[a-z]?)\s+of\s+[Tt]itle\s+(?P<title>\d{1,2})\b"
)


@dataclass(frozen=True, slots=True)
class StatuteCite:
    code: str
    title: str | None
    section: str
    span: Span


def find_statutes(text: str) -> list[StatuteCite]:
    """U.S.C. (with or without §), C.F.R., federal rules and "section N of title T"."""
    found: list[StatuteCite] = []
    for m in _USC.finditer(text):
        found.append(
            StatuteCite(
                "U.S.C.", m.group("title"), m.group("section") + m.group("sub"), Span(m.start(), m.end())
            )
        )
    for m in _CFR.finditer(text):
        found.append(StatuteCite("C.F.R.", m.group("title"), m.group("section"), Span(m.start(), m.end())))
    for m in _RULE.finditer(text):
        code = re.sub(r"\.\s?", ". ", m.group("code")).strip()
        found.append(StatuteCite(code, None, m.group("section") + m.group("sub"), Span(m.start(), m.end())))
    for m in _SECTION_OF_TITLE.finditer(text):
        found.append(StatuteCite("U.S.C.", m.group("title"), m.group("section"), Span(m.start(), m.end())))
    return sorted(found, key=lambda s: s.span.start)


def impossible_statute(code: str, title: str | None, section: str) -> str | None:
    """Why a US statute or rule citation cannot exist, or None when it may."""
    number = re.match(r"\d+", section)
    if code == "U.S.C." and title is not None and int(title) not in USC_TITLES:
        return f"Title {title} of the United States Code does not exist (titles run 1-54; 53 is reserved)"
    bounds = FEDERAL_RULE_RANGES.get(code)
    if bounds and number and not bounds[0] <= int(number.group()) <= bounds[1]:
        return f"{code} has no rule {number.group()} (rules run {bounds[0]}-{bounds[1]})"
    return None

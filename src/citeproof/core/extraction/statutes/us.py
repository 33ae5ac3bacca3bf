"""US statute and rule citations eyecite misses: U.S.C., C.F.R., the federal rules."""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.core.models import Span

_USC = re.compile(
    r"\b(?P<title>\d{1,3})\s+U\.\s?S\.\s?C(?:\.|ode)\s*(?:A\.\s*|S\.\s*)?(?:§§?\s*)?"
    r"(?P<section>\d+(?:[a-z]{1,3})?(?:[-–]\d+(?:[a-z]{1,3})?)*)(?P<sub>(?:\([a-zA-Z0-9]{1,4}\))*)"
)
_CFR = re.compile(r"\b(?P<title>\d{1,2})\s+C\.\s?F\.\s?R\.\s*(?:§§?\s*)?(?P<section>\d+(?:\.\d+)?)")
_RULE = re.compile(
    r"\b(?P<code>Fed\.\s?R\.\s?(?:Civ|Crim|App|Bankr)\.\s?P\.|Fed\.\s?R\.\s?Evid\.)\s*"
    r"(?P<section>\d{1,4}(?:\.\d{1,2}(?!\d)|[A-Z](?![A-Za-z]))?)(?P<sub>(?:\([a-zA-Z0-9]{1,4}\))*)"
)
# "Rule 8 of the Rules Governing Section 2254 Cases", "Rule 4(b) of the Rules Governing
# § 2255 Proceedings (in the United States District Courts)"
_HABEAS_RULE = re.compile(
    r"\bRule\s+(?P<section>\d{1,2})(?P<sub>(?:\([a-z0-9]{1,3}\))*),?\s+(?:of\s+the\s+)?Rules\s+"
    r"Governing\s+(?:Section|§)\s*(?P<title>2254\s+Cases|2255\s+Proceedings)"
    r"(?:\s+in\s+the\s+United\s+States\s+District\s+Courts)?"
)
HABEAS_RULES = {"2254": "Rules Governing § 2254 Cases", "2255": "Rules Governing § 2255 Proceedings"}
_SECTION_OF_TITLE = re.compile(
    r"\b[Ss]ection\s+(?P<section>\d+[a-z]?)\s+of\s+[Tt]itle\s+(?P<title>\d{1,2})\b"
)
# The edition cited right after a statute or rule: "(2005)", "(West 2012)", "(2006 ed.)".
_EDITION_YEAR = re.compile(
    r"\s*\((?:West\s+|Supp\.\s*[IVX]*\s*)?(?P<year>1[789]\d\d|20\d\d)(?:\s+(?:ed\.|&\s*Supp\.)[^()]{0,24})?\)"
)
_PROPOSED = re.compile(r"\bproposed\s+$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class StatuteCite:
    code: str
    title: str | None
    section: str
    span: Span


def statute_year(text: str, start: int, end: int) -> int | None:
    """The year of the edition cited right after the statute or rule at ``[start, end)``;
    None without one, or for a proposed rule (cited by the year it was proposed)."""
    m = _EDITION_YEAR.match(text, end)
    if m is None or _PROPOSED.search(text, max(0, start - 12), start):
        return None
    return int(m.group("year"))


def find_statutes(text: str) -> list[StatuteCite]:
    """U.S.C. (with or without §), C.F.R., federal rules, the Rules Governing Section 2254
    Cases and Section 2255 Proceedings, and "section N of title T"."""
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
    for m in _HABEAS_RULE.finditer(text):
        code = HABEAS_RULES[m.group("title")[:4]]
        found.append(StatuteCite(code, None, m.group("section") + m.group("sub"), Span(m.start(), m.end())))
    for m in _SECTION_OF_TITLE.finditer(text):
        found.append(StatuteCite("U.S.C.", m.group("title"), m.group("section"), Span(m.start(), m.end())))
    return sorted(found, key=lambda s: s.span.start)

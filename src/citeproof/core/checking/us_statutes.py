"""US statute and rule citations against the library's tables of the U.S. Code and the
federal rules (`statute_facts` looks them up; `check_us_statute` is the pure check).

What each fact proves, and no more:

* A title past 54 or a rule number past its set's last cannot exist (no table needed).
* The Code table is the Code at one date, without most repealed and transferred sections:
  a section it lacks (or holds only as a stub: "Repealed", "Transferred") is
  ``not_in_current_code``, never proof that it never existed.
* Every whole-numbered rule of Civil, Criminal and Appellate Procedure and of Evidence is
  in the rules table, the abrogated, reserved and transferred ones too (`CLOSED_RULE_SETS`),
  so a whole number it lacks inside its set was never a rule. The Bankruptcy Rules (data
  from 2010, after renumberings), and decimal or lettered numbers (``23.3``, ``71A``) the
  table lacks, are unverifiable instead.
* A rule takes effect on 1 December of the year before the first edition that prints it,
  so a year cited more than one year before that edition, and within the editions the data
  hold for its set, is before the rule existed (``Fed. R. Evid. 502 (2005)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.core.models import Citation, Confidence, ErrorKind, Finding, Outcome, Reason
from citeproof.core.protocols import (
    RULES_TABLE,
    USC_TABLE,
    CodeSection,
    FederalRule,
    Library,
    StatuteTable,
)
from citeproof.core.text.excerpt import excerpt

USC = "U.S.C."
# Titles of the United States Code that exist (53 is reserved; 54 is the last).
USC_TITLES = frozenset(range(1, 55)) - {53}
FEDERAL_RULE_RANGES = {
    "Fed. R. Civ. P.": (1, 87),
    "Fed. R. Crim. P.": (1, 62),
    "Fed. R. App. P.": (1, 48),
    "Fed. R. Evid.": (101, 1103),
    "Fed. R. Bankr. P.": (1001, 9038),
    "Rules Governing § 2254 Cases": (1, 12),
    "Rules Governing § 2255 Proceedings": (1, 12),
}
CLOSED_RULE_SETS = frozenset({"Fed. R. Civ. P.", "Fed. R. Crim. P.", "Fed. R. App. P.", "Fed. R. Evid."})
NEAREST = 4  # sections or rules named beside one the data lack
HEADING_CHARS = 70
_USC_NAMES = frozenset({"USC", "USCA", "USCS", "UNITEDSTATESCODE", "UNITEDSTATESCODEANNOTATED"})
_TOKEN = re.compile(r"\d+|[^\W\d_]+")
_IN_FORCE = "in_force"
_CURRENT = "current"


@dataclass(frozen=True, slots=True)
class CodeFacts:
    """What the Code table says of a U.S.C. citation: each section it names (both ends of a
    range) with the table's row (None: no row), and the current sections nearest the first
    one that is not current."""

    table: StatuteTable
    sections: tuple[tuple[str, CodeSection | None], ...]
    nearest: tuple[CodeSection, ...] = ()


@dataclass(frozen=True, slots=True)
class RuleFacts:
    """The rules table's rows of the citation's set, in the set's order."""

    table: StatuteTable
    rules: tuple[FederalRule, ...]


StatuteFacts = CodeFacts | RuleFacts


def us_code(code: str) -> str:
    """``U.S.C.`` for every way of writing it (``U. S. C.``, ``U.S.C.A.``, ``U.S.C.S.``)."""
    return USC if re.sub(r"[\s.]", "", code).upper() in _USC_NAMES else code


def base_section(section: str) -> str:
    """The section or rule number without its subsections: ``2254(d)(1)`` → ``2254``."""
    return re.sub(r"[\u2013\u2014]", "-", section.split("(")[0]).strip()


def section_order(section: str) -> str:
    """A key that sorts section (or rule) numbers in the Code's order: numbers by value, a
    letter suffix after its number ("1981" < "1981a" < "1982"; "2000e-17" < "2000f")."""
    return "".join(f"0{int(t):010d}" if t.isdigit() else f"1{t.lower()}" for t in _TOKEN.findall(section))


def range_ends(section: str) -> tuple[str, str] | None:
    """The two ends of a range written with a hyphen (``1961-1968``, ``2000e-2000e-17``),
    or None when no split leaves a second end after the first (``2000e-2``, ``1087-58``)."""
    for at in (m.start() for m in re.finditer("-", section)):
        first, last = section[:at], section[at + 1 :]
        if first[:1].isdigit() and last[:1].isdigit() and section_order(last) > section_order(first):
            return first, last
    return None


def statute_facts(c: Citation, library: Library) -> StatuteFacts | None:
    """What the library's tables say of a US statute citation; None when it holds no table
    of its code (C.F.R., the habeas rules, a library built without them)."""
    code = us_code(c.statute_code or "")
    tables = {t.name: t for t in library.statute_tables()}
    if code == USC and USC_TABLE in tables and c.statute_title:
        return _code_facts(tables[USC_TABLE], c.statute_title, base_section(c.statute_section or ""), library)
    if code in FEDERAL_RULE_RANGES and RULES_TABLE in tables:
        rules = library.federal_rules(code)
        return RuleFacts(tables[RULES_TABLE], rules) if rules else None
    return None


def _code_facts(table: StatuteTable, title: str, section: str, library: Library) -> CodeFacts:
    whole = library.usc_section(title, section)
    ends = range_ends(section) if whole is None else None
    named = (section,) if ends is None else ends
    rows = ((section, whole),) if ends is None else tuple((s, library.usc_section(title, s)) for s in named)
    absent = next((s for s, row in rows if row is None or row.status != _CURRENT), None)
    nearest = library.usc_sections_near(title, absent, NEAREST) if absent is not None else ()
    return CodeFacts(table, rows, nearest)


def impossible_statute(code: str, title: str | None, section: str) -> str | None:
    """Why a US statute or rule citation cannot exist, or None when it may."""
    number = re.match(r"\d+", section)
    if us_code(code) == USC and title is not None and int(title) not in USC_TITLES:
        return f"Title {title} of the United States Code does not exist (titles run 1-54; 53 is reserved)"
    bounds = FEDERAL_RULE_RANGES.get(code)
    if bounds and number and not bounds[0] <= int(number.group()) <= bounds[1]:
        return f"{code} has no rule {number.group()} (rules run {bounds[0]}-{bounds[1]})"
    return None


def check_us_statute(c: Citation, facts: StatuteFacts | None) -> Finding:
    """An impossible number fails; otherwise the tables decide (`CodeFacts`, `RuleFacts`),
    and without a table of its code the citation is undecided."""
    why = impossible_statute(c.statute_code or "", c.statute_title, c.statute_section or "")
    if why:
        return _failed(c, "no such provision", why)
    if isinstance(facts, CodeFacts):
        return _code_finding(c.statute_title or "", facts)
    if isinstance(facts, RuleFacts):
        return _rule_finding(c, facts)
    return Finding(
        kind=ErrorKind.STATUTE_NONEXISTENT,
        outcome=Outcome.UNKNOWN,
        explanation="the library holds no table of this code: only impossible numbers are flagged",
        reason=Reason.STATUTE_NOT_IN_REGISTRY,
    )


def _code_finding(title: str, facts: CodeFacts) -> Finding:
    as_of = f"the U.S. Code {facts.table.as_of}"
    found = [(s, row) for s, row in facts.sections if row is not None and row.status == _CURRENT]
    if len(found) == len(facts.sections):
        sign = "§" if len(found) == 1 else "§§"
        said = " to ".join(f"“{row.heading}”" if len(found) == 1 else _section(row) for _, row in found)
        named = "-".join(s for s, _ in found)
        return _passed(f"{title} U.S.C. {sign} {named}: {said} ({as_of})")
    section, row = next((s, r) for s, r in facts.sections if r is None or r.status != _CURRENT)
    if row is not None:
        stub = excerpt(row.heading, 120)
        said = f"{title} U.S.C. § {section} is not in force in {as_of}, which prints it as “{stub}”"
    else:
        said = (
            f"{title} U.S.C. § {section} is not in {as_of}, which leaves out most repealed and "
            "transferred sections: this does not show it never existed"
        )
    nearest = "; ".join(_section(s) for s in facts.nearest)
    return _not_current(said + (f"; the nearest sections there: {nearest}" if nearest else ""))


def _rule_finding(c: Citation, facts: RuleFacts) -> Finding:
    code, number = c.statute_code or "", base_section(c.statute_section or "")
    rules = facts.rules
    first, last = min(r.first_year for r in rules), max(r.last_year for r in rules)
    editions = f"the editions {first}–{last} of {code}"
    rule = next((r for r in rules if r.rule == number), None)
    if rule is None:
        nearest = "; ".join(_rule(r) for r in _nearest_rules(rules, number))
        if code in CLOSED_RULE_SETS and number.isdigit():
            return _failed(
                c,
                "no such rule",
                f"{code} has no rule {number}: {editions} number its rules {_runs(rules)}"
                + (f"; the nearest: {nearest}" if nearest else ""),
            )
        return _not_current(
            f"{code} {number} is not in {editions}"
            + (f"; the nearest rules there: {nearest}" if nearest else "")
        )
    if rule.status != _IN_FORCE:
        return _not_current(
            f"{code} {number} is {rule.status} in the {rule.last_year} edition of the rules (“{rule.title}”)"
        )
    if c.year is not None and first <= c.year < rule.first_year - 1:
        return _failed(
            c,
            f"{code} {number} did not exist in {c.year}",
            f"{code} {number} first appears in the {rule.first_year} edition ({editions} are in the "
            "data); a rule takes effect on December 1 of the year before the edition that first prints it",
        )
    return _passed(
        f"{code} {number}: “{rule.title}” (federal rules, editions {rule.first_year}–{rule.last_year})"
    )


def _nearest_rules(rules: tuple[FederalRule, ...], number: str) -> list[FederalRule]:
    key = section_order(number)
    ordered = sorted(rules, key=lambda r: section_order(r.rule))
    before = [r for r in ordered if section_order(r.rule) < key][-(NEAREST // 2) :]
    after = [r for r in ordered if section_order(r.rule) > key][: NEAREST - len(before)]
    return before + after


def _runs(rules: tuple[FederalRule, ...]) -> str:
    """The whole numbers of a set as runs: ``101-107, 201, 301-302``."""
    numbers = sorted({int(r.rule) for r in rules if r.rule.isdigit()})
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}" if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _section(row: CodeSection) -> str:
    return f"§ {row.section} “{excerpt(row.heading, HEADING_CHARS)}”"


def _rule(rule: FederalRule) -> str:
    return f"{rule.rule} “{excerpt(rule.title, HEADING_CHARS)}”"


def _passed(explanation: str) -> Finding:
    return Finding(kind=ErrorKind.STATUTE_NONEXISTENT, outcome=Outcome.PASS, explanation=explanation)


def _not_current(explanation: str) -> Finding:
    return Finding(
        kind=ErrorKind.STATUTE_NONEXISTENT,
        outcome=Outcome.UNKNOWN,
        explanation=explanation,
        reason=Reason.NOT_IN_CURRENT_CODE,
    )


def _failed(c: Citation, explanation: str, evidence: str) -> Finding:
    return Finding(
        kind=ErrorKind.STATUTE_NONEXISTENT,
        outcome=Outcome.FAIL,
        explanation=explanation,
        fragment=c.text,
        span=c.span,
        evidence=evidence,
        confidence=Confidence.RULED_OUT,
    )

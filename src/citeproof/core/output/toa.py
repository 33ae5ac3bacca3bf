"""A table of authorities: every authority the brief cites, grouped as courts list them
(cases, statutes, regulations, rules), alphabetical, with the pages of the brief where
each is cited and what the check found.

A case's full cite, its parallel cites and every short form that repeats it (``Id.``,
``supra``, ``347 U.S. at 495``) are one authority; a short form that repeats no case is none.
A case a later decision overruled is marked with a dagger (``†``), explained under the table.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.core.models import (
    Citation,
    CitationType,
    Document,
    ErrorKind,
    Place,
    Status,
    Treatment,
    Verdict,
)
from citeproof.core.output.overruled import CAVEAT
from citeproof.core.output.plain import HEADLINES
from citeproof.core.text.short_names import same_short_name, short_name

HEADINGS = ("Cases", "Statutes", "Regulations", "Rules")
PASSIM = 5  # distinct pages from which an authority is cited "passim"
DAGGER = "\u2020"  # marks an overruled case
_SEVERITY = {Status.HALLUCINATED: 2, Status.UNVERIFIABLE: 1, Status.VERIFIED: 0}


@dataclass(frozen=True, slots=True)
class Authority:
    """One line of the table."""

    heading: str
    name: str
    places: tuple[Place, ...]
    status: Status
    kinds: tuple[str, ...]  # the kinds of error found in any of its citations
    citation_ids: tuple[str, ...]
    treatment: Treatment | None = None  # the decision that overruled the case

    @property
    def marked_name(self) -> str:
        """The name, with a dagger when the case was overruled."""
        return f"{self.name} {DAGGER}" if self.treatment else self.name

    def pages(self, passim: int | None = PASSIM) -> str:
        """``2 n.1, 3, 5`` (the printed page numbers; the file's where none is printed),
        in the order of the brief; ``passim`` from ``passim`` distinct pages on; ``—`` when
        the document has no pages."""
        pages = {_shown(p) for p in self.places if _shown(p)}
        if passim and len(pages) >= passim:
            return "passim"
        refs = dict.fromkeys(_page_ref(p) for p in self.places if _shown(p))
        return ", ".join(_joined_notes(list(refs))) or "—"

    @property
    def verdict(self) -> str:
        """``verified``, ``unverifiable``, or what is wrong in words (``probably fabricated``,
        ``wrong pin cite``): never a code, and never a plain listing for a fabricated case."""
        if self.status is not Status.HALLUCINATED or not self.kinds:
            return self.status.value
        return "; ".join(HEADLINES[ErrorKind(k)].lower() for k in self.kinds)

    @property
    def probably_fabricated(self) -> bool:
        """Does no case stand at the cite (a page inside another case, an impossible cite)?"""
        return ErrorKind.NONEXISTENT.value in self.kinds

    @property
    def not_the_case_named(self) -> str | None:
        """Why the entry names no real case as written: ``probably fabricated``, ``wrong case
        name``; None when it does."""
        for kind in (ErrorKind.NONEXISTENT, ErrorKind.NAME_MISMATCH):
            if kind.value in self.kinds:
                return HEADLINES[kind].lower()
        return None


def _shown(place: Place) -> str | None:
    """The page a table of authorities gives: as printed, else the file's."""
    return place.page or (str(place.physical) if place.physical else None)


def _joined_notes(refs: list[str]) -> list[str]:
    """A page cited in its text and then in a note as one reference (``2 & n.2``, Bluebook
    R. 3.2(b)), not ``2, 2 n.2``."""
    out: list[str] = []
    for ref in refs:
        page, _, note = ref.partition(" n.")
        if note and page in out:
            out[out.index(page)] = f"{page} & n.{note}"
        else:
            out.append(ref)
    return out


def _page_ref(place: Place) -> str:
    if place.note is not None and (place.label or "").startswith("footnote"):
        return f"{_shown(place)} n.{place.note}"
    return str(_shown(place))


def table_of_authorities(document: Document, verdicts: Sequence[Verdict]) -> tuple[Authority, ...]:
    """Every authority cited in ``document``, by heading and then alphabetically."""
    by_id = {v.citation.id: v for v in verdicts}
    groups: dict[tuple[str, ...], list[Verdict]] = {}
    for v in verdicts:
        key = _key(v, by_id)
        if key is not None:
            groups.setdefault(key, []).append(v)
    table = [_authority(document, vs, by_id) for vs in groups.values()]
    return tuple(sorted(table, key=lambda a: (HEADINGS.index(a.heading), _sort_name(a.name))))


def _key(v: Verdict, by_id: dict[str, Verdict]) -> tuple[str, ...] | None:
    c = v.citation
    if c.type is CitationType.STATUTE:
        return ("statute", _statute_name(c))
    full = _full_cite(c, by_id)
    if full is None:
        return None  # a short form that repeats no case
    written = re.sub(r"[^a-z0-9]", "", short_name(full.case_name or "").lower())
    authority = by_id[full.id].authority
    if authority is not None:  # the same case under another name is another line
        return ("case", authority.id, written)
    return ("cite", full.cite or full.text, written)


def _full_cite(c: Citation, by_id: dict[str, Verdict]) -> Citation | None:
    """The first full cite of the group ``c`` belongs to (itself, its antecedent's)."""
    seen = set()
    while c.antecedent_id and c.antecedent_id in by_id and c.id not in seen:
        seen.add(c.id)
        c = by_id[c.antecedent_id].citation
    if c.form.value != "full":
        return None
    first = min((c.id, *c.parallel_ids), key=lambda i: by_id[i].citation.span.start if i in by_id else 0)
    return by_id[first].citation if first in by_id else c


def _authority(document: Document, verdicts: list[Verdict], by_id: dict[str, Verdict]) -> Authority:
    first = verdicts[0].citation
    worst = max(verdicts, key=lambda v: _SEVERITY[v.status]).status
    kinds = dict.fromkeys(e.kind.value for v in verdicts for e in v.errors)
    if first.type is CitationType.STATUTE:
        name, heading = _statute_name(first), _statute_heading(first)
    else:
        name, heading = _case_name(_full_cite(first, by_id) or first, by_id, document.text), "Cases"
    places = tuple(document.place_of(v.citation.span.start) for v in verdicts)
    treatment = next((v.treatment for v in verdicts if v.treatment), None)
    ids = tuple(v.citation.id for v in verdicts)
    return Authority(heading, name, places, worst, tuple(kinds), ids, treatment)


def _legend(table: Sequence[Authority]) -> list[str]:
    """``† overruled`` and, for each marked case, the decision that overruled it."""
    marked = [(a.name, a.treatment) for a in table if a.treatment]
    if not marked:
        return []
    return [f"{DAGGER} overruled ({CAVEAT}):", *(f"  {name}: {t.describe()}" for name, t in marked)]


_DATE_PARENTHETICAL = re.compile(r"\s*(\([^()]{0,60}?\b\d{4}\))")


def _case_name(full: Citation, by_id: dict[str, Verdict], text: str) -> str:
    """``Name, cite, parallel cite (court year)``: the name as written, else the library's
    short name, and the court and year as the brief wrote them; the library's name beside
    the written one only where the check found the names differ (a name mismatch)."""
    verdict = by_id.get(full.id)
    known = short_name(verdict.authority.name_abbreviation) if verdict and verdict.authority else ""
    name = full.case_name or known or "(no case name written)"
    members = [by_id[i].citation for i in (full.id, *full.parallel_ids) if i in by_id]
    cite = ", ".join(c.cite for c in members if c.cite) or full.text
    end = max((c.span.end for c in members), default=full.span.end)
    written = _DATE_PARENTHETICAL.match(text, end)
    date = written.group(1) if written else f"({full.year})" if full.year else ""
    entry = f"{name}, {cite}" + (f" {date}" if date else "")
    mismatched = any(e.kind is ErrorKind.NAME_MISMATCH for v in (verdict,) if v for e in v.errors)
    if full.case_name and known and mismatched and not same_short_name(full.case_name, known):
        entry += f" [library: {known}]"
    return entry


def _statute_name(c: Citation) -> str:
    section = re.sub(r"(\([a-zA-Z0-9]{1,4}\))+$", "", c.statute_section or "")
    code = c.statute_code or ""
    if not code or not section:
        return c.text
    if re.search(r"\bR\.|\bRules?\b", code):
        return f"{code} {section}"
    return f"{c.statute_title + ' ' if c.statute_title else ''}{code} § {section}"


def _statute_heading(c: Citation) -> str:
    code = c.statute_code or ""
    if re.search(r"\bR\.|\bRules?\b", code):
        return "Rules"
    return "Regulations" if re.search(r"C\.\s?F\.\s?R\.|Reg\.", code) else "Statutes"


def _sort_name(name: str) -> tuple[str, ...]:
    """Alphabetical by name, ``In re`` and ``Ex parte`` aside; numbers in numeric order."""
    bare = re.sub(r"^(?:in re|ex parte|matter of)\s+", "", name.lower())
    return tuple(part.zfill(8) if part.isdigit() else part for part in re.findall(r"\d+|[^\d\s]+", bare))


def toa_text(
    document: Document, verdicts: Sequence[Verdict], passim: int | None = PASSIM, width: int = 100
) -> str:
    """The table as text: headings, dot leaders to the pages, and each status."""
    table = table_of_authorities(document, verdicts)
    lines = [f"TABLE OF AUTHORITIES — {document.path or '<text>'}", ""]
    name_width = max(40, width - 40)
    for heading in HEADINGS:
        rows = [a for a in table if a.heading == heading]
        if not rows:
            continue
        lines.append(heading)
        for a in rows:
            *first, last = textwrap.wrap(a.marked_name, name_width, subsequent_indent="    ") or [""]
            lines += [f"  {line}" for line in first]
            verdict = a.verdict.upper() if a.probably_fabricated else a.verdict
            lines.append(f"  {last} {'.' * (name_width - len(last) + 2)} {a.pages(passim):<14} {verdict}")
        lines.append("")
    counts = ", ".join(f"{sum(1 for a in table if a.status is s)} {s.value}" for s in Status)
    lines.append(f"{len(table)} authorities: {counts}")
    legend = _legend(table)
    return "\n".join([*lines, *([""] + legend if legend else [])])


def toa_html(document: Document, verdicts: Sequence[Verdict], passim: int | None = PASSIM) -> str:
    """The table as an HTML section for the report page."""
    rows = []
    table = table_of_authorities(document, verdicts)
    for heading in HEADINGS:
        entries = [a for a in table if a.heading == heading]
        if entries:
            rows.append(f"<tr><th colspan='3'>{heading}</th></tr>")
        rows += [
            f"<tr><td>{html.escape(a.marked_name)}</td><td>{html.escape(a.pages(passim))}</td>"
            f"<td class='{a.status.value}'>{html.escape(a.verdict)}</td></tr>"
            for a in entries
        ]
    if not rows:
        return ""
    head, *cases = _legend(table) or [""]
    legend = f"<p class='legend'>{html.escape(head)}</p>" if head else ""
    legend += "".join(f"<p class='legend'>{html.escape(line.strip())}</p>" for line in cases)
    return f"<h2 id='authorities'>Table of authorities</h2><table>{''.join(rows)}</table>{legend}"

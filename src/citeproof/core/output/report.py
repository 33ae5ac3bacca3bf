"""Renderers: the JSON contract (`schema.py` describes it), a terminal table, Markdown and a
standalone HTML page."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

import jinja2
from markupsafe import Markup, escape

from citeproof.core.models import (
    Authority,
    CitationType,
    Document,
    ErrorKind,
    Finding,
    Place,
    Snapshot,
    Status,
    Verdict,
)
from citeproof.core.output import hidden as hidden_text
from citeproof.core.output.links import check_url
from citeproof.core.output.overruled import summary_lines, treatment_json
from citeproof.core.output.remedies import citation_remedy, confirmed, group_of, next_steps
from citeproof.core.output.toa import toa_html, toa_text
from citeproof.core.output.toa_filing import toa_filing_text
from citeproof.core.text.short_names import same_short_name, short_name
from citeproof.core.version import __version__

if TYPE_CHECKING:  # the models import pydantic, which a check never needs
    from citeproof.core.output.schema import AuthorityJson, CitationJson, ErrorJson, NextStepJson, ReportJson

_E = TypeVar("_E", bound=StrEnum)


def _member(enum: type[_E], value: _E | str) -> _E:
    """``value`` as a member of ``enum``; an unknown name raises ValueError listing the known ones."""
    try:
        return enum(value)
    except ValueError:
        known = ", ".join(m.value for m in enum)
        raise ValueError(f"unknown {enum.__name__.lower()} {value!r}: expected one of {known}") from None


@dataclass(frozen=True, slots=True)
class Report:
    """The verdicts on one document. Statuses and kinds may be given as enums or their names
    (``"hallucinated"``, ``"misquote"``); an unknown name raises ValueError."""

    document: Document
    snapshot: Snapshot
    verdicts: tuple[Verdict, ...]

    def count(self, status: Status | str) -> int:
        """How many citations have ``status``."""
        wanted = _member(Status, status)
        return sum(1 for v in self.verdicts if v.status is wanted)

    def count_kind(self, kind: ErrorKind | str) -> int:
        """How many errors of ``kind`` the citations carry."""
        return sum(1 for _ in self.iter_errors(kind))

    def status_counts(self) -> dict[str, int]:
        """Citations by status name, every status present (zero included):
        ``{"verified": 9, "hallucinated": 5, "unverifiable": 1}``, as the JSON summary."""
        return {s.value: self.count(s) for s in Status}

    def kind_counts(self) -> dict[str, int]:
        """Errors by kind name, only the kinds found: ``{"misquote": 1, "nonexistent": 2}``
        (`count_kind` gives any kind's count, zero included)."""
        counts = {k.value: self.count_kind(k) for k in ErrorKind}
        return {k: n for k, n in counts.items() if n}

    def iter_citations(
        self, status: Status | str | None = None, kind: ErrorKind | str | None = None
    ) -> Iterator[Verdict]:
        """The verdicts in document order, only those of ``status`` and with an error of ``kind``."""
        wanted = None if status is None else _member(Status, status)
        wanted_kind = None if kind is None else _member(ErrorKind, kind)
        for v in self.verdicts:
            if wanted is not None and v.status is not wanted:
                continue
            if wanted_kind is not None and all(e.kind is not wanted_kind for e in v.errors):
                continue
            yield v

    def iter_errors(self, kind: ErrorKind | str | None = None) -> Iterator[tuple[Verdict, Finding]]:
        """Each error (a failed check) with its citation's verdict, in document order."""
        wanted = None if kind is None else _member(ErrorKind, kind)
        for v in self.verdicts:
            for e in v.errors:
                if wanted is None or e.kind is wanted:
                    yield v, e

    def count_overruled(self) -> int:
        """How many citations name a case a later decision overruled (a warning, not a status)."""
        return sum(1 for v in self.verdicts if v.treatment is not None)

    def count_hidden(self) -> int:
        """How many citations stand in text the document hides from its reader (a warning,
        not a status: they are checked like the rest)."""
        return len(hidden_text.hidden_verdicts(self.document, self.verdicts))

    @property
    def hallucinated(self) -> bool:
        return self.count(Status.HALLUCINATED) > 0

    def to_json(self) -> dict[str, Any]:
        """The JSON contract (`citeproof.core.output.schema.CheckReport`) as plain dicts."""
        return cast("dict[str, Any]", report_json(self))

    def place(self, v: Verdict) -> Place:
        """Where ``v``'s citation stands in the brief: page, footnote, table cell."""
        return self.document.place_of(v.citation.span.start)


@lru_cache(maxsize=8192)
def _short_name(name: str) -> str:
    """`short_name`, worked out once per name: a long brief cites the same cases again and again."""
    return short_name(name)


def _authority(a: Authority | None) -> AuthorityJson | None:
    if a is None:
        return None
    return {
        "name": a.name_abbreviation,
        "short_name": _short_name(a.name_abbreviation),
        "citation": ", ".join(str(c) for c in a.citations),
        "court": a.court,
        "date": a.decision_date,
    }


def verdict_json(v: Verdict, place: Place | None = None) -> CitationJson:
    """One citation of the contract (`schema.CitationOut`)."""
    c = v.citation
    place = place or Place()
    return {
        "id": c.id,
        "text": c.text,
        "span": c.span.as_list(),
        "page": place.page,
        "physical_page": place.physical,
        "note": place.note,
        "location": place.label,
        "type": c.type.value,
        "case_name": c.case_name,
        "status": v.status.value,
        "reason": v.reason.value if v.reason else None,
        "authority": _authority(v.authority),
        "confirmed": confirmed(v),
        "next_step": _next_step(v),
        "errors": [_error(f) for f in v.errors],
        "evidence": statute_evidence(v),
        "treatment": treatment_json(v.treatment),
        "check_url": check_url(c) if v.status is not Status.VERIFIED else None,
    }


_STATUTE_KINDS = (ErrorKind.STATUTE_NONEXISTENT, ErrorKind.STATUTE_REPEALED)


def statute_evidence(v: Verdict) -> str | None:
    """What the code or rules data say of a statute citation (the failed check's evidence,
    else the check's explanation); None for a case."""
    if v.citation.type is not CitationType.STATUTE:
        return None
    found = next((f for f in v.findings if f.kind in _STATUTE_KINDS), None)
    return (found.evidence or found.explanation or None) if found else None


def _error(f: Finding) -> ErrorJson:
    return {
        "kind": f.kind.value,
        "fragment": f.fragment,
        "span": f.span.as_list() if f.span else None,
        "explanation": f.explanation,
        "evidence": f.evidence,
        "confidence": f.confidence,
        "suggestion": f.suggestion or None,
    }


def _next_step(v: Verdict) -> NextStepJson | None:
    group = group_of(v)
    return None if group is None else {"group": group, "remedy": citation_remedy(v, group)}


def report_json(report: Report) -> ReportJson:
    """The whole contract (`schema.CheckReport`), as plain dicts."""
    doc, snap = report.document, report.snapshot
    return {
        "citeproof": __version__,
        "document": {"path": doc.path, "chars": len(doc.text), "pages": doc.pages},
        "library": {
            "name": snap.name,
            "built_at": snap.built_at,
            "cases": snap.cases,
            "opinions_with_text": snap.opinions_with_text,
            "content_hash": snap.content_hash or None,
            "snapshot_date": snap.snapshot_date or None,
        },
        "citations": [verdict_json(v, report.place(v)) for v in report.verdicts],
        "summary": {
            "verified": report.count(Status.VERIFIED),
            "hallucinated": report.count(Status.HALLUCINATED),
            "unverifiable": report.count(Status.UNVERIFIABLE),
            "overruled": report.count_overruled(),
            "hidden": report.count_hidden(),
        },
        "next_steps": [
            {"group": n.group, "count": len(n.citations), "remedy": n.remedy, "citations": list(n.citations)}
            for n in next_steps(report.verdicts)
        ],
    }


def _library_line(snap: Snapshot) -> str:
    """Name, counts, build time and snapshot hash: enough to name the exact library."""
    digest = snap.content_hash[: len("sha256:") + 12] if snap.content_hash else "hash not recorded"
    return f"{snap.name} ({snap.cases:,} cases, built {snap.built_at}, snapshot {digest})"


def _detail(v: Verdict) -> str:
    """What the check found, with the case's overruling where it has one."""
    said = _found(v)
    return f"{said}; {v.treatment.describe()}" if v.treatment else said


def _found(v: Verdict) -> str:
    if v.errors:
        return "; ".join(
            (
                f"{e.kind.value}: {e.explanation} ({e.evidence})"
                if e.evidence
                else f"{e.kind.value}: {e.explanation}"
            )
            + (f"; suggestion: {e.suggestion}" if e.suggestion else "")
            for e in v.errors
        )
    if confirmed(v) and v.authority and v.reason:
        a = v.authority
        return f"case confirmed: {a.name_abbreviation} ({a.decision_date[:4]}); {v.reason.value}"
    if v.status is Status.VERIFIED and v.authority:
        return _known_name(v) + f" ({v.authority.decision_date[:4]})"
    if v.status is Status.VERIFIED:
        return next((f.explanation for f in v.findings if f.outcome.value == "pass"), "")
    said = statute_evidence(v)
    if v.reason and said:
        return f"{v.reason.value}: {said}"
    return v.reason.value if v.reason else ""


def _places(report: Report) -> list[str] | None:
    """Each citation's place (``p. 3 n.2``), or None when the document has none at all."""
    places = [str(report.place(v)) for v in report.verdicts]
    return places if any(places) else None


def _known_name(v: Verdict) -> str:
    """The library's name, Bluebook style, and the name as written when the two differ."""
    known = short_name(v.authority.name_abbreviation) if v.authority else ""
    written = v.citation.case_name
    if written and known and not same_short_name(written, known):
        return f"{known} (written: {written})"
    return known


def render_toa(report: Report) -> str:
    """The table of authorities (`toa.py`) of the brief."""
    return toa_text(report.document, report.verdicts)


def render_toa_filing(report: Report) -> str:
    """The table of authorities to file (`toa_filing.py`)."""
    return toa_filing_text(report.document, report.verdicts)


def render_text(report: Report, width: int = 100) -> str:
    places = _places(report)
    rows = [("#", "page", "citation", "status", "detail")]
    rows += [
        (v.citation.id, places[i] if places else "", v.citation.text, v.status.value, _detail(v))
        for i, v in enumerate(report.verdicts)
    ]
    widths = [4, max(len(r[1]) for r in rows) if places else -2, min(28, max(len(r[2]) for r in rows)), 12]
    lines = [
        f"{report.document.path or '<text>'} — library {_library_line(report.snapshot)}",
        "",
    ]
    indent = sum(widths) + 8
    detail_width = max(30, width - indent)
    for row in rows:
        cite = textwrap.shorten(row[2], widths[2], placeholder="…")
        page = f"{row[1]:<{widths[1]}}  " if places else ""
        wrapped = textwrap.wrap(row[4], detail_width) or [""]
        lines.append(f"{row[0]:<{widths[0]}}  {page}{cite:<{widths[2]}}  {row[3]:<{widths[3]}}  {wrapped[0]}")
        lines += [" " * indent + w for w in wrapped[1:]]
    summary = ", ".join(f"{report.count(s)} {s.value}" for s in Status)
    lines += ["", f"{len(report.verdicts)} citations: {summary}", *summary_lines(report.verdicts, "  ")]
    lines += hidden_text.summary_lines(report.document, report.verdicts, "  ")
    lines += _steps_lines(report, "next: ")
    return "\n".join(lines)


def _steps_lines(report: Report, bullet: str) -> list[str]:
    return [f"{bullet}{n.remedy}" for n in next_steps(report.verdicts)]


def render_markdown(report: Report) -> str:
    lines = [
        f"# citeproof report: {report.document.path or 'text'}",
        "",
        f"Library: {_library_line(report.snapshot)}",
        "",
        "| # | citation | status | detail |",
        "| --- | --- | --- | --- |",
    ]
    places = _places(report)
    if places:
        lines[-2:] = ["| # | page | citation | status | detail |", "| --- | --- | --- | --- | --- |"]
    for i, v in enumerate(report.verdicts):
        cells = [v.citation.id, v.citation.text, f"**{v.status.value}**", _detail(v)]
        if places:
            cells.insert(1, places[i])
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    summary = ", ".join(f"{report.count(s)} {s.value}" for s in Status)
    steps = _steps_lines(report, "- ")
    overruled = summary_lines(report.verdicts, "- ")
    tail = ["", "## Overruled cases", "", overruled[0], "", *overruled[1:]] if overruled else []
    hidden = hidden_text.summary_lines(report.document, report.verdicts, "- ")
    tail += ["", "## Hidden text", "", hidden[0], "", *hidden[1:]] if hidden else []
    tail += ["", "## Next steps", "", *steps] if steps else []
    return "\n".join([*lines, "", f"{len(report.verdicts)} citations: {summary}", *tail, ""])


CONFIRMED_COLOUR = "#dbeafe"  # unverifiable, but the case is confirmed to exist: not an unknown case
_WORST_FIRST = (Status.HALLUCINATED, Status.UNVERIFIABLE, Status.VERIFIED)
ICONS = {Status.VERIFIED: "\u2713", Status.HALLUCINATED: "\u2717", Status.UNVERIFIABLE: "?"}
_TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("citeproof", "core/output/templates"),
    autoescape=True,
    keep_trailing_newline=True,
)


def _css_class(v: Verdict) -> str:
    return f"{v.status.value} confirmed" if confirmed(v) else v.status.value


def script_json(data: Any) -> Markup:
    """JSON safe inside ``<script type="application/json">``: no ``<`` can close or comment it."""
    return Markup(json.dumps(data, ensure_ascii=False).replace("<", "\\u003c"))


def render_html(report: Report, manifest_href: str | None = None) -> str:
    """A standalone page (Jinja2, autoescaped): the summary, the citations and the document with
    each citation highlighted by status (colour, icon and text), the JSON report embedded; its
    footer names the library snapshot and links the run manifest when there is one."""
    text = report.document.text
    pieces: list[tuple[str, Verdict | None]] = []
    cursor = 0
    for v in sorted(report.verdicts, key=lambda v: v.citation.span.start):
        span = v.citation.span
        if span.start < cursor:
            continue
        pieces += [(text[cursor : span.start], None), (span.slice(text), v)]
        cursor = span.end
    pieces.append((text[cursor:], None))
    places = _places(report)
    return _TEMPLATES.get_template("report.html").render(
        path=report.document.path or "text",
        library=report.snapshot,
        library_line=_library_line(report.snapshot),
        manifest_href=manifest_href,
        verdicts=report.verdicts,
        places=dict(zip((v.citation.id for v in report.verdicts), places, strict=True)) if places else None,
        counts=[(s.value, report.count(s)) for s in _WORST_FIRST],
        overruled=summary_lines(report.verdicts, ""),
        overruled_count=report.count_overruled(),
        hidden=hidden_text.summary_lines(report.document, report.verdicts, ""),
        icons={s.value: icon for s, icon in ICONS.items()},
        classes={v.citation.id: _css_class(v) for v in report.verdicts},
        details={v.citation.id: _detail(v) for v in report.verdicts},
        steps=Markup(_steps_html(report)),  # escaped where it is built
        toa=Markup(toa_html(report.document, report.verdicts)),  # likewise
        confirmed_colour=CONFIRMED_COLOUR,
        pieces=pieces,
        data=script_json(report.to_json()),
    )


def _steps_html(report: Report) -> str:
    steps = "".join(f"<li>{escape(line)}</li>" for line in _steps_lines(report, ""))
    return f"<h2>Next steps</h2><ul class='next-steps'>{steps}</ul>" if steps else ""

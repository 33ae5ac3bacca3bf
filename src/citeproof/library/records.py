"""Normalise case records from the formats users have into one shape.

Accepted: the data pack's opinion records (``../shared/data/us/opinions``), Caselaw
Access Project case JSON (``casebody``), CourtListener cluster/opinion JSON
(``html_with_citations`` with star pagination), and catalogue CSV rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from citeproof.core.models import PageBreak, ReporterCite
from citeproof.library.courtlistener.pagination import breaks_from_html


class RecordError(ValueError):
    """A record lacks what the library needs; the message names the field."""


@dataclass(slots=True)
class CaseRecord:
    id: str
    name: str
    name_abbreviation: str
    decision_date: str
    court: str
    jurisdiction: str
    citations: list[ReporterCite]
    text: str | None = None
    page_breaks: list[PageBreak] = field(default_factory=list)
    last_page: int | None = None
    next_case_page: int | None = None
    cites_to: list[str] = field(default_factory=list)
    source: str = ""


def _cite(item: dict[str, Any] | str) -> ReporterCite | None:
    if isinstance(item, str):
        m = re.fullmatch(r"\s*(\d+)\s+(.+?)\s+(\d+)\s*", item)
        return ReporterCite(m.group(1), m.group(2), m.group(3)) if m else None
    if item.get("volume") and item.get("reporter") and item.get("page"):
        return ReporterCite(str(item["volume"]), str(item["reporter"]), str(item["page"]))
    return _cite(item.get("cite", ""))


def from_json(obj: dict[str, Any]) -> CaseRecord:
    """One case from any supported JSON layout."""
    if "casebody" in obj:
        return _from_cap(obj)
    if "case_name" in obj or "html_with_citations" in obj or "sub_opinions" in obj:
        return _from_courtlistener(obj)
    return _from_pack(obj)


def _require(obj: dict[str, Any], *keys: str) -> None:
    missing = [k for k in keys if not obj.get(k)]
    if missing:
        raise RecordError(f"record {obj.get('id', '?')} lacks {', '.join(missing)}")


def _from_pack(obj: dict[str, Any]) -> CaseRecord:
    _require(obj, "id", "name", "citations")
    cites = [c for c in (_cite(i) for i in obj["citations"]) if c]
    breaks = [
        PageBreak(b["reporter"], str(b["volume"]), int(b["page"]), int(b["offset"]))
        for b in obj.get("page_breaks", [])
    ]
    last = obj.get("last_page")
    return CaseRecord(
        id=str(obj["id"]),
        name=obj["name"],
        name_abbreviation=obj.get("name_abbreviation") or obj["name"],
        decision_date=obj.get("decision_date", ""),
        court=obj.get("court", ""),
        jurisdiction=obj.get("jurisdiction", ""),
        citations=cites,
        text=obj.get("text"),
        page_breaks=breaks,
        last_page=int(last) if last and str(last).isdigit() else None,
        cites_to=list(obj.get("cites_to", [])),
        source=obj.get("source", ""),
    )


def _from_cap(obj: dict[str, Any]) -> CaseRecord:
    _require(obj, "id", "name", "citations")
    body = obj["casebody"].get("data", obj["casebody"])
    if isinstance(body, str):
        text, breaks = breaks_from_html(body, _cite(obj["citations"][0]))
    else:
        text = "\n\n".join(op.get("text", "") for op in body.get("opinions", []))
        breaks = []
    court = obj.get("court", {})
    last = obj.get("last_page")
    return CaseRecord(
        id=f"cap:{obj['id']}",
        name=obj["name"],
        name_abbreviation=obj.get("name_abbreviation") or obj["name"],
        decision_date=obj.get("decision_date", ""),
        court=court.get("name_abbreviation", "") if isinstance(court, dict) else str(court),
        jurisdiction=(obj.get("jurisdiction") or {}).get("name", "")
        if isinstance(obj.get("jurisdiction"), dict)
        else str(obj.get("jurisdiction", "")),
        citations=[c for c in (_cite(i) for i in obj["citations"]) if c],
        text=text or None,
        page_breaks=breaks,
        last_page=int(last) if last and str(last).isdigit() else None,
        cites_to=[c.get("cite", "") for c in obj.get("cites_to", []) if isinstance(c, dict)],
        source="Caselaw Access Project",
    )


def _from_courtlistener(obj: dict[str, Any]) -> CaseRecord:
    _require(obj, "id", "citations")
    cites = [c for c in (_cite(i) for i in obj["citations"]) if c]
    if not cites:
        raise RecordError(f"record {obj['id']} has no usable citation")
    html = obj.get("html_with_citations") or obj.get("html_lawbox") or obj.get("html") or ""
    plain = obj.get("plain_text") or ""
    text, breaks = breaks_from_html(html or plain, cites[0]) if html or plain else (None, [])
    name = obj.get("case_name_full") or obj.get("case_name") or ""
    if not name:
        raise RecordError(f"record {obj['id']} has no case name")
    return CaseRecord(
        id=f"courtlistener:{obj['id']}",
        name=name,
        name_abbreviation=obj.get("case_name") or name,
        decision_date=obj.get("date_filed", ""),
        court=str(obj.get("court", "")),
        jurisdiction="",
        citations=cites,
        text=text or None,
        page_breaks=breaks,
        source="CourtListener",
    )


_PREFERENCE = {"U.S.": 0, "S. Ct.": 1, "L. Ed. 2d": 2, "L. Ed.": 2, "U.S. LEXIS": 9}


def _official_first(cite: ReporterCite) -> int:
    return _PREFERENCE.get(cite.reporter, 5)


def from_catalog_rows(rows: list[dict[str, str]]) -> Iterator[CaseRecord]:
    """Catalogue CSV rows grouped into cases by their ``source`` id."""
    grouped: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        grouped.setdefault(row["source"], []).append(row)
    for source_id, group in grouped.items():
        head = group[0]
        cites = sorted(
            (
                ReporterCite(r["volume"], r["reporter"], r["page"])
                for r in group
                if r["volume"] and r["reporter"] and r["page"]
            ),
            key=_official_first,
        )
        if not cites or not head["name"]:
            continue
        yield CaseRecord(
            id=source_id,
            name=head["name"],
            name_abbreviation=head["name"],
            decision_date=head.get("decision_date", ""),
            court=head.get("court", ""),
            jurisdiction=head.get("jurisdiction", ""),
            citations=cites,
            source=source_id,
        )

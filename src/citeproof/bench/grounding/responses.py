"""System responses to legal queries, reduced to the statute articles they cite.

JSONL, one object per response: ``system``, ``query_id``, optional ``domain`` (a
``code_id``: the area of law of the query), optional ``date`` (the context date), and
either ``citations`` (``[{"code": "civil", "article": "625"}]``) or ``text`` (from
which the extractor reads them).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from citeproof.core.extraction.statutes.ua import extract_ua, normalise_number
from citeproof.core.extraction.statutes.ua_registry import Registry


@dataclass(frozen=True, slots=True)
class Cited:
    code: str
    article: str

    @property
    def key(self) -> str:
        return f"{self.code}:{self.article}"


@dataclass(frozen=True, slots=True)
class Response:
    system: str
    query_id: str
    citations: tuple[Cited, ...]
    domain: str | None = None
    date: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "system": self.system,
            "query_id": self.query_id,
            "domain": self.domain,
            "date": self.date,
            "citations": [{"code": c.code, "article": c.article} for c in self.citations],
        }


def response_from_dict(d: dict[str, object], registry: Registry | None = None) -> Response:
    date = str(d["date"]) if d.get("date") else None
    raw = d.get("citations")
    if isinstance(raw, list):
        cites = tuple(Cited(str(c["code"]), normalise_number(str(c["article"]))) for c in raw)
    else:
        found = extract_ua(str(d.get("text", "")), registry=registry, date=date)
        cites = tuple(Cited(c.code, c.article) for c in found if c.code)
    domain = str(d["domain"]) if d.get("domain") else None
    return Response(str(d["system"]), str(d["query_id"]), cites, domain, date)


def load_responses(path: str | Path, registry: Registry | None = None) -> tuple[Response, ...]:
    with Path(path).open(encoding="utf-8") as fh:
        return tuple(response_from_dict(json.loads(line), registry) for line in fh if line.strip())


def write_responses(responses: Iterable[Response], path: str | Path) -> None:
    with Path(path).open("w", encoding="utf-8") as fh:
        for r in responses:
            fh.write(json.dumps(r.to_dict(), ensure_ascii=False) + "\n")

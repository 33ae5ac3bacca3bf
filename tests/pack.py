"""The bundled data pack's opinion records, read once per test session, by first cite or id."""

from __future__ import annotations

import gzip
import json
from functools import cache
from typing import Any

from citeproof.core.models import Opinion, PageBreak
from citeproof.library.default import bundled_data_dir


@cache
def all_records() -> tuple[dict[str, Any], ...]:
    out: list[dict[str, Any]] = []
    for path in sorted(bundled_data_dir().glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            out.extend(json.loads(line) for line in fh)
    return tuple(out)


def record_by_cite(cite: str) -> dict[str, Any]:
    """The first record whose first citation is ``cite``."""
    found = next((r for r in all_records() if r["citations"][0]["cite"] == cite), None)
    if found is None:
        raise LookupError(cite)
    return found


def record_by_id(record_id: str) -> dict[str, Any]:
    found = next((r for r in all_records() if r["id"] == record_id), None)
    if found is None:
        raise KeyError(record_id)
    return found


def opinion_of(cite: str, *, markers: bool = True) -> Opinion:
    """The opinion text of ``cite`` with its page breaks (none with ``markers=False``)."""
    rec = record_by_cite(cite)
    breaks = tuple(
        PageBreak(reporter=b["reporter"], volume=b["volume"], page=int(b["page"]), offset=b["offset"])
        for b in rec["page_breaks"]
    )
    return Opinion(case_id=rec["id"], text=rec["text"], page_breaks=breaks if markers else ())

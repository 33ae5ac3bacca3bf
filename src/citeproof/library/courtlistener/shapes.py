"""The documented shapes of CourtListener's answers (REST v4), checked on receipt.

An answer of another shape is a fault of the service (or of a proxy before it), never
evidence about a citation: `Malformed` says where it departs, and the client turns it
into ``backend_error``, which is never cached. ``citation-lookup/`` answers a list with
one item per citation found::

    {"citation": str, "normalized_citations": [str], "start_index": int, "end_index": int,
     "status": 200 | 300 | 400 | 404 | 429, "error_message": str, "clusters": [cluster]}

where a 200 or 300 names at least one cluster, and a cluster is an object with an
integer ``id``, a list of ``citations`` ({volume, reporter, page}) and optional strings
(``case_name``, ``case_name_full``, ``date_filed``, ``court_id``) and ``sub_opinions``.
"""

from __future__ import annotations

from typing import Any

STATUSES = frozenset({200, 300, 400, 404, 429})
FOUND = frozenset({200, 300})
_TEXT_FIELDS = ("case_name", "case_name_full", "date_filed", "court_id", "court")


class Malformed(ValueError):
    """An answer that is not of the documented shape; the message says where."""


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def lookup_items(body: Any) -> list[dict[str, Any]]:
    """``body`` of a ``citation-lookup/`` answer, checked item by item."""
    if not isinstance(body, list):
        raise Malformed(f"expected a list of citations, got {type(body).__name__}")
    for n, item in enumerate(body):
        where = f"item {n}"
        if not isinstance(item, dict):
            raise Malformed(f"{where}: expected an object, got {type(item).__name__}")
        for key in ("status", "start_index"):
            if not _int(item.get(key)):
                raise Malformed(f"{where}: {key!r} missing or not an integer")
        if item["status"] not in STATUSES:
            raise Malformed(f"{where}: unknown status {item['status']}")
        clusters = item.get("clusters")
        if not isinstance(clusters, list):
            raise Malformed(f"{where}: 'clusters' missing or not a list")
        if item["status"] in FOUND and not clusters:
            raise Malformed(f"{where}: status {item['status']} names no cluster")
        normalized = item.get("normalized_citations", [])
        if not isinstance(normalized, list) or not all(isinstance(x, str) for x in normalized):
            raise Malformed(f"{where}: 'normalized_citations' is not a list of strings")
        for m, cluster in enumerate(clusters):
            cluster_object(cluster, f"{where}, cluster {m}")
    return body


def cluster_object(obj: Any, where: str = "cluster") -> dict[str, Any]:
    """A cluster object (in a lookup item or from ``clusters/<id>/``), checked."""
    if not isinstance(obj, dict):
        raise Malformed(f"{where}: expected an object, got {type(obj).__name__}")
    if not _int(obj.get("id")):
        raise Malformed(f"{where}: 'id' missing or not an integer")
    citations = obj.get("citations")
    if not isinstance(citations, list) or not all(isinstance(c, dict) for c in citations):
        raise Malformed(f"{where}: 'citations' missing or not a list of objects")
    for key in _TEXT_FIELDS:
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise Malformed(f"{where}: {key!r} is not a string")
    if not isinstance(obj.get("sub_opinions", []), list):
        raise Malformed(f"{where}: 'sub_opinions' is not a list")
    return obj


def opinion_object(obj: Any) -> dict[str, Any]:
    """An ``opinions/<id>/`` answer: an object whose text fields are strings or null."""
    if not isinstance(obj, dict):
        raise Malformed(f"opinion: expected an object, got {type(obj).__name__}")
    return obj

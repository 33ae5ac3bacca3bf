"""Queries the interfaces share (REST API, MCP): library info, citation lookup, opinion pages.

Each returns plain JSON-ready dicts; `QueryError` carries a one-line message for bad input.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from citeproof.core.checking.resolve import resolve
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Authority, CitationType, Opinion
from citeproof.core.output.report import verdict_json
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text

MAX_QUERY_CHARS = 2000
PAGE_TEXT_CHARS = 20_000


class QueryError(ValueError):
    """The query cannot be answered as asked; the message is one clear line."""


def authority_json(a: Authority | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {
        "id": a.id,
        "name": a.name_abbreviation,
        "full_name": a.name,
        "citation": ", ".join(str(c) for c in a.citations),
        "court": a.court,
        "date": a.decision_date,
        "has_text": a.has_text,
    }


def library_info(library: Library) -> dict[str, Any]:
    """Snapshot (name, date, counts) and coverage by reporter."""
    snap = library.snapshot()
    table = library.coverage_table()
    return {
        "name": snap.name,
        "built_at": snap.built_at,
        "cases": snap.cases,
        "opinions_with_text": snap.opinions_with_text,
        "citations": snap.citations,
        "content_hash": snap.content_hash or None,
        "coverage": [{"reporter": r, "status": s, "volumes": n} for r, s, n, _ in table],
        "not_listed": "not_covered",
    }


def lookup_citation(library: Library, cite: str) -> dict[str, Any]:
    """Every citation in ``cite``: what the library resolves it to and the verdict on it."""
    cite = cite.strip()
    if not cite:
        raise QueryError("empty citation")
    if len(cite) > MAX_QUERY_CHARS:
        raise QueryError(f"citation query over {MAX_QUERY_CHARS} characters; use check instead")
    document = document_from_text(cite)
    today = dt.date.today()  # the date of the check, the same for the verdict and the resolution
    report = check_document(document, library, as_of=today)
    if not report.verdicts:
        raise QueryError(f"no citation found in {cite!r}")
    results = []
    for v in report.verdicts:
        c = v.citation
        r = resolve(c, library, today)
        results.append(
            {
                **verdict_json(v),
                "volume": c.volume,
                "reporter": c.reporter,
                "reporter_page": c.page,
                "pin_pages": list(c.pin_pages),
                "resolution": r.status.value,
                "coverage": r.coverage.value if c.type is CitationType.CASE else None,
                "resolution_note": r.note,
                "resolved": authority_json(r.authority),
                "candidates": [authority_json(a) for a in r.candidates],
            }
        )
    return {"query": cite, "library": report.snapshot.name, "citations": results}


def _case_for(library: Library, cite: str) -> Authority:
    citations = [
        c for c in extract_citations(document_from_text(cite.strip())) if c.type is CitationType.CASE
    ]
    if not citations:
        raise QueryError(f"no case citation found in {cite!r}")
    r = resolve(citations[0], library)
    if r.authority is None:
        why = r.note or f"not in the library ({r.status.value})"
        raise QueryError(f"{citations[0].text} does not resolve to one case: {why}")
    return r.authority


def opinion_page(library: Library, cite: str, page: int, reporter: str | None = None) -> dict[str, Any]:
    """The text printed on ``page`` of the opinion that ``cite`` (e.g. ``373 U.S. 83``) names."""
    authority = _case_for(library, cite)
    opinion = library.opinion(authority.id)
    if opinion is None:
        raise QueryError(f"{authority.name_abbreviation}: the library has no opinion text")
    reporter = reporter or _paged_reporter(authority, opinion)
    if reporter is None:
        raise QueryError(f"{authority.name_abbreviation}: the opinion text has no page markers")
    bounds = opinion.page_text(reporter, page)
    if bounds is None:
        pages = [b.page for b in opinion.breaks_for(reporter)]
        span = f"{pages[0]}-{pages[-1]}" if pages else "none"
        raise QueryError(
            f"{authority.name_abbreviation} has no page {page} in {reporter} (pages marked: {span})"
        )
    text = opinion.text[bounds[0] : bounds[1]]
    return {
        "case": authority_json(authority),
        "reporter": reporter,
        "page": page,
        "text": text[:PAGE_TEXT_CHARS],
        "truncated": len(text) > PAGE_TEXT_CHARS,
    }


def _paged_reporter(authority: Authority, opinion: Opinion) -> str | None:
    marked = opinion.reporters()
    for c in authority.citations:
        if c.reporter in marked:
            return c.reporter
    return marked[0] if marked else None

"""The MCP server's compact reply says where each citation stands and what to do next."""

from __future__ import annotations

from tests.briefs import docx_brief

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document
from citeproof.lookup import lookup_citation
from citeproof.mcp_results import check_result, lookup_result


def test_a_compact_reply_has_the_page_location_and_link(tmp_path, library):
    report = check_document(read_document(docx_brief(tmp_path / "brief.docx")), library)
    reply = check_result(report, evidence=False).model_dump(mode="json")
    by_text = {c["text"]: c for c in reply["citations"]}
    table = by_text["373 U.S. 83"]
    assert (table["page"], table["location"]) == ("1", "table 1, row 2, column 1")
    assert table["check_url"] == "https://www.courtlistener.com/c/U.S./373/83/"
    note = by_text["347 U.S. 483, 495"]
    assert (note["page"], note["note"], note["location"]) == ("2", 1, "footnote 1")
    assert "authority" not in table and "span" not in table  # still compact


def test_a_lookup_names_the_reporter_page_apart_from_the_page_of_the_text(library):
    reply = lookup_result(lookup_citation(library, "Roe v. Doe, 512 U.S. 399 (1994)"), evidence=False)
    (c,) = reply.model_dump(mode="json")["citations"]
    assert c["reporter_page"] == "399" and "page" not in c  # a one-line query has no pages
    assert c["coverage"] == "complete_opinions" and c["status"] == "hallucinated"
    assert c["resolution_note"].startswith("page 399 lies inside")


def test_a_volume_the_library_covers_is_never_called_outside_coverage(library):
    """Across the pages of a catalogued U.S. Reports volume, an unverifiable lookup has a
    reason that fits its coverage (the orders section), never ``not_in_coverage``."""
    seen = set()
    for page in range(1, 1400, 37):
        (c,) = lookup_citation(library, f"512 U.S. {page}")["citations"]
        assert c["coverage"] == "complete_opinions"
        assert c["reason"] != "not_in_coverage", (page, c)
        seen.add(c["status"] if c["status"] != "unverifiable" else c["reason"])
    assert {"verified", "hallucinated", "orders_section"} <= seen

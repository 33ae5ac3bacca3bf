"""A link to check each citation by hand, and a next step that names its citation and says
what the routes to full coverage cost."""

from __future__ import annotations

import pytest

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.output.links import check_url
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


@pytest.mark.parametrize(
    ("cite", "url"),
    [
        ("Smith v. Jones, 123 F.3d 456 (9th Cir. 1997)", "https://www.courtlistener.com/c/F.3d/123/456/"),
        ("Doe v. Roe, 100 So. 2d 5 (Fla. 1958)", "https://www.courtlistener.com/c/So.%202d/100/5/"),
        (
            "42 U.S.C. § 1983",
            "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title42-section1983&num=0&edition=prelim",
        ),
        ("29 C.F.R. § 1910.1200(b)", "https://www.ecfr.gov/current/title-29/section-1910.1200"),
        (
            "Fed. R. Civ. P. 56(a)",
            "https://www.uscourts.gov/rules-policies/current-rules-practice-procedure/federal-rules-civil-procedure",
        ),
        ("Doe v. Roe, 2013 WL 123456 (N.D. Ill. 2013)", None),  # no free official page
        ("Cal. Civ. Code § 1714", None),
    ],
)
def test_each_citation_gets_the_page_where_it_can_be_checked(cite, url):
    (citation,) = extract_citations(document_from_text(f"See {cite}."))
    assert check_url(citation) == url


def test_an_unverifiable_citation_names_itself_its_route_and_its_link(library):
    report = check_document(document_from_text("Doe v. Roe, 49 F.4th 439, 445 (5th Cir. 2022)."), library)
    (c,) = report.to_json()["citations"]
    assert c["status"] == "unverifiable" and c["check_url"] == "https://www.courtlistener.com/c/F.4th/49/439/"
    remedy = c["next_step"]["remedy"]
    assert remedy.startswith("49 F.4th 439, 445 is outside the offline library")
    assert "GB" in remedy and "COURTLISTENER_API_TOKEN" in remedy and "sends the citations" in remedy
    verified = check_document(document_from_text("Gideon v. Wainwright, 372 U.S. 335 (1963)."), library)
    assert verified.to_json()["citations"][0]["check_url"] is None  # nothing to check by hand

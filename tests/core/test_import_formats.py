"""Importing the public formats users have: CAP case JSON and CourtListener cluster JSON."""

from __future__ import annotations

import json

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.build import build_library
from citeproof.library.sqlite import SQLiteLibrary

CAP_CASE = {
    "id": 777,
    "name": "ALPHA CORP. v. BETA LLC",
    "name_abbreviation": "Alpha Corp. v. Beta LLC",
    "decision_date": "2004-05-06",
    "court": {"name_abbreviation": "Ill. App. Ct."},
    "jurisdiction": {"name": "Ill."},
    "citations": [{"cite": "350 Ill. App. 3d 100", "type": "official"}],
    "casebody": {
        "data": "<casebody><p>The contract was signed in 2001.</p>"
        '<page-number citation-index="1" label="101">*101</page-number>'
        "<p>A party who waits three years to object has waived the defect.</p>"
        "</casebody>"
    },
}
CL_CLUSTER = {
    "id": 4242,
    "case_name": "Gamma v. Delta",
    "date_filed": "1999-09-09",
    "court": "ca7",
    "citations": [{"volume": 180, "reporter": "F.3d", "page": "500"}],
    "html_with_citations": "<div><p>Background facts of the appeal.</p>"
    '<span class="star-pagination">*501</span>'
    "<p>Summary judgment is proper only when no genuine dispute remains.</p>"
    "</div>",
}


def test_cap_and_courtlistener_json_build_a_library_with_page_breaks(tmp_path):
    src = tmp_path / "cases.jsonl"
    src.write_text(json.dumps(CAP_CASE) + "\n" + json.dumps(CL_CLUSTER) + "\n")
    out = tmp_path / "lib.sqlite"
    counts = build_library([src], out, name="formats")
    assert counts["cases"] == 2 and counts["opinions"] == 2
    lib = SQLiteLibrary(out)
    (alpha,) = lib.cases_at("350", "Ill. App. 3d", 100)
    assert alpha.id == "cap:777" and alpha.court == "Ill. App. Ct."
    opinion = lib.opinion("courtlistener:4242")
    start = opinion.text.index("Summary judgment")
    assert opinion.page_at(start, "F.3d") == 501 and opinion.page_at(0, "F.3d") == 500

    text = (
        'A party "who waits three years to object has waived the defect." Alpha Corp. v. '
        'Beta LLC, 350 Ill. App. 3d 100, 100 (2004). Summary judgment is proper "only when '
        'no genuine dispute remains." Gamma v. Delta, 180 F.3d 500, 501 (7th Cir. 1999).'
    )
    alpha_v, gamma_v = check_document(document_from_text(text), lib).verdicts
    assert [e.kind.value for e in alpha_v.errors] == ["wrong_pincite"]
    assert "page 101" in alpha_v.errors[0].evidence
    assert gamma_v.status.value == "verified"


# CAP's HTML for 590 B.R. 577 (harvard-lil/capstone test_data/fastcase), its first two pages
CAP_HTML_CASE = {
    "id": 590577,
    "name": "In re Financial Oversight & Management Board for Puerto Rico",
    "name_abbreviation": "In re Fin. Oversight & Mgmt. Bd. for P.R.",
    "decision_date": "2018-08-17",
    "court": {"name_abbreviation": "D.P.R."},
    "jurisdiction": {"name": "P.R."},
    "citations": [{"cite": "590 B.R. 577", "type": "official"}],
    "casebody": {
        "data": '<p id="p-14">LAURA TAYLOR SWAIN, United States District Judge <a id="p582" href="#p582" '
        'data-label="582" data-citation-index="1" class="page-label">*582</a>The Employees Retirement '
        "System of the Government of the Commonwealth of Puerto Rico brings this adversary proceeding "
        "against the above-captioned defendants. Defendants, who hold bonds issued by ERS, assert that they "
        'have a valid and perfected security interest <a id="p583" href="#p583" data-label="583" '
        'data-citation-index="1" class="page-label">*583</a>in a wide range of system-related employer '
        "remittances.</p>"
        '<p><page-number citation-index="2" label="481">*481</page-number>Plaintiff asserts four causes '
        "of action.</p>"
    },
}
# Brown v. Board of Education, 347 U.S. 483, 492-493, as CourtListener's plain text carries it
CL_PLAIN = {
    "id": 347483,
    "case_name": "Brown v. Board of Education",
    "date_filed": "1954-05-17",
    "court": "scotus",
    "citations": [{"volume": 347, "reporter": "U.S.", "page": "483"}],
    "plain_text": "In approaching this problem, we cannot turn the clock back to 1868 when the Amendment was "
    "adopted, or even to 1896 when Plessy v. Ferguson was written. We must consider public education "
    "in the light of its full development and its present place in American life throughout *493 the "
    "Nation. Only in this way can it be determined if segregation in public schools deprives these "
    "plaintiffs of the equal protection of the laws.",
}


def test_star_pages_of_cap_html_and_plain_text_become_page_breaks(tmp_path):
    src = tmp_path / "cases.jsonl"
    src.write_text(json.dumps(CAP_HTML_CASE) + "\n" + json.dumps(CL_PLAIN) + "\n")
    out = tmp_path / "lib.sqlite"
    build_library([src], out, name="stars")
    lib = SQLiteLibrary(out)
    cap = lib.opinion("cap:590577")
    assert "*58" not in cap.text and "*481" not in cap.text
    assert cap.page_at(cap.text.index("The Employees"), "B.R.") == 582
    assert cap.page_at(cap.text.index("in a wide range"), "B.R.") == 583
    assert cap.page_at(cap.text.index("Plaintiff asserts"), "B.R.") == 583  # 481 is another cite's page
    brown = lib.opinion("courtlistener:347483")
    assert "*493" not in brown.text
    assert brown.page_at(brown.text.index("the Nation"), "U.S.") == 493
    assert brown.page_at(0, "U.S.") == 483

"""Importing the public formats users have: CAP case JSON and CourtListener cluster JSON."""

from __future__ import annotations

import json

from citeproof.core.pipeline import check_document
from citeproof.core.read import document_from_text
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

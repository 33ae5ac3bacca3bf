"""The bundled sample brief: one planted error of each kind, found with its evidence."""

from __future__ import annotations

import json
from pathlib import Path

from citeproof import check

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample_brief.md"
GOLDEN = Path(__file__).resolve().parent / "golden" / "sample_brief.json"


def _stable(report: dict) -> dict:
    report = dict(report)
    report["library"] = {k: v for k, v in report["library"].items() if k not in ("built_at", "content_hash")}
    report["document"] = {k: v for k, v in report["document"].items() if k != "path"}
    return report


def test_every_error_kind_is_found(library):
    report = check(SAMPLE, library=library).to_json()
    kinds = {e["kind"] for c in report["citations"] for e in c["errors"]}
    assert kinds == {"nonexistent", "name_mismatch", "wrong_pincite", "misquote", "misrepresentation"}


def test_matches_golden_report(library):
    report = _stable(check(SAMPLE, library=library).to_json())
    expected = json.loads(GOLDEN.read_text())
    assert report == expected


def test_the_pdf_of_the_sample_brief_gives_the_same_verdicts(library):
    pdf = check(SAMPLE.with_suffix(".pdf"), library=library).to_json()
    text = check(SAMPLE, library=library).to_json()
    assert pdf["document"]["pages"] == 2
    assert [(c["text"], c["status"], [e["kind"] for e in c["errors"]]) for c in pdf["citations"]] == [
        (c["text"].replace("\n", " "), c["status"], [e["kind"] for e in c["errors"]])
        for c in text["citations"]
    ]

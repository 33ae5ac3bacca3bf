"""The loader on a file in the published LePhantomCite layout: span → type objects,
citation → [types] objects, stored as objects, JSON strings or Python-repr strings, the
five published type names and ``optional`` spans."""

from __future__ import annotations

import json
import math
from pathlib import Path

from citeproof.bench.phantom.loader import kind_of, load
from citeproof.bench.phantom.runner import Prediction, evaluate
from citeproof.bench.phantom.schema import Role
from citeproof.bench.systems import Detection

PUBLISHED = Path(__file__).resolve().parents[1] / "data" / "lephantomcite_published_layout.json"


def test_the_five_published_type_names():
    assert [
        kind_of(t)
        for t in (
            "non_existent_citation",
            "case_name_mismatch",
            "wrong_pincite",
            "misquote",
            "content_misrepresentation",
            "optional",
        )
    ] == ["nonexistent", "name_mismatch", "wrong_pincite", "misquote", "misrepresentation", "optional"]


def test_labels_survive_every_storage_form():
    rows = {e.filename: e for e in load(PUBLISHED)}
    assert len(rows) == 4
    objects, strings, reprs, clean = (rows[f"seg_00{i}.txt"] for i in range(1, 5))
    assert [(g.fragment, g.kind) for g in objects.required] == [
        ("Smith v. Jones, 512 U.S. 901, 905 (1994)", "nonexistent"),
        ('"a party must always be heard."', "misquote"),
    ]
    assert [(g.fragment, g.optional) for g in objects.errors if g.optional] == [
        ("Smith, 512 U.S. at 907", True)
    ]
    assert [g.kind for g in strings.required] == ["wrong_pincite", "misrepresentation"]
    assert [g.kind for g in reprs.required] == ["name_mismatch"]
    assert clean.errors == () and clean.citations_in_segment == ("Marbury v. Madison, 5 U.S. 137 (1803)",)
    cited = {c.text: (c.role, c.kind) for c in objects.citations}
    assert cited["Brown v. Board of Education, 347 U.S. 483, 495 (1954)"] == (Role.HALLUCINATED, "misquote")


def test_per_kind_counts_are_not_zero_and_optional_is_not_penalised():
    excerpts = load(PUBLISHED)
    predictions = [
        # hits both required spans, and the optional one (neither credited nor penalised)
        Prediction(
            "seg_001.txt", Detection(("512 U.S. 901", "a party must always be heard", "512 U.S. at 907"))
        ),
        Prediction("seg_002.txt", Detection(("Doe v. Roe, 100 F.3d 200, 215",))),
        Prediction("seg_004.txt", Detection(("Marbury v. Madison",))),  # a false alarm
    ]
    summary, _ = evaluate(excerpts, predictions, seed=0)
    n = {k: summary[f"recall_{k}"].n for k in ("nonexistent", "name_mismatch", "wrong_pincite", "misquote")}
    assert n == {"nonexistent": 1, "name_mismatch": 1, "wrong_pincite": 1, "misquote": 1}
    assert summary["recall_misrepresentation"].n == 1 and summary["recall_misrepresentation"].value == 0.0
    assert (summary["recall"].value, summary["recall"].n) == (3 / 5, 5)
    assert (summary["precision"].value, summary["precision"].n) == (3 / 4, 4)  # optional hit left out


def test_reports_write_null_not_nan(tmp_path):
    from click.testing import CliRunner

    from citeproof.cli import main

    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"filename": "seg_004.txt", "fragments": []}) + "\n")
    out = tmp_path / "report"
    res = CliRunner().invoke(
        main,
        [
            "bench", "phantom", "score", "--dataset", str(PUBLISHED), "--predictions", str(preds),
            "--out", str(out),
        ],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    text = (out / "report.json").read_text()
    assert "NaN" not in text
    data = json.loads(text)
    assert data["metrics"]["precision"]["value"] is None and data["metrics"]["precision"]["n"] == 0
    assert not any(isinstance(v, float) and math.isnan(v) for v in data["metrics"]["recall"].values())

"""The loader on a file in the published LePhantomCite layout: span → type objects,
citation → [types] objects, stored as objects, JSON strings or Python-repr strings, the
five published type names and ``optional`` spans."""

from __future__ import annotations

import ast
import json
import math
from pathlib import Path

import pytest

from citeproof.bench.phantom.loader import UnknownLabelWarning, kind_of, load
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
    # the paper's count: the optional hit is a true positive, in precision and recall alike
    assert (summary["paper_precision"].value, summary["paper_precision"].n) == (4 / 5, 5)
    assert (summary["paper_recall"].value, summary["paper_recall"].n) == (4 / 5, 5)


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


def published_rows() -> list[dict]:
    """The fixture's rows with every field as an object (as a Parquet writer would take them)."""

    def parsed(value):
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except ValueError:
            return ast.literal_eval(value)

    fields = ("citations_in_segment", "list_hallucinations", "list_hallucination_types")
    rows = json.loads(PUBLISHED.read_text())
    return [{k: parsed(v) if k in fields else v for k, v in row.items()} for row in rows]


def labels(excerpts):
    return {e.filename: sorted((g.fragment, g.kind, g.optional) for g in e.errors) for e in excerpts}


@pytest.mark.without_library
def test_a_folder_of_train_and_eval_files_is_read_for_the_split_asked(tmp_path):
    """The published layout: one file per split, eval being the test split; --split keeps
    one of them (a folder once gave every file's rows, 1,300 excerpts for 390)."""
    rows = json.loads(PUBLISHED.read_text())
    folder = tmp_path / "published"
    folder.mkdir()
    (folder / "train-00000-of-00001.json").write_text(json.dumps(rows[:3]))
    (folder / "eval-00000-of-00001.json").write_text(json.dumps(rows[3:]))
    assert [e.filename for e in load(folder, "test")] == ["seg_004.txt"]
    assert [e.filename for e in load(folder, "eval")] == ["seg_004.txt"]
    assert [e.filename for e in load(folder)] == ["seg_004.txt"]  # a folder means its test split
    assert [e.filename for e in load(folder, "train")] == ["seg_001.txt", "seg_002.txt", "seg_003.txt"]
    assert {e.split for e in load(folder, "train")} == {"train"}


@pytest.mark.without_library
def test_a_split_that_cannot_be_told_or_is_not_there_is_a_clear_error(tmp_path):
    rows = json.loads(PUBLISHED.read_text())
    folder = tmp_path / "two"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps(rows[:2]))
    (folder / "b.json").write_text(json.dumps(rows[2:]))
    with pytest.raises(ValueError, match="cannot tell which split it holds"):
        load(folder, "test")
    train_only = tmp_path / "train.json"
    train_only.write_text(json.dumps(rows))
    with pytest.raises(ValueError, match=r"holds no excerpt of the test split \(4 train\); pass --split"):
        load(train_only, "test")
    assert len(load(train_only, "train")) == 4


@pytest.mark.without_library
def test_the_cli_scores_one_split_of_a_folder(tmp_path):
    from click.testing import CliRunner

    from citeproof.cli import main

    rows = json.loads(PUBLISHED.read_text())
    folder = tmp_path / "published"
    folder.mkdir()
    (folder / "train-00000-of-00001.json").write_text(json.dumps(rows[:3]))
    (folder / "eval-00000-of-00001.json").write_text(json.dumps(rows[3:]))
    preds = tmp_path / "preds.jsonl"
    preds.write_text("")
    args = ["bench", "phantom", "score", "--dataset", str(folder), "--predictions", str(preds)]
    assert "published (1 excerpts)" in CliRunner().invoke(main, args).output
    train = CliRunner().invoke(main, [*args, "--split", "train"])
    assert train.exit_code == 0 and "published (3 excerpts)" in train.output
    missing = CliRunner().invoke(main, [*args, "--split", "validation"])
    assert missing.exit_code == 2 and "holds no excerpt of the validation split" in missing.output


@pytest.mark.without_library
def test_parquet_map_columns_read_as_objects(tmp_path):
    """Span -> type and citation -> [types] stored as Parquet maps (or as structs with a
    null for every other row's key) give the same gold as the JSON file."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rows = published_rows()
    maps = pa.table(
        {
            "filename": [r["filename"] for r in rows],
            "text": [r["text"] for r in rows],
            "citations_in_segment": [r["citations_in_segment"] for r in rows],
            "list_hallucinations": pa.array(
                [list(r["list_hallucinations"].items()) for r in rows], type=pa.map_(pa.string(), pa.string())
            ),
            "list_hallucination_types": pa.array(
                [list(r["list_hallucination_types"].items()) for r in rows],
                type=pa.map_(pa.string(), pa.list_(pa.string())),
            ),
        }
    )
    pq.write_table(maps, tmp_path / "maps.parquet")
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "structs.parquet")
    assert pa.types.is_struct(pq.read_schema(tmp_path / "structs.parquet").field("list_hallucinations").type)
    expected = labels(load(PUBLISHED))
    assert labels(load(tmp_path / "maps.parquet")) == expected
    assert labels(load(tmp_path / "structs.parquet")) == expected


@pytest.mark.without_library
def test_a_parquet_map_holding_a_span_twice_is_refused(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    table = pa.table(
        {
            "filename": ["a"],
            "text": ["Roe v. Wade, 410 U.S. 113."],
            "list_hallucinations": pa.array(
                [[("410 U.S. 113", "wrong_pincite"), ("410 U.S. 113", "misquote")]],
                type=pa.map_(pa.string(), pa.string()),
            ),
        }
    )
    pq.write_table(table, tmp_path / "twice.parquet")
    with pytest.raises(ValueError, match="a map column holds one key twice"):
        load(tmp_path / "twice.parquet")


@pytest.mark.without_library
def test_unknown_labels_are_reported_not_silently_kept(tmp_path):
    row = {
        "filename": "a",
        "text": "Roe v. Wade, 410 U.S. 113 (1973). Doe v. Bolton, 410 U.S. 179.",
        "list_hallucinations": {"410 U.S. 113": "citation_format_error", "410 U.S. 179": "wrong_pincite"},
    }
    path = tmp_path / "test.json"
    path.write_text(json.dumps([row]))
    with pytest.warns(UnknownLabelWarning, match=r"1 gold span\(s\).*'citation_format_error' × 1"):
        (excerpt,) = load(path)
    assert [g.kind for g in excerpt.required] == ["citation_format_error", "wrong_pincite"]
    heard: list[str] = []
    load(path, warn=heard.append)
    assert len(heard) == 1 and "citation_format_error" in heard[0]
    heard.clear()
    load(PUBLISHED, warn=heard.append)
    assert heard == []  # the five published names and "optional" are all known

"""The ``grounding`` click group, driven through CliRunner."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from citeproof.cli.grounding import grounding

BRIEF = (
    "Позивач посилається на ст. 625 ЦК України та ст. 1309 ЦК України, а також на ст. 81 КЗпП і ст. 145 ЦК."
)


@pytest.fixture()
def runner():
    return CliRunner()


def test_extract_json(runner, tmp_path):
    path = tmp_path / "brief.txt"
    path.write_text(BRIEF, encoding="utf-8")
    result = runner.invoke(grounding, ["extract", str(path), "--format", "json", "--date", "2024-01-01"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(r["code"], r["article"], r["status"]) for r in rows] == [
        ("civil", "625", "exists"),
        ("civil", "1309", "nonexistent"),
        ("labour", "81", "repealed"),
        ("civil", "145", "unknown"),
    ]
    assert BRIEF[rows[0]["span"][0] : rows[0]["span"][1]] == rows[0]["text"] == "ст. 625 ЦК України"
    assert set(rows[0]) == {"text", "span", "code", "article", "status", "evidence"}


def test_extract_markdown(runner, tmp_path):
    path = tmp_path / "brief.txt"
    path.write_text(BRIEF, encoding="utf-8")
    result = runner.invoke(grounding, ["extract", str(path)])
    assert "| ст. 1309 ЦК України |" in result.output and "nonexistent" in result.output


@pytest.fixture()
def sim_dir(runner, tmp_path):
    result = runner.invoke(
        grounding, ["simulate", str(tmp_path), "--decisions", "3000", "--queries", "30", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    return tmp_path


def test_score_from_files_carries_snapshot(runner, sim_dir):
    result = runner.invoke(
        grounding,
        [
            "score",
            str(sim_dir / "responses.jsonl"),
            "--edges",
            str(sim_dir / "edges.csv"),
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["oracle"]["decisions"] == 3000 and data["oracle"]["date"]
    assert [s["system"] for s in data["scores"]] == ["head", "broad", "fabricator", "stale"]
    assert all(s["cg"]["n"] == 30 and s["cg"]["low"] <= s["cg"]["value"] for s in data["scores"])
    md = runner.invoke(
        grounding, ["score", str(sim_dir / "responses.jsonl"), "--edges", str(sim_dir / "edges.csv")]
    ).output
    assert "3,000 decisions" in md and "(n=30)" in md


def test_sweep_writes_plot(runner, sim_dir, tmp_path):
    png = tmp_path / "sweep.png"
    result = runner.invoke(
        grounding,
        [
            "sweep",
            str(sim_dir / "responses.jsonl"),
            "--edges",
            str(sim_dir / "edges.csv"),
            "--fractions",
            "0.1,0.5,1.0",
            "--repeats",
            "1",
            "--plot",
            str(png),
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [p["fraction"] for p in data["points"]] == [0.1, 0.5, 1.0]
    assert set(data["thresholds"]) == {"0.05", "0.02", "0.01"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_separability_and_adjudicate(runner, sim_dir):
    args = [str(sim_dir / "responses.jsonl"), "--edges", str(sim_dir / "edges.csv"), "--format", "json"]
    sep = runner.invoke(grounding, ["separability", *args, "--resamples", "300", "--fractions", "0.1,1.0"])
    assert sep.exit_code == 0, sep.output
    rows = json.loads(sep.output)
    assert len(rows) == 2 and len(rows[0]["pairs"]) == 6
    adj = runner.invoke(grounding, ["adjudicate", *args])
    data = json.loads(adj.output)
    assert data["flags"] == sum(data["counts"].values()) > 0


def test_missing_inputs_is_a_usage_error(runner):
    result = runner.invoke(grounding, ["score"])
    assert result.exit_code == 2


def test_edges_without_a_column_are_a_clear_error(runner, sim_dir, tmp_path):
    (tmp_path / "bad.csv").write_text("decision_id,article\nd1,625\n", encoding="utf-8")
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    pq.write_table(pa.table({"decision_id": ["d1"], "code": ["civil"]}), tmp_path / "bad.parquet")
    for edges, missing in (("bad.csv", "code"), ("bad.parquet", "article")):
        args = ["score", str(sim_dir / "responses.jsonl"), "--edges", str(tmp_path / edges)]
        result = runner.invoke(grounding, args)
        assert result.exit_code == 1 and f"no column {missing}" in result.output, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_common_law_cases(runner):
    opinions = Path(__file__).parent / "data" / "opinions"
    result = runner.invoke(
        grounding,
        [
            "separability",
            "--cases",
            str(opinions),
            "--resamples",
            "200",
            "--fractions",
            "1.0",
            "--queries",
            "20",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[0]["oracle"]["decisions"] == 2


def test_dpo_writes_pairs(runner, tmp_path):
    out = tmp_path / "pairs.jsonl"
    result = runner.invoke(grounding, ["dpo", "--source", "statutes", "--out", str(out), "--format", "json"])
    assert result.exit_code == 0, result.output
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert {"prompt", "chosen", "rejected", "strategy"} <= set(first)
    assert json.loads(result.output)["pairs"] > 1000

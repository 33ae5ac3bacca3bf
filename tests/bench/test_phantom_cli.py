"""End to end through the CLI, the published-format loader, systems and the report."""

from __future__ import annotations

import json

from click.testing import CliRunner

from citeproof.bench.phantom.llm_systems import RulesDetector
from citeproof.bench.phantom.loader import kind_of, load, normalise_row
from citeproof.bench.phantom.systems import make_system, register_system
from citeproof.bench.systems import Detection
from citeproof.cli import main


def test_build_run_score(library_path, tmp_path):
    runner = CliRunner()
    lib = ["--library", str(library_path)]
    out = tmp_path / "bench"
    built = runner.invoke(
        main,
        [
            "bench",
            "phantom",
            "build",
            "--seed",
            "3",
            "--out",
            str(out),
            "--excerpts",
            "20",
            "--source-opinions",
            "10",
            *lib,
        ],
    )
    assert built.exit_code == 0, built.output
    ran = runner.invoke(
        main,
        [
            "bench",
            "phantom",
            "run",
            "--system",
            "rules",
            "--dataset",
            str(out),
            "--out",
            str(tmp_path / "rules"),
            *lib,
        ],
    )
    assert ran.exit_code == 0, ran.output
    assert "**rules** (measured)" in ran.output and "baseline: whole excerpt" in ran.output
    assert "plumbing check" not in ran.output
    mine, theirs = ran.output.split("Published figures")
    assert "GPT-5 agent" in theirs and "GPT-5 agent" not in mine  # published rows kept apart
    assert "| system (published figures) | P | R | F1 |" in theirs
    report = json.loads((tmp_path / "rules" / "report.json").read_text())
    assert report["status"] == "measured" and report["targets"]["precision"]["target"] == 0.9
    assert report["published"]["note"].startswith("published figures")
    assert set(report["baselines"]) == {
        "baseline: whole excerpt",
        "baseline: every citation string",
        'baseline: "v."',
    }
    assert {"precision", "paper_precision", "paper_recall"} <= report["baselines"]['baseline: "v."'].keys()
    assert {
        "precision",
        "recall",
        "f1",
        "paper_precision",
        "paper_recall",
        "paper_f1",
        "recall_misquote",
        "flag_rate_distractor",
        "seconds_per_excerpt",
    } <= report["metrics"].keys()
    assert (tmp_path / "rules" / "recall_by_kind.png").read_bytes()[:4] == b"\x89PNG"
    scored = runner.invoke(
        main,
        [
            "bench",
            "phantom",
            "score",
            "--dataset",
            str(out / "test.jsonl"),
            "--predictions",
            str(tmp_path / "rules" / "predictions.jsonl"),
            "--system",
            "rules",
        ],
    )
    assert scored.exit_code == 0
    same = scored.output.splitlines()[2].split("|")[3:], ran.output.splitlines()[2].split("|")[3:]
    assert same[0] == same[1]  # the same figures from the saved predictions


def test_unknown_system_is_a_usage_error(library_path, tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text(json.dumps({"filename": "a", "text": "x"}) + "\n")
    res = CliRunner().invoke(
        main,
        [
            "bench",
            "phantom",
            "run",
            "--system",
            "nope",
            "--dataset",
            str(path),
            "--library",
            str(library_path),
        ],
    )
    assert res.exit_code == 2 and "unknown system" in res.output


def test_published_rows_with_stringified_lists(tmp_path):
    row = {
        "filename": "brief_17.txt",
        "text": "See Roe v. Wade, 410 U.S. 113 (1973).",
        "citations_in_segment": "['Roe v. Wade, 410 U.S. 113 (1973)']",
        "list_hallucinations": '["Roe v. Wade, 410 U.S. 113"]',
        "list_hallucination_types": "['Case Name Mismatch']",
    }
    e = normalise_row(row)
    assert e.errors[0].kind == "name_mismatch" and e.errors[0].fragment.startswith("Roe")
    assert e.citations_in_segment == ("Roe v. Wade, 410 U.S. 113 (1973)",)
    path = tmp_path / "test.json"
    path.write_text(
        json.dumps(
            [row, {**row, "filename": "b", "list_hallucinations": "[]", "list_hallucination_types": "[]"}]
        )
    )
    assert [len(x.errors) for x in load(path)] == [1, 0]


def test_kind_labels():
    assert kind_of("nonexistent") == "nonexistent"
    assert kind_of("Fabricated case") == "nonexistent"
    assert kind_of("wrong pincite") == "wrong_pincite"
    assert kind_of("verbatim misquote") == "misquote"
    assert kind_of("content misrepresentation") == "misrepresentation"
    assert kind_of("odd") == "odd"


def test_systems_are_pluggable(library):
    class Always:
        name = "always"

        def __init__(self, library):
            pass

        def detect(self, text):
            return Detection(("410 U.S. 113",), calls=1, prompt_tokens=10)

        def close(self):
            pass

    register_system("always", Always)
    assert make_system("always", library).detect("x").calls == 1
    found = RulesDetector(library).detect("Waiver must be knowing. Miranda v. Arizona, 372 U.S. 335 (1963).")
    assert found.fragments == ("372 U.S. 335",)


def test_a_scripted_run_reports_a_plumbing_check_not_a_model_result(library_path, tmp_path):
    """The scripted stand-in's report says what it is in report.md and report.json
    themselves: never "measured", no targets judged, the published figures apart."""
    dataset = tmp_path / "test.jsonl"
    rows = [
        {
            "filename": "a",
            "text": "Waiver must be knowing. Miranda v. Arizona, 372 U.S. 335 (1963).",
            "list_hallucinations": ["Miranda v. Arizona, 372 U.S. 335"],
            "list_hallucination_types": ["name_mismatch"],
        },
        {"filename": "b", "text": "Nothing is cited here."},
    ]
    dataset.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "scripted"
    args = [
        "bench",
        "phantom",
        "run",
        "--dataset",
        str(dataset),
        "--out",
        str(out),
        "--library",
        str(library_path),
    ]
    ran = CliRunner().invoke(main, [*args, "--system", "single-call", "--scripted"])
    assert ran.exit_code == 0, ran.output
    md = (out / "report.md").read_text()
    text = (out / "report.json").read_text()
    report = json.loads(text)
    assert md.startswith("> **Plumbing check, not a model result.** single-call:scripted answers with")
    assert "**single-call:scripted** (plumbing check, not a model result)" in md
    assert "measured" not in md and "measured" not in text
    assert report["status"] == "plumbing check, not a model result" and "stand-in" in report["note"]
    assert report["targets"] is None and '"met"' not in text
    mine, theirs = md.split("Published figures")
    assert "GPT-5 agent" in theirs and "GPT-5 agent" not in mine
    assert [r["system"] for r in report["published"]["rows"]][0] == "GPT-5 agent"
    saved = CliRunner().invoke(
        main,
        [
            "bench", "phantom", "score", "--dataset", str(dataset), "--predictions",
            str(out / "predictions.jsonl"), "--system", "single-call:scripted",
        ],
    )  # fmt: skip
    assert saved.exit_code == 0 and "(plumbing check, not a model result)" in saved.output
    assert "measured" not in saved.output

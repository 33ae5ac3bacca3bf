"""The command line: the JSON contract, exit codes, formats, bad input, library commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "citeproof", *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def test_json_contract_of_the_sample_brief():
    result = run("check", str(SAMPLE), "--format", "json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert set(report) == {"citeproof", "document", "library", "citations", "summary", "next_steps"}
    assert set(report["document"]) == {"path", "chars", "pages"}
    assert set(report["library"]) == {
        "name",
        "built_at",
        "cases",
        "opinions_with_text",
        "content_hash",
        "snapshot_date",
    }
    assert report["library"]["content_hash"].startswith("sha256:")
    text = SAMPLE.read_text()

    def same(a: str, b: str) -> bool:  # the document joins wrapped lines: offsets are kept
        return " ".join(a.split()) == " ".join(b.split())

    for c in report["citations"]:
        assert set(c) == {
            "id",
            "text",
            "span",
            "page",
            "physical_page",
            "note",
            "location",
            "type",
            "case_name",
            "status",
            "reason",
            "authority",
            "confirmed",
            "next_step",
            "errors",
            "evidence",
            "treatment",
            "check_url",
        }
        assert (c["evidence"] is not None) == (c["type"] == "statute")
        assert c["treatment"] is None  # the sample cites no overruled case
        assert same(text[c["span"][0] : c["span"][1]], c["text"])
        assert c["status"] in {"verified", "hallucinated", "unverifiable"}
        assert (c["status"] == "hallucinated") == bool(c["errors"])
        assert (c["status"] == "unverifiable") == (c["reason"] is not None)
        for e in c["errors"]:
            keys = {"kind", "fragment", "span", "explanation", "evidence", "confidence", "suggestion"}
            assert set(e) == keys
            assert same(text[e["span"][0] : e["span"][1]], e["fragment"])
    statuses = ("verified", "hallucinated", "unverifiable")
    assert sum(report["summary"][s] for s in statuses) == len(report["citations"])
    assert report["summary"]["overruled"] == 0


def test_exit_zero_when_nothing_is_hallucinated(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("Brady v. Maryland, 373 U.S. 83, 87 (1963).")
    result = run("check", str(good))
    assert result.returncode == 0 and "verified" in result.stdout


def test_fail_on_chooses_what_exits_1(tmp_path):
    roe = tmp_path / "roe.txt"
    roe.write_text("Roe v. Wade, 410 U.S. 113, 153 (1973).")
    assert run("check", str(roe)).returncode == 0  # the default: only a hallucination fails
    overruled = run("check", str(roe), "--fail-on", "overruled")
    assert overruled.returncode == 1, overruled.stderr
    assert (
        "overruled by Dobbs v. Jackson Women's Health Organization, 597 U.S. 215 (2022)" in overruled.stdout
    )
    fake = tmp_path / "fake.txt"
    fake.write_text("Smith v. Jones, 999 U.S. 1 (2031).")
    assert run("check", str(fake)).returncode == 1
    # a condition named adds to the default: a hallucination always fails
    assert run("check", str(fake), "--fail-on", "overruled").returncode == 1
    both = ("--fail-on", "overruled", "--fail-on", "hallucinated")
    assert [run("check", str(f), *both).returncode for f in (roe, fake)] == [1, 1]
    outside = tmp_path / "outside.txt"
    outside.write_text("Doe v. Roe, 123 So. 3d 456 (Fla. 2013).")  # not in the library
    assert [run("check", str(outside), *a).returncode for a in ((), ("--fail-on", "unverifiable"))] == [0, 1]
    batch = run("check", str(tmp_path / "*.txt"), "--fail-on", "overruled", "--quiet")
    assert batch.returncode == 1 and "overruled 1" in batch.stderr, batch.stderr


@pytest.mark.parametrize(
    "fmt, marker", [("text", "citations:"), ("markdown", "| # |"), ("html", '<mark class="hallucinated"')]
)
def test_formats(fmt, marker):
    result = run("check", str(SAMPLE), "--format", fmt)
    assert result.returncode == 1 and marker in result.stdout


def test_several_files_give_json_lines_and_a_bad_one_does_not_stop_the_others(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = run(
        "check", str(SAMPLE), str(empty), str(tmp_path / "missing.pdf"), str(SAMPLE), "--format", "json"
    )
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2 and all(json.loads(x)["summary"]["hallucinated"] == 5 for x in lines)
    errors = result.stderr.strip().splitlines()
    assert any("file is empty" in e for e in errors) and any("no such file" in e for e in errors)
    assert "Traceback" not in result.stderr
    assert result.returncode == 1  # hallucinated outranks a failed file (issue 13)


def test_stdin_and_usage_errors():
    result = run("check", "-", "--format", "json", stdin="Miranda v. Arizona, 372 U.S. 335 (1963).")
    assert result.returncode == 1
    assert json.loads(result.stdout)["citations"][0]["errors"][0]["kind"] == "name_mismatch"
    assert run("check").returncode == 2
    assert run("check", str(SAMPLE), "--format", "yaml").returncode == 2
    bad = run("check", str(SAMPLE), "--library", "/nonexistent/lib.sqlite")
    assert bad.returncode == 2 and "library file not found" in bad.stderr


def test_library_build_and_info(tmp_path):
    opinions = tmp_path / "ops.jsonl"
    opinions.write_text(
        json.dumps(
            {
                "id": "t:1",
                "name": "Alpha v. Beta",
                "decision_date": "2001-02-03",
                "court": "Test",
                "citations": [{"volume": "5", "reporter": "F.3d", "page": "10"}],
                "text": "First page text.\n\nSecond page says the rule is plain.",
                "page_breaks": [
                    {"reporter": "F.3d", "volume": "5", "page": "10", "offset": 0},
                    {"reporter": "F.3d", "volume": "5", "page": "11", "offset": 18},
                ],
            }
        )
        + "\n"
    )
    out = tmp_path / "lib.sqlite"
    built = run("library", "build", str(opinions), "--out", str(out), "--name", "tiny")
    assert built.returncode == 0, built.stderr
    info = json.loads(run("library", "info", "--library", str(out), "--format", "json").stdout)
    assert (info["name"], info["cases"], info["opinions_with_text"]) == ("tiny", 1, 1)
    brief = tmp_path / "brief.txt"
    brief.write_text('It "says the rule is plain." Alpha v. Beta, 5 F.3d 10, 10 (2001).')
    result = run("check", str(brief), "--library", str(out), "--format", "json")
    error = json.loads(result.stdout)["citations"][0]["errors"][0]
    assert error["kind"] == "wrong_pincite" and "page 11" in error["evidence"]
    text = run("library", "info", "--library", str(out)).stdout
    assert "tiny" in text and "cases     1" in text


def test_library_build_rejects_bad_sources(tmp_path):
    assert run("library", "build", str(tmp_path / "nope"), "--out", str(tmp_path / "x")).returncode == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    result = run("library", "build", str(bad), "--out", str(tmp_path / "x.sqlite"))
    assert result.returncode == 2 and "bad JSON" in result.stderr and "Traceback" not in result.stderr


def test_a_reader_that_stops_early_ends_the_command_quietly():
    """``citeproof library info | head -1``: no BrokenPipeError, the shell's SIGPIPE status."""
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-m", "citeproof", "library", "info"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the command writes its first line
    errors = child.stderr.read().decode()
    assert child.wait(timeout=120) == 141, errors
    assert "BrokenPipe" not in errors and "Traceback" not in errors

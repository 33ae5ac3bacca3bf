"""Batch checking: a folder, a glob or a list of files on a process pool, and on a local Ray
instance; one JSON Lines record per file, failures reported, --resume."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from citeproof.cli import main

GOOD = "Brady v. Maryland, 373 U.S. 83, 87 (1963).\n"
WRONG_NAME = "Smith v. Jones, 373 U.S. 83, 87 (1963).\n"  # 373 U.S. 83 is Brady


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "citeproof", "check", *args], capture_output=True, text=True, timeout=300
    )


def records(path: Path) -> dict[str, dict]:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len({r["file"] for r in lines}) == len(lines), "one record per file"
    return {Path(r["file"]).name: r for r in lines}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    briefs = tmp_path / "briefs"
    (briefs / "sub").mkdir(parents=True)
    (briefs / "good.txt").write_text(GOOD)
    (briefs / "wrong.txt").write_text(WRONG_NAME)
    (briefs / "sub" / "nested.md").write_text("As held in " + GOOD)
    (briefs / "broken.pdf").write_bytes(b"%PDF-1.4 this is no PDF at all")
    (briefs / "notes.csv").write_text("not,a,brief\n")  # not a document: never picked up
    return briefs


def test_a_folder_on_two_processes_then_resumed(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    first = run(str(folder), "--jobs", "2", "--out", str(out), "--quiet")
    assert first.returncode == 1, first.stderr  # hallucinated in wrong.txt; broken.pdf reported
    got = records(out)
    assert set(got) == {"good.txt", "wrong.txt", "nested.md", "broken.pdf"}
    assert "broken.pdf" in got["broken.pdf"]["error"]
    assert got["good.txt"]["report"]["summary"] == {
        "verified": 1,
        "hallucinated": 0,
        "unverifiable": 0,
        "overruled": 0,
        "hidden": 0,
    }
    assert got["wrong.txt"]["report"]["citations"][0]["errors"][0]["kind"] == "name_mismatch"
    assert got["nested.md"]["report"]["summary"]["verified"] == 1
    assert "4 files: 3 checked, 1 failed, 0 skipped" in first.stderr

    # the same record as checking the file alone
    alone = json.loads(run(str(folder / "wrong.txt"), "--format", "json").stdout)
    assert got["wrong.txt"]["report"]["citations"] == alone["citations"]

    again = run(str(folder), "--jobs", "2", "--out", str(out), "--resume", "--quiet")
    assert "4 files: 0 checked, 1 failed, 3 skipped" in again.stderr, again.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 5 and "broken.pdf" in json.loads(lines[-1])["file"]  # only the failed one again


def test_a_glob_and_a_list_to_stdout(folder: Path) -> None:
    result = run(str(folder / "*.txt"), str(folder / "sub" / "nested.md"), "--jobs", "1", "--quiet")
    assert result.returncode == 1, result.stderr  # wrong.txt has a hallucinated citation
    names = [Path(json.loads(line)["file"]).name for line in result.stdout.splitlines()]
    assert names == ["good.txt", "wrong.txt", "nested.md"]
    assert "3 files: 3 checked, 0 failed" in result.stderr


def test_resume_needs_an_output(folder: Path) -> None:
    result = run(str(folder), "--resume")
    assert result.returncode == 2 and "--resume needs --out" in result.stderr


def start_local_ray(ray, attempts: int = 3) -> None:  # type: ignore[no-untyped-def]
    """``ray.init(num_cpus=2)``; Ray gives its raylet 30 s to start, which a heavily loaded
    machine can exceed: try again, and skip (saying why) only if it never starts."""
    for attempt in range(attempts):
        try:
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
            return
        except Exception as exc:  # Ray raises a bare Exception for a startup timeout
            ray.shutdown()
            if attempt == attempts - 1 or "timed out during startup" not in str(exc):
                if "timed out during startup" in str(exc):
                    pytest.skip(f"no local Ray instance could start on this machine: {exc}")
                raise


def test_the_same_check_on_a_local_ray_instance(folder: Path, tmp_path: Path) -> None:
    ray = pytest.importorskip("ray", reason="the citeproof[ray] extra is not installed")
    start_local_ray(ray)
    try:
        address = ray.get_runtime_context().gcs_address
        out = tmp_path / "ray.jsonl"
        result = CliRunner().invoke(
            main, ["check", str(folder), "--ray", address, "--out", str(out), "--quiet"]
        )
    finally:
        ray.shutdown()
    assert result.exit_code == 1, result.output
    got = records(out)
    assert set(got) == {"good.txt", "wrong.txt", "nested.md", "broken.pdf"}
    assert "error" in got["broken.pdf"]
    assert got["good.txt"]["report"]["summary"]["verified"] == 1
    assert got["wrong.txt"]["report"]["summary"]["hallucinated"] == 1

"""Batch checking: a folder, a glob or a list of files on a process pool, and on a local Ray
instance; one JSON Lines record per file, failures reported, --resume."""

from __future__ import annotations

import io
import json
import os
import pty
import shutil
import signal
import subprocess
import sys
import time
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
    # only the failed one again, its new record in place of the old one
    assert len(lines) == 4 and "broken.pdf" in json.loads(lines[-1])["file"]
    assert records(out).keys() == got.keys()
    # the exit status and the list of problems count every record, the earlier run's too
    assert again.returncode == 1, again.stderr
    assert "holds 4 record(s): 3 checked (1 with a hallucinated citation), 1 failed" in again.stderr
    listed = again.stderr[again.stderr.index("2 file(s) with problems:") :]
    assert (
        f"{folder / 'wrong.txt'}: 1 hallucinated" in listed and f"{folder / 'broken.pdf'}: failed" in listed
    )


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


# -- issue 30 item 6 / issue 29 item 9: a batch that finishes ----------------------------------


def test_a_worker_that_dies_fails_its_file_only(tmp_path: Path, library_path: Path) -> None:
    from tests.batch_tasks import DEADLY, dies_on_deadly

    from citeproof.cli.batch import on_pool

    names = ["a.txt", f"{DEADLY}.txt", "b.txt", "c.txt", "d.txt", "e.txt"]
    for name in names:
        (tmp_path / name).write_text(GOOD)
    notices: list[str] = []
    got = list(
        on_pool(
            [str(tmp_path / n) for n in names],
            str(library_path),
            2,
            task=dies_on_deadly,
            notice=notices.append,
        )
    )
    by_name = {Path(r["file"]).name: r for r in got}
    assert len(got) == len(names) and set(by_name) == set(names)  # one record each, the batch went on
    assert "worker process checking it died" in by_name[f"{DEADLY}.txt"]["error"]
    assert all(by_name[n]["report"]["summary"]["verified"] == 1 for n in names if DEADLY not in n)
    assert notices and "a worker process died" in notices[0]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def test_a_worker_killed_from_outside_loses_no_file(tmp_path: Path, library_path: Path) -> None:
    briefs = tmp_path / "many"
    briefs.mkdir()
    sample = (Path(__file__).resolve().parent.parent / "examples" / "sample_brief.md").read_text()
    for i in range(24):
        (briefs / f"brief{i:02}.md").write_text(sample)
    out = tmp_path / "out.jsonl"
    args = [str(briefs), "--jobs", "2", "--out", str(out), "--quiet", "--library", str(library_path)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "citeproof", "check", *args], stderr=subprocess.PIPE, text=True
    )
    try:
        for _ in range(1200):  # until the first record is written
            if out.exists() and out.read_text().count("\n") >= 1:
                break
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        workers = _children(proc.pid)
        assert workers and proc.poll() is None, "the batch ended before a worker could be killed"
        os.kill(workers[0], signal.SIGKILL)
        _, stderr = proc.communicate(timeout=600)
    finally:
        proc.kill()
    assert proc.returncode == 1, stderr  # the sample brief has hallucinated citations: nothing else
    assert "a worker process died" in stderr
    got = records(out)  # one record per file
    assert len(got) == 24 and all("report" in r for r in got.values())


def _without_root_override(args: list[str]) -> list[str]:
    """``args`` run so that file modes bind (root reads any folder: drop that power)."""
    if os.geteuid() != 0:
        return args
    if not shutil.which("setpriv"):
        pytest.skip("root, and no setpriv to drop the capability of reading any folder")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--", *args]


def test_folders_not_read_and_links_are_reported(tmp_path: Path, library_path: Path) -> None:
    briefs = tmp_path / "briefs"
    (briefs / "locked").mkdir(parents=True)
    (briefs / "good.txt").write_text(GOOD)
    (briefs / "locked" / "inside.txt").write_text(GOOD)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "linked.txt").write_text(GOOD)
    (briefs / "link").symlink_to(tmp_path / "elsewhere")
    (briefs / "gone.txt").symlink_to(tmp_path / "nothing-here.txt")
    (briefs / "locked").chmod(0)
    try:
        args = [
            sys.executable,
            "-m",
            "citeproof",
            "check",
            str(briefs),
            "--quiet",
            "--library",
            str(library_path),
        ]
        result = subprocess.run(_without_root_override(args), capture_output=True, text=True, timeout=300)
    finally:
        (briefs / "locked").chmod(0o755)
    assert result.returncode == 2, result.stderr  # incomplete: a folder could not be read
    assert f"not checked: {briefs / 'locked'}: cannot be read (Permission denied)" in result.stderr
    assert f"not checked: {briefs / 'link'}: a link to a folder, not followed" in result.stderr
    got = {Path(json.loads(line)["file"]).name: json.loads(line) for line in result.stdout.splitlines()}
    assert set(got) == {"good.txt", "gone.txt"} and "error" in got["gone.txt"]  # a broken link: its record
    assert f"{briefs / 'gone.txt'}: failed" in result.stderr  # listed with the problems


def _on_a_terminal(args: list[str]) -> str:
    """What a terminal shows when stdout and stderr are both on it."""
    controller, terminal = pty.openpty()
    try:
        subprocess.run(args, stdout=terminal, stderr=terminal, timeout=300, check=False)
    finally:
        os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(controller)
    return shown.decode("utf-8", "replace")


def test_a_terminal_gets_a_table_and_failures_above_the_progress_line(
    folder: Path, library_path: Path
) -> None:
    shown = _on_a_terminal(
        [sys.executable, "-m", "citeproof", "check", str(folder), "--library", str(library_path)]
    )
    assert '{"file"' not in shown  # no JSON on a terminal
    lines = shown.replace("\r\x1b[K", "\n").splitlines()  # a progress line is erased before what follows
    header = next(line for line in lines if line.startswith("file "))
    assert header.split() == ["file", "verified", "hallucinated", "unverifiable", "overruled", "note"]
    row = next(line for line in lines if line.startswith(str(folder / "wrong.txt")))
    assert row.split()[1:6] == ["0", "1", "0", "0", "1"]  # ... and its note: 1 hallucinated
    assert "checking files  " in shown  # the progress line
    failure = f"citeproof: {folder / 'broken.pdf'}: not a readable PDF"
    at = shown.index(failure)
    assert shown[at - 4 : at] == "\r\x1b[K" or shown[at - 1] == "\n", repr(shown[at - 40 : at])


def test_the_format_of_a_batch_without_out(folder: Path) -> None:
    table = run(str(folder), "--format", "text", "--quiet")
    assert table.stdout.startswith("file ") and '{"file"' not in table.stdout
    lines = run(str(folder), "--format", "jsonl", "--quiet").stdout.splitlines()
    assert len(lines) == 4 and all(json.loads(line)["file"] for line in lines)
    wrong = run(str(folder), "--format", "html", "--quiet")
    assert wrong.returncode == 2 and "--format html is for one file" in wrong.stderr


def test_no_eta_until_a_few_files_are_done() -> None:
    from citeproof.cli.batch_view import MIN_DONE_FOR_ETA, Progress, eta_seconds

    assert [eta_seconds(done, 100, 30.0) for done in range(MIN_DONE_FOR_ETA)] == [None] * MIN_DONE_FOR_ETA
    assert eta_seconds(5, 100, 10.0) == pytest.approx(190.0)
    assert eta_seconds(100, 100, 200.0) is None  # nothing left to guess
    now = [0.0]
    screen = io.StringIO()
    progress = Progress(100, screen, shown=True, clock=lambda: now[0])
    now[0] = 40.0
    progress.advance(failed=False)  # one file in 40 s: no guess yet
    assert progress.line() == "checking files  1/100"
    for _ in range(4):
        progress.advance(failed=True)
    assert progress.line() == "checking files  5/100  4 failed  about 12 min 40 s left"  # 8 s a file
    progress.message("citeproof: a failure")
    assert "\r\x1b[Kciteproof: a failure\n\r\x1b[Kchecking files  5/100" in screen.getvalue()

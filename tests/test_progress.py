"""`citeproof check` draws click's progress bar on a terminal, and nothing when piped or --quiet."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "sample_brief.md"
CLI = [
    sys.executable,
    "-c",
    "from citeproof.cli import main; main()",
    "check",
    str(SAMPLE),
    "--format",
    "json",
]


def _stderr_on_a_terminal(args: list[str]) -> str:
    controller, terminal = pty.openpty()
    try:
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=terminal, timeout=120, check=False)
    finally:
        os.close(terminal)
    out = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the terminal side is closed and drained
            break
        if not chunk:
            break
        out += chunk
    os.close(controller)
    return out.decode("utf-8", "replace")


def test_a_terminal_gets_a_progress_bar(library_path):
    shown = _stderr_on_a_terminal([*CLI, "--library", str(library_path)])
    assert "sample_brief.md: checking citations" in shown
    assert "15/15" in shown and "[####" in shown, shown


@pytest.mark.parametrize("quiet", [True, False])
def test_no_bar_when_quiet_or_piped(library_path, quiet):
    args = [*CLI, "--library", str(library_path)] + (["--quiet"] if quiet else [])
    shown = (
        _stderr_on_a_terminal(args) if quiet else subprocess.run(args, capture_output=True, text=True).stderr
    )
    assert "checking citations" not in shown

"""eyecite's internal diagnostics stay off a user's terminal, yet reach configured logging."""

from __future__ import annotations

import logging
import subprocess
import sys

import pytest

# Two citations eyecite reports as an "Unknown overlap case" (a supra inside a case name).
TEXT = "Dyous, supra, 307 Conn. at 303; State v. Golding, 213 Conn. 233, 239–40, 567 A.2d 823 (1989).\n"
OVERLAP = "State v. Dyous, supra, 307 Conn. at 299, 53 A.3d 153 (2012).\n"


def test_a_check_prints_no_eyecite_diagnostics(tmp_path):
    brief = tmp_path / "brief.txt"
    brief.write_text(OVERLAP + TEXT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "citeproof", "check", str(brief), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr
    assert '"citations"' in done.stdout
    assert "overlap" not in done.stderr.lower()


def test_configured_logging_still_receives_them(caplog: pytest.LogCaptureFixture):
    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.reading.read import document_from_text

    with caplog.at_level(logging.WARNING, logger="eyecite"):
        extract_citations(document_from_text(OVERLAP + TEXT))
    assert any("overlap" in r.getMessage().lower() for r in caplog.records)

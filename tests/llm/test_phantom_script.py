"""The comparison script runs every system through the phantom registry and scorer."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("llm_phantom", ROOT / "benchmarks" / "llm_phantom.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compares_four_systems(library_path, capsys, tmp_path):
    m = _script()
    data = ROOT / "benchmarks" / "data" / "handmade_phantom.jsonl"
    out = tmp_path / "results.json"
    assert (
        m.main(
            [
                str(data),
                "--scripted",
                "--library",
                str(library_path),
                "--limit",
                "3",
                "--traces",
                str(tmp_path / "traces"),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    table = capsys.readouterr().out
    for name in ("| rules |", "| rules+judge:scripted |", "| single-call:scripted |", "| agent:scripted |"):
        assert name in table
    assert list((tmp_path / "traces").glob("*.jsonl"))  # one agent trace per excerpt
    results = json.loads(out.read_text())
    assert results["excerpts"] == 3 and results["model"] == "scripted"
    judge = results["systems"]["rules+judge:scripted"]
    assert judge["metrics"]["precision"]["n"] > 0
    assert {"precision", "recall_misrepresentation"} <= judge["vs_rules"].keys()
    agent = results["systems"]["agent:scripted"]["metrics"]
    assert {"repeated_action_rate", "budget_exhausted_rate", "steps_per_excerpt"} <= agent.keys()

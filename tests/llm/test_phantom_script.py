"""The comparison script runs every system through the Detector seam."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("llm_phantom", ROOT / "benchmarks" / "llm_phantom.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lenient_matching():
    m = _script()
    assert m.matches("347 U.S. 483, 489", "Brown v. Board of Education, 347 U.S. 483, 489")
    assert not m.matches("372 U.S. 335", "373 U.S. 83, 91")


def test_compares_four_systems(library_path, capsys, tmp_path):
    m = _script()
    data = ROOT / "benchmarks" / "data" / "handmade_phantom.jsonl"
    assert m.main([str(data), "--scripted", "--library", str(library_path), "--limit", "3",
                   "--traces", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for name in ("| rules |", "rules+judge:scripted", "single-call:scripted", "agent:scripted"):
        assert name in out
    assert list(tmp_path.glob("*.jsonl"))  # one agent trace per excerpt

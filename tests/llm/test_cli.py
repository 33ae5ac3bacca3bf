"""`citeproof check --llm` against the scripted model behind a loopback server."""

from __future__ import annotations

import json

from click.testing import CliRunner

from citeproof.cli import main
from citeproof.llm.fake_endpoint import scripted_endpoint

from .models import BROWN_CONTRADICTED

KEY = "sk-cli-SECRET"


def test_check_llm_uses_the_judge(tmp_path, monkeypatch):
    brief = tmp_path / "brief.txt"
    brief.write_text(BROWN_CONTRADICTED)
    offline = CliRunner().invoke(main, ["check", str(brief), "--format", "json"])
    assert offline.exit_code == 0
    with scripted_endpoint() as server:
        monkeypatch.setenv("OPENAI_API_KEY", KEY)
        monkeypatch.setenv("CITEPROOF_LLM_CACHE", str(tmp_path / "cache.sqlite"))
        args = [
            "check",
            str(brief),
            "--format",
            "json",
            "--llm",
            "--model",
            "scripted",
            "--base-url",
            server.base_url,
        ]
        result = CliRunner().invoke(main, args)
        rerun = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    (cite,) = json.loads(result.output)["citations"]
    assert [e["kind"] for e in cite["errors"]] == ["misrepresentation"]
    assert len(server.requests) == 1 and rerun.output == result.output  # rerun from cache
    assert KEY not in result.output


def test_check_llm_without_a_model_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.delenv("CITEPROOF_LLM_MODEL", raising=False)
    brief = tmp_path / "brief.txt"
    brief.write_text(BROWN_CONTRADICTED)
    result = CliRunner().invoke(main, ["check", str(brief), "--llm"])
    assert result.exit_code == 2 and "no model" in result.output

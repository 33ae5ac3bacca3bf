"""Issue 19 with remote answers: manifests keep no secret; an audit re-runs from cached answers."""

from __future__ import annotations

import json

from click.testing import CliRunner

from citeproof.cli import main
from citeproof.llm.fake_endpoint import scripted_endpoint

BRIEF = (
    "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019). "
    'The Court held that "[s]eparate educational facilities are inherently unequal." '
    "Brown v. Board of Education, 347 U.S. 483, 495 (1954).\n"
)
LLM_KEY = "sk-manifest-SECRET"


def _env(fake, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(f'[courtlistener]\ncache = "{tmp_path / "cl.sqlite"}"\n')
    return {
        "COURTLISTENER_API_URL": fake.base_url,
        "COURTLISTENER_API_TOKEN": fake.state.token,
        "CITEPROOF_CONFIG": str(config),
        "CITEPROOF_COURTLISTENER": "",
        "OPENAI_API_KEY": LLM_KEY,
        "CITEPROOF_LLM_CACHE": str(tmp_path / "llm.sqlite"),
    }


def test_a_manifest_names_options_but_holds_no_secret(fake, tmp_path):
    brief = tmp_path / "brief.txt"
    brief.write_text(BRIEF)
    manifest = tmp_path / "run.json"
    with scripted_endpoint() as server:
        args = ["check", str(brief), "--quiet", "--courtlistener", "--manifest", str(manifest)]
        args += ["--llm", "--model", "scripted", "--base-url", server.base_url]
        result = CliRunner().invoke(main, args, env=_env(fake, tmp_path))
    assert result.exit_code == 1, result.output
    text = manifest.read_text()
    assert fake.state.token not in text and LLM_KEY not in text
    options = json.loads(text)["options"]
    assert options["llm"] == {"model": "scripted", "endpoint": "127.0.0.1"}
    assert options["courtlistener"] == "127.0.0.1"
    assert "925 F.3d 1339" in json.loads(text)["remote_answers"]


def test_audit_re_runs_from_cached_answers_and_says_when_they_are_gone(fake, tmp_path):
    brief = tmp_path / "brief.txt"
    brief.write_text(BRIEF)
    env = _env(fake, tmp_path)
    manifest = tmp_path / "run.json"
    first = CliRunner().invoke(
        main, ["check", str(brief), "--quiet", "--courtlistener", "--manifest", str(manifest)], env=env
    )
    assert first.exit_code == 1, first.output
    asked = fake.request_count
    audit = CliRunner().invoke(main, ["audit", str(manifest), str(brief)], env=env)
    assert audit.exit_code == 0, audit.output
    assert "SAME VERDICTS" in audit.stdout and fake.request_count == asked  # from the cache
    (tmp_path / "cl.sqlite").unlink()
    gone = CliRunner().invoke(main, ["audit", str(manifest), str(brief)], env=env)
    assert gone.exit_code == 2 and "no longer in the cache" in gone.stdout

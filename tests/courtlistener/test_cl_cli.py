"""`citeproof check --courtlistener` end to end against the loopback fake."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from citeproof.cli import main

BRIEF = (
    "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019); "
    "Smith v. Jones, 2019 WL 1234567 (S.D.N.Y. 2019).\n"
)


def _run(args, env):
    return CliRunner().invoke(main, ["check", "--format", "json", "--quiet", *args], env=env)


def _statuses(output: str) -> dict[str, str]:
    report = json.loads(output)
    return {c["text"]: c["status"] for c in report["citations"]}


def _brief_and_env(fake, tmp_path, enabled: str) -> tuple[Path, dict[str, str]]:
    """The brief, and the environment of a user whose config file names a cache."""
    brief = tmp_path / "brief.txt"
    brief.write_text(BRIEF)
    config = tmp_path / "config.toml"
    config.write_text(f'[courtlistener]\ncache = "{tmp_path / "cl.sqlite"}"\n')
    env = {
        "COURTLISTENER_API_URL": fake.base_url,
        "COURTLISTENER_API_TOKEN": fake.state.token,
        "CITEPROOF_CONFIG": str(config),
        "CITEPROOF_COURTLISTENER": enabled,
    }
    return brief, env


def test_check_with_courtlistener_flag_config_and_cache(fake, tmp_path):
    brief, env = _brief_and_env(fake, tmp_path, "")
    offline = _run([str(brief)], env)
    assert offline.exit_code == 0 and fake.request_count == 0
    first = _run(["--courtlistener", str(brief)], env)
    assert first.exit_code == 1, first.output
    assert _statuses(first.output) == {"925 F.3d 1339": "hallucinated", "2019 WL 1234567": "unverifiable"}
    assert fake.request_count == 2  # one batched lookup, one name search for Varghese's suggestion
    again = _run([str(brief)], {**env, "CITEPROOF_COURTLISTENER": "1"})
    assert _statuses(again.output) == _statuses(first.output)
    assert fake.request_count == 2  # answered from the cache
    assert fake.state.token not in first.output + again.output


def test_library_courtlistener_is_the_same_chain_as_the_flag_and_is_chained_once(fake, tmp_path):
    brief, env = _brief_and_env(fake, tmp_path, "1")  # asked again by the environment: no second chain
    by_spec = _run(["--library", "courtlistener", str(brief)], env)
    assert by_spec.exit_code == 1, by_spec.output
    assert json.loads(by_spec.output)["library"]["name"] == "citeproof-us-sample + CourtListener (127.0.0.1)"
    by_flag = _run(["--courtlistener", str(brief)], {**env, "CITEPROOF_COURTLISTENER": ""})
    assert _statuses(by_flag.output) == _statuses(by_spec.output)
    batch = _run(["--library", "courtlistener", "--jobs", "1", str(brief)], env)
    assert batch.exit_code == 2 and "courtlistener is a remote library" in batch.stderr

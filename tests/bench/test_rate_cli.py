"""`citeproof bench rate`: a sweep of models over loopback endpoints, saved answers re-scored
without one, tables and figures written, and failures that lose nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from citeproof.bench.rate.answers import read_answers
from citeproof.bench.rate.figures import write_figures
from citeproof.cli import main
from citeproof.llm.fake_endpoint import FakeChatEndpoint, Reply, completion_reply

PROMPTS = [
    {
        "id": "brady-disclosure",
        "level": "supreme_court",
        "jurisdiction": "U.S.",
        "topic": "t",
        "prompt": "Brady?",
    },
    {
        "id": "ny-proximate-cause",
        "level": "state",
        "jurisdiction": "N.Y.",
        "topic": "t",
        "prompt": "Palsgraf?",
    },
    {
        "id": "seventh-cir",
        "level": "federal_circuit",
        "jurisdiction": "7th Cir.",
        "topic": "t",
        "prompt": "7th?",
    },
]
HONEST = {
    "Brady?": "Suppression of favorable evidence is wrong. Brady v. Maryland, 373 U.S. 83, 87 (1963).",
    "Palsgraf?": "Duty runs to the foreseeable. Palsgraf v. Long Island Railroad, 248 N.Y. 339 (1928).",
    "7th?": "See Bullard v. Burlington Northern Santa Fe Ry. Co., 535 F.3d 759 (7th Cir. 2008).",
}
FABRICATOR = {  # two names written at another case's cite; one cite past the library's F.3d
    "Brady?": "Suppression of favorable evidence is wrong. Brady v. Maryland, 372 U.S. 335 (1963).",
    "Palsgraf?": "Intervening acts. Derdiarian v. Felix Contracting Corp., 248 N.Y. 339 (1928).",
    "7th?": "See Hobgood v. Illinois Gaming Board, 731 F.3d 635 (7th Cir. 2013).",
}
PNG = b"\x89PNG\r\n\x1a\n"


def _endpoint(canned: dict[str, str]) -> FakeChatEndpoint:
    return FakeChatEndpoint(lambda req: completion_reply(canned[req["messages"][-1]["content"]]))


@pytest.fixture
def prompts(tmp_path, monkeypatch):
    monkeypatch.setenv("CITEPROOF_LLM_CACHE", "off")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    path = tmp_path / "prompts.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in PROMPTS))
    return path


def _rates(result: dict) -> dict:
    return {(r["model"], r["level"]): r for r in result["rates"]}


def test_a_sweep_over_two_endpoints_writes_tables_figures_and_answers(tmp_path, prompts):
    out = tmp_path / "study"
    with _endpoint(HONEST) as a, _endpoint(FABRICATOR) as b:
        args = ["bench", "rate", "--model", f"honest@{a.base_url}", "--model", f"fabricator@{b.base_url}"]
        args += ["--prompts", str(prompts), "--out", str(out), "--resamples", "400", "--format", "json"]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        assert [r["model"] for r in a.requests] == ["honest"] * 3
        assert [r["model"] for r in b.requests] == ["fabricator"] * 3
        again = CliRunner().invoke(main, args)  # resumes from OUT/answers: nothing is asked again
        assert len(a.requests) == len(b.requests) == 3
    assert again.exit_code == 0 and again.stdout == result.stdout  # seeded
    data = json.loads(result.stdout)
    rates = _rates(data)
    assert (
        rates[("honest", "all")]["citations"] == 3 and rates[("honest", "all")]["hallucinated"]["value"] == 0
    )
    fab = rates[("fabricator", "all")]
    assert fab["conservative"]["value"] == pytest.approx(2 / 3)
    assert fab["unverifiable"]["value"] == pytest.approx(1 / 3)
    assert rates[("fabricator", "federal_circuit")]["unverifiable"]["value"] == 1.0
    assert {p["field"] for p in data["pairs"]} == {"conservative", "hallucinated"}
    assert all(p["difference"]["n"] == 3 for p in data["pairs"])
    assert sorted(p.name for p in (out / "answers").iterdir()) == ["fabricator.jsonl", "honest.jsonl"]
    assert json.loads((out / "rate.json").read_text()) == data
    report = (out / "rate.md").read_text()
    assert "| fabricator | all | 3 | 3 |" in report and "![rates.png](rates.png)" in report
    for name in ("rates.png", "popularity.png"):
        assert (out / name).read_bytes().startswith(PNG)


def test_saved_answers_are_rescored_without_an_endpoint(tmp_path, prompts):
    out = tmp_path / "study"
    with _endpoint(HONEST) as a, _endpoint(FABRICATOR) as b:
        args = ["bench", "rate", "--model", f"honest@{a.base_url}", "--model", f"fabricator@{b.base_url}"]
        asked = CliRunner().invoke(
            main, [*args, "--prompts", str(prompts), "--out", str(out), "--format", "json"]
        )
    rescored = CliRunner().invoke(
        main,
        [
            "bench",
            "rate",
            "--answers",
            str(out / "answers"),
            "--prompts",
            str(prompts),
            "--out",
            str(tmp_path / "re"),
        ],
    )
    assert rescored.exit_code == 0, rescored.output
    again = json.loads((tmp_path / "re" / "rate.json").read_text())
    assert again["rates"] == json.loads(asked.stdout)["rates"]
    assert "| fabricator − honest | conservative | 3 | +66.7 [" in rescored.stdout


def test_figures_are_redrawn_from_the_published_json_alone(tmp_path):
    answers = Path(__file__).parent / "data" / "rate_answers"
    result = CliRunner().invoke(main, ["bench", "rate", "--answers", str(answers), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {r["model"] for r in data["rates"]} == {"alpha", "beta", "gamma"}
    apart = next(p for p in data["pairs"] if (p["a"], p["b"]) == ("alpha", "gamma"))
    assert (
        apart["difference"]["n"] == 0 and apart["p"] is None and apart["p_text"] == "p n/a"
    )  # no shared prompt
    assert write_figures(data, tmp_path) == ["rates.png", "popularity.png"]
    assert (tmp_path / "popularity.png").read_bytes().startswith(PNG)


def test_a_sweep_file_labels_models_and_sends_each_its_own_key(tmp_path, prompts, monkeypatch):
    monkeypatch.setenv("KEY_ONE", "sk-one")
    monkeypatch.setenv("KEY_TWO", "sk-two")
    with _endpoint(HONEST) as a, _endpoint(FABRICATOR) as b:
        sweep = tmp_path / "sweep.toml"
        sweep.write_text(
            "".join(
                f'[[model]]\nlabel = "gen-{n}"\nmodel = "same"\nbase_url = "{server.base_url}"\n'
                f'api_key_env = "KEY_{key}"\n'
                for n, server, key in ((1, a, "ONE"), (2, b, "TWO"))
            )
        )
        saved = tmp_path / "answers.jsonl"
        args = [
            "bench",
            "rate",
            "--sweep",
            str(sweep),
            "--prompts",
            str(prompts),
            "--save-answers",
            str(saved),
        ]
        result = CliRunner().invoke(main, args)
        headers = (a.headers, b.headers)
    assert result.exit_code == 0, result.output
    assert {h["Authorization"] for h in headers[0]} == {"Bearer sk-one"}
    assert {h["Authorization"] for h in headers[1]} == {"Bearer sk-two"}
    assert {x.model for x in read_answers([saved])} == {"gen-1", "gen-2"}
    assert "| gen-2 | all | 3 | 3 |" in result.stdout


def test_a_refusing_endpoint_loses_no_answer_and_a_rerun_asks_only_the_rest(tmp_path, prompts):
    saved = tmp_path / "answers"
    args = ["bench", "rate", "--prompts", str(prompts), "--save-answers", str(saved)]
    with _endpoint(HONEST) as server:
        server.queue += [completion_reply(HONEST["Brady?"]), Reply(401, {"error": "key revoked"})]
        failed = CliRunner().invoke(main, [*args, "--model", f"honest@{server.base_url}"])
        assert failed.exit_code == 2
        assert "HTTP 401" in failed.stderr and f"saved in {saved}: run again" in failed.stderr
        assert [a.prompt_id for a in read_answers([saved])] == ["brady-disclosure"]
        resumed = CliRunner().invoke(main, [*args, "--model", f"honest@{server.base_url}"])
        asked = [r["messages"][-1]["content"] for r in server.requests]
    assert resumed.exit_code == 0, resumed.output
    assert asked == ["Brady?", "Palsgraf?", "Palsgraf?", "7th?"]  # the refused one, then only the rest
    assert len(read_answers([saved])) == 3


@pytest.mark.without_library
def test_nothing_to_score_or_bad_answers_exit_2_with_one_line(tmp_path):
    assert CliRunner().invoke(main, ["bench", "rate"]).exit_code == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"model": "m", "prompt_id": "p", "answer": "ok"}\n{"model": "m"\n')
    result = CliRunner().invoke(main, ["bench", "rate", "--answers", str(bad)])
    assert result.exit_code == 2 and result.stderr.startswith("citeproof: bad.jsonl line 2: not JSON")


def test_limit_asks_the_first_prompts_and_a_model_given_twice_is_refused(tmp_path, prompts):
    with _endpoint(HONEST) as server:
        model = f"honest@{server.base_url}"
        limited = CliRunner().invoke(
            main,
            [
                "bench",
                "rate",
                "--model",
                model,
                "--prompts",
                str(prompts),
                "--limit",
                "2",
                "--format",
                "json",
            ],
        )
        twice = CliRunner().invoke(main, ["bench", "rate", "--model", model, "--model", model])
        asked = [r["messages"][-1]["content"] for r in server.requests]
    assert limited.exit_code == 0, limited.output
    assert asked == ["Brady?", "Palsgraf?"]
    assert json.loads(limited.stdout)["prompts"]["n"] == 3  # the set the levels come from
    assert twice.exit_code == 2 and "is given twice" in twice.output

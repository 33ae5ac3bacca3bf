"""Runs through the real HTTP seam: scripted models served on loopback."""

import json
import random
import re
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from citeproof.bench.factors.extract import DeterministicExtractor
from citeproof.bench.factors.gold import load_gold
from citeproof.bench.factors.llm import open_model
from citeproof.bench.factors.llm_extract import LLMExtractor, parse_extraction
from citeproof.bench.factors.prompts import ABSTAIN_PHRASE, argument_messages
from citeproof.bench.factors.runner import Output, generate, read_outputs, score, write_outputs
from citeproof.bench.factors.triples import Mode, Role, synthetic_triples, write_jsonl
from citeproof.cli.factors import factors
from citeproof.llm.client import LLMError
from citeproof.llm.fake_endpoint import Reply

from .conftest import answering


def _cases(prompt: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    label = ""
    for line in prompt.splitlines():
        head = re.match(r"(Current case|Precedent 1|Precedent 2):", line)
        if head:
            label = head.group(1)
            out[label] = []
        elif line.strip().startswith("- F") and label:
            out[label].append(line.split()[1])
    return out


def faithful(messages: list[dict[str, str]]) -> str:
    """States every factor of every case, correctly; abstains when nothing is shared."""
    cases = _cases(messages[-1]["content"])
    cur, p1, p2 = cases["Current case"], cases["Precedent 1"], cases["Precedent 2"]
    if not set(cur) & (set(p1) | set(p2)):
        return ABSTAIN_PHRASE
    return (
        f"Plaintiff: The current case has {', '.join(cur)}. "
        f"Defendant: Precedent 1 has {', '.join(p1)}. "
        f"Rebuttal: Precedent 2 has {', '.join(p2)}."
    )


def hallucinating(messages: list[dict[str, str]]) -> str:
    """Never abstains; credits the current case with Precedent 1's factors and F30."""
    cases = _cases(messages[-1]["content"])
    return f"Plaintiff: The current case has {', '.join(cases['Precedent 1'])} and F30."


TRIPLES = synthetic_triples(random.Random(5), 4)


def test_complete_sends_model_seed_and_key(endpoint):
    endpoint.answer = answering(lambda messages: "hello")
    model = open_model("scripted", endpoint.base_url, "sk-secret", cache=False)
    assert model.chat([{"role": "user", "content": "hi"}], seed=11).content == "hello"
    assert endpoint.requests[0]["model"] == "scripted" and endpoint.requests[0]["seed"] == 11
    assert endpoint.headers[0]["Authorization"] == "Bearer sk-secret"
    assert "sk-secret" not in repr(model)


def test_environment_configures_the_client(endpoint, monkeypatch):
    endpoint.answer = answering(lambda messages: "ok")
    monkeypatch.setenv("OPENAI_BASE_URL", endpoint.base_url)
    monkeypatch.setenv("CITEPROOF_LLM_MODEL", "env-model")
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert open_model(cache=False).chat([], seed=None).content == "ok"
    assert endpoint.requests[0]["model"] == "env-model" and "seed" not in endpoint.requests[0]


def test_http_error_is_an_llm_error(endpoint):
    endpoint.answer = lambda request: Reply(500, {"error": "busy"})
    with pytest.raises(LLMError, match="HTTP 500"):
        open_model("m", endpoint.base_url, max_retries=0, cache=False).chat([], seed=0)


def test_transport_seam_accepts_httpx_transports():
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json={"oops": 1}))
    with pytest.raises(LLMError, match="malformed completion"):
        open_model("m", "http://x/v1", transport=transport, max_retries=0, cache=False).chat([], seed=0)


def test_runs_score_faithful_and_hallucinating_models_apart(endpoint):
    outputs = []
    for name, script in (("faithful", faithful), ("halluc", hallucinating)):
        endpoint.answer = answering(script)
        outputs += list(generate(TRIPLES, open_model(name, endpoint.base_url, cache=False), seed=0))
    assert len(endpoint.requests) == 2 * len(TRIPLES)
    reports, _ = score(TRIPLES, outputs, DeterministicExtractor(), seed=0)
    good, bad = sorted(reports, key=lambda r: r.model)
    assert good.model == "faithful" and bad.model == "halluc"
    assert good.overall.acch.value == 1.0 and good.overall.recu.value == 1.0
    assert good.overall.abstention_exact.value == 1.0
    assert bad.overall.abstention_any.value == 0.0 and bad.overall.acch.value < 1.0
    assert bad.overall.invented_rate.value > 0 and bad.overall.misattributed_rate.value > 0


def test_prompt_carries_the_abstention_instruction():
    content = argument_messages(TRIPLES[0])[-1]["content"]
    assert ABSTAIN_PHRASE in content and TRIPLES[0].current.name in content


def test_llm_extractor_through_the_server(endpoint):
    endpoint.answer = answering(lambda m: 'Sure: {"current": ["F6", "F99"], "p1": ["f4"], "p2": []}')
    gold = load_gold()[0]
    got = LLMExtractor(open_model("ann", endpoint.base_url, cache=False)).extract(gold.text, gold.triple)
    assert {(m.role, m.factor) for m in got} == {(Role.CURRENT, "F6"), (Role.CURRENT, "F99"), (Role.P1, "F4")}
    assert gold.text in endpoint.requests[0]["messages"][-1]["content"]


@pytest.mark.parametrize("answer", ["no json here", "{not json}", "[1, 2]", '{"current": 3}'])
def test_unparsable_extraction_yields_nothing(answer):
    assert parse_extraction(answer) == ()


def test_outputs_jsonl_round_trip_and_null_output(tmp_path: Path):
    path = tmp_path / "o.jsonl"
    write_outputs([Output("a", "m", "text")], path)
    with path.open("a") as fh:
        fh.write(json.dumps({"triple_id": "b", "model": "m", "output": None}) + "\n")
    assert read_outputs(path) == (Output("a", "m", "text"), Output("b", "m", ""))


def test_cli_run_then_score(endpoint, tmp_path: Path):
    endpoint.answer = answering(faithful)
    triples = tmp_path / "t.jsonl"
    write_jsonl(TRIPLES, triples)
    runner = CliRunner()
    out = tmp_path / "o.jsonl"
    result = runner.invoke(
        factors,
        [
            "run",
            "--triples",
            str(triples),
            "--out",
            str(out),
            "--model",
            "faithful",
            "--base-url",
            endpoint.base_url,
        ],
    )
    assert result.exit_code == 0, result.output
    assert len(read_outputs(out)) == len(TRIPLES)
    result = runner.invoke(
        factors, ["score", "--triples", str(triples), "--outputs", str(out), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    (model,) = json.loads(result.output)["models"]
    assert model["model"] == "faithful"
    for key in ("acch", "recu", "abstention_any"):
        assert set(model[key]) >= {"value", "low", "high", "n"}
    assert model["abstention_any"]["n"] == sum(t.mode is Mode.NON_ARGUABLE for t in TRIPLES)

"""`citeproof bench rate` on hand-made answers with known fabricated and real citations."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from citeproof.bench import rate
from citeproof.cli import main
from citeproof.llm.fake_endpoint import FakeChatEndpoint, completion_reply

ANSWERS = Path(__file__).parent / "data" / "answers.jsonl"
# (citations, conservative, hallucinated, unverifiable) per answer, checked by hand:
EXPECTED = {
    ("alpha", "school-segregation"): (2, 0, 1, 0),  # Brown real; Gideon misquoted
    ("alpha", "brady-disclosure"): (2, 1, 1, 0),  # Brady real; "Miranda" at Gideon's cite
    ("alpha", "habeas-custody"): (2, 2, 2, 0),  # a page inside Maleng; a page inside Raecharla
    ("alpha", "pleading-standard"): (0, 0, 0, 0),  # abstained
    ("beta", "school-segregation"): (1, 0, 0, 0),
    ("beta", "brady-disclosure"): (1, 0, 0, 0),
    ("beta", "habeas-custody"): (1, 0, 0, 0),
    ("beta", "pleading-standard"): (1, 0, 0, 1),  # F.4th is outside the library's coverage
}


def _answers() -> list[rate.Answer]:
    return [rate.Answer(r["model"], r["prompt_id"], r["answer"]) for r in rate.read_jsonl(ANSWERS)]


def test_each_answer_is_scored_as_known(library):
    for a in _answers():
        s = rate.score_answer(a, library)
        got = (s.citations, s.conservative, s.hallucinated, s.unverifiable)
        assert got == EXPECTED[(a.model, a.prompt_id)], a.prompt_id


def test_rates_with_intervals_from_pregenerated_answers(library):
    result = CliRunner().invoke(
        main, ["bench", "rate", "--answers", str(ANSWERS), "--format", "json", "--resamples", "500"]
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    alpha, beta = out["models"]["alpha"], out["models"]["beta"]
    assert alpha["citations"] == 6 and alpha["prompts"] == 4
    assert alpha["conservative"]["value"] == 0.5 and abs(alpha["hallucinated"]["value"] - 4 / 6) < 1e-9
    for est in (alpha["conservative"], alpha["hallucinated"], alpha["citations_per_answer"]):
        assert est["n"] == 4 and est["low"] <= est["value"] <= est["high"]
        assert est["low"] < est["high"]  # four prompts leave real uncertainty
    assert beta["conservative"]["value"] == 0.0 and beta["unverifiable"]["value"] == 0.25
    (pair,) = out["pairs"]
    assert pair["conservative"]["n"] == 4 and pair["conservative"]["difference"] == 0.5
    assert 0 < pair["conservative"]["p"] <= 1
    assert out["library"]["name"] == "citeproof-us-sample"
    again = CliRunner().invoke(
        main, ["bench", "rate", "--answers", str(ANSWERS), "--format", "json", "--resamples", "500"]
    )
    assert again.output == result.output  # seeded


def test_a_model_against_itself_differs_by_nothing(library):
    scores = [rate.score_answer(a, library) for a in _answers() if a.model == "alpha"]
    twin = scores + [
        rate.AnswerScore("twin", s.prompt_id, s.citations, s.conservative, s.hallucinated, s.unverifiable)
        for s in scores
    ]
    test = rate.paired_test(twin, "alpha", "twin", seed=1, resamples=200)
    assert test["difference"] == 0.0 and test["p"] == 1.0
    assert rate.paired_test(twin, "alpha", "nobody")["n"] == 0


def test_generates_answers_from_a_model_then_scores_them(tmp_path, monkeypatch):
    prompts = tmp_path / "prompts.jsonl"
    prompts.write_text('{"id": "p1", "prompt": "segregation"}\n{"id": "p2", "prompt": "brady"}\n')
    canned = {
        "segregation": "Plessy v. Ferguson, 347 U.S. 483 (1896).",
        "brady": "Brady v. Maryland, 373 U.S. 83, 87 (1963).",
    }
    with FakeChatEndpoint(lambda req: completion_reply(canned[req["messages"][-1]["content"]])) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("CITEPROOF_LLM_CACHE", "off")
        saved = tmp_path / "answers.jsonl"
        result = CliRunner().invoke(
            main, ["bench", "rate", "--model", "m1", "--prompts", str(prompts), "--save-answers", str(saved)]
        )
    assert result.exit_code == 0, result.output
    assert "m1" in result.output and "50.0%" in result.output
    assert [r["model"] for r in rate.read_jsonl(saved)] == ["m1", "m1"]
    assert all(r["model"] == "m1" for r in server.requests)


def test_needs_models_or_answers():
    assert CliRunner().invoke(main, ["bench", "rate"]).exit_code == 2


def test_bundled_prompts_are_well_formed():
    prompts = rate.read_jsonl(rate.bundled_prompts())
    assert len(prompts) >= 10 and len({p["id"] for p in prompts}) == len(prompts)
    assert all(p["prompt"].strip() for p in prompts)

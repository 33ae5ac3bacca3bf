"""The LLM detectors in the phantom runner's registry, end to end through the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from citeproof.bench.phantom import llm_bench as bench
from citeproof.bench.phantom.schema import KINDS
from citeproof.bench.phantom.systems import make_system
from citeproof.cli import main
from citeproof.core.models import ErrorKind, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.llm import scripted
from citeproof.llm.fake_endpoint import scripted_endpoint
from citeproof.llm.judge import LLMJudge

from .models import BROWN_CONTRADICTED

REVERSED = (
    "We now hold that the suppression by the prosecution of evidence favorable to an "
    "accused upon request does not violate due process where the evidence is material "
    "either to guilt or to punishment. Brady v. Maryland, 373 U.S. 83, 87 (1963)."
)
UNRELATED = (
    "A contractor of a building under construction has an insurable interest in the "
    "building. Brown v. Board of Education, 347 U.S. 483, 495 (1954)."
)


def _row(name, text, errors):
    return {
        "filename": name,
        "text": text,
        "list_hallucinations": [f for f, _ in errors],
        "list_hallucination_types": [k for _, k in errors],
    }


@pytest.fixture
def dataset(tmp_path):
    rows = [
        _row(
            "contradicted",
            BROWN_CONTRADICTED,
            [(BROWN_CONTRADICTED.split(" Brown v. Board of Education, 347")[0], "misrepresentation")],
        ),
        _row("unrelated", UNRELATED, [(UNRELATED.split(" Brown v.")[0], "misrepresentation")]),
        _row(
            "clean",
            "In the field of public education the doctrine of separate but equal "
            "has no place. Brown v. Board of Education, 347 U.S. 483, 495 (1954).",
            [],
        ),
    ]
    path = tmp_path / "test.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _run(dataset, library_path, out, *args):
    res = CliRunner().invoke(
        main,
        [
            "bench",
            "phantom",
            "run",
            "--dataset",
            str(dataset),
            "--library",
            str(library_path),
            "--seed",
            "1",
            "--out",
            str(out),
            *args,
        ],
    )
    assert res.exit_code == 0, res.output
    report = json.loads((out / "report.json").read_text())["metrics"]
    preds = [json.loads(x) for x in (out / "predictions.jsonl").read_text().splitlines()]
    return report, {p["filename"]: p for p in preds}


def test_the_scripted_judge_finds_misrepresentations_the_rules_miss(dataset, library_path, tmp_path):
    rules, _ = _run(dataset, library_path, tmp_path / "r", "--system", "rules")
    judged, preds = _run(dataset, library_path, tmp_path / "j", "--system", "rules+judge", "--scripted")
    assert rules["recall_misrepresentation"]["value"] == 0.0
    assert rules["recall_misrepresentation"]["n"] == 2
    assert judged["recall_misrepresentation"]["value"] == 1.0  # reversed and unrelated
    assert judged["precision"]["value"] == 1.0 and preds["clean"]["fragments"] == []
    assert preds["contradicted"]["calls"] == 1 and judged["calls_per_excerpt"]["value"] == 1.0


def test_agent_and_single_call_report_their_costs(dataset, library_path, tmp_path):
    agent, preds = _run(
        dataset,
        library_path,
        tmp_path / "a",
        "--system",
        "agent:scripted",
        "--budget",
        "5",
        "--traces",
        str(tmp_path / "traces"),
    )
    assert agent["recall_misrepresentation"]["value"] == 1.0
    assert agent["steps_per_excerpt"]["value"] > 0
    assert agent["repeated_action_rate"]["n"] == sum(p["steps"] + p["repeats"] for p in preds.values())
    assert agent["budget_exhausted_rate"]["n"] == 3
    assert len(list((tmp_path / "traces").glob("*.jsonl"))) == 3
    single, _ = _run(dataset, library_path, tmp_path / "s", "--system", "single-call:scripted")
    assert single["steps_per_excerpt"]["value"] == 0.0
    assert single["recall_misrepresentation"]["value"] == 0.0  # shown no passages: no finding


def test_a_tight_budget_is_reported_as_exhausted(dataset, library_path, tmp_path):
    agent, preds = _run(dataset, library_path, tmp_path / "a", "--system", "agent:scripted", "--budget", "1")
    assert agent["budget_exhausted_rate"]["value"] > 0
    assert all(p["steps"] <= 1 for p in preds.values())


def test_a_real_endpoint_is_configured_by_flags(dataset, library_path, tmp_path, monkeypatch):
    monkeypatch.setenv("CITEPROOF_LLM_CACHE", "off")
    with scripted_endpoint() as server:
        judged, _ = _run(
            dataset,
            library_path,
            tmp_path / "j",
            "--system",
            "rules+judge:some-model",
            "--base-url",
            server.base_url,
        )
    assert judged["recall_misrepresentation"]["value"] == 1.0
    assert {r["model"] for r in server.requests} == {"some-model"}


def test_options_for_a_system_without_any_are_a_usage_error(dataset, library_path):
    res = CliRunner().invoke(
        main,
        [
            "bench",
            "phantom",
            "run",
            "--dataset",
            str(dataset),
            "--library",
            str(library_path),
            "--system",
            "rules",
            "--model",
            "x",
        ],
    )
    assert res.exit_code == 2 and "takes no options" in res.output


def test_registry_names(library):
    detector = make_system("agent:scripted", library)
    try:
        assert detector.name == "agent:scripted"
    finally:
        detector.close()  # type: ignore[attr-defined]
    with pytest.raises(KeyError, match="agent:VARIANT"):
        make_system("nope", library)
    assert set(bench.KINDS) == {"rules+judge", "single-call", "agent"}
    assert "misrepresentation" in KINDS


def test_a_reversal_the_rules_catch_stays_failed_and_the_judge_is_not_asked(library):
    offline = check_document(document_from_text(REVERSED), library).verdicts[0]
    assert offline.status is Status.HALLUCINATED
    model = scripted.ScriptedModel()
    judge = LLMJudge(model)
    v = check_document(document_from_text(REVERSED), library, judge=judge).verdicts[0]
    assert [e.kind for e in v.errors] == [ErrorKind.MISREPRESENTATION] and judge.calls == 0


def test_scripted_sentences_and_clauses():
    assert scripted.sentences("Mrs. Smith sued Acme Co. in 1990. It lost.") == [
        "Mrs. Smith sued Acme Co. in 1990. ",
        "It lost.",
    ]
    assert scripted.sentences("It wouldn't. Next one.") == ["It wouldn't. ", "Next one."]
    cut = "the doctrine applies. Brown v. Board of Educ., 347 U.S. 483, 495 (1954). It was cut mid"
    assert scripted.sentences(cut) == [
        "the doctrine applies. ",
        "Brown v. Board of Educ., 347 U.S. 483, 495 (1954). ",
    ]  # a piece cut off by the window is no sentence
    assert (
        scripted.final_clause(
            "After a hearing, the court found that the State withheld material exculpatory evidence"
        )
        == "the State withheld material exculpatory evidence"
    )


def test_scripted_decision_rule():
    passages = [
        (
            495,
            "We conclude that in the field of public education the doctrine of "
            '"separate but equal" has no place. In this Court, there have been six '
            "cases involving the doctrine in the field of public education.",
        )
    ]
    assert (
        scripted.decide(
            "In the field of public education the doctrine of separate but equal has no place.", "", passages
        )[0]
        == "supported"
    )
    assert (
        scripted.decide(
            "In the field of public education the doctrine of separate but equal has a place.", "", passages
        )[0]
        == "contradicted"
    )
    verdict, quote, page, _ = scripted.decide(
        "A contractor of a building under construction has an insurable interest.", "", passages
    )
    assert verdict == "not_enough_text" and quote == ""  # nothing shared: nothing to quote
    verdict, quote, page, _ = scripted.decide(
        "The doctrine governs a contractor's insurable interest in buildings under repair.", "", passages
    )
    assert verdict == "not_supported" and page == 495 and quote.startswith("We conclude")

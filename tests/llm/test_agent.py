"""The information-seeking agent on the bundled library, and the single-call baseline."""

from __future__ import annotations

import json

import pytest

from citeproof.core.models import Reason
from citeproof.llm import agent as agent_module
from citeproof.llm.agent import BeliefAgent
from citeproof.llm.likelihoods import ASK_MODEL, NONEXISTENT, SEARCH_OPINION
from citeproof.llm.replay import ReplayMismatch, replay
from citeproof.llm.scripted import ScriptedModel
from citeproof.llm.single_call import single_call

from .models import BROWN_CONTRADICTED, FuncModel, failing

EXCERPT = (
    BROWN_CONTRADICTED + " Waiver of counsel in a felony trial must be knowing and "
    "intelligent. Miranda v. Arizona, 372 U.S. 335 (1963). The Court reached that "
    "conclusion after considering the effect of segregation itself on public education. "
    "Brown v. Board of Education, 347 U.S. 483, 492 (1954)."
)
FABRICATED = (
    "The automatic stay tolls the Convention's limitations period. "
    "Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999)."
)


def _by_id(run):
    return {b.citation_id: b for b in run.beliefs}


def test_scripted_agent_flags_a_contradicted_proposition_and_its_trace_replays(library, tmp_path):
    trace = tmp_path / "run.jsonl"
    run = BeliefAgent(ScriptedModel(), library).run(EXCERPT, trace)
    c1, c2, c3 = (_by_id(run)[i] for i in ("c1", "c2", "c3"))
    assert c1.status == "hallucinated" and c1.kind == "misrepresentation" and c1.by == "agent"
    assert '"separate but equal" has no place' in c1.evidence  # the opinion's words, found there
    assert dict(c1.posterior)["misrepresentation"] > 0.5
    assert c2.status == "hallucinated" and c2.by == "rules"  # the rules' name mismatch stands
    assert c3.status == "pending"  # supported in part only: not flagged
    assert c1.fragment() in run.fragments and "372 U.S. 335" in run.fragments
    assert [a.name for a in run.actions][:2] == [SEARCH_OPINION, ASK_MODEL]  # read, then ask
    assert run.stopped == "converged" and run.steps == len(run.actions) == 4 and run.calls == 2
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [r["type"] for r in records] == ["start", "step", "step", "step", "step", "end"]
    again = replay(trace, library)
    assert again.fragments == run.fragments and again.actions == run.actions


def test_a_tampered_trace_does_not_replay(library, tmp_path):
    trace = tmp_path / "run.jsonl"
    BeliefAgent(ScriptedModel(), library).run(EXCERPT, trace)
    lines = trace.read_text().splitlines()
    record = json.loads(lines[1])
    record["observation"] = "something the library never said"
    lines[1] = json.dumps(record)
    trace.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayMismatch, match="record 1"):
        replay(trace, library)


def test_stops_at_the_step_budget(library):
    run = BeliefAgent(ScriptedModel(), library, budget=1).run(EXCERPT)
    assert run.stopped == "budget" and run.steps == 1 and run.calls == 0
    assert {_by_id(run)[i].status for i in ("c1", "c3")} == {"pending"}


def test_no_action_is_taken_twice(library):
    unsure = {"verdict": "not_enough_text", "quote": "", "pin_page": "not_applicable", "explanation": ""}
    model = FuncModel(lambda _p, _n: unsure)
    run = BeliefAgent(model, library, policy="fixed").run(EXCERPT)
    keys = [a.key() for a in run.actions]
    assert len(keys) == len(set(keys)) and run.repeats == 0
    assert model.calls == 2  # once per pending citation, after reading its passages
    assert all("Passages:" in p for p in model.prompts)


def test_a_model_failure_stops_the_questions_not_the_lookups(library):
    model = failing(Reason.RATE_LIMITED)
    run = BeliefAgent(model, library).run(EXCERPT)
    errors = [r for r in run.trace if r.get("error")]
    assert len(errors) == 1 and errors[0]["reason"] == "rate_limited" and model.calls == 1
    assert run.calls == 0 and [a.name for a in run.actions].count(SEARCH_OPINION) == 2
    assert all(b.status != "hallucinated" or b.by == "rules" for b in run.beliefs)


def test_an_answer_from_memory_moves_the_belief_but_never_flags(library):
    model = FuncModel(lambda _p, _n: {"verdict": NONEXISTENT, "explanation": "I know of no such case"})
    run = BeliefAgent(model, library).run(FABRICATED)
    (b,) = run.beliefs
    assert model.calls >= 1 and "Possible verdicts:" in model.prompts[0]
    assert dict(b.posterior)[NONEXISTENT] > 0.1  # it was 0.1 before the model spoke
    assert b.status == "pending" and run.fragments == ()  # no checkable evidence


def test_a_claim_whose_quote_is_not_in_the_opinion_is_discarded(library):
    made_up = {
        "verdict": "contradicted",
        "quote": "Segregation is required in every public school of the nation.",
        "pin_page": "not_applicable",
        "explanation": "it says the opposite",
    }
    run = BeliefAgent(FuncModel(lambda _p, _n: made_up), library).run(BROWN_CONTRADICTED)
    (b,) = run.beliefs
    assert b.status == "pending" and run.fragments == ()
    step = next(r for r in run.trace if r.get("action", "").startswith('["ask_model"'))
    assert step["outcome"] == "unsure" and "answer discarded" in step["observation"]


def test_single_call_baseline_takes_no_steps(library):
    model = FuncModel(
        lambda p, _n: {"belief": [{"citation": "c1", "status": "correct", "evidence": "looks fine"}]}
    )
    run = single_call(model, library, EXCERPT)
    assert (run.steps, run.calls) == (0, 1)
    assert "Citations (belief):" in model.prompts[0] and "c1:" in model.prompts[0]
    assert _by_id(run)["c1"].status == "correct"
    assert "372 U.S. 335" in run.fragments  # the rules' finding stands


def test_the_default_budget_is_the_papers_and_an_unknown_policy_is_refused(library):
    assert agent_module.DEFAULT_BUDGET == 30
    with pytest.raises(ValueError, match="unknown agent policy"):
        BeliefAgent(ScriptedModel(), library, policy="random")

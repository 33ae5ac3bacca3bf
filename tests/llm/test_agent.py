"""The belief-state agent and the single-call baseline, with scripted models."""

from __future__ import annotations

import json

import pytest

from citeproof.llm import agent as agent_module
from citeproof.llm.agent import BeliefAgent, ReplayMismatch, replay, single_call
from citeproof.llm.scripted import ScriptedModel
from citeproof.llm.tools import AgentTools

from .models import BROWN_CONTRADICTED, FuncModel

EXCERPT = (
    BROWN_CONTRADICTED + " Waiver of counsel in a felony trial must be knowing and "
    "intelligent. Miranda v. Arizona, 372 U.S. 335 (1963). The Court reached that "
    "conclusion after considering the effect of segregation itself on public education. "
    "Brown v. Board of Education, 347 U.S. 483, 492 (1954)."
)


def step(name, args, belief=()):
    return {"thought": "", "action": {"name": name, "args": args}, "belief": list(belief)}


@pytest.fixture
def tool_runs(monkeypatch):
    runs: list[str] = []
    original = AgentTools.run

    def counting(self, action):
        runs.append(action.key())
        return original(self, action)

    monkeypatch.setattr(AgentTools, "run", counting)
    return runs


def test_stops_at_the_step_budget(library, tool_runs):
    model = FuncModel(
        lambda _p, n: step("read_page", {"case_id": "courtlistener:105221", "page": 483 + n % 14, "note": n})
    )
    run = BeliefAgent(model, library, budget=5).run(EXCERPT)
    assert run.stopped == "budget" and run.steps == 5 and len(tool_runs) == 5
    assert any(b.status == "pending" for b in run.beliefs)


def test_never_repeats_an_identical_action(library, tool_runs):
    same = step("search_opinion", {"query": "separate but equal", "case_id": "courtlistener:105221"})
    model = FuncModel(lambda _p, _n: same)
    run = BeliefAgent(model, library, budget=30, max_calls=8).run(EXCERPT)
    assert len(tool_runs) == 1 and run.steps == 1  # executed once, counted once
    assert run.calls == 8 and run.repeats == 7 and run.stopped == "calls"
    assert "answered from cache" in model.prompts[-1]
    assert all(r["cached"] for r in run.trace if r["type"] == "step" and r["call"] > 1)


def test_argument_order_does_not_make_a_new_action(library, tool_runs):
    a = step("search_opinion", {"case_id": "courtlistener:105221", "query": "segregation"})
    b = step("search_opinion", {"query": "segregation", "case_id": "courtlistener:105221"})
    model = FuncModel(lambda _p, n: [a, b, step("finish", {})][n - 1])
    run = BeliefAgent(model, library).run(EXCERPT)
    assert len(tool_runs) == 1 and run.repeats == 1 and run.stopped == "finished"


def test_rules_settled_beliefs_are_fixed_and_claims_need_evidence(library):
    updates = [
        {"citation": "c2", "status": "correct", "evidence": "I am sure"},
        {
            "citation": "c3",
            "status": "hallucinated",
            "kind": "misrepresentation",
            "evidence": 'the opinion says "segregation is required in every public school"',
        },
    ]
    model = FuncModel(lambda _p, n: step("think", {"text": "x"}, updates) if n == 1 else step("finish", {}))
    run = BeliefAgent(model, library).run(EXCERPT)
    by_id = {b.citation_id: b for b in run.beliefs}
    assert by_id["c2"].status == "hallucinated" and by_id["c2"].kind == "name_mismatch"
    assert by_id["c3"].status == "pending"
    assert "needs evidence" in run.trace[1]["rejected"][0]


def test_scripted_agent_settles_pending_support_and_its_trace_replays(library, tmp_path):
    trace = tmp_path / "run.jsonl"
    run = BeliefAgent(ScriptedModel(), library).run(EXCERPT, trace)
    by_id = {b.citation_id: b for b in run.beliefs}
    assert by_id["c1"].status == "hallucinated" and by_id["c1"].kind == "misrepresentation"
    assert by_id["c1"].by == "agent" and '"separate but equal" has no place' in by_id["c1"].evidence
    assert by_id["c1"].fragment() in run.fragments and "372 U.S. 335" in run.fragments
    assert run.stopped == "finished" and 0 < run.steps <= 30
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert records[0]["type"] == "start" and records[-1]["type"] == "end"
    again = replay(trace, library)
    assert again.fragments == run.fragments and again.steps == run.steps


def test_a_tampered_trace_does_not_replay(library, tmp_path):
    trace = tmp_path / "run.jsonl"
    BeliefAgent(ScriptedModel(), library).run(EXCERPT, trace)
    lines = trace.read_text().splitlines()
    record = json.loads(lines[1])
    record["observation"] = "something the library never said"
    lines[1] = json.dumps(record)
    trace.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayMismatch):
        replay(trace, library)


def test_single_call_baseline_takes_no_steps(library):
    model = FuncModel(
        lambda p, _n: {"belief": [{"citation": "c1", "status": "correct", "evidence": "looks fine"}]}
    )
    run = single_call(model, library, EXCERPT)
    assert (run.steps, run.calls) == (0, 1)
    assert "Citations (belief):" in model.prompts[0] and "c1:" in model.prompts[0]
    assert {b.citation_id: b.status for b in run.beliefs}["c1"] == "correct"
    assert "372 U.S. 335" in run.fragments  # the rules' finding stands


def test_courtlistener_action_is_offered_only_when_configured(library):
    assert "search_courtlistener" not in AgentTools(library).available()
    tools = AgentTools(library, remote=library)
    assert "search_courtlistener" in tools.available()
    assert agent_module.DEFAULT_BUDGET == 30

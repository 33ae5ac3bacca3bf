"""The agent against the loopback fakes: the scripted model behind the fake chat endpoint
(through the real `ChatClient`) and a fake CourtListener that knows cases the local library
does not. Information gain against a fixed order, on the same excerpts and budgets."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from citeproof.cli import main
from citeproof.core.models import Authority, ReporterCite
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import FakeCourtListener
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.llm.agent import BeliefAgent
from citeproof.llm.client import ChatClient, LLMConfig
from citeproof.llm.fake_endpoint import scripted_endpoint
from citeproof.llm.likelihoods import SEARCH_COURTLISTENER, SEARCH_LIBRARY
from citeproof.llm.scripted import SCRIPTED

from .models import BROWN_CONTRADICTED

REAL = (
    "An airline is liable for an accident under the Warsaw Convention. "
    "Ehrlich v. American Airlines, Inc., 360 F.3d 366 (2d Cir. 2004)."
)
FABRICATED = (
    "The automatic stay tolls the Convention's limitations period. "
    "Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999)."
)
MISNAMED = (
    "The limitations period is tolled by the automatic stay. "
    "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019)."
)
NO_TEXT = (
    "Damages for loss of society are governed by the law of the forum. "
    "Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996)."
)
# excerpt → the kind of each citation (None: correct), in order
GOLD = {
    REAL: [None],
    FABRICATED: ["nonexistent"],
    MISNAMED: ["name_mismatch"],
    BROWN_CONTRADICTED: ["misrepresentation"],
    NO_TEXT: [None],
    FABRICATED + " " + BROWN_CONTRADICTED: ["nonexistent", "misrepresentation"],
}


def _case(cid, name, date, court, cite):
    volume, reporter, page = cite.split(" ")  # "360 F.3d 366"
    return Authority(cid, name, name, date, court, (ReporterCite(volume, reporter, page),))


@pytest.fixture
def fake(library):
    server = FakeCourtListener(library, token="t")
    server.add_case(
        "360 F.3d 366",
        _case("x1", "Ehrlich v. American Airlines, Inc.", "2004-02-27", "2d Cir.", "360 F.3d 366"),
    )
    server.add_case(
        "925 F.3d 1339", _case("x2", "Doe v. Baptist Hospital", "2019-06-01", "11th Cir.", "925 F.3d 1339")
    )
    with server.serve():
        yield server


@pytest.fixture
def remote(fake):
    client = CourtListenerClient(fake.base_url, "t", policy=RetryPolicy(retries=0), sleep=lambda _s: None)
    yield CourtListenerLibrary(client)
    client.close()


@pytest.fixture
def model():
    with scripted_endpoint() as endpoint:
        client = ChatClient(LLMConfig(model=SCRIPTED, base_url=endpoint.base_url, cache_path="off"))
        yield client
        client.close()


def _flags(run):
    return [b.kind if b.status == "hallucinated" else None for b in run.beliefs]


def _score(agent):
    """(right verdicts, wrong flags, steps, model calls, runs) over GOLD."""
    runs = [agent.run(text) for text in GOLD]
    pairs = [
        p for run, gold in zip(runs, GOLD.values(), strict=True) for p in zip(_flags(run), gold, strict=True)
    ]
    right = sum(f == g for f, g in pairs)
    wrong = sum(f is not None and f != g for f, g in pairs)
    return right, wrong, sum(r.steps for r in runs), sum(r.calls for r in runs), runs


def test_courtlistener_is_offered_only_when_a_remote_is_configured(library, remote, model, fake):
    offline = BeliefAgent(model, library).run(FABRICATED)
    assert SEARCH_COURTLISTENER not in {a.name for a in offline.actions} and _flags(offline) == [None]
    online = BeliefAgent(model, library, remote=remote).run(FABRICATED)
    assert online.actions[0].name == SEARCH_COURTLISTENER  # the most informative lookup first
    (b,) = online.beliefs
    assert b.kind == "nonexistent" and "CourtListener has no case at 174 F.3d 366" in b.evidence
    assert any("citation-lookup" in path for _, path, _ in fake.state.log)


def test_information_gain_reaches_the_same_verdicts_with_fewer_steps(library, remote, model):
    info = _score(BeliefAgent(model, library, remote=remote))
    fixed = _score(BeliefAgent(model, library, remote=remote, policy="fixed"))
    cites = sum(len(g) for g in GOLD.values())
    for name, (right, _, steps, calls, _) in (("information", info), ("fixed", fixed)):
        print(f"{name}: {right} of {cites} verdicts right, {steps} steps, {calls} model calls")
    assert info[0] == fixed[0] == cites and info[1] == fixed[1] == 0  # every verdict right
    assert info[2] < fixed[2] and info[3] <= fixed[3]  # fewer steps, no more model calls
    for run in info[4]:
        assert run.repeats == 0 and len({a.key() for a in run.actions}) == len(run.actions)
        if any(
            a.name == SEARCH_LIBRARY for a in run.actions
        ):  # the name search, if at all, after CourtListener
            names = [a.name for a in run.actions]
            assert names.index(SEARCH_COURTLISTENER) < names.index(SEARCH_LIBRARY)


def test_on_the_same_tight_budget_it_decides_at_least_as_much_and_sometimes_more(library, remote, model):
    ahead = []
    for budget in range(1, 7):
        info = _score(BeliefAgent(model, library, budget, remote))
        fixed = _score(BeliefAgent(model, library, budget, remote, "fixed"))
        assert info[0] >= fixed[0], budget
        assert info[1] == fixed[1] == 0  # neither flags a citation wrongly
        ahead += [budget] * (info[0] > fixed[0])
    print("budgets where information gain decides more:", ahead)
    assert ahead


def test_the_phantom_runner_passes_the_remote_and_reports_the_actions(
    library_path, fake, tmp_path, monkeypatch
):
    monkeypatch.setenv("COURTLISTENER_API_URL", fake.base_url)
    monkeypatch.setenv("COURTLISTENER_API_TOKEN", "t")
    row = {
        "filename": "fabricated",
        "text": FABRICATED,
        "list_hallucinations": ["Miller v. United Airlines, Inc., 174 F.3d 366"],
        "list_hallucination_types": ["nonexistent"],
    }
    dataset = tmp_path / "test.jsonl"
    dataset.write_text(json.dumps(row) + "\n")
    out = tmp_path / "out"
    args = ["bench", "phantom", "run", "--dataset", str(dataset), "--library", str(library_path)]
    res = CliRunner().invoke(
        main, [*args, "--system", "agent:scripted", "--courtlistener", "--out", str(out)]
    )
    assert res.exit_code == 0, res.output
    report = json.loads((out / "report.json").read_text())
    actions = report["agent_actions"]
    assert actions["counts"][SEARCH_COURTLISTENER] == 1 and actions["repeats"] == 0
    assert (
        actions["steps_per_excerpt"]["n"] == 1
        and "| search_courtlistener | 1 |" in (out / "actions.md").read_text()
    )
    assert report["metrics"]["recall_nonexistent"]["value"] == 1.0
    res = CliRunner().invoke(
        main, [*args, "--system", "agent:scripted", "--no-courtlistener", "--out", str(out)]
    )
    assert (
        SEARCH_COURTLISTENER not in json.loads((out / "report.json").read_text())["agent_actions"]["counts"]
    )

"""An LLM judge that fails or answers garbage is said, by name, and blamed on itself (issue 30).

Before: a garbage answer turned five verified citations unverifiable without a word, and
the next step said CourtListener had failed, though it was not asked.
"""

from __future__ import annotations

import json
import logging

import pytest
from click.testing import CliRunner

from citeproof.cli import main
from citeproof.core.models import Reason, Status
from citeproof.core.output.remedies import group_of
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.llm.client import ChatClient, LLMConfig
from citeproof.llm.fake_endpoint import FakeChatEndpoint, completion_reply
from citeproof.llm.judge import LLMJudge

FIVE = """\
In the field of public education the doctrine of separate but equal has no place. Brown v. Board \
of Education, 347 U.S. 483, 495 (1954).

Lawyers in criminal courts are necessities, not luxuries. Gideon v. Wainwright, 372 U.S. 335, 344 (1963).

Suppression by the prosecution of evidence favorable to an accused violates due process where the \
evidence is material. Brady v. Maryland, 373 U.S. 83, 87 (1963).

A habeas petitioner must be in custody under the conviction under attack when the petition is \
filed. Maleng v. Cook, 490 U.S. 488, 490 (1989).

Segregation of children in public schools solely on the basis of race deprives the children of \
the minority group of equal educational opportunities. Brown v. Board of Education, 347 U.S. 483, \
493 (1954).
"""


def _garbage() -> FakeChatEndpoint:
    return FakeChatEndpoint(lambda _request: completion_reply("Sure! Here is my analysis: it is supported."))


@pytest.fixture(autouse=True)
def _no_courtlistener(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("")
    monkeypatch.setenv("CITEPROOF_CONFIG", str(config))
    monkeypatch.delenv("CITEPROOF_COURTLISTENER", raising=False)
    monkeypatch.setenv("CITEPROOF_LLM_CACHE", "off")
    yield
    logging.getLogger("citeproof.remote").handlers.clear()


def test_garbage_answers_warn_once_naming_the_endpoint_and_the_remedy_blames_the_llm(library, caplog):
    assert {v.status for v in check_document(document_from_text(FIVE), library).verdicts} == {Status.VERIFIED}
    with _garbage() as server:
        judge = LLMJudge(ChatClient(LLMConfig(model="garbage", base_url=server.base_url, cache_path="off")))
        verdicts = check_document(document_from_text(FIVE), library, judge=judge).verdicts
    assert {(v.status, v.reason) for v in verdicts} == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    assert {group_of(v) for v in verdicts} == {"llm_error"}
    warnings = [r.getMessage() for r in caplog.records if r.name == "citeproof.remote"]
    assert len(warnings) == 1, warnings
    assert "garbage at 127.0.0.1" in warnings[0] and "no usable answer" in warnings[0]


def test_the_cli_names_the_llm_not_courtlistener(tmp_path):
    brief = tmp_path / "brief.txt"
    brief.write_text(FIVE)
    with _garbage() as server:
        args = ["check", str(brief), "--llm", "--model", "garbage", "--base-url", server.base_url]
        text = CliRunner().invoke(main, [*args, "--quiet"])
        as_json = CliRunner().invoke(main, [*args, "--quiet", "--format", "json"])
    assert text.exit_code == 2  # an incomplete check, as for any remote failure
    warnings = [line for line in text.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "127.0.0.1" in warnings[0], text.stderr
    assert "CourtListener" not in text.stdout
    assert "5 citations could not be judged: the LLM endpoint failed" in text.stdout
    steps = json.loads(as_json.stdout)["next_steps"]
    assert [(s["group"], s["count"]) for s in steps] == [("llm_error", 5)]


def test_an_endpoint_that_is_down_is_named_in_its_one_warning(library, caplog):
    with FakeChatEndpoint(lambda _request: completion_reply("x")) as server:
        base_url = server.base_url
    # the endpoint is gone: nothing listens there any more
    config = LLMConfig(model="gone", base_url=base_url, cache_path="off", max_retries=0)
    verdicts = check_document(document_from_text(FIVE), library, judge=LLMJudge(ChatClient(config))).verdicts
    assert {group_of(v) for v in verdicts} == {"llm_error"}
    warnings = [r.getMessage() for r in caplog.records if r.name == "citeproof.remote"]
    assert len(warnings) == 1 and "the LLM endpoint 127.0.0.1" in warnings[0], warnings


def test_a_reply_over_the_size_cap_is_refused_and_said(library, caplog):
    huge = completion_reply(
        json.dumps({"verdict": "supported", "quote": "x" * 20_000, "pin_page": "supports"})
    )
    with FakeChatEndpoint(lambda _request: huge) as server:
        config = LLMConfig(model="verbose", base_url=server.base_url, cache_path="off", max_answer_bytes=4096)
        verdicts = check_document(
            document_from_text(FIVE), library, judge=LLMJudge(ChatClient(config))
        ).verdicts
    assert {group_of(v) for v in verdicts} == {"llm_error"}
    warnings = [r.getMessage() for r in caplog.records if r.name == "citeproof.remote"]
    assert len(warnings) == 1 and "larger than 4,096 bytes" in warnings[0], warnings

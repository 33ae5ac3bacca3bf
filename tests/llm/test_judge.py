"""The support judge through the real pipeline seam, with scripted models."""

from __future__ import annotations

from citeproof.core.models import ErrorKind, Outcome, Reason, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.llm import scripted
from citeproof.llm.client import ChatClient, LLMConfig
from citeproof.llm.fake_endpoint import scripted_endpoint
from citeproof.llm.judge import LLMJudge

from .models import BROWN_CONTRADICTED, BROWN_SUPPORTED, FuncModel, failing


def _verdict(text, library, judge):
    return check_document(document_from_text(text), library, judge=judge).verdicts[0]


def _finding(verdict, kind):
    return [f for f in verdict.findings if f.kind is kind][-1]


def test_scripted_judge_over_loopback_catches_what_rules_leave(library, tmp_path):
    assert _verdict(BROWN_CONTRADICTED, library, None).status is Status.VERIFIED
    with scripted_endpoint() as server:
        config = LLMConfig(model="scripted", base_url=server.base_url, cache_path="off")
        judge = LLMJudge(ChatClient(config))
        v = _verdict(BROWN_CONTRADICTED, library, judge)
    assert v.status is Status.HALLUCINATED
    (error,) = v.errors
    assert error.kind is ErrorKind.MISREPRESENTATION
    assert error.fragment == v.citation.proposition and error.span == v.citation.proposition_span
    assert "page 495" in error.evidence and '"separate but equal" has no place' in error.evidence
    assert "[U.S. page 495]" in server.requests[0]["messages"][1]["content"]
    assert judge.calls == 1 and judge.prompt_tokens > 0


def test_a_quote_not_in_the_opinion_is_discarded(library):
    liar = FuncModel(
        lambda _p, _n: {
            "verdict": "contradicted",
            "pin_page": "not_applicable",
            "explanation": "made up",
            "quote": "separate schools for the races are perfectly constitutional forever",
        }
    )
    v = _verdict(BROWN_CONTRADICTED, library, LLMJudge(liar))
    assert liar.calls == 1 and v.status is Status.VERIFIED
    f = _finding(v, ErrorKind.MISREPRESENTATION)
    assert f.outcome is Outcome.UNKNOWN and "discarded" in f.explanation


def test_supported_on_the_pin_page_passes(library):
    v = _verdict(BROWN_SUPPORTED.format(pin=495), library, LLMJudge(scripted.ScriptedModel()))
    assert v.status is Status.VERIFIED
    assert _finding(v, ErrorKind.MISREPRESENTATION).outcome is Outcome.PASS
    assert _finding(v, ErrorKind.WRONG_PINCITE).outcome is Outcome.PASS


def test_a_pin_without_a_quote_on_the_wrong_page_fails(library):
    v = _verdict(BROWN_SUPPORTED.format(pin=490), library, LLMJudge(scripted.ScriptedModel()))
    assert v.status is Status.HALLUCINATED
    (error,) = v.errors
    assert error.kind is ErrorKind.WRONG_PINCITE and error.fragment == v.citation.text
    assert "page 495" in error.evidence  # the page comes from where the quote lies
    # The proposition repeats the opinion verbatim, so the offline pin rule agrees.
    offline = _verdict(BROWN_SUPPORTED.format(pin=490), library, None)
    assert offline.status is Status.HALLUCINATED
    assert {e.kind for e in offline.errors} == {ErrorKind.WRONG_PINCITE}


def test_the_page_reported_is_where_the_quote_lies(library):
    """The model vouches for the pin page; the page named in the finding is computed."""
    model = FuncModel(
        lambda _p, _n: {
            "verdict": "supported",
            "pin_page": "supports",
            "explanation": "",
            "quote": 'the doctrine of "separate but equal" has no place',
        }
    )
    paraphrase = (
        "Racial segregation has no place in public schooling. Brown v. Board of "
        "Education, 347 U.S. 483, 490 (1954)."
    )  # not verbatim: rules leave the pin
    v = _verdict(paraphrase, library, LLMJudge(model))
    pin = _finding(v, ErrorKind.WRONG_PINCITE)
    assert pin.outcome is Outcome.PASS  # no evidence against the pin: never a failure here
    assert "page 495" in pin.explanation


def test_a_failing_model_leaves_support_undecided(library):
    v = _verdict(BROWN_CONTRADICTED, library, LLMJudge(failing(Reason.RATE_LIMITED)))
    f = _finding(v, ErrorKind.MISREPRESENTATION)
    assert f.outcome is Outcome.UNKNOWN and f.reason is Reason.RATE_LIMITED
    assert v.status is not Status.HALLUCINATED


def test_rules_decide_first(library):
    misquoted = (
        'As Gideon put it, "this noble ideal cannot be realized if the poor man charged '
        'with crime has to face his accusers without a lawyer to help him." Gideon v. '
        "Wainwright, 372 U.S. 335, 344 (1963)."
    )
    model = FuncModel(lambda _p, _n: AssertionError("the judge must not be called"))
    v = _verdict(misquoted, library, LLMJudge(model))
    assert model.calls == 0 and [e.kind for e in v.errors] == [ErrorKind.MISQUOTE]

"""Which action the agent takes next: candidates per citation, information gain, fixed order."""

from __future__ import annotations

from dataclasses import replace

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.llm.agent import pending_from
from citeproof.llm.likelihoods import (
    ASK_MODEL,
    CORRECT,
    MISREPRESENTATION,
    NAME_MISMATCH,
    NONEXISTENT,
    SEARCH_COURTLISTENER,
    SEARCH_LIBRARY,
    SEARCH_OPINION,
    open_kinds,
)
from citeproof.llm.planner import (
    FROM_LOOKUPS,
    FROM_MEMORY,
    MIN_GAIN,
    READING,
    by_information,
    candidates,
    in_fixed_order,
    options,
)
from citeproof.llm.retrieve import Passage

from .models import BROWN_CONTRADICTED

FABRICATED = (
    "The automatic stay tolls the Convention's limitations period. "
    "Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999)."
)
NO_TEXT = (
    "Damages for loss of society are governed by the law of the forum. "
    "Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996)."
)


def _pending(library, text, remote=False):
    (v,) = check_document(document_from_text(text), library).verdicts
    return v, pending_from(v, remote)


def test_the_rules_decide_which_kinds_stay_open(library):
    v, p = _pending(library, FABRICATED)
    assert v.authority is None and open_kinds(v) == (NONEXISTENT, NAME_MISMATCH, MISREPRESENTATION)
    assert p.probabilities[CORRECT] == 0.7 and p.case_id is None and p.level() == FROM_MEMORY
    v, p = _pending(library, BROWN_CONTRADICTED)
    assert open_kinds(v) == (MISREPRESENTATION,) and p.has_text and p.case_id == v.authority.id


def test_candidates_follow_what_is_known(library):
    _, p = _pending(library, FABRICATED)
    names = [a.name for a in candidates(p, remote=False, model=True)]
    assert names == [SEARCH_LIBRARY, ASK_MODEL]
    assert [a.name for a in candidates(p, remote=True, model=False)] == [SEARCH_LIBRARY, SEARCH_COURTLISTENER]
    _, brown = _pending(library, BROWN_CONTRADICTED)
    assert [a.name for a in candidates(brown, remote=True, model=True)] == [SEARCH_OPINION, ASK_MODEL]
    read = replace(brown, passages=(Passage("U.S.", 495, "text"),))
    assert [(a.name, a.detail) for a in candidates(read, remote=True, model=True)] == [(ASK_MODEL, READING)]
    assert replace(p, findings=("the library knows no case named Miller",)).level() == FROM_LOOKUPS


def test_information_gain_prefers_courtlistener_to_a_name_search(library):
    _, p = _pending(library, FABRICATED, remote=True)
    choice = by_information(options([p], set(), remote=True, model=True))
    assert choice is not None and choice.action.name == SEARCH_COURTLISTENER
    assert in_fixed_order(options([p], set(), remote=True, model=True)).action.name == SEARCH_LIBRARY


def test_a_question_worth_less_than_min_gain_is_not_asked(library):
    _, p = _pending(library, NO_TEXT)  # found, no text: only the model, from memory
    (option,) = options([p], set(), remote=False, model=True)
    assert option.action.name == ASK_MODEL and 0 < option.value < MIN_GAIN
    assert by_information([option]) is None
    assert in_fixed_order([option]) is option  # a checklist asks anyway


def test_taken_actions_and_decided_citations_offer_nothing(library):
    _, p = _pending(library, FABRICATED)
    first = options([p], set(), remote=False, model=True)
    done = {first[0].action.key()}
    assert [o.action.name for o in options([p], done, remote=False, model=True)] == [ASK_MODEL]
    decided = replace(p, belief=((CORRECT, 0.95), (NONEXISTENT, 0.05)))
    assert options([decided], set(), remote=True, model=True) == []

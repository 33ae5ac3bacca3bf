"""What the agent believes before it acts, and what each action can tell it.

Hypotheses about one pending citation: ``correct`` or one error kind. The rules decide
which kinds are still open (`open_kinds`): a cite the library could not find may be
nonexistent or misnamed; quotes, a pin page or a proposition the rules could not check
may be wrong. The prior gives ``correct`` `PRIOR_CORRECT` and shares the rest evenly
among the open kinds.

Each action has a likelihood model, ``P(outcome | hypothesis)``, and a cost. The numbers
are stated from what the outcome means (a remote 404 is what a fabricated cite produces,
a real case is rarely missing from CourtListener; a model reading the opinion is right
more often than one answering from memory); they were not fitted to any benchmark. A
hypothesis a model does not single out behaves like ``correct`` for it: the action
cannot tell them apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from citeproof.core.models import ErrorKind, Outcome, Verdict
from citeproof.llm.entropy import Likelihood

CORRECT = "correct"
NONEXISTENT, NAME_MISMATCH = ErrorKind.NONEXISTENT.value, ErrorKind.NAME_MISMATCH.value
WRONG_PINCITE, MISQUOTE = ErrorKind.WRONG_PINCITE.value, ErrorKind.MISQUOTE.value
MISREPRESENTATION = ErrorKind.MISREPRESENTATION.value
HYPOTHESES = (CORRECT, NONEXISTENT, NAME_MISMATCH, WRONG_PINCITE, MISQUOTE, MISREPRESENTATION)
PRIOR_CORRECT = 0.7  # most citations in a brief are right, even in a benchmark of errors
UNSURE = "unsure"  # the model's answer when it cannot tell
FAILED = "failed"  # an action the backend could not answer: no information

SEARCH_LIBRARY = "search_library"  # the library's cases of the citation's name
SEARCH_COURTLISTENER = "search_courtlistener"  # the cite, looked up on CourtListener
SEARCH_OPINION = "search_opinion"  # passages of the cited opinion for the proposition
SEARCH_QUOTE = "search_quote"  # the quoted words, located in the cited opinion
ASK_MODEL = "ask_model"  # the language model's verdict on the evidence gathered so far
ACTIONS = (SEARCH_LIBRARY, SEARCH_COURTLISTENER, SEARCH_OPINION, SEARCH_QUOTE, ASK_MODEL)
# what an action costs, in lookups: a model call costs tokens and seconds, a lookup milliseconds
COSTS = {
    SEARCH_LIBRARY: 1.0,
    SEARCH_COURTLISTENER: 1.0,
    SEARCH_OPINION: 1.0,
    SEARCH_QUOTE: 1.0,
    ASK_MODEL: 2.0,
}

# (accuracy, abstention) of the model's answer, by what it has been shown
MODEL_READING = (0.85, 0.15)  # passages of the opinion
MODEL_FROM_LOOKUPS = (0.7, 0.3)  # lookup results, no text
MODEL_FROM_MEMORY = (0.6, 0.5)  # the citation alone


def open_kinds(verdict: Verdict) -> tuple[str, ...]:
    """The error kinds the rules left open for a pending citation."""
    c = verdict.citation
    passed = {f.kind for f in verdict.findings if f.outcome is Outcome.PASS}
    kinds = [NONEXISTENT, NAME_MISMATCH] if verdict.authority is None else []
    if c.quotes and ErrorKind.MISQUOTE not in passed:
        kinds.append(MISQUOTE)
    if c.pin_pages and ErrorKind.WRONG_PINCITE not in passed:
        kinds.append(WRONG_PINCITE)
    if c.proposition and ErrorKind.MISREPRESENTATION not in passed:
        kinds.append(MISREPRESENTATION)
    return tuple(kinds)


def prior(kinds: Iterable[str]) -> dict[str, float]:
    """`PRIOR_CORRECT` on ``correct``, the rest shared by ``kinds`` (all of it without any)."""
    kinds = tuple(kinds)
    if not kinds:
        return {CORRECT: 1.0}
    return {CORRECT: PRIOR_CORRECT, **{k: (1 - PRIOR_CORRECT) / len(kinds) for k in kinds}}


def _columns(default: Mapping[str, float], **special: Mapping[str, float]) -> Likelihood:
    """A likelihood model from its columns: ``special[h]`` for the hypotheses named, else
    ``default``; each column sums to 1 over the outcomes."""
    columns = {h: special.get(h, default) for h in HYPOTHESES}
    for h, col in columns.items():
        if abs(sum(col.values()) - 1) > 1e-9:
            raise ValueError(f"the outcomes for {h} do not sum to 1")
    outcomes = dict.fromkeys(o for col in columns.values() for o in col)
    return {o: {h: col.get(o, 0.0) for h, col in columns.items()} for o in outcomes}


_WRONG_CITE = {"other_cite": 0.30, "parallel": 0.10, "none": 0.60}
LIBRARY_BY_NAME = _columns(  # a case of that name at another cite of the reporter, elsewhere, or none
    {"other_cite": 0.05, "parallel": 0.25, "none": 0.70},
    nonexistent=_WRONG_CITE,
    name_mismatch=_WRONG_CITE,
)
COURTLISTENER = _columns(  # the cite on CourtListener: that case, another case, no case
    {"found_same": 0.90, "found_other": 0.02, "absent": 0.03, FAILED: 0.05},
    nonexistent={"found_same": 0.02, "found_other": 0.08, "absent": 0.85, FAILED: 0.05},
    name_mismatch={"found_same": 0.02, "found_other": 0.88, "absent": 0.05, FAILED: 0.05},
)
PASSAGES = _columns(  # how much of the proposition the best retrieved sentence holds
    {"close": 0.60, "partial": 0.30, "unrelated": 0.10},
    wrong_pincite={"close": 0.55, "partial": 0.30, "unrelated": 0.15},
    misrepresentation={"close": 0.35, "partial": 0.25, "unrelated": 0.40},
)
QUOTES = _columns(  # the quoted words: found (on a pin page, where that can be seen), off the pins, absent
    {"found": 0.93, "off_pin": 0.02, "missing": 0.05},
    wrong_pincite={"found": 0.15, "off_pin": 0.80, "missing": 0.05},
    misquote={"found": 0.03, "off_pin": 0.02, "missing": 0.95},
)
LOOKUPS: dict[str, Likelihood] = {
    SEARCH_LIBRARY: LIBRARY_BY_NAME,
    SEARCH_COURTLISTENER: COURTLISTENER,
    SEARCH_OPINION: PASSAGES,
    SEARCH_QUOTE: QUOTES,
}


def model_answers(
    hypotheses: Iterable[str], accuracy: float, abstain: float, answers: Iterable[str] | None = None
) -> Likelihood:
    """The model's answer as a noisy channel: it abstains (``unsure``) with probability
    ``abstain``; otherwise it names the truth with probability ``accuracy`` and each other
    answer alike. ``answers``: what the question lets it say (all ``hypotheses`` by
    default); a hypothesis it cannot name looks ``correct`` to it."""
    hs = tuple(hypotheses)
    said = tuple(h for h in hs if answers is None or h in set(answers) or h == CORRECT)
    other = (1 - accuracy) / (len(said) - 1) if len(said) > 1 else 0.0
    right = accuracy if len(said) > 1 else 1.0

    def p(answer: str, truth: str) -> float:
        seen = truth if truth in said else CORRECT
        return (1 - abstain) * (right if answer == seen else other)

    return {**{a: {h: p(a, h) for h in hs} for a in said}, UNSURE: dict.fromkeys(hs, abstain)}


def failed_action(hypotheses: Iterable[str]) -> Likelihood:
    """A fault: the same outcome whatever the truth, so nothing is learnt."""
    return {FAILED: dict.fromkeys(hypotheses, 1.0)}

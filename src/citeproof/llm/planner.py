"""Which action next: the candidates for each undecided citation, and two ways to choose.

`by_information` (the default) takes the action of highest expected information gain
per unit of cost over the belief of the citation it is about, and stops when no action
is expected to resolve `MIN_GAIN` bits per unit of cost. `in_fixed_order` takes the
candidates as a checklist would: citation by citation, in `ACTIONS` order, until each
is decided. Both see the same candidates, never one already taken (no repeated
lookup), and none for a citation already decided (`DECIDED`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from citeproof.core.models import Citation
from citeproof.llm.entropy import Likelihood, information_gain, most_likely
from citeproof.llm.likelihoods import (
    ACTIONS,
    ASK_MODEL,
    CORRECT,
    COSTS,
    LOOKUPS,
    MISQUOTE,
    MISREPRESENTATION,
    MODEL_FROM_LOOKUPS,
    MODEL_FROM_MEMORY,
    MODEL_READING,
    SEARCH_COURTLISTENER,
    SEARCH_LIBRARY,
    SEARCH_OPINION,
    SEARCH_QUOTE,
    WRONG_PINCITE,
    model_answers,
)
from citeproof.llm.retrieve import Passage
from citeproof.llm.tools import Action

DECIDED = 0.9  # a verdict this likely needs no more questions
MIN_GAIN = 0.05  # bits per unit of cost below which no action is worth a step
READING, FROM_LOOKUPS, FROM_MEMORY = "reading", "from_lookups", "from_memory"
LEVELS = {READING: MODEL_READING, FROM_LOOKUPS: MODEL_FROM_LOOKUPS, FROM_MEMORY: MODEL_FROM_MEMORY}
JUDGE_ANSWERS = (CORRECT, MISREPRESENTATION, WRONG_PINCITE)  # what a reading of passages can say


@dataclass(frozen=True, slots=True)
class Pending:
    """What the agent knows about one citation the rules left open."""

    citation: Citation
    belief: tuple[tuple[str, float], ...]
    case_id: str | None = None  # the case the cite names, once known
    case_name: str = ""
    has_text: bool = False
    quotes_checked: bool = False  # the rules (or a quote search) looked for the quotes
    passages: tuple[Passage, ...] = ()
    findings: tuple[str, ...] = ()  # what the lookups said, shown to the model

    @property
    def probabilities(self) -> dict[str, float]:
        return dict(self.belief)

    def decided(self) -> bool:
        return most_likely(self.probabilities)[1] >= DECIDED

    def level(self) -> str:
        """What the model would be shown: passages, lookup results, or the citation alone."""
        return READING if self.passages else FROM_LOOKUPS if self.findings else FROM_MEMORY


@dataclass(frozen=True, slots=True)
class Option:
    action: Action
    gain: float  # expected information gain, bits
    cost: float

    @property
    def value(self) -> float:
        return self.gain / self.cost


def likelihood(name: str, p: Pending) -> Likelihood:
    """The action's model over the citation's hypotheses."""
    if name != ASK_MODEL:
        return LOOKUPS[name]
    level = p.level()
    answers = JUDGE_ANSWERS if level == READING else None
    return model_answers(p.probabilities, *LEVELS[level], answers=answers)


def candidates(p: Pending, remote: bool, model: bool) -> list[Action]:
    """The actions that could tell something about ``p``, in `ACTIONS` order."""
    c, hypotheses = p.citation, p.probabilities
    wanted = {
        SEARCH_LIBRARY: p.case_id is None and bool(c.case_name),
        SEARCH_COURTLISTENER: remote and p.case_id is None and c.cite is not None,
        SEARCH_OPINION: p.has_text and bool(c.proposition) and not p.passages,
        SEARCH_QUOTE: p.has_text
        and bool(c.quotes)
        and not p.quotes_checked
        and (MISQUOTE in hypotheses or WRONG_PINCITE in hypotheses),
        ASK_MODEL: model,
    }
    return [Action(name, c.id, p.level() if name == ASK_MODEL else "") for name in ACTIONS if wanted[name]]


def options(pending: Sequence[Pending], done: set[str], remote: bool, model: bool) -> list[Option]:
    """Every action not yet taken on an undecided citation, with its gain and cost, in the
    order a checklist would take them."""
    out = []
    for p in pending:
        if p.decided():
            continue
        for action in candidates(p, remote, model):
            if action.key() not in done:
                gain = information_gain(p.probabilities, likelihood(action.name, p))
                out.append(Option(action, gain, COSTS[action.name]))
    return out


def by_information(choices: Sequence[Option]) -> Option | None:
    """The highest expected gain per unit of cost (the first, on a tie), if worth a step."""
    if not choices:
        return None
    best = max(choices, key=lambda o: o.value)
    return best if best.value >= MIN_GAIN else None


def in_fixed_order(choices: Sequence[Option]) -> Option | None:
    """The first candidate, whatever it is expected to tell."""
    return choices[0] if choices else None


Policy = Callable[[Sequence[Option]], Option | None]
POLICIES: dict[str, Policy] = {"information": by_information, "fixed": in_fixed_order}

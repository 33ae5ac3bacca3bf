"""The belief-state arithmetic of the agent: entropy, Bayes' rule, expected information gain.

A belief is a distribution over hypotheses (a mapping hypothesis → probability); an
action's likelihood model says, for each hypothesis, how likely each outcome is
(``likelihood[outcome][hypothesis]``; a hypothesis an outcome does not name has
probability 0 there). Every function is pure; entropies are in bits.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

Belief = Mapping[str, float]
Likelihood = Mapping[str, Mapping[str, float]]  # outcome → hypothesis → P(outcome | hypothesis)


def normalised(weights: Mapping[str, float]) -> dict[str, float]:
    """``weights`` scaled to sum to 1; ValueError when they sum to nothing."""
    total = sum(weights.values())
    if total <= 0 or any(w < 0 for w in weights.values()):
        raise ValueError(f"weights cannot be normalised: {dict(weights)}")
    return {h: w / total for h, w in weights.items()}


def entropy(belief: Belief) -> float:
    """Shannon entropy in bits (0 for a certain belief)."""
    return -sum(p * math.log2(p) for p in belief.values() if p > 0)


def outcome_probability(belief: Belief, likelihood: Likelihood, outcome: str) -> float:
    """P(outcome) = Σ_h P(outcome | h) · P(h)."""
    given = likelihood[outcome]
    return sum(given.get(h, 0.0) * p for h, p in belief.items())


def updated(belief: Belief, likelihood: Likelihood, outcome: str) -> dict[str, float]:
    """Bayes' rule: the belief after observing ``outcome``; an outcome the belief held
    impossible leaves it unchanged (the model was wrong, not the world)."""
    given = likelihood[outcome]
    weights = {h: given.get(h, 0.0) * p for h, p in belief.items()}
    return normalised(weights) if sum(weights.values()) > 0 else dict(belief)


def expected_entropy(belief: Belief, likelihood: Likelihood) -> float:
    """E_o[H(belief | o)]: the entropy expected after the action, over its outcomes."""
    total = 0.0
    for outcome in likelihood:
        p = outcome_probability(belief, likelihood, outcome)
        if p > 0:
            total += p * entropy(updated(belief, likelihood, outcome))
    return total


def information_gain(belief: Belief, likelihood: Likelihood) -> float:
    """H(belief) − E_o[H(belief | o)] (never negative, up to rounding)."""
    return max(0.0, entropy(belief) - expected_entropy(belief, likelihood))


def most_likely(belief: Belief) -> tuple[str, float]:
    """The hypothesis of highest probability (the first named, on a tie) and its probability."""
    best = max(belief, key=lambda h: belief[h])
    return best, belief[best]

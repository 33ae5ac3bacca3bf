"""A natural-language-inference model the user brings, as the checks see it: a veto on a rule's
misrepresentation finding and a second polarity signal where the rules cannot tell.

The model itself (an ONNX file run with onnxruntime) lives in ``citeproof.llm.nli``; here
only what a check asks of it and what it concludes from the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

VETO = 0.5  # entailment probability at which a rule's finding is withdrawn
CONTRADICTS = 0.9  # contradiction probability at which an undecided polarity is decided


@dataclass(frozen=True, slots=True)
class Inference:
    """Probabilities that a premise entails, is neutral to, or contradicts a hypothesis."""

    entailment: float
    neutral: float
    contradiction: float


class Entailment(Protocol):
    """Reads whether ``premise`` (the opinion's words) entails ``hypothesis`` (the claim)."""

    name: str

    def __call__(self, premise: str, hypothesis: str) -> Inference: ...


def vetoes(inference: Inference) -> bool:
    """The model reads the opinion as saying what the claim says: a rule's finding is withdrawn."""
    return inference.entailment >= VETO and inference.entailment >= inference.contradiction


def contradicts(inference: Inference) -> bool:
    """The model reads the opinion as saying the opposite, confidently."""
    return inference.contradiction >= CONTRADICTS

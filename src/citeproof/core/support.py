"""Offline support check for propositions: flags only an opinion that states the opposite.

Embeddings cannot tell support from contradiction, and no entailment model is
available offline, so this check is deliberately narrow: it finds the opinion
sentences that share almost all of the proposition's content words and flags the
citation only when every such sentence has the opposite polarity: one side is plainly
affirmative (no negation) and the other carries an odd number of negations or antonyms
(equal/unequal). When both sides negate something, the check stays undecided.
Everything else is left to the LLM judge.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.core.models import (
    Citation,
    Confidence,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Reason,
)

_NEGATIONS = {"not", "no", "never", "cannot", "neither", "nor", "without", "n't", "none"}
ANTONYMS = {  # a word → its affirmative opposite
    "unequal": "equal",
    "unconstitutional": "constitutional",
    "invalid": "valid",
    "unlawful": "lawful",
    "illegal": "legal",
    "inadmissible": "admissible",
    "impermissible": "permissible",
    "unreasonable": "reasonable",
    "insufficient": "sufficient",
    "immaterial": "material",
    "irrelevant": "relevant",
    "inapplicable": "applicable",
    "unenforceable": "enforceable",
    "involuntary": "voluntary",
    "unnecessary": "necessary",
    "improper": "proper",
    "denied": "granted",
    "reversed": "affirmed",
    "rejected": "accepted",
    "unfair": "fair",
    "disallowed": "allowed",
    "prohibited": "permitted",
    "forbids": "permits",
}
_STOP = {
    "the",
    "a",
    "an",
    "of",
    "to",
    "in",
    "and",
    "or",
    "that",
    "is",
    "are",
    "was",
    "were",
    "be",
    "by",
    "for",
    "on",
    "as",
    "it",
    "its",
    "this",
    "with",
    "at",
    "which",
    "court",
    "held",
    "holding",
    "holds",
    "see",
    "has",
    "have",
    "had",
    "their",
    "they",
    "we",
    "our",
    "us",
    "contends",
    "argues",
    "asserts",
    "claims",
    "further",
    "also",
    "explained",
    "concluded",
    "stated",
    "noted",
    "recognized",
    "established",
    "found",
    "ruled",
    "determined",
    "declared",
    "supreme",
    "case",
    "decision",
    "opinion",
    "because",
    "must",
    "may",
    "would",
    "should",
}
_NOT_NEGATING = re.compile(r"\b(?:not only|not merely|not just|no doubt|nothing but)\b")
MIN_CONTENT_WORDS = 4
OVERLAP = 0.7


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+(?:n't)?", text.lower().replace("’", "'"))


def _signature(text: str) -> tuple[frozenset[str], int]:
    """Content words (antonyms folded to their base) and the number of negations."""
    negations = 0
    content = set()
    for w in _words(_NOT_NEGATING.sub(" ", text.lower())):
        if w in _NEGATIONS or w.endswith("n't"):
            negations += 1
            continue
        if w in ANTONYMS:
            negations += 1
            w = ANTONYMS[w]
        if w not in _STOP and len(w) > 2:
            content.add(w)
    return frozenset(content), negations


def _opposite(negations: int, claim_negations: int) -> bool:
    """Opposite polarity, judged only when one side is plainly affirmative (no negation)."""
    return (negations + claim_negations) % 2 == 1 and min(negations, claim_negations) == 0


@lru_cache(maxsize=32)
def opinion_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """``(start, end)`` of each sentence of an opinion (shared with the pin-page check)."""
    return tuple(m.span() for m in re.finditer(r"[^.!?]+[.!?]", text))


@lru_cache(maxsize=32)
def _signed_sentences(text: str) -> tuple[tuple[str, int, frozenset[str], int], ...]:
    """Each sentence with its offset, content words and negation count, once per opinion."""
    return tuple(
        (text[start:end], start, *_signature(text[start:end])) for start, end in opinion_sentences(text)
    )


def check_support(c: Citation, opinion: Opinion | None) -> Finding:
    if not c.proposition:
        return Finding(
            kind=ErrorKind.MISREPRESENTATION,
            outcome=Outcome.UNKNOWN,
            explanation="no proposition found",
            reason=Reason.NOT_CHECKED,
        )
    if opinion is None:
        return Finding(
            kind=ErrorKind.MISREPRESENTATION,
            outcome=Outcome.UNKNOWN,
            explanation="no opinion text",
            reason=Reason.NO_TEXT,
        )
    claim, claim_negations = _signature(re.sub(r"[“\"][^”\"]*[”\"]", " ", c.proposition))
    claim -= _signature(c.case_name or "")[0]
    if len(claim) < MIN_CONTENT_WORDS:
        return Finding(
            kind=ErrorKind.MISREPRESENTATION,
            outcome=Outcome.UNKNOWN,
            explanation="proposition too short to compare offline",
            reason=Reason.NOT_CHECKED,
        )
    close: list[tuple[str, int, int]] = []
    for sentence, offset, words, negations in _signed_sentences(opinion.text):
        if len(claim & words) / len(claim) >= OVERLAP:
            close.append((sentence.strip(), offset, negations))
    if close and all(_opposite(n, claim_negations) for _, _, n in close):
        sentence, offset, _ = close[0]
        page = next((opinion.page_at(offset, r) for r in opinion.reporters()), None)
        where = f" (page {page})" if page else ""
        return Finding(
            kind=ErrorKind.MISREPRESENTATION,
            outcome=Outcome.FAIL,
            explanation="the opinion states the opposite of the proposition",
            fragment=c.proposition,
            span=c.proposition_span,
            evidence=f'the opinion says{where}: "{sentence[:300]}"',
            confidence=Confidence.NEGATED,
        )
    return Finding(
        kind=ErrorKind.MISREPRESENTATION,
        outcome=Outcome.UNKNOWN,
        explanation="support not decided offline"
        if not close
        else "a passage of the opinion agrees with the proposition",
        reason=Reason.NOT_CHECKED,
    )

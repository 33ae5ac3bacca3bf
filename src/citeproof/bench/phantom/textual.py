"""Errors in what a draft says a case says, made with the injector's own tables.

Misquotes: a near synonym, a number changed, a "not" or qualifier dropped, two words
swapped, or two sentences spliced into one quotation. Misrepresentations: a paraphrased
reversal, the holding stated as its opposite through a rejecting frame (no antonym), dicta
presented as the holding, the wrong party prevailing, or a proposition from a different
opinion on the same subject. Each function returns ``(text, note)`` or None.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from citeproof.bench.phantom.words import (
    ANTONYM_OF,
    AUXILIARIES,
    DISPOSITION_FLIP,
    DROPPABLE,
    HEDGE_TO_HOLDING,
    NUMBER_SHIFT,
    REJECTING_FRAMES,
    RETELLING_FRAMES,
    SYNONYMS,
)

_WORD = re.compile(r"[A-Za-z]+")
Made = tuple[str, str] | None


def _cased(new: str, old: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def _replace_words(text: str, table: dict[str, str], rng: np.random.Generator, most: int = 2) -> str | None:
    found = [m for m in _WORD.finditer(text) if m.group().lower() in table]
    if not found:
        return None
    count = min(len(found), 1 + int(rng.random() < 0.5) if most > 1 else 1)
    picks = sorted(int(i) for i in rng.choice(len(found), size=count, replace=False))
    out, cursor = [], 0
    for i in picks:
        m = found[i]
        out += [text[cursor : m.start()], _cased(table[m.group().lower()], m.group())]
        cursor = m.end()
    return "".join(out) + text[cursor:]


def synonym_swap(quote: str, rng: np.random.Generator) -> Made:
    new = _replace_words(quote, SYNONYMS, rng)
    return (new, "near synonym") if new else None


def number_change(quote: str, rng: np.random.Generator) -> Made:
    digits = list(re.finditer(r"\b\d+\b", quote))
    if digits:
        m = digits[int(rng.integers(len(digits)))]
        shifted = str(int(m.group()) + int(rng.integers(1, 4)))
        return quote[: m.start()] + shifted + quote[m.end() :], "number changed"
    new = _replace_words(quote, NUMBER_SHIFT, rng, most=1)
    return (new, "number changed") if new else None


def dropped_qualifier(quote: str, rng: np.random.Generator) -> Made:
    found = [m for m in _WORD.finditer(quote) if m.group().lower() in DROPPABLE]
    if not found:
        return None
    m = found[int(rng.integers(len(found)))]
    new = re.sub(r"\s{2,}", " ", quote[: m.start()] + quote[m.end() :]).replace(" ,", ",")
    return new, f'"{m.group()}" dropped'


def word_order(quote: str, rng: np.random.Generator) -> Made:
    """Two neighbouring words of four letters or more swapped."""
    words = list(_WORD.finditer(quote))
    pairs = [
        (a, b)
        for a, b in zip(words, words[1:], strict=False)
        if len(a.group()) >= 4 and len(b.group()) >= 4 and quote[a.end() : b.start()] == " "
    ]
    if not pairs:
        return None
    a, b = pairs[int(rng.integers(len(pairs)))]
    swapped = f"{_cased(b.group().lower(), a.group())} {a.group().lower() if a.start() == 0 else a.group()}"
    return quote[: a.start()] + swapped + quote[b.end() :], "word order changed"


def spliced(quote: str, other: str | None) -> Made:
    """The head of one sentence and the tail of another, quoted as one continuous
    passage (an ellipsis merged away)."""
    if not other:
        return None
    head, tail = quote.split(), other.split()
    if len(head) < 8 or len(tail) < 8:
        return None
    return " ".join(head[: len(head) // 2] + tail[len(tail) // 2 :]), "two sentences spliced"


def misquote(quote: str, other: str | None, rng: np.random.Generator) -> list[tuple[str, str]]:
    """Every misquote variant this quote admits, in a seeded order."""
    makers: list[Callable[[], Made]] = [
        lambda: synonym_swap(quote, rng),
        lambda: number_change(quote, rng),
        lambda: dropped_qualifier(quote, rng),
        lambda: word_order(quote, rng),
        lambda: spliced(quote, other),
    ]
    made = [makers[int(k)]() for k in rng.permutation(len(makers))]
    return [m for m in made if m is not None]


def _claim(sentence: str) -> str:
    """A sentence as a that-clause: first letter lowered, final stop removed."""
    body = sentence.rstrip(" .")
    return body[:1].lower() + body[1:] if not body[1:2].isupper() else body


def negated(sentence: str) -> str | None:
    """``not`` after the first auxiliary, or an existing ``not`` removed."""
    m = re.search(r"\b(not|never)\s+", sentence)
    if m:
        return sentence[: m.start()] + sentence[m.end() :]
    for w in _WORD.finditer(sentence):
        if w.group().lower() in AUXILIARIES:
            return f"{sentence[: w.end()]} not{sentence[w.end() :]}"
    for w in _WORD.finditer(sentence):
        if w.group().lower() in ANTONYM_OF:
            return (
                sentence[: w.start()] + _cased(ANTONYM_OF[w.group().lower()], w.group()) + sentence[w.end() :]
            )
    return None


def paraphrased_reversal(sentence: str, rng: np.random.Generator) -> Made:
    flipped = negated(sentence)
    if flipped is None:
        return None
    reworded = _replace_words(flipped, SYNONYMS, rng) or flipped
    frame = RETELLING_FRAMES[int(rng.integers(len(RETELLING_FRAMES)))]
    return frame.format(claim=_claim(reworded)), "paraphrased reversal"


def rejecting_frame(sentence: str, rng: np.random.Generator) -> Made:
    frame = REJECTING_FRAMES[int(rng.integers(len(REJECTING_FRAMES)))]
    return frame.format(claim=_claim(sentence)), "holding stated as its opposite (rejecting frame)"


def dicta_as_holding(passages: Sequence[str]) -> Made:
    for sentence in passages:
        hedges = [m for m in _WORD.finditer(sentence) if m.group().lower() in HEDGE_TO_HOLDING]
        if hedges:
            m = hedges[0]
            firm = (
                sentence[: m.start()]
                + _cased(HEDGE_TO_HOLDING[m.group().lower()], m.group())
                + sentence[m.end() :]
            )
            return f"The court held that {_claim(firm)}.", "dicta presented as the holding"
    return None


def disposition(opinion_text: str) -> str | None:
    """``affirmed`` or ``reversed``: the last of them in the opinion's closing lines."""
    found = re.findall(r"\b(affirmed|reversed)\b", opinion_text[-1500:], re.IGNORECASE)
    return found[-1].lower() if found else None


def wrong_party(opinion_text: str, name: str) -> Made:
    actual = disposition(opinion_text)
    if actual is None:
        return None
    _, consequence = DISPOSITION_FLIP[actual]
    return f"In {name}, {consequence}.", f"wrong party prevailing (the judgment was {actual})"


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]{5,}", text.lower())}


def same_subject(sentence: str, candidates: Sequence[str]) -> Made:
    """The sentence of another opinion that shares the most content words with ``sentence``."""
    mine = _content(sentence)
    if not candidates:
        return None
    best = max(candidates, key=lambda c: (len(mine & _content(c)), -len(c)))
    return best, "proposition from a different opinion on the same subject"

"""Faithful paraphrases of an opinion sentence, the way briefs retell a holding: the same
meaning in other words, so that a detector's false alarms on honest paraphrase are counted.

Each rewrite keeps the meaning: a discourse marker or the court's "we hold that" dropped,
"we" told as "the court", a leading "Because X, Y" turned into "Y because X", plain-English
synonyms for legal phrasing ("prior to" → "before"), and negation said by other means ("did
not show" → "failed to show", "does not have" → "lacks", "not improper" → "proper", "with no"
→ "without"). Independent of the detector: its own tables, nothing from the checks. Every
function is pure given its input and an ``rng`` (numpy Generator).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

import numpy as np

from citeproof.bench.phantom.words import ANTONYM_OF

# Phrases briefs write in plainer words, meaning unchanged.
PLAINER = {
    "prior to": "before",
    "subsequent to": "after",
    "pursuant to": "under",
    "in order to": "to",
    "in the event that": "if",
    "with respect to": "regarding",
    "for the purpose of": "for",
    "inasmuch as": "because",
    "in light of": "given",
    "commence": "begin",
    "commenced": "began",
    "terminate": "end",
    "terminated": "ended",
    "demonstrate": "show",
    "demonstrated": "showed",
    "sufficient": "adequate",
    "therefore": "thus",
    "attorney": "lawyer",
    "automobile": "car",
    "indicate": "show",
    "indicates": "shows",
    "indicated": "showed",
    "upon": "on",
    "thereafter": "afterward",
    "in the instant case": "here",
    "the instant case": "this case",
    "is required to": "must",
    "are required to": "must",
    "constitutes": "is",
    "a number of": "several",
    "with regard to": "regarding",
    "in accordance with": "under",
    "by virtue of": "because of",
    "notwithstanding": "despite",
    "whether or not": "whether",
    "cannot": "may not",
    "shall": "must",
    "at the time of": "when",
    "in excess of": "more than",
    "sufficiently": "adequately",
}
_MARKERS = (
    r"However|Thus|Therefore|Accordingly|Moreover|Further|Furthermore|Indeed|Nevertheless|Consequently|"
    r"Additionally|In addition|First|Second|Third|Finally|Here|Similarly|Likewise|Nonetheless|Hence|"
    r"In short|In sum|Of course|As such"
)
_LEAD_MARKER = re.compile(rf"^(?:{_MARKERS}),\s+")
_HOLDING_FRAME = re.compile(
    r"^(?:(?:We|The court|This court|The Court|This Court|I)\s+(?:therefore\s+|thus\s+|now\s+|also\s+)?"
    r"(?:hold|holds|conclude|concludes|find|finds|agree|agrees|believe|believes)\s+that\s+)"
)
_FIRST_PERSON = {"we": "the court", "We": "The court", "our": "the court's", "Our": "The court's"}
# Verbs after which "did not X" reads as "failed to X" without changing what is said.
_FAILING_VERBS = (
    "show|establish|prove|state|allege|demonstrate|present|meet|satisfy|comply|object|raise|preserve|"
    "produce|provide|file|offer|identify|explain|cite|make|carry|disclose|specify|introduce|request|"
    "appear|respond|pay|perform|notify|submit"
)
_DID_NOT = re.compile(rf"\b(did|does|do) not ({_FAILING_VERBS})\b")
_FAILED = {"did": "failed to", "does": "fails to", "do": "fail to"}
_NOT_HAVE = re.compile(r"\b(did|does|do) not have\b")
_LACK = {"did": "lacked", "does": "lacks", "do": "lack"}
_WITH_NO = re.compile(r"\bwith no\b")
_NOT_NEGATIVE = re.compile(r"\b(is|was|are|were) not (\w+)\b")
_LEADING_BECAUSE = re.compile(r"^(Because|Since|When|If|Where) ([^,]{12,160}), ([^,]{12,}?)([.]?)$")

Rewrite = tuple[str, str] | None


def _cased(new: str, old: str) -> str:
    return new[:1].upper() + new[1:] if old[:1].isupper() else new


def drop_marker(sentence: str) -> Rewrite:
    m = _LEAD_MARKER.match(sentence)
    if not m:
        return None
    rest = sentence[m.end() :]
    return rest[:1].upper() + rest[1:], "discourse marker dropped"


def drop_holding_frame(sentence: str) -> Rewrite:
    m = _HOLDING_FRAME.match(sentence)
    if not m:
        return None
    rest = sentence[m.end() :]
    return rest[:1].upper() + rest[1:], "holding frame dropped"


_AGREES = {"are": "is", "have": "has", "do": "does", "were": "was"}
_MODALS = {"will", "would", "must", "may", "can", "could", "should", "shall", "might", "also", "thus"}
_WE_VERB = re.compile(r"\b(we|We) (\w+)")


def third_person(sentence: str) -> Rewrite:
    """ "we" told as "the court", the verb agreeing ("we are" → "the court is"); None where a
    verb after "we" could not be made to agree."""

    def told(m: re.Match[str]) -> str:
        verb = m.group(2)
        if verb in _AGREES:
            verb = _AGREES[verb]
        elif not (verb in _MODALS or verb.endswith("ed")):
            raise ValueError(verb)
        return f"{_FIRST_PERSON[m.group(1)]} {verb}"

    try:
        new = _WE_VERB.sub(told, sentence)
    except ValueError:
        return None
    new = re.sub(
        r"\b(our|Our)(?= (?:decision|holding|opinion|conclusion|review|determination|analysis|view)\b)",
        lambda m: _FIRST_PERSON[m.group()],
        new,
    )
    return (new, "told in the third person") if new != sentence else None


def plainer_words(sentence: str, rng: np.random.Generator) -> Rewrite:
    found = [p for p in PLAINER if re.search(rf"\b{p}\b", sentence, re.IGNORECASE)]
    if not found:
        return None
    phrase = found[int(rng.integers(len(found)))]
    new = re.sub(rf"\b{phrase}\b", lambda m: _cased(PLAINER[phrase], m.group()), sentence, flags=re.I)
    return new, f'"{phrase}" said plainly'


def negation_by_other_means(sentence: str) -> Rewrite:
    """One negation said another way: "did not show" → "failed to show", "does not have" →
    "lacks", "with no" → "without", "is not improper" → "is proper"."""
    rewrites: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str], str], ...] = (
        (_NOT_HAVE, lambda m: _LACK[m.group(1).lower()], "lacks for does not have"),
        (_DID_NOT, lambda m: f"{_FAILED[m.group(1).lower()]} {m.group(2)}", "failed to for did not"),
        (_WITH_NO, lambda m: "without", "without for with no"),
    )
    for pattern, make, note in rewrites:
        m = pattern.search(sentence)
        if m:
            return sentence[: m.start()] + _cased(make(m), m.group()) + sentence[m.end() :], note
    for m in _NOT_NEGATIVE.finditer(sentence):
        word = m.group(2).lower()
        opposite = ANTONYM_OF.get(word, "")
        if opposite and word.startswith(("in", "im", "un", "ir", "il")) and word.endswith(opposite[-3:]):
            new = f"{m.group(1)} {opposite}"
            return sentence[: m.start()] + new + sentence[m.end() :], f"{opposite} for not {word}"
    return None


def clause_moved(sentence: str) -> Rewrite:
    """ "Because X, Y." → "Y because X." (only a single leading clause, nothing else moved)."""
    m = _LEADING_BECAUSE.match(sentence.strip())
    if not m:
        return None
    lead, condition, main, stop = m.groups()
    main = main[:1].upper() + main[1:]
    return f"{main} {lead.lower()} {condition}{stop or '.'}", f"{lead.lower()}-clause moved"


PARAPHRASED = 0.8  # of the faithful propositions of templated excerpts


def faithful(sentence: str) -> tuple[str, str] | None:
    """The proposition a templated excerpt states for ``sentence``: a paraphrase (with its
    note) for ``PARAPHRASED`` of sentences, else None (the sentence itself is stated)."""
    rng = paraphrase_rng(sentence)
    return paraphrase(sentence, rng) if rng.random() < PARAPHRASED else None


def paraphrase(sentence: str, rng: np.random.Generator) -> tuple[str, str] | None:
    """A faithful paraphrase of ``sentence`` by up to three rewrites in a seeded order, and a
    note naming them; None when no rewrite applies."""
    makers: list[Callable[[str], Rewrite]] = [
        drop_marker,
        drop_holding_frame,
        third_person,
        lambda s: plainer_words(s, rng),
        negation_by_other_means,
        clause_moved,
    ]
    text, notes = sentence, []
    for k in rng.permutation(len(makers)):
        made = makers[int(k)](text)
        if made is not None and made[0] != text:
            text, note = made
            notes.append(note)
        if len(notes) == 3:
            break
    return (text, "faithful paraphrase: " + "; ".join(notes)) if notes else None


def paraphrase_rng(sentence: str) -> np.random.Generator:
    """A generator seeded by the sentence itself, so that paraphrasing draws nothing from the
    builder's own generator and every other choice of the benchmark stays as it was."""
    return np.random.default_rng(int(hashlib.sha256(sentence.encode()).hexdigest()[:16], 16))

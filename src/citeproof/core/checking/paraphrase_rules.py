"""Rules for claims that paraphrase the opinion rather than copy it.

Each rule looks at the opinion sentence a claim paraphrases best (`alignment.align`: stemmed
content words weighted by rarity) and fires only on clear evidence:

* ``rejecting_frame`` (a party's contention sold as the holding): the best sentence reports a
  party's contention ("appellant asserts that", "it is argued that", "the contention that"),
  the court rejects it there or in the next two sentences ("is without merit", "This argument
  lacks force", "We disagree"), the claim states it with the same polarity as a holding, and
  no sentence in the court's own voice covers the claim nearly as well without contradicting it.
* ``dicta_as_holding`` (a question left open sold as decided): the best sentence leaves the
  claim's words undecided ("we need not consider whether", "we express no view on", "we
  doubt that"), the brief says the court held it, and no sentence in the court's own voice
  covers the claim nearly as well.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.core.checking.alignment import Lowered, Statement, align, stems, stems_of
from citeproof.core.checking.misrep import Hit
from citeproof.core.checking.roles import Role
from citeproof.core.checking.signatures import signature, weak_negations, words_of
from citeproof.core.checking.word_index import WordIndex

MIN_COVERAGE = 0.22  # of the claim's weighted content words the paraphrased sentence must hold
MARGIN = 0.08  # how much better it must cover the claim than any sentence in the court's voice
# A contention sharing fewer of the claim's words is about something else, however short and
# generic the claim ("We review questions of law de novo" against a party's argument that the
# issues "are questions of law"): coverage alone rates two shared words of five highly.
MIN_SHARED = 3

_NOT_THE_COURTS = Role.REPORTED | Role.SEPARATE | Role.NOTE | Role.DICTA | Role.HISTORY
_CONTENTION = re.compile(
    r"\b(?P<who>[\w'’-]+(?:\s+[\w'’-]+){0,3})\s+(?:(?:also|further|now|next|first|then|essentially|"
    r"nevertheless|however|,)\s+)*(?:argues?|argued|contends?|contended|asserts?|asserted|insists?|insisted|"
    r"urges?|urged|maintains?|maintained|submits?|claims?|claimed|states?|stated|suggests?|suggested|"
    r"posits?)\s+(?:,\s*)?that\b|\bit (?:is|was) (?:argued|contended|urged|asserted|insisted|suggested)\b|"
    r"\b(?:contention|argument|assertion|proposition|insistence|reliance on)\b(?:\s+\S+){0,12}?\s+that\b|"
    r"\baccording to (?:the )?(?:plaintiffs?|defendants?|appellants?|appellees?|petitioners?|respondents?)\b"
)
_COURT_SPEAKS = re.compile(
    r"\b(?:we|i|court|courts|judge|justice|jury|panel|majority|legislature|statute|section|rule|act|code|this)\b"
)
_NOT_A_SPEAKER = frozenset(  # "on a claim that" is no one's contention
    {
        "a",
        "an",
        "the",
        "on",
        "of",
        "for",
        "to",
        "in",
        "by",
        "this",
        "that",
        "his",
        "her",
        "its",
        "their",
        "any",
    }
)
_REJECTED = re.compile(
    r"\b(?:without|no|lacks?|lacking in) (?:merit|force|support|basis)\b|\bmeritless\b|\bmisplaced\b|"
    r"\bunsound\b|\bnot sound\b|\bnot well[- ]taken\b|\bdoes not (?:at all )?follow\b|"
    r"\bwe (?:disagree|reject|cannot agree|do not agree|are not persuaded|are unpersuaded|cannot accept)\b|"
    r"\b(?:is|are|was|were) (?:unpersuasive|not persuasive|untenable|unavailing|fallacious|not the law)\b|"
    r"\bwe overrule\b|\bcannot be sustained\b|\bwe find no merit\b"
)
_AGREED = re.compile(r"\bwe agree\b|\bis well[- ]taken\b|\bhas merit\b|\bis correct\b|\bwe are persuaded\b")
_UNDECIDED = re.compile(
    r"\bneed (?:not|venture no)\b[^.;]{0,30}?\b(?:decide|reach|address|determine|consider|resolve|rule|"
    r"opinion|pass)\b|\b(?:unnecessary|not necessary) (?:for us )?to (?:decide|consider|reach|address|"
    r"determine|pass|resolve)\b|\bexpress(?:es)? no (?:view|opinion)\b|\bwithout deciding\b|\barguendo\b|"
    r"\bwe (?:do not|did not|need not) (?:decide|reach|pass on)\b|\bleave (?:open|for another day)\b|"
    r"\bwe doubt\b|\bis not before us\b"
)
# A claim that itself reports an argument, a rejection or an open question is not sold as held.
_CLAIM_REPORTS = re.compile(
    r"\b(?:argu\w*|contend\w*|contention|assert\w*|urg(?:ed|es|ing)|insist\w*|claimed|reject\w*|declin\w*|"
    r"refus(?:ed|ing)|disagree\w*|unpersua\w*|sought|asked|left open|open question|did not (?:decide|reach|"
    r"resolve|address)|without deciding|no view|assum\w*|arguendo|suggest\w*|dict(?:a|um)|doubt\w*|"
    r"reserved|unnecessary|need not)\b"
)
QUOTED = re.compile(r"[“\"][^”\"]{40,}[”\"]")  # a claim quoting the opinion at length is not paraphrasing it
_CLAIM_OPEN = re.compile(r"\b(?:whether|if|may|might|could|perhaps|possibly|arguably)\b")


@dataclass(frozen=True, slots=True)
class Opinionated:
    """What the rules read of an opinion: its sentence texts (lower-cased), roles and index."""

    sentences: Lowered
    roles: Sequence[int]
    index: WordIndex
    spans: Sequence[tuple[int, int]]


def _negations(text: str, other: frozenset[str]) -> int:
    return signature(text)[1] + weak_negations(tuple(words_of(text)), other)


def _opposite(claim: str, sentence: str) -> bool:
    """Plainly opposite in polarity: one side affirmative, the other negated an odd number of times."""
    c = _negations(claim, signature(sentence)[0])
    n = _negations(sentence, signature(claim)[0])
    return min(n, c) == 0 and (n + c) % 2 == 1


def _strongly_opposite(claim: str, sentence: str) -> bool:
    """Opposite by plain negations alone ("not", "no", "never"; antonyms folded)."""
    c, n = signature(claim)[1], signature(sentence)[1]
    return min(n, c) == 0 and (n + c) % 2 == 1


def best_sentences(
    claim: frozenset[str], index: WordIndex, written: frozenset[str] = frozenset()
) -> list[tuple[float, int]]:
    """``(coverage, sentence)`` of the claim's best single sentences, best first."""
    return [(w.coverage, w.first) for w in align(claim, index, 12, written, pairs=False)]


def _contention(low: str) -> bool:
    m = _CONTENTION.search(low)
    if m is None:
        return False
    who = (m.group("who") or "").split()
    return not (who and (_COURT_SPEAKS.search(" ".join(who)) or who[-1] in _NOT_A_SPEAKER))


def _rejected(o: Opinionated, number: int) -> int | None:
    """The sentence in which the court rejects the contention: this one or one of the next two
    saying so ("This argument lacks force"), or stating its opposite in the court's own voice
    ("a carrier is not estopped ..."); or the one before, when it overrules the point."""
    if number > 0 and re.search(r"\bwe overrule\b|\b(?:is|are) overruled\b", o.sentences[number - 1]):
        return number - 1
    contention = stems_of(o.index, number)
    for n in range(number, min(number + 3, len(o.sentences))):
        if _AGREED.search(o.sentences[n]):
            return None
        if _REJECTED.search(o.sentences[n]):
            return n
        voiced = n > number and not Role(o.roles[n]) & _NOT_THE_COURTS and not _contention(o.sentences[n])
        if (
            voiced
            and len(contention & stems_of(o.index, n)) >= 3
            and _opposite(o.sentences[number], o.sentences[n])
        ):
            return n
    return None


def _clear_best(
    singles: list[tuple[float, int]], text: str, o: Opinionated, candidate: int, allowed: set[int]
) -> float | None:
    """The candidate's coverage when it is the claim's clear best sentence: at least
    ``MIN_COVERAGE``, and every sentence in the court's voice (not ``allowed``) covering within
    ``MARGIN`` of it contradicts the claim."""
    mine = next((cov for cov, n in singles if n == candidate), 0.0)
    if mine < MIN_COVERAGE:
        return None
    for cov, n in singles:
        if n == candidate or n in allowed or cov < mine - MARGIN:
            continue
        if (
            Role(o.roles[n]) & _NOT_THE_COURTS
            or _contention(o.sentences[n])
            or _UNDECIDED.search(o.sentences[n])
        ):
            continue
        if not _opposite(text, o.sentences[n]):
            return None
    return mine


def contention_rule(statement: Statement, o: Opinionated, best: list[tuple[float, int]]) -> Hit | None:
    """A party's contention, which the court rejects, presented as what the court held."""
    text = statement.proposition
    said = f"{statement.attribution} {statement.verb} {text}".lower()
    if _CLAIM_REPORTS.search(said) or QUOTED.search(text):
        return None
    if not best:
        return None
    number = best[0][1]
    if not _contention(o.sentences[number]) or Role(o.roles[number]) & (Role.SEPARATE | Role.NOTE):
        return None
    if len(stems(text) & stems_of(o.index, number)) < MIN_SHARED:
        return None
    rejected = _rejected(o, number)
    if rejected is None or _strongly_opposite(text, o.sentences[number]):
        return None
    if (
        _clear_best(best, text, o, number, set(range(min(number, rejected), max(number, rejected) + 1)))
        is None
    ):
        return None
    spans = (
        (o.spans[number],) if rejected == number else tuple(o.spans[n] for n in sorted({number, rejected}))
    )
    return Hit("rejecting_frame", "the opinion reports this as a party's contention and rejects it", spans)


def undecided_rule(statement: Statement, o: Opinionated, best: list[tuple[float, int]]) -> Hit | None:
    """A question the opinion leaves undecided, presented as what the court held."""
    text = statement.proposition
    said = f"{statement.attribution} {text}".lower()
    if not statement.asserted_as_held or _CLAIM_REPORTS.search(said) or _CLAIM_OPEN.search(said):
        return None
    if QUOTED.search(text):
        return None
    if not best:
        return None
    number = best[0][1]
    m = _UNDECIDED.search(o.sentences[number])
    if m is None or Role(o.roles[number]) & (Role.SEPARATE | Role.NOTE | Role.REPORTED):
        return None
    claim, scope = stems(text), stems(o.sentences[number][m.start() :])
    if len(claim & scope) < 0.8 * len(claim & stems_of(o.index, number)):
        return None  # the claim's words lie outside what the sentence leaves open
    if _clear_best(best, text, o, number, {number}) is None:
        return None
    return Hit(
        "dicta_as_holding",
        f'the opinion leaves this undecided ("{m.group(0)}"); the brief presents it as held',
        (o.spans[number],),
    )

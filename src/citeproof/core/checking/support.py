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

import bisect
import re

from citeproof.core.checking.signatures import opinion_sentences, signature, signed_sentences
from citeproof.core.models import (
    Citation,
    Confidence,
    ErrorKind,
    Finding,
    Opinion,
    Outcome,
    Reason,
    Span,
)
from citeproof.core.text.context import QUOTATION
from citeproof.core.text.excerpt import excerpt

MIN_CONTENT_WORDS = 4
OVERLAP = 0.7


def _opposite(negations: int, claim_negations: int) -> bool:
    """Opposite polarity, judged only when one side is plainly affirmative (no negation)."""
    return (negations + claim_negations) % 2 == 1 and min(negations, claim_negations) == 0


MIN_CITE_CHARS = 8


def citing_sentences(c: Citation, opinion: Opinion) -> frozenset[int]:
    """Starts of the opinion sentences that carry this very citation, and of the sentence
    before each: when the document cites the opinion from inside it (a dissent citing its
    own majority), that is the citing passage, not the holding."""
    cite = " ".join((c.text or "").split())
    text = opinion.text
    if len(cite) < MIN_CITE_CHARS or not re.search(r"\d", cite) or any(w not in text for w in cite.split()):
        return frozenset()  # the last test, cheap, spares compiling a pattern per citation
    starts = [s for s, _ in opinion_sentences(opinion)]
    found: set[int] = set()
    for m in re.finditer(re.escape(cite).replace(r"\ ", r"\s+"), text):
        index = max(0, bisect.bisect_right(starts, m.start()) - 1)
        found.update(starts[max(0, index - 1) : index + 1])
    return frozenset(found)


def _claims(c: Citation) -> list[tuple[str, Span | None]]:
    """What the citation is offered for: its explanatory parenthetical, then its proposition."""
    out: list[tuple[str, Span | None]] = []
    if c.parenthetical:
        out.append((c.parenthetical, c.parenthetical_span))
    if c.proposition:
        out.append((c.proposition, c.proposition_span))
    return out


def check_support(c: Citation, opinion: Opinion | None) -> Finding:
    claims = _claims(c)
    if not claims:
        return _unknown("no proposition found", Reason.NOT_CHECKED)
    if opinion is None:
        return _unknown("no opinion text", Reason.NO_TEXT)
    findings = [_check_claim(c, claim, span, opinion) for claim, span in claims]
    failed = next((f for f in findings if f.outcome is Outcome.FAIL), None)
    if failed is not None:
        return failed
    agreed = next((f for f in findings if f.explanation.startswith("a passage")), None)
    return agreed or findings[-1]


def _unknown(explanation: str, reason: Reason) -> Finding:
    return Finding(
        kind=ErrorKind.MISREPRESENTATION, outcome=Outcome.UNKNOWN, explanation=explanation, reason=reason
    )


def _negations_said(sentence: str, negations: int, proposition_words: frozenset[str]) -> int:
    """The sentence's negations, less those inside a quotation that shares no content word
    with the proposition: what an opinion reports a witness or a party saying about
    something else is not what it says of the proposition."""
    for m in QUOTATION.finditer(sentence):
        words, quoted = signature(m.group(1))
        if quoted and not words & proposition_words:
            negations -= quoted
    return negations


def _check_claim(c: Citation, proposition: str, span: Span | None, opinion: Opinion) -> Finding:
    # Content words come from the brief's own words; negations are counted over the whole
    # proposition, quotations included, as they are over the whole opinion sentence: a "not"
    # inside a quotation stands on both sides or on neither; except in an opinion's quotation
    # that shares no word with the proposition (`_negations_said`).
    claim = signature(QUOTATION.sub(" ", proposition))[0] - signature(c.case_name or "")[0]
    said, claim_negations = signature(proposition)
    if len(claim) < MIN_CONTENT_WORDS:
        return _unknown("proposition too short to compare offline", Reason.NOT_CHECKED)
    citing = citing_sentences(c, opinion)
    close: list[tuple[str, int, int]] = []
    text = opinion.text
    shared = next(n for n in range(len(claim) + 1) if n / len(claim) >= OVERLAP)  # words at least
    for offset, end, words, negations, _ in signed_sentences(opinion):
        if len(claim & words) >= shared and offset not in citing:
            sentence = text[offset:end]
            close.append((sentence.strip(), offset, _negations_said(sentence, negations, said)))
    if close and all(_opposite(n, claim_negations) for _, _, n in close):
        sentence, offset, _ = close[0]
        page = next((opinion.page_at(offset, r) for r in opinion.reporters()), None)
        where = f" (page {page})" if page else ""
        return Finding(
            kind=ErrorKind.MISREPRESENTATION,
            outcome=Outcome.FAIL,
            explanation="the opinion states the opposite of the proposition",
            fragment=proposition,
            span=span,
            evidence=f'the opinion says{where}: "{excerpt(sentence, 300)}"',
            confidence=Confidence.NEGATED,
        )
    return _unknown(
        "support not decided offline"
        if not close
        else "a passage of the opinion agrees with the proposition",
        Reason.NOT_CHECKED,
    )

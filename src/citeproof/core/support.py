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
from collections.abc import Sequence

from citeproof.core.context import Sentences
from citeproof.core.memo import per_opinion
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

# "without" is left out: "within and without Wisconsin" is no negation, and a claim is
# rarely reversed by it.
_NEGATIONS = {"not", "no", "never", "cannot", "neither", "nor", "n't", "none"}
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


_WORD = re.compile(r"[a-z]+n't|[a-z]+")  # "don't" is one negating word
_NEGATING = frozenset(_NEGATIONS) | frozenset(ANTONYMS)
_CONTENT_OF: dict[str, str] = {}  # word -> its content word ("" for none), filled as words are met
_NEGATING_SEEN: set[str] = set()  # the negating words among them
_CONTENT_OF_MAX = 500_000  # words; the tables only ever grow, so threads read them safely


def _content_word(word: str) -> str:
    if word.endswith("n't"):  # "doesn't": a negation, and "does" as "does not" would give
        return _content_word(word[:-3])
    if word in _NEGATIONS:
        return ""
    base = ANTONYMS.get(word, word)
    return base if base not in _STOP and len(base) > 2 else ""


def words_of(text: str) -> list[str]:
    """The lower-case words of ``text`` (``_WORD``: "doesn't" is one word)."""
    return _WORD.findall(text.lower().replace("’", "'"))


def _signature(text: str) -> tuple[frozenset[str], int]:
    """Content words (antonyms folded to their base) and the number of negations."""
    return _signature_of(_WORD.findall(_NOT_NEGATING.sub(" ", text.lower()).replace("’", "'")))


def _signature_of(words: Sequence[str]) -> tuple[frozenset[str], int]:
    """``_signature`` of a text's words. An opinion has thousands of sentences to sign, so
    each distinct word is classified once per process (``_CONTENT_OF``, ``_NEGATING_SEEN``)
    and a sentence's words are mapped through those tables with set operations."""
    distinct = set(words)
    unseen = distinct.difference(_CONTENT_OF)
    seen = distinct - unseen
    content = set(map(_CONTENT_OF.__getitem__, seen))
    negating = seen & _NEGATING_SEEN
    if unseen:
        classified = {w: _content_word(w) for w in unseen}
        new_negating = {w for w in unseen if w in _NEGATING or w.endswith("n't")}
        content.update(classified.values())
        negating |= new_negating
        if len(_CONTENT_OF) < _CONTENT_OF_MAX:  # negations first: a word in _CONTENT_OF is complete
            _NEGATING_SEEN.update(new_negating)
            _CONTENT_OF.update(classified)
    content.discard("")
    return frozenset(content), sum(words.count(w) for w in negating)


def _opposite(negations: int, claim_negations: int) -> bool:
    """Opposite polarity, judged only when one side is plainly affirmative (no negation)."""
    return (negations + claim_negations) % 2 == 1 and min(negations, claim_negations) == 0


def opinion_sentences(opinion: Opinion) -> tuple[tuple[int, int], ...]:
    """``(start, end)`` of each sentence of an opinion (shared with the pin-page check): as
    split when the library was built, else now, by the same splitter."""
    return opinion.sentences if opinion.sentences is not None else split_sentences(opinion.text)


@per_opinion
def split_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """The document's own splitter, which keeps "Plessy v. Ferguson", "U. S." and "554.006" whole."""
    return tuple(Sentences(text).spans)


@per_opinion
def sentence_words(opinion: Opinion) -> tuple[tuple[str, ...], ...]:
    """The lower-case words (``_WORD``) of each sentence, for the support and pin checks: read
    from the opinion lower-cased once, unless lower-casing changes its length."""
    text, spans = opinion.text, opinion_sentences(opinion)
    lowered = text.lower().replace("’", "'")
    if len(lowered) != len(text):
        return tuple(tuple(_WORD.findall(text[s:e].lower().replace("’", "'"))) for s, e in spans)
    return tuple(tuple(_WORD.findall(lowered, s, e)) for s, e in spans)


_NOT_NEGATING_WORDS = ("not only", "not merely", "not just", "no doubt", "nothing but")


@per_opinion
def _signed_sentences(opinion: Opinion) -> tuple[tuple[str, int, frozenset[str], int], ...]:
    """Each sentence with its offset, content words and negation count, once per opinion."""
    text, signed = opinion.text, []
    spans = opinion_sentences(opinion)
    phrased = _sentences_with_phrase(text, spans)  # "not only" changes the words: sign them whole
    for number, ((start, end), words) in enumerate(zip(spans, sentence_words(opinion), strict=True)):
        sentence = text[start:end]
        signed.append(
            (sentence, start, *(_signature(sentence) if number in phrased else _signature_of(words)))
        )
    return tuple(signed)


def _sentences_with_phrase(text: str, spans: Sequence[tuple[int, int]]) -> set[int]:
    """The numbers of the sentences whose lower-cased text holds a ``_NOT_NEGATING_WORDS``
    phrase: found once in the whole opinion (a few hits) instead of sentence by sentence."""
    lowered = text.lower()
    if len(lowered) != len(text):  # lower-casing moved offsets: test each sentence
        return {
            n for n, (s, e) in enumerate(spans) if any(p in text[s:e].lower() for p in _NOT_NEGATING_WORDS)
        }
    starts = [s for s, _ in spans]
    found: set[int] = set()
    for phrase in _NOT_NEGATING_WORDS:
        at = lowered.find(phrase)
        while at >= 0:
            number = bisect.bisect_right(starts, at) - 1
            for n in range(max(number, 0), len(spans)):  # every sentence the phrase lies wholly in
                s, e = spans[n]
                if s > at:
                    break
                if at + len(phrase) <= e:
                    found.add(n)
            at = lowered.find(phrase, at + 1)
    return found


_QUOTATION = re.compile(r"[“\"]([^”\"]*)[”\"]")
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
    for m in _QUOTATION.finditer(sentence):
        words, quoted = _signature(m.group(1))
        if quoted and not words & proposition_words:
            negations -= quoted
    return negations


def _check_claim(c: Citation, proposition: str, span: Span | None, opinion: Opinion) -> Finding:
    # Content words come from the brief's own words; negations are counted over the whole
    # proposition, quotations included, as they are over the whole opinion sentence: a "not"
    # inside a quotation stands on both sides or on neither; except in an opinion's quotation
    # that shares no word with the proposition (`_negations_said`).
    claim = _signature(_QUOTATION.sub(" ", proposition))[0] - _signature(c.case_name or "")[0]
    said, claim_negations = _signature(proposition)
    if len(claim) < MIN_CONTENT_WORDS:
        return _unknown("proposition too short to compare offline", Reason.NOT_CHECKED)
    citing = citing_sentences(c, opinion)
    close: list[tuple[str, int, int]] = []
    for sentence, offset, words, negations in _signed_sentences(opinion):
        if offset not in citing and len(claim & words) / len(claim) >= OVERLAP:
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
            evidence=f'the opinion says{where}: "{sentence[:300]}"',
            confidence=Confidence.NEGATED,
        )
    return _unknown(
        "support not decided offline"
        if not close
        else "a passage of the opinion agrees with the proposition",
        Reason.NOT_CHECKED,
    )

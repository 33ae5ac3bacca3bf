"""Where an opinion states a proposition: a pin page check for citations without a quote.

Offline, a paraphrase cannot be located reliably, so this finds only a proposition
that repeats an opinion sentence nearly word for word (at least 80% of the claim's
content words, making up at least 60% of the sentence's). When every such sentence is
printed on pages other than the pin, the pin is wrong; otherwise nothing is decided.
"""

from __future__ import annotations

from citeproof.core.checking.signatures import long_words, signed_sentences, words_of
from citeproof.core.checking.support import citing_sentences
from citeproof.core.models import Citation, Confidence, ErrorKind, Finding, Opinion, Outcome
from citeproof.core.text.context import QUOTATION
from citeproof.core.text.excerpt import excerpt

MIN_WORDS = 6
CLAIM_COVERED = 0.8
SENTENCE_COVERED = 0.6


def _content(text: str) -> frozenset[str]:
    """Words of four letters or more, read as the opinion's sentences are (``words_of``)."""
    return long_words(words_of(text))


def proposition_pages(c: Citation, opinion: Opinion) -> tuple[set[int], str] | None:
    """Pages of ``c.reporter`` printing the proposition nearly verbatim, and one such sentence."""
    if not c.proposition or not c.reporter:
        return None
    claim = _content(QUOTATION.sub(" ", c.proposition))
    claim -= _content(c.case_name or "")
    if len(claim) < MIN_WORDS:
        return None
    pages: set[int] = set()
    example = ""
    citing = citing_sentences(c, opinion)
    for start, end, _, _, words in signed_sentences(opinion):
        if start in citing:
            continue  # the citing passage itself, when the document is inside the opinion
        shared = len(claim & words)
        if shared >= CLAIM_COVERED * len(claim) and shared >= SENTENCE_COVERED * len(words):
            first = opinion.page_at(start, c.reporter)
            last = opinion.page_at(max(start, end - 1), c.reporter)
            if first is None or last is None:
                return None
            pages.update(range(first, last + 1))
            example = example or opinion.text[start:end].strip()
    return (pages, example) if pages else None


def check_proposition_pin(c: Citation, opinion: Opinion | None) -> Finding | None:
    """``wrong_pincite`` when the proposition is printed, but never on the pin page."""
    if opinion is None or not c.pin_pages or c.quotes or not opinion.breaks_for(c.reporter or ""):
        return None
    found = proposition_pages(c, opinion)
    if found is None or any(p in found[0] for p in c.pin_pages):
        return None
    where = ", ".join(str(p) for p in sorted(found[0]))
    said = excerpt(found[1], 200)
    return Finding(
        kind=ErrorKind.WRONG_PINCITE,
        outcome=Outcome.FAIL,
        explanation=f"the proposition is not on page {c.pin_text}",
        fragment=c.text,
        span=c.span,
        evidence=f'the opinion says it on page {where} of {c.volume} {c.reporter}: "{said}"',
        confidence=Confidence.PRINTED_ELSEWHERE,
    )

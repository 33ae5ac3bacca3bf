"""What each opinion sentence says, in words: its lower-case words, its content words
(antonyms folded to their base) and its number of negations, and its long words for the
pin-page check. Read once per opinion in a check, or, for a library's own opinions, once
at build time (`pack_prepared`): the check then only unpacks them.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import zlib
from collections.abc import Iterable, Sequence

from citeproof.core.checking.memo import per_opinion
from citeproof.core.models import Opinion
from citeproof.core.text.context import Sentences

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
    # negation by other means, so that an honest paraphrase reads as the opinion does
    # ("not objectionable" is "permissible", "lacks merit" is "meritless")
    "objectionable": "permissible",
    "erroneous": "correct",
    "unable": "able",
    "inadequate": "adequate",
    "unavailable": "available",
    "untimely": "timely",
    "unsupported": "supported",
    "unwarranted": "warranted",
    "unjustified": "justified",
    "unambiguous": "ambiguous",
    "meritless": "merit",
}
# Words that negate only what follows them ("without a hearing", "fails to state a claim",
# "absent exigent circumstances"): counted on either side only when a word they govern is
# shared with the other side (`weak_negations`), so a condition one side leaves out is not
# read as a reversal.
WEAK_NEGATIONS = frozenset(
    {
        "without",
        "absent",
        "absence",
        "lack",
        "lacks",
        "lacked",
        "lacking",
        "fail",
        "fails",
        "failed",
        "failing",
        "failure",
    }
)
_GOVERNED = 2  # content words a weak negation governs
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
    "do",
    "does",
    "did",
}
_NOT_NEGATING_WORDS = ("not only", "not merely", "not just", "no doubt", "nothing but", "whether or not")
_NOT_NEGATING = re.compile(rf"\b(?:{'|'.join(_NOT_NEGATING_WORDS)})\b")  # letters and spaces only


_WORD = re.compile(r"[a-z]+n't|[a-z]+")  # "don't" is one negating word
_NEGATING = frozenset(_NEGATIONS) | frozenset(ANTONYMS)
_CONTENT_OF: dict[str, str] = {}  # word -> its content word ("" for none), filled as words are met
_NEGATING_SEEN: set[str] = set()  # the negating words among them
_CONTENT_OF_MAX = 500_000  # words; the tables only ever grow, so threads read them safely


def _content_word(word: str) -> str:
    if word.endswith("n't"):  # "doesn't": a negation, and "does" as "does not" would give
        return _content_word(word[:-3])
    if word in _NEGATIONS or word in WEAK_NEGATIONS:
        return ""
    base = ANTONYMS.get(word, word)
    return base if base not in _STOP and len(base) > 2 else ""


def weak_negations(words: Sequence[str], other: frozenset[str]) -> int:
    """How many of ``words``' weak negations govern a content word found in ``other``."""
    count = 0
    for i, word in enumerate(words):
        if word not in WEAK_NEGATIONS:
            continue
        governed = [c for w in words[i + 1 : i + 8] if (c := _content_word(w))][:_GOVERNED]
        count += any(c in other or _inflected_in(c, other) for c in governed)
    return count


_STEM = 5  # letters two forms of one word share ("raise", "raised", "raising")


def _inflected_in(word: str, other: frozenset[str]) -> bool:
    """``word`` is in ``other`` in another inflection: "failed to raise" governs "raised"."""
    if len(word) < _STEM:
        return False
    head = word[:_STEM]
    return any(o.startswith(head) and abs(len(o) - len(word)) <= 3 for o in other)


def negating(word: str) -> bool:
    """Whether one word (``words_of``) negates: a negation, an antonym or a weak negation."""
    return word in _NEGATING or word in WEAK_NEGATIONS or word.endswith("n't")


def words_of(text: str) -> list[str]:
    """The lower-case words of ``text`` (``_WORD``: "doesn't" is one word)."""
    return _WORD.findall(text.lower().replace("’", "'"))


def signature(text: str) -> tuple[frozenset[str], int]:
    """Content words (antonyms folded to their base) and the number of negations."""
    return _signature_of(_WORD.findall(_NOT_NEGATING.sub(" ", text.lower()).replace("’", "'")))


def _signature_of(words: Sequence[str]) -> tuple[frozenset[str], int]:
    """``signature`` of a text's words. An opinion has thousands of sentences to sign, so
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


def sign_sentence(text: str, start: int, end: int) -> tuple[frozenset[str], int]:
    """One sentence's content words and negations, read as `signed_sentences` reads every
    sentence (for a rule that needs a few sentences of an opinion, not all of them)."""
    sentence = text[start:end]
    low = sentence.lower()
    if any(phrase in low for phrase in _NOT_NEGATING_WORDS):  # "not only" changes the words
        return signature(sentence)
    return _signature_of(_WORD.findall(low.replace("’", "'")))


def opinion_sentences(opinion: Opinion) -> tuple[tuple[int, int], ...]:
    """``(start, end)`` of each sentence of an opinion (shared with the pin-page check): as
    split when the library was built, else now, by the same splitter."""
    return opinion.sentences if opinion.sentences is not None else split_sentences(opinion.text)


@per_opinion
def split_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """The document's own splitter, which keeps "Plessy v. Ferguson", "U. S." and "554.006" whole."""
    return tuple(Sentences(text).spans)


def sentence_words(opinion: Opinion) -> tuple[tuple[str, ...], ...]:
    """The lower-case words (``_WORD``) of each sentence: read from the opinion lower-cased
    once, unless lower-casing changes its length."""
    text, spans = opinion.text, opinion_sentences(opinion)
    lowered = text.lower().replace("’", "'")
    if len(lowered) != len(text):
        return tuple(tuple(_WORD.findall(text[s:e].lower().replace("’", "'"))) for s, e in spans)
    return tuple(tuple(_WORD.findall(lowered, s, e)) for s, e in spans)


def long_words(words: Iterable[str]) -> frozenset[str]:
    """The words the pin-page check compares: ``LONG_WORD`` letters or more."""
    return frozenset(w for w in words if len(w) >= LONG_WORD)


LONG_WORD = 4
Signed = tuple[int, int, frozenset[str], int, frozenset[str]]
_RULES = 1  # bump when the reading of words changes in a way the tables below do not show
PREPARED_KEY = hashlib.sha256(
    repr(
        (
            _RULES,
            _WORD.pattern,
            _NOT_NEGATING.pattern,
            _NOT_NEGATING_WORDS,
            sorted(_NEGATIONS),
            sorted(ANTONYMS.items()),
            sorted(WEAK_NEGATIONS),
            sorted(_STOP),
            LONG_WORD,
        )
    ).encode()
).hexdigest()[:16]  # what a library's prepared words were read under (`pack_prepared`)


@per_opinion
def signed_sentences(opinion: Opinion) -> tuple[Signed, ...]:
    """Each sentence's ``(start, end, content words, negations, long words)``, once per
    opinion: unpacked from what the library prepared at build time, else read now."""
    prepared = _unpack(opinion)
    return prepared if prepared is not None else _sign(opinion)


def _sign(opinion: Opinion) -> tuple[Signed, ...]:
    """``signed_sentences`` read from the opinion's text (as at library build)."""
    text, signed = opinion.text, []
    spans = opinion_sentences(opinion)
    phrased = _sentences_with_phrase(text, spans)  # "not only" changes the words: sign them whole
    for number, ((start, end), words) in enumerate(zip(spans, sentence_words(opinion), strict=True)):
        content, negations = signature(text[start:end]) if number in phrased else _signature_of(words)
        signed.append((start, end, content, negations, long_words(set(words))))
    return tuple(signed)


def sign_sentences(opinion: Opinion) -> tuple[Signed, ...]:
    """``signed_sentences`` read from the opinion's text now, whatever was stored (library build)."""
    return _sign(opinion)


def pack_prepared(signed: Sequence[Signed]) -> bytes:
    """An opinion's signed sentences (`sign_sentences`) as a library keeps them: a line per
    sentence of ``negations<TAB>content words<TAB>long words``, compressed; read under
    ``PREPARED_KEY``."""
    lines = (
        f"{negations}\t{' '.join(sorted(content))}\t{' '.join(sorted(long))}"
        for _, _, content, negations, long in signed
    )
    return zlib.compress("\n".join(lines).encode())


def _unpack(opinion: Opinion) -> tuple[Signed, ...] | None:
    """``opinion.prepared`` for its stored ``sentences``; None when either is missing or
    they do not fit together (the sentences are then signed now)."""
    spans = opinion.sentences
    if opinion.prepared is None or spans is None:
        return None
    try:
        lines = zlib.decompress(opinion.prepared).decode().split("\n")
        if len(lines) != len(spans):
            return None
        signed = []
        for (start, end), line in zip(spans, lines, strict=True):
            negations, content, long = line.split("\t")
            signed.append((start, end, frozenset(content.split()), int(negations), frozenset(long.split())))
    except (zlib.error, UnicodeDecodeError, ValueError):
        return None
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

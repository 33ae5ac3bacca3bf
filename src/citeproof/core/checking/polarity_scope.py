"""Which negations bear on what a claim says: the scope of the polarity rule.

A negation reverses only the words it governs. Three readings keep a negation the claim never
touched from turning a faithful claim into "the opposite":

* `repeats_fragment`: a claim whose words are a contiguous run of the sentence's (case and
  punctuation aside, its attribution "holding that" left out) repeats the court; a negation of
  the sentence outside that run counts only when it governs the run (no phrase break between).
* `scoped_negations`: a plain negation ("not", "no", "never") counts only when one of the
  content words it governs (the next two in its phrase) is shared with the other side; an
  antonym ("invalid", "unlawful") only when its base is ("valid", "lawful").
* `negates_contrary`: "no evidence to the contrary" denies the opposite of something unnamed;
  whether that agrees with the other side cannot be told from the words.
* `negated_report`: "we have never held that X", "nothing suggests that X" deny a holding or
  a suggestion, not X: its polarity towards X cannot be told from the words; against a report
  of that very holding ("courts have held that X", `affirmed_report`) it is the opposite, which
  the words that differ between the two, closely aligned, show.
* `citation_run`: a "sentence" whose words lie mostly in the parentheticals of a string of
  citations reports what other sources say; it is not the court's own statement.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher
from functools import lru_cache

from citeproof.core.checking.signatures import (
    _NEGATIONS,
    _NOT_NEGATING,
    ANTONYMS,
    negating,
    signature,
)

# Words, and the marks that end the phrase a negation governs ("not connected with his
# practice, organized ...": the comma; a full stop, even of "v.", to be safe); a contrast ends
# it too ("not produced by X but rather ...").
_TOKEN = re.compile(r"[a-z]+n't|[a-z]+|[.?!,;:()\[\]\"“”]")
_PHRASE_END = frozenset({".", "?", "!", ",", ";", ":", "(", ")", "[", "]", '"', "“", "”", "but", "rather"})
_CONTRARY = frozenset({"contrary", "otherwise"})
GOVERNED = 2  # content words a plain negation governs
_WINDOW = 7  # words it may reach over ("did not in any event require notice")


def _tokens(text: str, *, phrases_only: bool = False) -> list[str]:
    low = text.lower().replace("’", "'")
    return _TOKEN.findall(_NOT_NEGATING.sub(" ", low) if phrases_only else low)


@lru_cache(maxsize=65536)
def _content(word: str) -> str:
    return next(iter(signature(word)[0]), "")


def _plain(word: str) -> bool:
    return word in _NEGATIONS or word.endswith("n't")


def _governed(tokens: Sequence[str], at: int) -> list[str]:
    """The words of the phrase the negation at ``at`` governs (up to ``_WINDOW``)."""
    out: list[str] = []
    for token in tokens[at + 1 : at + 1 + _WINDOW]:
        if token in _PHRASE_END:
            break
        out.append(token)
    return out


def negates_contrary(text: str) -> bool:
    """A plain negation of a contrary ("no evidence to the contrary", "nothing suggests
    otherwise"): it denies the opposite of something unnamed, so its polarity towards the
    words it shares with the other side cannot be told."""
    tokens = _tokens(text, phrases_only=True)
    return any(_plain(t) and _CONTRARY & set(_governed(tokens, i)) for i, t in enumerate(tokens))


def scoped_negations(text: str, other: frozenset[str]) -> int:
    """Plain negations and antonyms of ``text`` that govern a content word of ``other``
    (weak negations, "without", "fails to", are counted by `signatures.weak_negations`)."""
    tokens = _tokens(text, phrases_only=True)
    count = 0
    for i, token in enumerate(tokens):
        if _plain(token):
            governed = [c for w in _governed(tokens, i) if (c := _content(w))][:GOVERNED]
            count += any(c in other for c in governed)
        elif token in ANTONYMS:
            count += ANTONYMS[token] in other
    return count


def repeats_fragment(claim: Sequence[str], sentence: str) -> bool:
    """The claim's words (``words_of``) are one contiguous run of the sentence's, but for
    words that neither carry content nor negate ("holding that"), and no negation of the
    sentence governs that run from before it in the same phrase."""
    tokens = _tokens(sentence)
    at = [i for i, t in enumerate(tokens) if t not in _PHRASE_END or t.isalpha()]
    words = [tokens[i] for i in at]
    m = SequenceMatcher(None, claim, words, autojunk=False).find_longest_match(0, len(claim), 0, len(words))
    if m.size == 0:
        return False
    outside = [*claim[: m.a], *claim[m.a + m.size :]]
    if any(negating(w) or _content(w) for w in outside):
        return False
    for token in reversed(tokens[: at[m.b]]):  # the phrase the run starts in, before it
        if token in _PHRASE_END:
            break
        if negating(token):
            return False
    return True


_NEGATED_REPORT = re.compile(
    r"\b(?:[Nn]ever|[Nn]ot|[Nn]owhere|[Nn]othing|[Nn]o one|[Nn]one of)\s+(?:\S+\s+){0,4}?"
    r"(?:held|hold|holds|holding|decided|decide|decides|said|say|says|suggested|suggest|suggests|stated|"
    r"state|states|ruled|rule|rules|concluded|conclude|concludes|addressed|address|recognized|recognize|"
    r"announced|adopted|intimated|implied|indicated|meant|mean|means)"
    # what may stand before "that": an aside ("held, however, that") or the case ("hold in Adams that")
    r"(?:\s*,[^,]{1,30},|\s+in\s+[A-Z][\w.'’-]*(?:\s+v\.\s+[A-Z][\w.'’-]*)?)?\s+(?:that|whether)\b"
)


def negated_report(text: str) -> bool:
    """A negated report of a holding or a suggestion ("We have never held, however, that X",
    "nothing in Smith suggests that X"): it denies that X was held, which neither asserts X
    nor its opposite."""
    return bool(_NEGATED_REPORT.search(" ".join(text.replace("n't", " not").split())))


_REPORT = re.compile(
    r"\b(?:held|holds|ruled|rules|decided|decides|concluded|concludes|recognized|recognizes|stated|"
    r"states|said|says|announced|adopted)(?:\s*,[^,]{1,30},)?\s+that\b"
)


def affirmed_report(text: str) -> bool:
    """A report, not negated, that a court held or said something ("courts have consistently
    held that X"): the claim "courts have not held that X" denies this very report."""
    plain = " ".join(text.replace("n't", " not").split())
    return bool(_REPORT.search(plain.lower())) and not _NEGATED_REPORT.search(plain)


_CITATION_MARK = re.compile(
    r"\bsupra\b|\bid\.|\bibid\b|\bat \d|§|\b\d+ [A-Z][A-Za-z.]*(?: ?[A-Z0-9][A-Za-z.]*){0,3} \d+"
)
CITATION_RUN = 0.5  # share of a sentence's words inside parentheticals that makes it a citation run


def citation_run(sentence: str) -> bool:
    """A string of citations, each with its parenthetical, holding most of the sentence's
    words ("Epstein, supra, at 270 (stating that ...); Richmond, supra, at 432 (...)"): a
    survey of what other sources say. A single "See X (proposition)" is the court relying on
    the proposition, and stays its statement."""
    depth, inside, total, outside = 0, 0, 0, []
    for m in re.finditer(r"[()]|[A-Za-z]+|[^()A-Za-z]+", sentence):
        piece = m.group()
        if piece == "(":
            depth += 1
        elif piece == ")":
            depth = max(depth - 1, 0)
        elif depth:
            inside += piece[0].isalpha()
        else:
            outside.append(piece)
        total += piece[0].isalpha()
    cites = sum(bool(_CITATION_MARK.search(part)) for part in "".join(outside).split(";"))
    return cites >= 2 and inside >= CITATION_RUN * total

"""A sentence of the opinion rewritten into its opposite: the claim keeps the court's sentence,
word for word and in order, apart from a few words, and those few reverse it.

* ``reworded_polarity``: a negation added or dropped where the rest of the sentence stands
  ("a reasonable fee may be ..." → "a sensible fee may not be ..."), even with some words
  swapped for others, so the claim shares too few of the sentence's words for `polarity`.
  A negation that replaces words ("not objectionable" for "permissible") reverses nothing
  that can be told from the words, so it is left alone.
* ``contrary_term``: one word swapped for its contrary, all else kept ("a marked decrease"
  → "a marked increase", "before" → "after", "granted" → "denied").

Either fires only when every sentence rewritten so is in the court's own voice and says the
opposite, and no other close sentence in the court's voice agrees with the claim.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import SequenceMatcher

from citeproof.core.checking.misrep import Claim, Hit, Near, frame_scope, relations
from citeproof.core.checking.signatures import ANTONYMS, negating

REWRITTEN = 0.8  # how closely the claim's words must follow the sentence's, in order

_CONTRARY_PAIRS = (
    ("increase", "decrease"),
    ("increased", "decreased"),
    ("increases", "decreases"),
    ("increasing", "decreasing"),
    ("more", "less"),
    ("greater", "lesser"),
    ("higher", "lower"),
    ("maximum", "minimum"),
    ("before", "after"),
    ("prior", "subsequent"),
    ("earlier", "later"),
    ("include", "exclude"),
    ("included", "excluded"),
    ("includes", "excludes"),
    ("inclusion", "exclusion"),
    ("accept", "reject"),
    ("accepted", "rejected"),
    ("grant", "deny"),
    ("granted", "denied"),
    ("grants", "denies"),
    ("granting", "denying"),
    ("broad", "narrow"),
    ("broadly", "narrowly"),
    ("broader", "narrower"),
    ("prospective", "retroactive"),
    ("prospectively", "retroactively"),
    ("subjective", "objective"),
    ("majority", "minority"),
    ("strengthen", "weaken"),
    ("strengthened", "weakened"),
    ("superior", "inferior"),
    ("expand", "restrict"),
    ("expanded", "restricted"),
)
CONTRARY = {**dict(_CONTRARY_PAIRS), **{b: a for a, b in _CONTRARY_PAIRS}}


_PLAIN = frozenset({"not", "no", "never", "cannot", "neither", "nor", "none"})


def _plain(word: str) -> bool:
    return word in _PLAIN or word.endswith("n't")


def _contrary(a: str, b: str) -> bool:
    return CONTRARY.get(a) == b or ANTONYMS.get(a) == b or ANTONYMS.get(b) == a


def _flips(sentence: Sequence[str], claim: Sequence[str]) -> tuple[int, int] | None:
    """``(negations, contraries)`` by which the claim's words differ from the sentence's:
    plain negations ("not", "never") added or dropped where nothing else changes, and words
    swapped one for one with their contrary. None when the two do not follow each other
    closely, or a negating word changes along with other words (what it reverses cannot be
    told: "not objectionable" for "permissible", "without prejudice" added)."""
    if 2 * min(len(sentence), len(claim)) < REWRITTEN * (len(sentence) + len(claim)):
        return None  # the lengths alone rule it out, before any matching
    matcher = SequenceMatcher(None, sentence, claim, autojunk=False)
    if matcher.quick_ratio() < REWRITTEN or matcher.ratio() < REWRITTEN:
        return None
    negations = contraries = 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        changed = (*sentence[i1:i2], *claim[j1:j2])
        if tag in ("insert", "delete") and all(map(_plain, changed)):
            negations += len(changed)
        elif tag == "replace" and i2 - i1 == j2 - j1:
            pairs = list(zip(sentence[i1:i2], claim[j1:j2], strict=True))
            swapped = [_contrary(a, b) for a, b in pairs]
            if any(negating(w) for (a, b), c in zip(pairs, swapped, strict=True) if not c for w in (a, b)):
                return None
            contraries += sum(swapped)
        elif tag != "equal" and any(map(negating, changed)):
            return None
    return negations, contraries


def rewrite_rules(
    claim: Claim, near: Sequence[Near], candidates: Sequence[Near], for_the_court: Callable[[Near], bool]
) -> Hit | None:
    """The claim is the opposite of a sentence it rewrites (``candidates``: the close sentences
    and the best aligned ones); ``for_the_court`` tells a sentence that speaks for the court."""
    if claim.framed or len(claim.words) < 6:
        return None
    rewritten: list[tuple[Near, tuple[int, int]]] = []
    for s in dict.fromkeys(candidates):
        flips = _flips(s.words, claim.words)
        if flips is not None:
            rewritten.append((s, flips))
    if not rewritten or not all(sum(f) % 2 == 1 and for_the_court(s) for s, f in rewritten):
        return None
    if any(frame_scope(" ".join(s.text.lower().split()))[0] for s, _ in rewritten):
        return None  # a sentence rejecting what it says: `polarity` reads its frame
    others = [s for s in near if s not in {r for r, _ in rewritten}]
    if any(for_the_court(s) and any(r != "opposite" for r, _ in relations(claim, s)) for s in others):
        return None
    spans = tuple((s.start, s.end) for s, _ in rewritten[:2])
    if all(f[1] == 0 for _, f in rewritten):
        return Hit("reworded_polarity", "the opinion states the opposite of the proposition", spans)
    return Hit("contrary_term", "the opinion says the contrary of what the brief says", spans)

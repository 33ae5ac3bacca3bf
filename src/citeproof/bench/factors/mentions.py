"""Factor expressions and mentions, and the negation cues around them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.bench.factors.lexicon import CODE, SUPPRESSES, compiled
from citeproof.bench.factors.refs import Ref
from citeproof.bench.factors.triples import Role


@dataclass(frozen=True, slots=True)
class Mention:
    """A factor the text asserts present in one case of the triple."""

    role: Role
    factor: str
    start: int = -1
    end: int = -1


@dataclass(frozen=True, slots=True)
class Hit:
    factor: str
    start: int
    end: int
    is_code: bool = False
    shadow: bool = False  # a name right after its code: masked, not counted


def _wider(a: Hit, b: Hit) -> bool:
    """Whether a beats b as the one expression of their factor (longer, then earlier)."""
    return (a.end - a.start, -a.start) > (b.end - b.start, -b.start)


_INNER_NOT = re.compile(r"\b(?:not|never)\b(?![\s-]+to\b)|n't\b", re.IGNORECASE)
_NEGATIVE_FACTORS = frozenset({"F5", "F19"})  # "did not specify", "never bothered to protect"


# a promise's content is no denial: "had agreed he would not join a competitor", "promised
# that it would never reveal the formula"
PROMISED = re.compile(
    r"\b(?:agree\w*|promis\w*|undert(?:ook|ake\w*)|pledg\w*|covenant\w*|swore|sworn|vow\w*)\b[^.;:]*$",
    re.IGNORECASE,
)


def denied_inside(phrase: str, factor: str) -> bool:
    """A paraphrase with its own negation ("was not identical", "could not have been
    reverse engineered"); "agreed not to compete", "agreed he would not join a rival" keep
    their sense."""
    if factor in _NEGATIVE_FACTORS:
        return False
    return any(not PROMISED.search(phrase[: m.start()]) for m in _INNER_NOT.finditer(phrase))


def find_hits(text: str, paraphrases: bool = True) -> tuple[Hit, ...]:
    """Factor expressions, after suppressing general ones hidden by specific ones."""
    codes = [Hit(f"F{int(m.group(1))}", m.start(), m.end(), True) for m in CODE.finditer(text)]
    folded = text.casefold()
    words = [
        Hit(e.factor, m.start(), m.end())
        for e in compiled(paraphrases)
        if e.may_match(folded)
        for m in e.pattern.finditer(text)
    ]
    words = [
        w
        for w in words
        if not any(
            o.start < w.end
            and w.start < o.end
            and (w.factor in SUPPRESSES.get(o.factor, ()) or (o.factor == w.factor and _wider(o, w)))
            for o in words
        )
    ]
    words = [w for w in words if not denied_inside(text[w.start : w.end], w.factor)]
    words = [
        Hit(w.factor, w.start, w.end, shadow=True) if any(c.end <= w.start <= c.end + 2 for c in codes) else w
        for w in words
    ]
    return tuple(sorted(codes + words, key=lambda h: h.start))


def mask(text: str, hits: Sequence[Hit]) -> str:
    """The text with every factor expression blanked, so cues inside them are not read."""
    chars = list(text)
    for h in hits:
        chars[h.start : h.end] = "§" * (h.end - h.start)
    return "".join(chars)


_NOT = (
    r"(?:\bnot|n't|\bnever)(?=\s+(?:have|has|had|involve\w*|show\w*|contain\w*|share\w*|"
    r"feature\w*|include\w*|present|found|in|from|appear\w*|exist\w*|apply|applies|"
    r"happen\w*|true|like|there|here|the\s+case|did|do|does)\b|\s*[.,;:)]|\s*$)"
)
_CUE = re.compile(
    _NOT + r"|\b(?:unlike|absent|missing|lack\w*|without|neither|nor|none|"
    r"nothing|no|nobody)\b|\bcannot\s+be\s+said\s+(?:of|for|about)\b|"
    r"\b(?:differ\w*|different|distinguish\w*)\s+(?:\w+\s+)?from\s*$",
    re.IGNORECASE,
)
_CUE_AFTER = re.compile(_CUE.pattern.replace("unlike|", ""), re.IGNORECASE)  # "X, unlike Y,"
_THAN = re.compile(r"\bthan\s*$", re.IGNORECASE)  # "more factors than Mineral Deposits"
_SCOPE_BREAK = re.compile(
    r"[.;:!?,()\n]|§+|\b(?:and|but|or|while|whereas|although|because|since|which|who|that)\b", re.I
)
_SCOPE_NEG = re.compile(r"\b(?:never|neither|nor|nothing|nobody|none)\b", re.IGNORECASE)
_HIT_NEG = re.compile(r"(?:no|without|neither|nor|never|non|nothing)", re.IGNORECASE)
_HIT_NOT = re.compile(r"(?:not|\w+n't)", re.IGNORECASE)
_FILLER = re.compile(
    r"(?:a|an|the|any|so|very|truly|really|entirely|generally|actually|be|been|being|"
    r"tak(?:e|en)|took|adopt(?:ed)?|implement(?:ed)?|use|used|employ(?:ed)?)",
    re.IGNORECASE,
)


def hit_negated(masked: str, hit: Hit) -> bool:
    """A factor expression directly negated: "no deception", "neither F19 nor F26",
    "not generally known"."""
    window = re.split(r"[.;:!?]", masked[max(0, hit.start - 40) : hit.start])[-1]
    before = re.findall(r"[\w'§-]+", window)[-3:]
    if any(_HIT_NEG.fullmatch(w) for w in before):
        return True
    # the clause's own negation, further back: "never learned anything about the recipe
    # during negotiations"; not across a comma, a conjunction or another factor expression
    # ("had no NDA and disclosed it during negotiations"); F5 and F19 state an absence
    scope = _SCOPE_BREAK.split(masked[max(0, hit.start - 100) : hit.start])[-1]
    if _SCOPE_NEG.search(scope) and hit.factor not in _NEGATIVE_FACTORS:
        return True
    # "not" only right before the expression ("was not generally known", "did not take any
    # security measures"); "does not have F19" is the case's denial, read with the case
    nots = [i for i, w in enumerate(before) if _HIT_NOT.fullmatch(w)]
    return bool(nots) and all(_FILLER.fullmatch(w) for w in before[nots[-1] + 1 :])


def ref_blocked(masked: str, ref: Ref, lo: int, hi: int) -> bool:
    """Whether the clause denies the factors of this reference ("lacks", "absent from")."""
    before = masked[lo : ref.start]
    after = masked[ref.end : hi][:40]
    return bool(_CUE.search(before) or _THAN.search(before) or _CUE_AFTER.search(after))

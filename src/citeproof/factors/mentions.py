"""Factor expressions and mentions, and the negation cues around them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.factors.lexicon import CODE, SUPPRESSES, compiled
from citeproof.factors.refs import Ref
from citeproof.factors.triples import Role


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


def find_hits(text: str) -> tuple[Hit, ...]:
    """Factor expressions, after suppressing general ones hidden by specific ones."""
    codes = [Hit(f"F{int(m.group(1))}", m.start(), m.end(), True) for m in CODE.finditer(text)]
    words = [Hit(fid, m.start(), m.end()) for fid, pat in compiled() for m in pat.finditer(text)]
    words = [w for w in words if not any(
        o.start < w.end and w.start < o.end and (
            w.factor in SUPPRESSES.get(o.factor, ()) or (o.factor == w.factor and _wider(o, w)))
        for o in words)]
    words = [Hit(w.factor, w.start, w.end, shadow=True)
             if any(c.end <= w.start <= c.end + 2 for c in codes) else w for w in words]
    return tuple(sorted(codes + words, key=lambda h: h.start))


def mask(text: str, hits: Sequence[Hit]) -> str:
    """The text with every factor expression blanked, so cues inside them are not read."""
    chars = list(text)
    for h in hits:
        chars[h.start:h.end] = "§" * (h.end - h.start)
    return "".join(chars)


_NOT = (r"(?:\bnot|n't|\bnever)(?=\s+(?:have|has|had|involve\w*|show\w*|contain\w*|share\w*|"
        r"feature\w*|include\w*|present|found|in|from|appear\w*|exist\w*|apply|applies|"
        r"happen\w*|true|like|there|here|the\s+case)\b|\s*[.,;:)]|\s*$)")
_CUE = re.compile(_NOT + r"|\b(?:unlike|absent|missing|lack\w*|without|neither|nor|none|"
                  r"nothing|no)\b|\b(?:differ\w*|different|distinguish\w*)\s+(?:\w+\s+)?from\s*$",
                  re.IGNORECASE)
_THAN = re.compile(r"\bthan\s*$", re.IGNORECASE)  # "more factors than Mineral Deposits"
_HIT_NEG = re.compile(r"\b(?:no|without|neither|nor|never|non)\b", re.IGNORECASE)


def hit_negated(masked: str, hit: Hit) -> bool:
    """A factor expression directly negated: "no deception", "neither F19 nor F26"."""
    window = re.split(r"[.;:!?]", masked[max(0, hit.start - 40):hit.start])[-1]
    before = re.findall(r"[\w'§-]+", window)[-3:]
    return any(_HIT_NEG.fullmatch(w) for w in before)


def ref_blocked(masked: str, ref: Ref, lo: int, hi: int) -> bool:
    """Whether the clause denies the factors of this reference ("lacks", "absent from")."""
    before = masked[lo:ref.start]
    after = masked[ref.end:hi][:40]
    return bool(_CUE.search(before) or _THAN.search(before) or _CUE.search(after))

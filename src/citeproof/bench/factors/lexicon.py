"""How arguments name CATO factors: codes, factor names and plain-English paraphrases.

``PARAPHRASES`` (in ``paraphrases``) maps a factor id to regexes (case-insensitive).
``SUPPRESSES`` lists the more specific factor whose match hides an overlapping match of a
general one ("took no security measures" is F19, not F6).
"""

from __future__ import annotations

import re
from functools import cache

from citeproof.bench.factors.data import load_factors
from citeproof.bench.factors.paraphrases import PARAPHRASES

SUPPRESSES: dict[str, tuple[str, ...]] = {
    "F19": ("F6",),
    "F12": ("F10", "F4"),
    "F5": ("F4",),
    "F16": ("F25", "F18"),
    "F14": ("F12", "F4"),
    "F23": ("F4",),
    "F24": ("F27",),
    "F4": ("F6",),
    "F8": ("F17",),
}

CODE = re.compile(r"\bF\s?(\d{1,3})\b")


def _name_regex(name: str) -> str:
    parts = [re.escape(p) for p in name.split("-")]
    return r"(?<![\w-])" + r"[-\s]+".join(parts) + r"(?![\w-])"


@cache
def compiled(paraphrases: bool = True) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(factor id, pattern) pairs: names first, then paraphrases (unless switched off)."""
    out: list[tuple[str, re.Pattern[str]]] = []
    for factor in load_factors():
        out.append((factor.id, re.compile(_name_regex(factor.name), re.IGNORECASE)))
    for fid, patterns in PARAPHRASES.items() if paraphrases else ():
        out.extend((fid, re.compile(p, re.IGNORECASE)) for p in patterns)
    return tuple(out)

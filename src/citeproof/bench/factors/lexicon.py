"""How arguments name CATO factors: codes, factor names and plain-English paraphrases.

``PARAPHRASES`` (in ``paraphrases``) maps a factor id to regexes (case-insensitive).
``SUPPRESSES`` lists the more specific factor whose match hides an overlapping match of a
general one ("took no security measures" is F19, not F6).

Most of some 230 patterns match nothing in a given argument, and running each costs a scan
of the whole text. So each pattern carries the literal strings one of which any match must
contain (``required_literals``, read from the parsed pattern); the pattern runs only on a
text that holds one of them. This is a filter, never a change: a match always contains one.
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from dataclasses import dataclass
from functools import cache
from typing import Any

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


MIN_LITERAL = 3  # shorter required strings filter too little to be worth checking
Literals = frozenset[str] | None  # None: nothing is known to be required


def _best(options: list[frozenset[str]]) -> Literals:
    """The most selective of several required sets: the one whose shortest string is longest."""
    useful = [o for o in options if o and min(map(len, o)) >= MIN_LITERAL]
    return max(useful, key=lambda o: (min(map(len, o)), -len(o))) if useful else None


def _element(op: Any, av: Any) -> Literals:
    """The strings one of which a match of one parsed element must contain."""
    if op is sre.SUBPATTERN:
        return _sequence(av[-1])
    if op is sre.BRANCH:
        alternatives = [_sequence(alt) for alt in av[1]]
        if any(a is None for a in alternatives):
            return None
        return frozenset().union(*(a for a in alternatives if a is not None))
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT) and av[0] >= 1:
        return _sequence(av[2])
    return None


def _sequence(items: Any) -> Literals:
    """The strings one of which a match of a parsed sequence must contain: its longest run of
    literal characters, or the most selective required set of one of its elements."""
    options: list[frozenset[str]] = []
    run = ""
    for op, av in items:
        if op is sre.LITERAL:
            run += chr(av)
            continue
        if run:
            options.append(frozenset({run.casefold()}))
            run = ""
        found = _element(op, av)
        if found is not None:
            options.append(found)
    if run:
        options.append(frozenset({run.casefold()}))
    return _best(options)


def required_literals(pattern: re.Pattern[str]) -> Literals:
    """Case-folded strings one of which every match of ``pattern`` contains, or None."""
    return _sequence(sre_parse.parse(pattern.pattern, pattern.flags))


@dataclass(frozen=True, slots=True)
class Expression:
    """One way of naming a factor: its pattern, and what a text must hold for it to match."""

    factor: str
    pattern: re.Pattern[str]
    required: Literals

    def may_match(self, folded: str) -> bool:
        """Whether a text (case-folded) can hold a match."""
        return self.required is None or any(s in folded for s in self.required)


@cache
def compiled(paraphrases: bool = True) -> tuple[Expression, ...]:
    """Factor expressions: names first, then paraphrases (unless switched off)."""
    patterns = [(f.id, re.compile(_name_regex(f.name), re.IGNORECASE)) for f in load_factors()]
    for fid, sources in PARAPHRASES.items() if paraphrases else ():
        patterns.extend((fid, re.compile(p, re.IGNORECASE)) for p in sources)
    return tuple(Expression(fid, p, required_literals(p)) for fid, p in patterns)

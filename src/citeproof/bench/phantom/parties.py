"""The injector's own reading of case names: their distinctive party words, a short name,
and whether two names share a party. Independent of the detector's name matching."""

from __future__ import annotations

import re

from citeproof.bench.phantom.words import GENERIC_PARTIES

_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’\-]+")


def party_words(name: str) -> frozenset[str]:
    """Distinctive words of a case name (lower case, generic words and initials left out)."""
    return frozenset(
        w.lower().replace("’", "'")
        for w in _TOKEN.findall(name)
        if len(w) > 2 and w.lower() not in GENERIC_PARTIES
    )


def share_a_party(a: str, b: str) -> bool:
    return bool(party_words(a) & party_words(b))


def short_name(name: str) -> str:
    """The first party that is not generic ("Smith" for "Smith v. State")."""
    parties = [p.split(",")[0].strip() for p in name.split(" v. ")]
    for party in parties:
        if party_words(party):
            return party
    return parties[-1]

"""Deterministic extraction of factor mentions, each attributed to the case it is asserted of.

The pipeline: find factor expressions (codes, names, paraphrases) and case references,
split the text into clauses, then walk the clauses deciding for each which cases the
clause's factors are asserted of. Negated mentions ("F5 is not present in the current
case", "Televation does not", "no deception") are dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from citeproof.bench.factors.attribute import attribute
from citeproof.bench.factors.clauses import split_clauses
from citeproof.bench.factors.mentions import Mention, find_hits
from citeproof.bench.factors.refs import find_refs
from citeproof.bench.factors.triples import Role, Triple


class Extractor(Protocol):
    """Anything that reads an argument and returns the factor mentions per case."""

    name: str

    def extract(self, text: str, triple: Triple) -> tuple[Mention, ...]: ...


class DeterministicExtractor:
    """Rule-based extractor; needs no model and gives the same answer every time."""

    name = "deterministic"

    def extract(self, text: str, triple: Triple) -> tuple[Mention, ...]:
        hits = find_hits(text)
        refs = find_refs(text, triple)
        found = attribute(text, split_clauses(text, refs), refs, hits)
        seen: dict[tuple[Role, str], Mention] = {}
        for m in found:
            seen.setdefault((m.role, m.factor), m)
        return tuple(sorted(seen.values(), key=lambda m: (m.start, m.role)))


def mention_set(mentions: Sequence[Mention]) -> frozenset[tuple[Role, str]]:
    """The (role, factor) pairs of some mentions."""
    return frozenset((m.role, m.factor) for m in mentions)

"""Deterministic extraction of factor mentions, each attributed to the case it is asserted of.

The pipeline: find factor expressions (codes, names, paraphrases) and case references,
split the text into clauses, then walk the clauses deciding for each which cases the
clause's factors are asserted of. Negated mentions ("F5 is not present in the current
case", "Televation does not", "no deception") are dropped.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Protocol

from citeproof.bench.factors.attribute import attribute
from citeproof.bench.factors.clauses import split_clauses
from citeproof.bench.factors.embed import EmbeddingUnavailable
from citeproof.bench.factors.mentions import Hit, Mention, denied_inside, find_hits
from citeproof.bench.factors.refs import Ref, find_refs
from citeproof.bench.factors.semantic import SemanticStage, settle_twins
from citeproof.bench.factors.triples import Role, Triple


class Extractor(Protocol):
    """Anything that reads an argument and returns the factor mentions per case."""

    name: str

    def extract(self, text: str, triple: Triple) -> tuple[Mention, ...]: ...


class DeterministicExtractor:
    """Rule-based extractor; needs no model and gives the same answer every time."""

    name = "deterministic"

    def __init__(self, paraphrases: bool = True) -> None:
        self.paraphrases = paraphrases

    def hits(self, text: str, refs: Sequence[Ref]) -> tuple[Hit, ...]:
        return find_hits(text, self.paraphrases)

    def extract(self, text: str, triple: Triple) -> tuple[Mention, ...]:
        refs = find_refs(text, triple)
        hits = self.hits(text, refs)
        found = attribute(text, split_clauses(text, refs), refs, hits)
        seen: dict[tuple[Role, str], Mention] = {}
        for m in found:
            seen.setdefault((m.role, m.factor), m)
        return tuple(sorted(seen.values(), key=lambda m: (m.start, m.role)))


class HybridExtractor(DeterministicExtractor):
    """The lexicon first, then the semantic stage on the segments it left empty.

    Without the embedding model (``citeproof[factors]`` not installed) it warns once and
    runs the lexicon alone, under the name ``hybrid (lexicon only)``.
    """

    name = "hybrid"

    def __init__(self, stage: SemanticStage | None = None, paraphrases: bool = True) -> None:
        super().__init__(paraphrases)
        self.stage = stage
        if stage is None:
            try:
                self.stage = SemanticStage()
            except EmbeddingUnavailable as exc:
                warnings.warn(f"{exc}; extracting with the lexicon only", RuntimeWarning, stacklevel=2)
                self.name = "hybrid (lexicon only)"

    def hits(self, text: str, refs: Sequence[Ref]) -> tuple[Hit, ...]:
        lexicon = find_hits(text, self.paraphrases)
        if self.stage is None:
            return lexicon
        lexicon = settle_twins(text, lexicon)
        found = [
            h
            for h in self.stage.hits(text, lexicon, refs)
            if not denied_inside(text[h.start : h.end], h.factor)
        ]
        return tuple(sorted((*lexicon, *found), key=lambda h: h.start))


def mention_set(mentions: Sequence[Mention]) -> frozenset[tuple[Role, str]]:
    """The (role, factor) pairs of some mentions."""
    return frozenset((m.role, m.factor) for m in mentions)

"""Where an extractor errs on a gold set: recall per factor, and confusion of pro/con twins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from citeproof.bench.factors.gold import GoldArgument, Predicted
from citeproof.bench.factors.references import TWINS
from citeproof.core.stats import Estimate, wilson


@dataclass(frozen=True, slots=True)
class FactorRecall:
    extractor: str
    split: str
    factor: str
    recall: Estimate  # n = gold mentions of the factor

    def to_dict(self) -> dict[str, Any]:
        return {
            "extractor": self.extractor,
            "split": self.split,
            "factor": self.factor,
            "recall": self.recall.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class TwinConfusion:
    """How often a gold mention of ``gold`` came out as its twin ``predicted`` instead."""

    extractor: str
    split: str
    gold: str
    predicted: str
    rate: Estimate  # n = gold mentions of ``gold``

    def to_dict(self) -> dict[str, Any]:
        return {
            "extractor": self.extractor,
            "split": self.split,
            "gold": self.gold,
            "predicted": self.predicted,
            "rate": self.rate.to_dict(),
        }


def _factor_key(factor: str) -> int:
    return int(factor[1:]) if factor[1:].isdigit() else 10_000


def factor_recall(name: str, gold: Sequence[GoldArgument], got: Predicted) -> tuple[FactorRecall, ...]:
    """Recall of each factor with gold mentions, per split (Wilson intervals)."""
    out: list[FactorRecall] = []
    for split in dict.fromkeys(g.split for g in gold):
        in_split = [g for g in gold if g.split == split]
        factors = sorted({f for g in in_split for _, f in g.mentions}, key=_factor_key)
        for factor in factors:
            pairs = [(g, m) for g in in_split for m in g.mentions if m[1] == factor]
            hits = sum(m in got[(g.split, g.id)] for g, m in pairs)
            out.append(FactorRecall(name, split, factor, wilson(hits, len(pairs))))
    return tuple(out)


def twin_confusion(name: str, gold: Sequence[GoldArgument], got: Predicted) -> tuple[TwinConfusion, ...]:
    """Per split and twin pair, both ways: gold a, a not found, twin b found for the same case
    though b is not gold there."""
    out: list[TwinConfusion] = []
    for split in dict.fromkeys(g.split for g in gold):
        in_split = [g for g in gold if g.split == split]
        for a, b in TWINS:
            for real, twin in ((a, b), (b, a)):
                n = swapped = 0
                for g in in_split:
                    found = got[(g.split, g.id)]
                    for role, factor in g.mentions:
                        if factor != real:
                            continue
                        n += 1
                        swapped += (
                            (role, real) not in found
                            and (role, twin) in found
                            and (role, twin) not in g.mentions
                        )
                if n:
                    out.append(TwinConfusion(name, split, real, twin, wilson(swapped, n)))
    return tuple(out)

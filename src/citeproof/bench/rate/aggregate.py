"""The study's figures: rates per model (and court level), by cited-case popularity, and
paired differences between models, each with its n and a seeded bootstrap over prompts.

A rate is a ratio of sums over the prompts a model answered (hallucinated cited cases /
cited cases), the prompts resampled with their cited cases (a resample in which nothing
was cited counts 0). Pure functions of the scores; the seed fixes every interval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from citeproof.bench.rate.popularity import BINS, bin_of
from citeproof.bench.rate.score import AnswerScore, CitedCase
from citeproof.core.stats import (
    NAN,
    Estimate,
    bootstrap,
    finite_or_none,
    paired_bootstrap,
    ratio_bootstrap,
    ratio_of,
)

FIELDS = ("conservative", "hallucinated", "unverifiable")
ALL = "all"
NO_CASE = "no case"  # the popularity row of cites that resolve to no case


@dataclass(frozen=True, slots=True)
class RateRow:
    model: str
    level: str  # a court level, or "all"
    prompts: int
    citations: int
    per_answer: Estimate
    conservative: Estimate
    hallucinated: Estimate
    unverifiable: Estimate

    def to_dict(self) -> dict[str, object]:
        return {
            "model": self.model,
            "level": self.level,
            "prompts": self.prompts,
            "citations": self.citations,
            "citations_per_answer": self.per_answer.to_dict(),
            **{f: getattr(self, f).to_dict() for f in FIELDS},
        }


@dataclass(frozen=True, slots=True)
class PopularityRow:
    model: str
    bin: str  # a popularity bin, or NO_CASE
    citations: int  # cited cases in the bin
    share: float  # of the model's cited cases
    hallucinated: Estimate  # full rate within the bin

    def to_dict(self) -> dict[str, object]:
        return {
            "model": self.model,
            "bin": self.bin,
            "citations": self.citations,
            "share": finite_or_none(self.share),
            "hallucinated": self.hallucinated.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class PairTest:
    a: str
    b: str
    field: str
    difference: Estimate  # rate(a) - rate(b) over the prompts both answered
    p: float  # two-sided bootstrap p; 0 when no resample fell on the other side of 0
    resamples: int

    def to_dict(self) -> dict[str, object]:
        return {
            "a": self.a,
            "b": self.b,
            "field": self.field,
            "difference": self.difference.to_dict(),
            "p": finite_or_none(self.p),
            "p_text": p_text(self.p, self.resamples),
        }


def p_text(p: float, resamples: int) -> str:
    """``p = 0.012``, or ``p < 1/B`` (as a number) when no resample reached the other side."""
    if p != p:
        return "p n/a"
    if p == 0:
        return f"p < {1 / resamples:.2g} (1/B)"
    return f"p = {p:.3g}"


def _ratio(scores: Sequence[AnswerScore], count: Callable[[AnswerScore], int], seed: int, b: int) -> Estimate:
    num = [count(s) for s in scores]
    den = [s.citations for s in scores]
    if sum(den) == 0:
        return Estimate(NAN, len(scores), NAN, NAN, "no citations")
    return ratio_bootstrap(num, den, seed, b, empty=0.0)


def rate_row(model: str, level: str, scores: Sequence[AnswerScore], seed: int, resamples: int) -> RateRow:
    rates = {f: _ratio(scores, attrgetter(f), seed, resamples) for f in FIELDS}
    return RateRow(
        model,
        level,
        len(scores),
        sum(s.citations for s in scores),
        bootstrap([s.citations for s in scores], seed, resamples),
        rates["conservative"],
        rates["hallucinated"],
        rates["unverifiable"],
    )


def models_of(scores: Sequence[AnswerScore]) -> list[str]:
    return sorted({s.model for s in scores})


def rate_rows(scores: Sequence[AnswerScore], seed: int = 0, resamples: int = 2000) -> list[RateRow]:
    """Per model: all prompts, then each court level it answered."""
    rows = []
    for model in models_of(scores):
        mine = [s for s in scores if s.model == model]
        rows.append(rate_row(model, ALL, mine, seed, resamples))
        for level in sorted({str(s.level) for s in mine}):
            rows.append(rate_row(model, level, [s for s in mine if s.level == level], seed, resamples))
    return rows


def _bin(case: CitedCase) -> str:
    return NO_CASE if case.popularity is None else bin_of(case.popularity)


def popularity_rows(
    scores: Sequence[AnswerScore], seed: int = 0, resamples: int = 2000
) -> list[PopularityRow]:
    """Per model and popularity bin: how many cited cases fall there and their full rate."""
    rows = []
    for model in models_of(scores):
        mine = [s for s in scores if s.model == model]
        total = sum(s.citations for s in mine)
        for label in [b[0] for b in BINS] + [NO_CASE]:
            num = [sum(bool(c.kinds) for c in s.cases if _bin(c) == label) for s in mine]
            den = [sum(_bin(c) == label for c in s.cases) for s in mine]
            rate = (
                ratio_bootstrap(num, den, seed, resamples, empty=NAN)
                if sum(den)
                else Estimate(NAN, 0, NAN, NAN, "no citations")
            )
            rows.append(PopularityRow(model, label, sum(den), sum(den) / total if total else NAN, rate))
    return rows


def paired_test(
    scores: Sequence[AnswerScore],
    a: str,
    b: str,
    field: str = "conservative",
    seed: int = 0,
    resamples: int = 2000,
) -> PairTest:
    """Paired bootstrap over the prompts both models answered: rate(a) - rate(b)."""
    pa = {s.prompt_id: s for s in scores if s.model == a}
    pb = {s.prompt_id: s for s in scores if s.model == b}
    common = sorted(pa.keys() & pb.keys())
    ra, rb = (
        ratio_of([getattr(side[p], field) for p in common], [side[p].citations for p in common], empty=0.0)
        for side in (pa, pb)
    )
    test = paired_bootstrap(ra, rb, len(common), seed, resamples)
    return PairTest(a, b, field, test.estimate, test.p_value, resamples)


def pair_tests(scores: Sequence[AnswerScore], seed: int = 0, resamples: int = 2000) -> list[PairTest]:
    models = models_of(scores)
    return [
        paired_test(scores, a, b, f, seed, resamples)
        for i, a in enumerate(models)
        for b in models[i + 1 :]
        for f in ("conservative", "hallucinated")
    ]

"""Faithfulness, completeness and abstention of generated 3-ply arguments: pure functions.

Per output (``score_output``) and then per group of outputs (``aggregate``):

- AccH, hallucination accuracy: share of asserted (case, factor) mentions that are true
  of that case; averaged over outputs that did not abstain and asserted at least one
  factor (an empty output has no accuracy, it is not perfectly accurate);
- RecU, factor-utilisation recall: share of the triple's (case, factor) pairs the output
  asserts correctly, over outputs on arguable triples (an abstention there scores 0);
- abstention ratio on non-arguable triples, exact phrase and near miss apart;
- invented factors (in no case of the triple) apart from misattributed ones (real in
  another case of the triple, asserted of the wrong one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.bench.factors.extract import Extractor
from citeproof.bench.factors.mentions import Mention
from citeproof.bench.factors.prompts import ABSTAIN_PHRASE
from citeproof.bench.factors.triples import Mode, Role, Triple
from citeproof.core.stats import Estimate, bootstrap, wilson

_NEAR_MISS = re.compile(
    r"\bno\s+(?:valid\s+|meaningful\s+|viable\s+|sound\s+|proper\s+|3-ply\s+|three-ply\s+)?"
    r"(?:3-ply\s+|three-ply\s+)?argument\s+(?:is\s+|can\s+be\s+)?(?:possible|made|constructed)"
    r"|\b(?:cannot|can't|can\s+not|unable\s+to|impossible\s+to|not\s+possible\s+to)\s+"
    r"(?:\w+\s+){0,2}?(?:construct|make|build|form|generate|write|present)\s+(?:a\s+|an\s+|any\s+)?"
    r"(?:valid\s+|meaningful\s+)?(?:3-ply\s+|three-ply\s+)?argument"
    r"|\b(?:shares?|have|has|with)\s+no\s+(?:common\s+|shared\s+)?factors?\s+(?:in\s+common\s+)?"
    r"with\s+(?:either|any|both)|\bno\s+(?:shared|common|overlapping)\s+factors?"
    r"|\bnot\s+arguable\b|\bno\s+basis\s+for\s+(?:a\s+|an\s+)?(?:3-ply\s+)?argument",
    re.IGNORECASE,
)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def exact_abstention(output: str, phrase: str = ABSTAIN_PHRASE) -> bool:
    """The output contains the instructed abstention phrase (case and spacing ignored)."""
    return _normal(phrase) in _normal(output)


def near_miss_abstention(output: str, phrase: str = ABSTAIN_PHRASE) -> bool:
    """The output says no argument is possible, but not with the instructed phrase."""
    return not exact_abstention(output, phrase) and bool(_NEAR_MISS.search(output))


@dataclass(frozen=True, slots=True)
class OutputScore:
    """One generated argument, judged against its triple."""

    triple_id: str
    model: str
    mode: Mode
    exact_abstain: bool
    near_miss: bool
    mentions: int
    correct: int
    invented: int
    misattributed: int
    expected: int

    @property
    def abstained(self) -> bool:
        return self.exact_abstain or self.near_miss

    @property
    def acch(self) -> float | None:
        return self.correct / self.mentions if self.mentions else None

    @property
    def recu(self) -> float:
        return self.correct / self.expected if self.expected else 0.0


def classify(triple: Triple, role: Role, factor: str) -> str:
    """``correct``, ``misattributed`` (true of another case here) or ``invented``."""
    if factor in triple.case(role).factors:
        return "correct"
    if any(factor in triple.case(r).factors for r in Role):
        return "misattributed"
    return "invented"


def score_output(triple: Triple, model: str, output: str, mentions: Sequence[Mention]) -> OutputScore:
    pairs = {(m.role, m.factor) for m in mentions}
    kinds = [classify(triple, r, f) for r, f in pairs]
    expected = sum(len(triple.case(r).factors) for r in Role)
    return OutputScore(
        triple.id,
        model,
        triple.mode,
        exact_abstention(output),
        near_miss_abstention(output),
        len(pairs),
        kinds.count("correct"),
        kinds.count("invented"),
        kinds.count("misattributed"),
        expected,
    )


def score_outputs(
    triples: dict[str, Triple], records: Sequence[tuple[str, str, str]], extractor: Extractor
) -> tuple[OutputScore, ...]:
    """Score (triple_id, model, output) records; unknown triple ids raise KeyError."""
    out = []
    for triple_id, model, text in records:
        triple = triples[triple_id]
        out.append(score_output(triple, model, text, extractor.extract(text, triple)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Metrics:
    """Aggregates over one group of outputs; every figure carries n and an interval."""

    outputs: int
    acch: Estimate
    acch_naive: Estimate
    recu: Estimate
    abstention_exact: Estimate
    abstention_near_miss: Estimate
    abstention_any: Estimate
    false_abstention: Estimate
    invented_rate: Estimate
    misattributed_rate: Estimate

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"outputs": self.outputs}
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, Estimate):
                out[name] = value.to_dict()
        return out


def aggregate(scores: Sequence[OutputScore], seed: int = 0, resamples: int = 2000) -> Metrics:
    """Pool output scores into the reported metrics (nan with n = 0 where undefined)."""
    spoke = [s for s in scores if not s.abstained]
    with_mentions = [s for s in spoke if s.mentions]
    arguable = [s for s in scores if s.mode is not Mode.NON_ARGUABLE]
    closed = [s for s in scores if s.mode is Mode.NON_ARGUABLE]
    naive = [s.acch if s.acch is not None else 1.0 for s in scores]
    mentions = sum(s.mentions for s in spoke)
    return Metrics(
        outputs=len(scores),
        acch=bootstrap([s.acch or 0.0 for s in with_mentions], seed, resamples),
        acch_naive=bootstrap(naive, seed, resamples),
        recu=bootstrap([s.recu for s in arguable], seed, resamples),
        abstention_exact=wilson(sum(s.exact_abstain for s in closed), len(closed)),
        abstention_near_miss=wilson(sum(s.near_miss for s in closed), len(closed)),
        abstention_any=wilson(sum(s.abstained for s in closed), len(closed)),
        false_abstention=wilson(sum(s.abstained for s in arguable), len(arguable)),
        invented_rate=wilson(sum(s.invented for s in spoke), mentions),
        misattributed_rate=wilson(sum(s.misattributed for s in spoke), mentions),
    )

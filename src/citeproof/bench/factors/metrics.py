"""Faithfulness, completeness and abstention of generated 3-ply arguments: pure functions.

Per output (``score_output``) and then per group of outputs (``aggregate``):

- AccH, hallucination accuracy: share of asserted (case, factor) mentions that are true
  of that case; averaged over outputs that did not abstain and asserted at least one
  factor (an empty output has no accuracy, it is not perfectly accurate);
- RecU, factor-utilisation recall: share of the triple's (case, factor) pairs the output
  asserts correctly, over outputs on arguable triples (an abstention there scores 0);
- abstention ratio on non-arguable triples, exact phrase and near miss apart; an answer
  that states the phrase and then argues anyway is an argument, not an abstention;
- invented factors (in no case of the triple) apart from misattributed ones (real in
  another case of the triple, asserted of the wrong one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.bench.factors.extract import Extractor
from citeproof.bench.factors.mentions import Mention
from citeproof.bench.factors.prompts import ABSTAIN_CONDITION, ABSTAIN_PHRASE
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
    r"|\bnot\s+arguable\b|\bno\s+basis\s+for\s+(?:a\s+|an\s+)?(?:3-ply\s+)?argument"
    r"|\bargument\s+(?:is\s+)?(?:not|im)\s?possible|\bargument\s+cannot\s+be\s+(?:made|constructed|built)",
    re.IGNORECASE,
)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


# Seed 002's own wording of an abstention, accepted as exact when it is the whole answer:
# "No (valid) (3-ply) argument (is) possible / can be made / constructed / generated"; it
# includes the prompt's own "no 3-ply argument is possible" (``ABSTAIN_CONSEQUENCE``).
_PAPER_PHRASE = re.compile(
    r"no (?:valid )?(?:3-ply |three-ply )?argument "
    r"(?:(?:is )?possible|can be (?:made|constructed|generated))",
)
# The prompt's condition restated before the phrase ("The current case shares no factor with
# either precedent, so NO ARGUMENT POSSIBLE"): the instruction's own words, not a near miss.
_CONDITION = re.compile(
    r"(?:since |because |as )?"
    + re.escape(ABSTAIN_CONDITION).replace("factor", "(?:common |shared )?factors?(?: in common)?")
    + r"(?:[ ,;:.\u2014-]+(?:and )?(?:so|therefore|hence|thus|accordingly)\b)?[ ,;:.\u2014-]*"
)
# What makes the rest of an answer an argument: a ply, a precedent cited or distinguished,
# a factor asserted; or more words than an explanation of the refusal needs.
_ARGUES = re.compile(
    r"\b(?:plaintiff'?s?|defendant'?s?)\s+(?:argument|response|rebuttal|counter)|\bcounterexample"
    r"|\bdistinguish|\banalog|\bF\d{1,2}\b|\b(?:argues|rebuts|rebuttal)\b",
    re.IGNORECASE,
)
_MAX_EXPLANATION_WORDS = 40
_LABEL = re.compile(r"^(?:final\s+)?(?:answer|response|output)\s*:\s*", re.IGNORECASE)


def _bare(text: str) -> str:
    """Lower case, single spaces, no answer label, no final punctuation or quotes."""
    return _LABEL.sub("", _normal(text)).strip(" \"'*`").rstrip(".!;:").strip(" \"'*`")


def argues(text: str) -> bool:
    """The text goes on to argue: a ply, a precedent cited or distinguished, a factor
    asserted, or a long explanation."""
    return bool(_ARGUES.search(text)) or len(text.split()) > _MAX_EXPLANATION_WORDS


def _phrase_then_rest(bare: str, phrase: str) -> str | None:
    """What follows ``phrase`` when ``bare`` begins with it (as a whole word), else None."""
    if bare == phrase:
        return ""
    if bare.startswith(phrase) and not bare[len(phrase)].isalnum():
        return bare[len(phrase) :]
    return None


def exact_abstention(output: str, phrase: str = ABSTAIN_PHRASE) -> bool:
    """The answer is the instructed phrase (case, whitespace, an "Answer:" label and final
    punctuation ignored), or seed 002's own wording alone, or begins with one of them and
    contains no argument; the prompt's condition may be restated first ("The current case
    shares no factor with either precedent, so no 3-ply argument is possible"). An answer that
    goes on to argue is an argument, not an abstention."""
    bare = _bare(output)
    condition = _CONDITION.match(bare)
    if condition and condition.end() < len(bare):
        bare = _bare(bare[condition.end() :])  # the rest must be the phrase, as below
    if _PAPER_PHRASE.fullmatch(bare):
        return True
    paper = _PAPER_PHRASE.match(bare)
    for candidate in (_bare(phrase), *([paper.group()] if paper else [])):
        rest = _phrase_then_rest(bare, candidate)
        if rest is not None:
            return not argues(rest)
    return False


def near_miss_abstention(output: str, phrase: str = ABSTAIN_PHRASE) -> bool:
    """The answer says no argument is possible in other words, and does not argue."""
    if exact_abstention(output, phrase) or not _NEAR_MISS.search(output):
        return False
    rest = _NEAR_MISS.sub(" ", output.replace(phrase, " "))
    return not argues(rest)


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

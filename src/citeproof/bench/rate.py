"""The generation-side study: how often do models cite cases that are not what they say?

Produce (send drafting prompts to models), judge (run the verifier over each answer) and
aggregate (rates per model with bootstrap intervals over prompts, and a paired bootstrap
test between models) are three separate steps; pre-generated answers enter at the second.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from citeproof.core.models import CitationType, CiteForm, ErrorKind, Status, Verdict
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.core.stats import NAN, Estimate, bootstrap, paired_bootstrap, ratio_bootstrap, ratio_of
from citeproof.llm.client import ChatModel

CONSERVATIVE = {ErrorKind.NONEXISTENT, ErrorKind.NAME_MISMATCH}
SYSTEM = (
    "You are a careful legal research assistant. Answer with a short memorandum that "
    "cites United States case law with full reporter citations (volume, reporter, page, "
    "pin page and year)."
)


@dataclass(frozen=True, slots=True)
class Answer:
    model: str
    prompt_id: str
    answer: str


@dataclass(frozen=True, slots=True)
class AnswerScore:
    model: str
    prompt_id: str
    citations: int  # distinct case authorities cited in full form (a parallel group is one)
    conservative: int  # of those, hallucinated as nonexistent or name_mismatch
    hallucinated: int  # of those, hallucinated of any kind
    unverifiable: int


def bundled_prompts() -> Path:
    return Path(str(resources.files("citeproof") / "data" / "prompts" / "drafting.jsonl"))


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def generate(models: Iterable[ChatModel], prompts: list[dict[str, Any]]) -> Iterator[Answer]:
    """One answer per model and prompt (``{"id", "prompt"}`` records)."""
    for model in models:
        for p in prompts:
            reply = model.chat(
                [{"role": "system", "content": SYSTEM}, {"role": "user", "content": p["prompt"]}]
            )
            yield Answer(model.name, str(p["id"]), reply.content)


def _counted(verdicts: tuple[Verdict, ...]) -> list[list[Verdict]]:
    """Full-form case citations grouped with their parallel cites."""
    by_id = {v.citation.id: v for v in verdicts}
    groups = []
    for v in verdicts:
        c = v.citation
        group = [by_id[p] for p in c.parallel_ids if p in by_id]
        if (
            c.type is CitationType.CASE
            and c.form is CiteForm.FULL
            and all(g.citation.span.start > c.span.start for g in group)
        ):
            groups.append([v, *group])
    return groups


def score_answer(answer: Answer, library: Library) -> AnswerScore:
    report = check_document(document_from_text(answer.answer), library)
    groups = _counted(report.verdicts)
    kinds = [{e.kind for v in g for e in v.errors} for g in groups]
    return AnswerScore(
        answer.model,
        answer.prompt_id,
        len(groups),
        sum(1 for k in kinds if k & CONSERVATIVE),
        sum(1 for k in kinds if k),
        sum(1 for g in groups if all(v.status is Status.UNVERIFIABLE for v in g)),
    )


def _rate(scores: list[AnswerScore], field: str, seed: int, resamples: int) -> Estimate:
    """Ratio of sums over prompts resampled; a resample where nothing was cited counts 0."""
    num = np.array([getattr(s, field) for s in scores], dtype=float)
    den = np.array([s.citations for s in scores], dtype=float)
    if den.sum() == 0:
        return Estimate(NAN, len(scores), NAN, NAN, "no citations")
    return ratio_bootstrap(num, den, seed, resamples, empty=0.0)


def rates(scores: list[AnswerScore], seed: int = 0, resamples: int = 2000) -> dict[str, Any]:
    """Per model: citations per answer and the conservative / full / unverifiable rates."""
    out: dict[str, Any] = {}
    for model in sorted({s.model for s in scores}):
        mine = [s for s in scores if s.model == model]
        per = bootstrap([s.citations for s in mine], seed, resamples)
        out[model] = {
            "prompts": len(mine),
            "citations": sum(s.citations for s in mine),
            "citations_per_answer": per,
            **{f: _rate(mine, f, seed, resamples) for f in ("conservative", "hallucinated", "unverifiable")},
        }
    return out


def paired_test(
    scores: list[AnswerScore],
    a: str,
    b: str,
    field: str = "conservative",
    seed: int = 0,
    resamples: int = 2000,
) -> dict[str, float | int]:
    """Paired bootstrap over the prompts both models answered: rate(a) - rate(b)."""
    pa = {s.prompt_id: s for s in scores if s.model == a}
    pb = {s.prompt_id: s for s in scores if s.model == b}
    common = sorted(pa.keys() & pb.keys())
    if not common:
        return {"n": 0, "difference": NAN, "low": NAN, "high": NAN, "p": NAN}
    ra, rb = (
        ratio_of([getattr(side[p], field) for p in common], [side[p].citations for p in common], empty=0.0)
        for side in (pa, pb)
    )
    test = paired_bootstrap(ra, rb, len(common), seed, resamples)
    est = test.estimate
    return {"n": len(common), "difference": est.value, "low": est.low, "high": est.high, "p": test.p_value}


def study(
    scores: list[AnswerScore], library: Library, seed: int = 0, resamples: int = 2000
) -> dict[str, Any]:
    """The whole result as JSON-ready data, with the oracle that produced it."""
    snap = library.snapshot()
    per_model = rates(scores, seed, resamples)
    models = sorted(per_model)
    pairs = [
        {
            "a": a,
            "b": b,
            **{f: paired_test(scores, a, b, f, seed, resamples) for f in ("conservative", "hallucinated")},
        }
        for i, a in enumerate(models)
        for b in models[i + 1 :]
    ]
    return {
        "library": {
            "name": snap.name,
            "built_at": snap.built_at,
            "cases": snap.cases,
            "opinions_with_text": snap.opinions_with_text,
        },
        "seed": seed,
        "resamples": resamples,
        "models": {
            m: {k: v.to_dict() if isinstance(v, Estimate) else v for k, v in r.items()}
            for m, r in per_model.items()
        },
        "pairs": pairs,
        "answers": [asdict(s) for s in scores],
    }

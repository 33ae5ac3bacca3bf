"""The whole study as JSON-ready data: every answer judged, every figure, and the oracle.

The JSON this returns is what the tables (`report`) and the figures (`figures`) are drawn
from, so a published ``rate.json`` redraws them without the library or the answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from citeproof.bench.rate.aggregate import pair_tests, popularity_rows, rate_rows
from citeproof.bench.rate.answers import Answer
from citeproof.bench.rate.popularity import Popularity
from citeproof.bench.rate.prompts import CourtLevel, Prompt
from citeproof.bench.rate.score import AnswerScore, score_answer
from citeproof.core.protocols import Library


def score_answers(
    answers: Sequence[Answer],
    library: Library,
    prompts: Sequence[Prompt],
    popularity: Popularity | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[AnswerScore]:
    """Every answer judged, with its prompt's court level (``unspecified`` for a prompt id
    the prompt set does not hold), ordered by model and prompt whatever order they came in."""
    level = {p.id: p.level for p in prompts}
    position = {p.id: i for i, p in enumerate(prompts)}
    ordered = sorted(answers, key=lambda a: (a.model, position.get(a.prompt_id, len(position)), a.prompt_id))
    scores = []
    for done, answer in enumerate(ordered, 1):
        scores.append(
            score_answer(answer, library, popularity, level.get(answer.prompt_id, CourtLevel.UNSPECIFIED))
        )
        if progress is not None:
            progress(done, len(answers))
    return scores


def study(
    scores: Sequence[AnswerScore],
    library: Library,
    prompts: Sequence[Prompt],
    popularity: Popularity | None = None,
    seed: int = 0,
    resamples: int = 2000,
) -> dict[str, Any]:
    snap = library.snapshot()
    known = {p.id for p in prompts}
    return {
        "library": {
            "name": snap.name,
            "built_at": snap.built_at,
            "cases": snap.cases,
            "opinions_with_text": snap.opinions_with_text,
            "content_hash": snap.content_hash,
        },
        "popularity": popularity.describe() if popularity is not None else None,
        "prompts": {
            "n": len(prompts),
            "by_level": dict(sorted(Counter(str(p.level) for p in prompts).items())),
            "answers_to_other_prompts": sum(s.prompt_id not in known for s in scores),
        },
        "seed": seed,
        "resamples": resamples,
        "rates": [r.to_dict() for r in rate_rows(scores, seed, resamples)],
        "popularity_table": [r.to_dict() for r in popularity_rows(scores, seed, resamples)],
        "pairs": [t.to_dict() for t in pair_tests(scores, seed, resamples)],
        "answers": [s.to_dict() for s in scores],
    }

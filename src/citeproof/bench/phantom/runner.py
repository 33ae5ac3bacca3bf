"""Produce (run a detector over excerpts), judge (score each excerpt), aggregate."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from citeproof.bench.phantom.schema import Excerpt
from citeproof.bench.phantom.scorer import ExcerptScore, score_excerpt, summarise
from citeproof.bench.systems import Detection, Detector
from citeproof.core.stats import Estimate


@dataclass(frozen=True, slots=True)
class Prediction:
    """What a detector flagged in one excerpt, and what that cost."""

    filename: str
    detection: Detection = Detection(())

    @property
    def fragments(self) -> tuple[str, ...]:
        return self.detection.fragments

    def to_json(self) -> dict[str, Any]:
        c = self.detection
        return {
            "filename": self.filename,
            "fragments": list(self.fragments),
            "seconds": c.seconds,
            "calls": c.calls,
            "prompt_tokens": c.prompt_tokens,
            "completion_tokens": c.completion_tokens,
            "steps": c.steps,
            "repeats": c.repeats,
            "exhausted": c.exhausted,
        }


def run(
    detector: Detector, excerpts: Sequence[Excerpt], progress: Callable[[int, int], None] | None = None
) -> list[Prediction]:
    out = []
    for n, e in enumerate(excerpts, 1):
        d = detector.detect(e.text)
        out.append(Prediction(e.filename, replace(d, fragments=tuple(d.fragments))))
        if progress:
            progress(n, len(excerpts))
    return out


def write_predictions(predictions: Sequence[Prediction], path: Path) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for p in predictions:
            fh.write(json.dumps(p.to_json(), ensure_ascii=False) + "\n")


def read_predictions(path: Path) -> list[Prediction]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        fragments = row.get("fragments", row.get("predictions", row.get("list_hallucinations")))
        out.append(
            Prediction(
                str(row["filename"]),
                Detection(
                    tuple(str(f) for f in fragments or ()),
                    calls=int(row.get("calls", 0)),
                    prompt_tokens=int(row.get("prompt_tokens", 0)),
                    completion_tokens=int(row.get("completion_tokens", 0)),
                    steps=int(row.get("steps", 0)),
                    seconds=float(row.get("seconds", 0.0)),
                    repeats=int(row.get("repeats", 0)),
                    exhausted=bool(row.get("exhausted", False)),
                ),
            )
        )
    return out


def evaluate(
    excerpts: Sequence[Excerpt], predictions: Sequence[Prediction], seed: int
) -> tuple[dict[str, Estimate], list[ExcerptScore]]:
    """Score every excerpt (a missing prediction is an empty one) and aggregate."""
    by_name = {p.filename: p for p in predictions}
    scores, costs = [], []
    for e in excerpts:
        p = by_name.get(e.filename, Prediction(e.filename))
        scores.append(score_excerpt(e, p.fragments))
        costs.append(p.detection)
    return summarise(scores, costs if predictions else (), seed), scores

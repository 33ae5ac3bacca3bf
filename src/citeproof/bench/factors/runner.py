"""Produce arguments with a model, read and write them as JSONL, and score them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citeproof.bench.factors.extract import Extractor
from citeproof.bench.factors.metrics import Metrics, OutputScore, aggregate, score_outputs
from citeproof.bench.factors.prompts import argument_messages
from citeproof.bench.factors.triples import Triple
from citeproof.llm.client import ChatModel


@dataclass(frozen=True, slots=True)
class Output:
    """One generated argument: ``{"triple_id", "model", "output"}`` in JSONL."""

    triple_id: str
    model: str
    output: str

    def to_dict(self) -> dict[str, str]:
        return {"triple_id": self.triple_id, "model": self.model, "output": self.output}


def generate(triples: Iterable[Triple], model: ChatModel, seed: int | None = 0) -> Iterator[Output]:
    """Ask the model for a 3-ply argument per triple, in order."""
    for triple in triples:
        yield Output(triple.id, model.name, model.chat(argument_messages(triple), seed=seed).content)


def write_outputs(outputs: Iterable[Output], path: Path) -> int:
    count = 0
    with path.open("w", encoding="utf-8") as fh:
        for o in outputs:
            fh.write(json.dumps(o.to_dict()) + "\n")
            count += 1
    return count


def read_outputs(path: Path) -> tuple[Output, ...]:
    """Read JSONL outputs; a missing ``output`` or a null one counts as an empty answer."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row: dict[str, Any] = json.loads(line)
        if "triple_id" not in row or "model" not in row:
            raise ValueError(f"{path}:{n}: needs triple_id and model")
        out.append(Output(str(row["triple_id"]), str(row["model"]), str(row.get("output") or "")))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class ModelReport:
    model: str
    overall: Metrics
    by_mode: tuple[tuple[str, Metrics], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "model": self.model,
            **self.overall.to_dict(),
            "by_mode": {mode: m.to_dict() for mode, m in self.by_mode},
        }


def score(
    triples: Sequence[Triple], outputs: Sequence[Output], extractor: Extractor, seed: int = 0
) -> tuple[tuple[ModelReport, ...], tuple[OutputScore, ...]]:
    """Per-model metrics, overall and per triple mode, plus the per-output scores."""
    index = {t.id: t for t in triples}
    missing = sorted({o.triple_id for o in outputs} - set(index))
    if missing:
        raise KeyError(f"outputs name unknown triples: {', '.join(missing[:5])}")
    scores = score_outputs(index, [(o.triple_id, o.model, o.output) for o in outputs], extractor)
    reports = []
    for model in sorted({s.model for s in scores}):
        mine = [s for s in scores if s.model == model]
        modes = sorted({s.mode.value for s in mine})
        by_mode = tuple((m, aggregate([s for s in mine if s.mode.value == m], seed)) for m in modes)
        reports.append(ModelReport(model, aggregate(mine, seed), by_mode))
    return tuple(reports), scores

"""Compare the offline rules, rules + LLM judge, the single-call baseline and the
belief-state agent on a phantom dataset, through the phantom runner's registry and scorer.

    python benchmarks/llm_phantom.py DATASET [--scripted | --model NAME] [--base-url URL]
        [--library PATH] [--split test] [--seed 2026] [--budget 30] [--traces DIR]
        [--limit N] [--out results.json]

DATASET is a directory built by ``citeproof bench phantom build`` (its ``test.jsonl``), or
a JSONL/JSON/CSV/Parquet file of ``{filename?, text, list_hallucinations,
list_hallucination_types}``. ``--scripted`` runs every LLM system with the scripted model
(`citeproof.llm.scripted`, decides from the text it is shown, never from labels) behind a
loopback OpenAI-compatible server. Every figure has n and a seeded bootstrap interval over
excerpts; each system's precision and misrepresentation recall also get a paired bootstrap
difference against the rules.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
from pathlib import Path
from typing import Any

from citeproof.bench.phantom.baselines import baseline_summaries
from citeproof.bench.phantom.loader import _rows, load, normalise_row
from citeproof.bench.phantom.runner import evaluate, run
from citeproof.bench.phantom.schema import KINDS
from citeproof.bench.phantom.scorer import ExcerptScore
from citeproof.bench.phantom.systems import make_system
from citeproof.core.stats import finite_or_none, paired_bootstrap, ratio_of
from citeproof.library.registry import open_library

SYSTEMS = ("rules", "rules+judge", "single-call", "agent")
COLUMNS = (
    "precision",
    "recall",
    "f1",
    "paper_precision",
    "paper_recall",
    "paper_f1",
    "recall_misrepresentation",
    *(f"recall_{k}" for k in KINDS if k != "misrepresentation"),
    "flag_rate_distractor",
    "calls_per_excerpt",
    "steps_per_excerpt",
    "repeated_action_rate",
    "budget_exhausted_rate",
)


def read(dataset: Path, split: str) -> list[Any]:
    if dataset.is_dir():
        return load(dataset, split)
    rows = _rows(dataset)
    return [normalise_row({"filename": r.get("id", f"row{i}"), **r}) for i, r in enumerate(rows)]


def paired(
    a: list[ExcerptScore],
    b: list[ExcerptScore],
    num: str,
    den: str,
    seed: int,
    resamples: int = 2000,
    kind: int | None = None,
) -> dict[str, float | str | None]:
    """Bootstrap of (ratio of b) − (ratio of a) over the same resampled excerpts."""
    get = (lambda s, f: getattr(s, f)[kind]) if kind is not None else getattr
    x, y = (ratio_of([get(s, num) for s in scores], [get(s, den) for s in scores]) for scores in (a, b))
    est = paired_bootstrap(
        y,
        x,
        len(a),
        seed,
        resamples,
        method=(f"paired bootstrap over {len(a)} excerpts (B={resamples}, seed={seed})"),
    ).estimate
    return {
        "difference": finite_or_none(est.value),
        "low": finite_or_none(est.low),
        "high": finite_or_none(est.high),
        "method": est.method,
    }


def cell(e: dict[str, Any], key: str) -> str:
    if e is None or e["n"] == 0 or e["value"] is None or math.isnan(e["value"]):
        return "n/a"
    scale, fmt = (1, "{:.2f}") if key.endswith("per_excerpt") else (100, "{:.1f}")
    v, lo, hi = (fmt.format(scale * e[k]) for k in ("value", "low", "high"))
    return f"{v} [{lo}, {hi}] n={e['n']}"


def table(results: dict[str, Any]) -> str:
    head = ["system", *(c.replace("recall_", "R ").replace("_per_excerpt", "/exc") for c in COLUMNS)]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for name, r in results["systems"].items():
        lines.append("| " + " | ".join([name, *(cell(r["metrics"][c], c) for c in COLUMNS)]) + " |")
    for name, m in results.get("baselines", {}).items():
        lines.append("| " + " | ".join([name, *(cell(m.get(c), c) for c in COLUMNS)]) + " |")
    return "\n".join(lines) + (
        "\n\nP, R, F1, per-kind R: the guarded scorer; paper P/R/F1: the paper-faithful "
        "scorer (recall = predictions that hit a gold fragment / gold fragments). Scripted "
        "model rows are checks of the plumbing, not judge results."
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--scripted", action="store_true")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    ap.add_argument("--library")
    ap.add_argument("--split", default="test")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--budget", type=int, default=30)
    ap.add_argument("--traces")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    logging.getLogger("eyecite").setLevel(logging.ERROR)  # its overlap notes are not ours
    excerpts = read(args.dataset, args.split)[: args.limit]
    library = open_library(args.library)
    options = {
        k: v
        for k, v in (
            ("model", args.model),
            ("base_url", args.base_url),
            ("budget", args.budget),
            ("traces", args.traces),
        )
        if v
    }
    snap = library.snapshot()
    results: dict[str, Any] = {
        "dataset": str(args.dataset),
        "split": args.split,
        "excerpts": len(excerpts),
        "library": {"name": snap.name, "cases": snap.cases, "built_at": str(snap.built_at)},
        "model": "scripted" if args.scripted else args.model,
        "seed": args.seed,
        "budget": args.budget,
        "systems": {},
    }
    scores: dict[str, list[ExcerptScore]] = {}
    for name in SYSTEMS:
        full = name if name == "rules" else (f"{name}:scripted" if args.scripted else name)
        detector = make_system(full, library, None if name == "rules" else options)
        try:
            predictions = run(detector, excerpts)
        finally:
            detector.close()
        summary, scores[full] = evaluate(excerpts, predictions, args.seed)
        entry: dict[str, Any] = {"metrics": {k: v.to_dict() for k, v in summary.items()}}
        if name != "rules":
            mis = KINDS.index("misrepresentation")
            entry["vs_rules"] = {
                "precision": paired(
                    scores["rules"], scores[full], "matched_predictions", "predictions", args.seed
                ),
                "recall_misrepresentation": paired(
                    scores["rules"], scores[full], "kind_hit", "kind_gold", args.seed, kind=mis
                ),
            }
        results["systems"][full] = entry
        print(f"{full}: done", file=sys.stderr)
    results["baselines"] = {
        name: {k: v.to_dict() for k, v in figures.items()}
        for name, figures in baseline_summaries(excerpts, args.seed).items()
    }
    print(table(results))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1, default=str, allow_nan=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

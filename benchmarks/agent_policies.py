"""The information-seeking agent against the same agent taking its actions in a fixed order,
on the same excerpts, model, library and step budgets.

    python benchmarks/agent_policies.py DATASET [--scripted | --model NAME --base-url URL]
        [--library PATH] [--split test] [--seed 2026] [--budgets 30,3] [--limit N] [--courtlistener]
        [--out benchmarks/results/agent_policies.json]

DATASET is a directory built by ``citeproof bench phantom build`` (or a JSONL file, as for
``benchmarks/llm_phantom.py``). For each budget and policy: precision, recall and F1 (the
guarded scorer), steps and model calls per excerpt, each with n and a seeded bootstrap
interval over excerpts; the paired difference (information − fixed) of F1 and of steps
per excerpt; and the per-action table (the paper's Tables A7/A9). With ``--scripted``
the model is the deterministic stand-in behind the loopback endpoint: a check of the
plumbing and of the choice of actions, not a model result.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

from citeproof.bench.phantom.llm_bench import LLMOptions, make_llm_detector
from citeproof.bench.phantom.runner import evaluate, run
from citeproof.core.stats import finite_or_none, paired_bootstrap, ratio_of
from citeproof.library.registry import open_library

sys.path.insert(0, str(Path(__file__).parent))
from llm_phantom import paired, read  # the same reader and paired bootstrap

POLICIES = ("information", "fixed")
FIGURES = ("precision", "recall", "f1", "steps_per_excerpt", "calls_per_excerpt")


def cell(e: dict[str, Any]) -> str:
    if e["n"] == 0 or e["value"] is None:
        return "n/a"
    v, lo, hi = e["value"], e["low"], e["high"]
    return f"{v:.2f} [{lo:.2f}, {hi:.2f}] n={e['n']}"


def paired_steps(a: list[float], b: list[float], seed: int) -> dict[str, Any]:
    """Mean steps per excerpt of b − a, over the same resampled excerpts."""
    ones = [1.0] * len(a)
    d = paired_bootstrap(ratio_of(b, ones), ratio_of(a, ones), len(a), seed, 2000)
    e = d.estimate
    return {
        "difference": finite_or_none(e.value),
        "low": finite_or_none(e.low),
        "high": finite_or_none(e.high),
        "method": e.method,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("dataset", type=Path)
    ap.add_argument("--scripted", action="store_true")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    ap.add_argument("--library")
    ap.add_argument("--split", default="test")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--budgets", default="30,3")
    ap.add_argument("--limit", type=int)
    ap.add_argument(
        "--courtlistener", action="store_true", help="offer CourtListener (COURTLISTENER_API_URL / _TOKEN)"
    )
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    excerpts = read(args.dataset, args.split)[: args.limit]
    library = open_library(args.library)
    snap = library.snapshot()
    results: dict[str, Any] = {
        "dataset": str(args.dataset),
        "split": args.split,
        "excerpts": len(excerpts),
        "library": {"name": snap.name, "cases": snap.cases, "built_at": str(snap.built_at)},
        "model": "scripted" if args.scripted else args.model,
        "seed": args.seed,
        "runs": {},
    }
    lines = ["| budget | policy | " + " | ".join(FIGURES) + " |", "|" + " --- |" * (len(FIGURES) + 2)]
    tables = []
    for budget in (int(b) for b in args.budgets.split(",")):
        steps: dict[str, list[float]] = {}
        scores: dict[str, Any] = {}
        for policy in POLICIES:
            options = LLMOptions(
                model=args.model,
                base_url=args.base_url,
                budget=budget,
                policy=policy,
                courtlistener=args.courtlistener or None,
            )
            detector = make_llm_detector("agent", "scripted" if args.scripted else None, library, options)
            try:
                predictions = run(detector, excerpts)
                table = detector.action_table(args.seed)
            finally:
                detector.close()
            summary, scores[policy] = evaluate(excerpts, predictions, args.seed)
            steps[policy] = [float(p.detection.steps) for p in predictions]
            key = f"budget {budget}, {policy}"
            results["runs"][key] = {
                "metrics": {k: summary[k].to_dict() for k in FIGURES},
                "actions": table.to_dict() if table else None,
            }
            lines.append(
                f"| {budget} | {policy} | " + " | ".join(cell(summary[k].to_dict()) for k in FIGURES) + " |"
            )
            if table:
                tables.append(table.markdown(f"budget {budget}, {policy}"))
            print(f"{key}: done", file=sys.stderr)
        info, fixed = scores["information"], scores["fixed"]
        results["runs"][f"budget {budget}, information − fixed"] = {
            "steps_per_excerpt": paired_steps(steps["fixed"], steps["information"], args.seed),
            "precision": paired(fixed, info, "matched_predictions", "predictions", args.seed),
            "recall": paired(fixed, info, "matched_gold", "gold", args.seed),
        }
    print("\n".join(lines) + "\n\n" + "\n\n".join(tables))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=1, default=str, allow_nan=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

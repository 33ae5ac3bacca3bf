"""Threshold and margin of the semantic factor stage, set on the dev and held-out 1 gold sets only.

    python benchmarks/factor_threshold.py

Writes benchmarks/results/factor_threshold.json. On these sets the paraphrase lexicon finds
nearly every paraphrase (it was tuned there), so the sweep switches it off: codes and factor
names stay, and the semantic stage alone must find the paraphrases of the paraphrase-style
arguments. The code-style arguments are read by the full hybrid extractor, since a
semantic hit there is most often a spurious one. The rule: among the (threshold, margin)
pairs that keep code-style precision >= 0.95, the one with the highest paraphrase recall
whose paraphrase precision is at least 0.90 (ties: the higher threshold, then the higher
margin). No other gold set is read.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from citeproof.bench.factors.extract import HybridExtractor
from citeproof.bench.factors.gold import load_gold, score_extractor
from citeproof.bench.factors.semantic import MARGIN, THRESHOLD, SemanticStage

RESULTS = Path(__file__).resolve().parent / "results" / "factor_threshold.json"
SETS = ("dev", "heldout")
THRESHOLDS = [round(0.25 + 0.05 * i, 2) for i in range(9)]
MARGINS = [0.0, 0.05, 0.1, 0.15, 0.2]
MIN_PRECISION = 0.90
MIN_CODE_PRECISION = 0.95


def main() -> None:
    gold = load_gold(SETS)
    paraphrase = [g for g in gold if g.style == "paraphrase"]
    code = [g for g in gold if g.style == "code"]
    stage = SemanticStage()
    rows = []
    for threshold, margin in itertools.product(THRESHOLDS, MARGINS):
        stage.threshold, stage.margin = threshold, margin
        p, _ = score_extractor(HybridExtractor(stage, paraphrases=False), paraphrase, "paraphrase")
        c, _ = score_extractor(HybridExtractor(stage), code, "code")
        rows.append(
            {
                "threshold": threshold,
                "margin": margin,
                "precision": p.precision.to_dict(),
                "recall": p.recall.to_dict(),
                "code_precision": c.precision.to_dict(),
            }
        )
        print(f"{threshold:.2f} {margin:.2f}  P {p.precision}  R {p.recall}  code P {c.precision}")
    eligible = [
        r
        for r in rows
        if r["precision"]["value"] >= MIN_PRECISION and r["code_precision"]["value"] >= MIN_CODE_PRECISION
    ]
    rank = lambda r: (r["recall"]["value"], r["threshold"], r["margin"])  # noqa: E731
    best = max(eligible, key=rank) if eligible else None
    result = {
        "command": "python benchmarks/factor_threshold.py",
        "sets": "dev and held-out 1; paraphrase style with the paraphrase lexicon off, code style in full",
        "arguments": {"paraphrase": len(paraphrase), "code": len(code)},
        "rule": f"highest recall with precision >= {MIN_PRECISION}, code precision >= {MIN_CODE_PRECISION}",
        "chosen": {"threshold": best["threshold"], "margin": best["margin"]} if best else None,
        "in_code": {"threshold": THRESHOLD, "margin": MARGIN},
        "sweep": rows,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"chosen {result['chosen']} (in code: threshold {THRESHOLD}, margin {MARGIN})")


if __name__ == "__main__":
    main()

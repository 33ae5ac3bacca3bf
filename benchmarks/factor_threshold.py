"""The similarity threshold of the semantic factor stage, set on the dev gold set only.

    python benchmarks/factor_threshold.py

Writes benchmarks/results/factor_threshold.json. On dev, the paraphrase lexicon finds
every paraphrase by construction (it was tuned there), so the sweep switches it off: codes
and factor names stay, and the semantic stage alone must find the paraphrases of the
paraphrase-style arguments. The rule: the threshold with the highest recall among those
whose precision is at least 0.90 (ties: the higher threshold). No held-out set is read.
"""

from __future__ import annotations

import json
from pathlib import Path

from citeproof.bench.factors.extract import HybridExtractor
from citeproof.bench.factors.gold import load_gold, score_extractor
from citeproof.bench.factors.semantic import THRESHOLD, SemanticStage

RESULTS = Path(__file__).resolve().parent / "results" / "factor_threshold.json"
GRID = [round(0.25 + 0.05 * i, 2) for i in range(8)]
MIN_PRECISION = 0.90


def main() -> None:
    dev = [g for g in load_gold(("dev",)) if g.style == "paraphrase"]
    stage = SemanticStage()
    rows = []
    for threshold in GRID:
        stage.threshold = threshold
        v, _ = score_extractor(HybridExtractor(stage, paraphrases=False), dev, "dev/paraphrase")
        rows.append(
            {"threshold": threshold, "precision": v.precision.to_dict(), "recall": v.recall.to_dict()}
        )
        print(f"{threshold:.2f}  P {v.precision}  R {v.recall}")
    eligible = [r for r in rows if r["precision"]["value"] >= MIN_PRECISION]
    best = max(eligible, key=lambda r: (r["recall"]["value"], r["threshold"])) if eligible else None
    result = {
        "command": "python benchmarks/factor_threshold.py",
        "set": "dev, paraphrase style, paraphrase lexicon off",
        "arguments": len(dev),
        "rule": f"highest recall with precision >= {MIN_PRECISION}",
        "chosen": best["threshold"] if best else None,
        "in_code": THRESHOLD,
        "sweep": rows,
    }
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(f"chosen {result['chosen']} (semantic.THRESHOLD = {THRESHOLD})")


if __name__ == "__main__":
    main()

"""Score claim attribution on the hand-written gold set of citation–claim links.

    python benchmarks/attribution_gold.py [--gold tests/data/attribution_gold.jsonl]
                                          [--out benchmarks/results/attribution_gold.json]

Every text of the gold set is extracted with `citeproof.core.extraction.extract.extract_citations`; each
case citation's quotations, proposition and explanatory parenthetical are its predicted links,
matched one to one against the gold links (same citation, same kind, spans overlapping by at
least half of each). Prints precision and recall with Wilson 95 % intervals (target >= 0.95
each) and writes them, per style, with every missed and spurious link, to --out (JSON).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from citeproof.bench.attribution import load, score

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GOLD = ROOT / "tests" / "data" / "attribution_gold.jsonl"
DEFAULT_OUT = ROOT / "benchmarks" / "results" / "attribution_gold.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args()

    items = load(args.gold)
    result = score(items)
    summary = {
        "command": " ".join(["python", *sys.argv]),
        "gold": str(args.gold.relative_to(ROOT) if args.gold.is_relative_to(ROOT) else args.gold),
        "n_texts": len(items),
        "n_gold_links": result.recall.n,
        "n_predicted_links": result.precision.n,
        "precision": result.precision.to_dict(),
        "recall": result.recall.to_dict(),
        "by_style": result.by_style(),
        "missed": [f"{t.id} {m}" for t in result.texts for m in t.missed],
        "spurious": [f"{t.id} {s}" for t in result.texts for s in t.spurious],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"texts      {len(items)}")
    print(f"precision  {result.precision}")
    print(f"recall     {result.recall}")
    for line in summary["missed"]:
        print(f"  missed   {line}")
    for line in summary["spurious"]:
        print(f"  spurious {line}")
    print(f"results: {args.out}")


if __name__ == "__main__":
    main()

"""The preference pairs as ``citeproof grounding dpo`` builds them (seed 0, bundled data), and
how the checker reads each decision pair: its rejected citation should be hallucinated
with the strategy's kind, its chosen one never.

Run: ``python benchmarks/dpo_pairs.py``; writes ``benchmarks/results/dpo_pairs.json``.
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from pathlib import Path

import numpy as np

from citeproof.bench.grounding.dpo import Pair, load_citing, make_pairs
from citeproof.bench.grounding.dpo_cases import CaseStrategy, make_case_pairs
from citeproof.bench.grounding.dpo_split import SPLITS, counts, groups, leakage_check, split
from citeproof.core.extraction.statutes.ua_registry import load_registry
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text
from citeproof.core.stats import wilson
from citeproof.library.default import default_library

KIND = {
    CaseStrategy.CASE_SWAP: "name_mismatch",
    CaseStrategy.NAME_SWAP: "name_mismatch",
    CaseStrategy.PAGE_INSIDE: "nonexistent",
    CaseStrategy.PIN_PAST_END: "wrong_pincite",
}


def read_as_checker(pair: Pair, continuation: str, library: Library) -> tuple[str, set[str]]:
    """The status and kinds of the citation the continuation begins."""
    report = check_document(document_from_text(pair.prompt + continuation + "."), library)
    verdict = next(v for v in report.verdicts if v.citation.span.start >= len(pair.prompt) - 1)
    return str(verdict.status), {str(e.kind) for e in verdict.errors}


def main(seed: int = 0) -> dict[str, object]:
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    library = default_library()
    start = time.perf_counter()
    statute = make_pairs(load_citing(), load_registry(), seed)
    decision = make_case_pairs(library, seed)
    built = time.perf_counter() - start
    pairs = statute + decision
    splits = split(pairs, seed)
    sizes = Counter(groups(pairs))
    side = np.random.default_rng(seed).choice(3, size=len(pairs), p=[0.8, 0.1, 0.1])
    by_pair = {name: [pairs[k].prompt for k in np.flatnonzero(side == i)] for i, name in enumerate(SPLITS)}
    agreement: dict[str, dict[str, object]] = {}
    for strategy in CaseStrategy:
        mine = [p for p in decision if p.strategy is strategy]
        rejected: Counter[str] = Counter()
        chosen: Counter[str] = Counter()
        for p in mine:
            status, kinds = read_as_checker(p, p.rejected, library)
            rejected["expected kind" if KIND[strategy] in kinds else status] += 1
            chosen[read_as_checker(p, p.chosen, library)[0]] += 1
        agreement[str(strategy)] = {
            "pairs": len(mine),
            "rejected": dict(rejected),
            "chosen": dict(chosen),
            "rejected_flagged": wilson(rejected["expected kind"], len(mine)).to_dict(),
        }
    return {
        "seed": seed,
        "library": library.snapshot().name,
        "pairs": {"statute_text": len(statute), "decision_text": len(decision)},
        "build_seconds": round(built, 1),
        "groups": len(sizes),
        "largest_group": max(sizes.values()),
        "splits": counts(splits),
        "random_split_by_pair_leakage": [r.to_dict() for r in leakage_check(by_pair)],
        "leakage_check": [
            r.to_dict() for r in leakage_check({k: [p.prompt for p in v] for k, v in splits.items()})
        ],
        "checker_on_decision_pairs": agreement,
    }


if __name__ == "__main__":
    result = main()
    out = Path(__file__).parent / "results" / "dpo_pairs.json"
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=1, ensure_ascii=False))

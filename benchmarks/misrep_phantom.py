"""Misrepresentation alone on the phantom benchmark: the offline rules' precision and recall,
each rule's firings, false alarms on faithful (verbatim and paraphrased) propositions, and
the cost of the support check per claim.

    citeproof bench phantom build --seed 2026 --out bench/phantom
    python benchmarks/misrep_phantom.py --dataset bench/phantom [--split test]
                                        [--out benchmarks/results/misrep_phantom.json] [--repeat R]

Every excerpt is checked as a document with the offline pipeline (`check_document`, the
bundled library or $CITEPROOF_LIBRARY). A misrepresentation finding is a hit when its
fragment matches a required misrepresentation gold fragment under the guarded scorer
(`scorer.guarded_match`); one matching only optional gold (a claim attributed to a fabricated
cite) is left out; any other is a false alarm. Recall: misrepresentation gold fragments hit.
A faithful proposition (a templated slot the builder left uninjected) is flagged when a
misrepresentation finding matches it; paraphrased ones (dataset 2.1 on) are counted apart.
Cost per claim: `check_support` timed alone (CPU time) on every citation with a proposition
and an opinion, the opinion's preparation included for its first claim ("cold") and not after;
the per-process caches of unpacked opinion data are emptied before each opinion's first claim,
so "cold" is never helped by an earlier excerpt. ``--repeat R`` checks each opinion's claims R
times (a fresh scope each time) and keeps each claim's least time: on a shared machine other
work only adds time. Uses only APIs that predate the rules, so the same command measures the
code before them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from citeproof.bench.phantom.loader import load
from citeproof.bench.phantom.scorer import guarded_match, ratio
from citeproof.core.checking.memo import opinion_memo
from citeproof.core.checking.structure import unpack_structure
from citeproof.core.checking.support import check_support
from citeproof.core.models import ErrorKind, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.core.stats import wilson
from citeproof.library.default import default_library

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "misrep_phantom.json"
try:
    from citeproof.core.checking.word_index import unpack_word_index

    _CACHED: tuple[object, ...] = (unpack_word_index, unpack_structure)
except ImportError:  # the code before the word index kept nothing between checks
    _CACHED = (unpack_structure,)
SEED = 2026


def _faithful_slots(meta: dict) -> list[tuple[str, bool]]:  # type: ignore[type-arg]
    """(proposition, paraphrased) of each uninjected proposition of a templated excerpt."""
    return [
        (s["proposition"], str(s.get("note") or "").startswith("faithful paraphrase"))
        for s in meta.get("slots") or ()
        if s.get("role") == "fulltext" and not s.get("kind") and s.get("proposition")
    ]


def _forget_unpacked() -> None:
    for fn in _CACHED:
        clear = getattr(fn, "cache_clear", None)
        if clear is not None:
            clear()


def _claim_costs(report, library, repeat: int = 1) -> tuple[list[float], list[float]]:  # type: ignore[no-untyped-def]
    """Seconds of `check_support` per claim (the least of ``repeat`` runs): the first claim on
    each opinion (cold), the rest."""
    cold, warm = [], []
    by_case: dict[str, list] = {}  # type: ignore[type-arg]
    for v in report.verdicts:
        c = v.citation
        if v.authority is not None and v.authority.has_text and (c.proposition or c.parenthetical):
            by_case.setdefault(v.authority.id, []).append(c)
    for case_id, citations in by_case.items():
        opinion = library.opinion(case_id)
        least = [float("inf")] * len(citations)
        for _ in range(repeat):
            _forget_unpacked()
            with opinion_memo():
                for n, c in enumerate(citations):
                    start = time.process_time()  # CPU time: other work on a shared machine does not count
                    check_support(c, opinion)
                    least[n] = min(least[n], time.process_time() - start)
        cold.append(least[0])
        warm += least[1:]
    return cold, warm


def score(dataset: Path, split: str, limit: int | None, repeat: int = 1) -> dict:  # type: ignore[type-arg]
    library = default_library(quiet=True)
    excerpts = [e for e in load(dataset, split) if e.split == split][:limit]
    hits, predictions, gold_hit, gold = [], [], [], []
    rules: Counter[tuple[str, str]] = Counter()
    faithful = {"verbatim": [0, 0], "paraphrased": [0, 0]}
    flagged_faithful: list[dict[str, str]] = []
    cold: list[float] = []
    warm: list[float] = []
    for n, e in enumerate(excerpts, 1):
        if n % 50 == 0:
            print(f"{n}/{len(excerpts)}", file=sys.stderr)
        report = check_document(document_from_text(e.text), library)
        found = [
            (err.fragment or v.citation.text, getattr(err, "rule", "") or "polarity")
            for v in report.verdicts
            if v.status is Status.HALLUCINATED
            for err in v.errors
            if err.kind is ErrorKind.MISREPRESENTATION
        ]
        required = [g.fragment for g in e.required if g.kind == "misrepresentation"]
        optional = [g.fragment for g in e.errors if g.optional]
        tp = fp = 0
        for fragment, rule in dict.fromkeys(found):
            if any(guarded_match(fragment, g) for g in required):
                tp += 1
                rules[(rule, "hit")] += 1
            elif not any(guarded_match(fragment, g) for g in optional):
                fp += 1
                rules[(rule, "false alarm")] += 1
        hits.append(tp)
        predictions.append(tp + fp)
        gold_hit.append(sum(any(guarded_match(f, g) for f, _ in found) for g in required))
        gold.append(len(required))
        for proposition, paraphrased in _faithful_slots(e.meta):
            key = "paraphrased" if paraphrased else "verbatim"
            faithful[key][1] += 1
            if any(guarded_match(f, proposition) for f, _ in found):
                faithful[key][0] += 1
                flagged_faithful.append({"excerpt": e.filename, "kind": key, "proposition": proposition})
        c, w = _claim_costs(report, library, repeat)
        cold += c
        warm += w
    every = cold + warm
    return {
        "command": "python benchmarks/misrep_phantom.py " + " ".join(sys.argv[1:]),
        "dataset": str(dataset),
        "split": split,
        "excerpts": len(excerpts),
        "library": library.snapshot().name,
        "misrepresentation_precision": ratio(hits, predictions, SEED).to_dict(),
        "misrepresentation_recall": ratio(gold_hit, gold, SEED).to_dict(),
        "firings_by_rule": {f"{rule} ({what})": k for (rule, what), k in sorted(rules.items())},
        "faithful_flagged": {k: wilson(*v).to_dict() for k, v in faithful.items()},
        "faithful_flagged_list": flagged_faithful,
        "cost_per_claim_ms": {
            "claims": len(every),
            "mean": 1000 * statistics.fmean(every) if every else None,
            "median": 1000 * statistics.median(every) if every else None,
            "cold_mean": 1000 * statistics.fmean(cold) if cold else None,
            "warm_mean": 1000 * statistics.fmean(warm) if warm else None,
            "repeat": repeat,
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", type=Path, required=True, help="folder built by `bench phantom build`")
    parser.add_argument("--split", default="test")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--repeat", type=int, default=1, help="runs of the cost measurement (least kept)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    result = score(args.dataset, args.split, args.limit, args.repeat)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for key in ("misrepresentation_precision", "misrepresentation_recall"):
        est = result[key]
        print(f"{key}: {est['value']} [{est['low']}, {est['high']}] n={est['n']}")
    print("firings:", result["firings_by_rule"])
    print("faithful flagged:", {k: (v["value"], v["n"]) for k, v in result["faithful_flagged"].items()})
    print("cost per claim (ms):", result["cost_per_claim_ms"])
    print(f"results: {args.out}")


if __name__ == "__main__":
    main()

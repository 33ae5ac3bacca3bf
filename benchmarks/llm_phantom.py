"""Compare the offline rules, rules + LLM judge, the belief-state agent and the single-call
baseline on a phantom-style dataset (JSONL: text, list_hallucinations,
list_hallucination_types).

    python benchmarks/llm_phantom.py DATASET.jsonl [--scripted | --model NAME]
        [--base-url URL] [--library PATH] [--budget 30] [--traces DIR] [--limit N]

``--scripted`` uses the deterministic model of `citeproof.llm.scripted` (it decides
from the retrieved text only, never from the labels). Matching is lenient: a flagged
fragment matches a gold one when either contains the other after normalising, or they
share 60% of the words of the shorter one (six words or more). When the phantom benchmark's own scorer
(issue 3) is merged, pass these detectors to its runner instead.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

from citeproof.bench.systems import Detector
from citeproof.library.default import open_library
from citeproof.llm.client import ChatClient, LLMConfig
from citeproof.llm.judge import LLMJudge
from citeproof.llm.scripted import ScriptedModel
from citeproof.llm.systems import AgentDetector, RulesDetector, SingleCallDetector
from citeproof.stats import wilson


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def matches(flagged: str, gold: str) -> bool:
    a, b = " ".join(_words(flagged)), " ".join(_words(gold))
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    wa, wb = set(a.split()), set(b.split())
    return min(len(wa), len(wb)) >= 6 and len(wa & wb) >= 0.6 * min(len(wa), len(wb))


def score(rows: list[dict], detector: Detector) -> dict:
    tp = fp = 0
    found: Counter[str] = Counter()
    gold_by_type: Counter[str] = Counter()
    cost = Counter()
    for row in rows:
        d = detector.detect(row["text"])
        cost.update(calls=d.calls, steps=d.steps, tokens=d.prompt_tokens + d.completion_tokens)
        gold = list(zip(row["list_hallucinations"], row["list_hallucination_types"], strict=True))
        for f in d.fragments:
            if any(matches(f, g) for g, _ in gold):
                tp += 1
            else:
                fp += 1
        for g, kind in gold:
            gold_by_type[kind] += 1
            found[kind] += any(matches(f, g) for f in d.fragments)
    n_gold = sum(gold_by_type.values())
    p, r = wilson(tp, tp + fp), wilson(sum(found.values()), n_gold)
    f1 = 2 * p.value * r.value / (p.value + r.value) if p.n and r.n and p.value + r.value else 0.0
    return {"system": detector.name, "excerpts": len(rows), "precision": p, "recall": r, "f1": f1,
            "recall_by_type": {k: (found[k], gold_by_type[k]) for k in sorted(gold_by_type)},
            "calls_per_excerpt": cost["calls"] / len(rows),
            "steps_per_excerpt": cost["steps"] / len(rows),
            "tokens_per_excerpt": cost["tokens"] / len(rows)}


def table(results: list[dict]) -> str:
    kinds = sorted({k for r in results for k in r["recall_by_type"]})
    head = ["system", "P", "R", "F1", *(f"R {k}" for k in kinds), "calls/exc", "steps/exc"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in results:
        by = [f"{a}/{b}" for a, b in (r["recall_by_type"][k] for k in kinds)]
        lines.append("| " + " | ".join([
            r["system"], f"{r['precision'].value:.2f} [{r['precision'].low:.2f}, "
            f"{r['precision'].high:.2f}]", f"{r['recall'].value:.2f} [{r['recall'].low:.2f}, "
            f"{r['recall'].high:.2f}]", f"{r['f1']:.2f}", *by, f"{r['calls_per_excerpt']:.2f}",
            f"{r['steps_per_excerpt']:.2f}"]) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dataset")
    ap.add_argument("--scripted", action="store_true")
    ap.add_argument("--model")
    ap.add_argument("--base-url")
    ap.add_argument("--library")
    ap.add_argument("--budget", type=int, default=30)
    ap.add_argument("--traces")
    ap.add_argument("--limit", type=int)
    args = ap.parse_args(argv)
    rows = [json.loads(x) for x in Path(args.dataset).read_text().splitlines() if x.strip()]
    rows = rows[: args.limit] if args.limit else rows
    library = open_library(args.library)
    model = ScriptedModel() if args.scripted else \
        ChatClient(LLMConfig.load(model=args.model, base_url=args.base_url))
    systems: list[Detector] = [
        RulesDetector(library), RulesDetector(library, LLMJudge(model)),
        SingleCallDetector(model, library), AgentDetector(model, library, args.budget, args.traces)]
    snap = library.snapshot()
    print(f"{args.dataset}: {len(rows)} excerpts; library {snap.name} ({snap.cases:,} cases, "
          f"built {snap.built_at}); model {getattr(model, 'name', '?')}\n")
    print(table([score(rows, s) for s in systems]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

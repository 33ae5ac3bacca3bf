"""False alarms on realistic briefs: every citation of `realistic_brief.py` names a real case and
quotes or repeats a sentence of its pin page, so every `hallucinated` verdict is a candidate
false alarm (or a fault of the brief's own generator, listed for review).

    python benchmarks/realistic_briefs_check.py [--briefs 40] [--citations 60] [--seed 100]
                                                [--out benchmarks/results/realistic_briefs.json]

Brief k is `brief_from(cases, citations, 30, seed + k)`; it is checked as text with
`citeproof.check`. Output: counts by status, the hallucinated rate with its Wilson interval,
and each hallucinated verdict with its errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import realistic_brief  # noqa: E402

import citeproof  # noqa: E402
from citeproof.core.stats import wilson  # noqa: E402
from citeproof.library.default import default_library  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--briefs", type=int, default=40)
    parser.add_argument("--citations", type=int, default=60)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "realistic_briefs.json")
    args = parser.parse_args()
    cases = realistic_brief.load_cases(default_library(quiet=True).path)
    statuses: Counter[str] = Counter()
    flagged = []
    for k in range(args.briefs):
        text = realistic_brief.brief_from(cases, args.citations, 30, args.seed + k)
        for c in citeproof.check(text).to_json()["citations"]:
            statuses[c["status"]] += 1
            if c["status"] == "hallucinated":
                flagged.append({"brief_seed": args.seed + k, "text": c["text"], "errors": c["errors"]})
        print(f"\r{k + 1}/{args.briefs} briefs", end="", file=sys.stderr)
    n = sum(statuses.values())
    rate = wilson(statuses["hallucinated"], n)
    result = {
        "command": " ".join(["python", *sys.argv]),
        "briefs": args.briefs,
        "citations": n,
        "by_status": dict(statuses),
        "hallucinated_rate": {"value": rate.value, "n": rate.n, "low": rate.low, "high": rate.high},
        "by_error_kind": dict(Counter(e["kind"] for f in flagged for e in f["errors"])),
        "hallucinated_verdicts": flagged,
    }
    args.out.write_text(json.dumps(result, indent=1, default=str), encoding="utf-8")
    print(
        f"\n{statuses['hallucinated']} hallucinated of {n} citations "
        f"({rate.value:.4f} [{rate.low:.4f}, {rate.high:.4f}], Wilson 95%); {dict(statuses)} -> {args.out}"
    )


if __name__ == "__main__":
    main()

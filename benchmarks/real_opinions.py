"""Run the checker over every real opinion in the US data pack and count its hallucination verdicts.

    python benchmarks/real_opinions.py [--data ../shared/data/us] [--limit N] [--workers 2]
                                       [--out benchmarks/results/real_opinions.json]

Each opinion text of at least 2,000 characters (the `text` field of every record in
opinions/*.jsonl[.gz]) is checked as its own document with `citeproof.check(text)` against
the bundled default library; only the top-level API and the JSON contract (`report.to_json()`)
are used. Real opinions are written by courts, so every `hallucinated` verdict is a candidate
false positive: the output lists each one with ~200 characters of context for review.
Statute citations are counted apart, by code (U.S.C., each set of federal rules, C.F.R.) and
verdict, with every one the Code or rules data do not hold listed for review. Citations that
carry an overruled warning (`treatment`: a warning beside the verdict, never a verdict) are
counted and listed with their context, by overruled case.
Progress goes to stderr, a summary table to stdout, the full results to --out (JSON).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

import citeproof
from citeproof.core.stats import wilson

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "us"
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "real_opinions.json"
MIN_CHARS = 2000
CONTEXT = 100  # characters each side of the citation span
_STATUTE_CODES = (
    ("U.S.C.", re.compile(r"U\.\s?S\.\s?C|United\s+States\s+Code|\bsection\s+\w+\s+of\s+title", re.I)),
    ("C.F.R.", re.compile(r"C\.\s?F\.\s?R")),
    ("Fed. R. Civ. P.", re.compile(r"Civ\.\s?P")),
    ("Fed. R. Crim. P.", re.compile(r"Crim\.\s?P")),
    ("Fed. R. App. P.", re.compile(r"App\.\s?P")),
    ("Fed. R. Bankr. P.", re.compile(r"Bankr\.\s?P")),
    ("Fed. R. Evid.", re.compile(r"Evid\.")),
    ("habeas rules", re.compile(r"Rules\s+Governing")),
)


def statute_code(text: str) -> str:
    """The code a statute citation names, read from its words (the JSON contract has none)."""
    return next((code for code, pattern in _STATUTE_CODES if pattern.search(text)), "other")


def _context(text: str, span: list[int]) -> str:
    return " ".join(text[max(0, span[0] - CONTEXT) : span[1] + CONTEXT].split())


def load_opinions(data: Path, limit: int | None) -> list[tuple[str, str]]:
    """(id, text) of every opinion with at least MIN_CHARS characters, in file order."""
    out = []
    for path in sorted((data / "opinions").glob("*.jsonl*")):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)
                if len(record["text"]) >= MIN_CHARS:
                    out.append((record["id"], record["text"]))
    return out[:limit] if limit else out


def check_one(item: tuple[str, str]) -> dict:
    """Check one opinion; keep the counts and every hallucinated verdict with its context."""
    opinion_id, text = item
    report = citeproof.check(text if "\n" in text else text + "\n")
    citations = report.to_json()["citations"]
    flagged = []
    statutes: Counter[str] = Counter()
    absent = []
    overruled = []
    for c in citations:
        if c["treatment"]:
            overruled.append(
                {
                    "opinion": opinion_id,
                    "text": c["text"],
                    "status": c["status"],
                    "case": c["authority"]["name"] if c["authority"] else None,
                    "overruled_by": f"{c['treatment']['name']}, {c['treatment']['overruled_by']} "
                    f"({c['treatment']['year']}), {c['treatment']['scope']}",
                    "context": _context(text, c["span"]),
                }
            )
        if c["type"] == "statute":
            code = statute_code(c["text"])
            statutes[f"{code} | {c['status']}" + (f" ({c['reason']})" if c["reason"] else "")] += 1
            if c["reason"] == "not_in_current_code":
                where = _context(text, c["span"])
                absent.append({"opinion": opinion_id, "text": c["text"], "context": where})
        if c["status"] != "hallucinated":
            continue
        flagged.append(
            {
                "opinion": opinion_id,
                "text": c["text"],
                "span": c["span"],
                "case_name": c["case_name"],
                "kinds": [e["kind"] for e in c["errors"]],
                "errors": [
                    {k: e[k] for k in ("kind", "fragment", "explanation", "evidence")} for e in c["errors"]
                ],
                "context": _context(text, c["span"]),
            }
        )
    return {
        "id": opinion_id,
        "chars": len(text),
        "n": len(citations),
        "status": Counter(c["status"] for c in citations),
        "kinds": Counter(e["kind"] for c in citations for e in c["errors"]),
        "reasons": Counter(c["reason"] for c in citations if c["status"] == "unverifiable"),
        "hallucinated": flagged,
        "statutes": statutes,
        "not_in_current_code": absent,
        "overruled": overruled,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()

    opinions = load_opinions(args.data, args.limit)
    warm = citeproof.check("warm-up: builds the bundled library once before the workers start\n")
    started = time.perf_counter()
    results = []
    with Pool(max(1, args.workers)) as pool:
        for done, result in enumerate(pool.imap_unordered(check_one, opinions, chunksize=1), 1):
            results.append(result)
            print(
                f"\r[{done}/{len(opinions)}] {result['id'][:50]:<50} {result['n']:>4} cites, "
                f"{len(result['hallucinated'])} hallucinated",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    seconds = time.perf_counter() - started
    results.sort(key=lambda r: r["id"])

    n_cites = sum(r["n"] for r in results)
    flagged = [h for r in results for h in r["hallucinated"]]
    estimate = wilson(len(flagged), n_cites)
    low, high = estimate.low, estimate.high
    by_status = sum((r["status"] for r in results), Counter())
    by_kind = sum((r["kinds"] for r in results), Counter())
    by_reason = sum((r["reasons"] for r in results), Counter())
    by_statute = sum((r["statutes"] for r in results), Counter())
    overruled = [o for r in results for o in r["overruled"]]
    by_overruled = Counter(f"{o['case']} -> {o['overruled_by']}" for o in overruled)
    summary = {
        "command": " ".join(["python", *sys.argv]),
        "seconds": round(seconds, 1),
        "workers": args.workers,
        "citeproof": citeproof.__version__,
        "library": warm.to_json()["library"],
        "n_texts": len(results),
        "n_chars": sum(r["chars"] for r in results),
        "n_citations": n_cites,
        "hallucinated": len(flagged),
        "hallucinated_per_1000": round(1000 * len(flagged) / n_cites, 2) if n_cites else 0.0,
        "hallucinated_per_1000_wilson95": [round(1000 * low, 2), round(1000 * high, 2)],
        "texts_with_hallucinated": sum(1 for r in results if r["hallucinated"]),
        "by_status": dict(by_status.most_common()),
        "by_error_kind": dict(by_kind.most_common()),
        "unverifiable_by_reason": dict(by_reason.most_common()),
        "statutes_by_code_and_verdict": dict(sorted(by_statute.items())),
        "overruled_warnings": len(overruled),
        "overruled_by_case": dict(by_overruled.most_common()),
        "per_text": [
            {"id": r["id"], "chars": r["chars"], "citations": r["n"], "hallucinated": len(r["hallucinated"])}
            for r in results
        ],
        "hallucinated_verdicts": flagged,
        "statutes_not_in_current_code": [a for r in results for a in r["not_in_current_code"]],
        "overruled_citations": overruled,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    rows = [
        ("texts", f"{len(results):,}"),
        ("citations", f"{n_cites:,}"),
        ("hallucinated", f"{len(flagged):,}"),
        (
            "per 1,000 citations",
            f"{summary['hallucinated_per_1000']} [{1000 * low:.2f}, {1000 * high:.2f}] (Wilson 95%)",
        ),
        ("texts with >=1 flagged", f"{summary['texts_with_hallucinated']}"),
        ("overruled warnings", f"{len(overruled):,} ({len(by_overruled)} cases)"),
        ("runtime", f"{seconds:.1f} s ({args.workers} workers)"),
    ]
    rows += [(f"status {k}", f"{v:,}") for k, v in by_status.most_common()]
    rows += [(f"error {k}", f"{v:,}") for k, v in by_kind.most_common()]
    rows += [(f"statute {k}", f"{v:,}") for k, v in sorted(by_statute.items())]
    width = max(len(r[0]) for r in rows)
    print("\n".join(f"{k:<{width}}  {v}" for k, v in rows))
    print(f"results: {args.out}")


if __name__ == "__main__":
    main()

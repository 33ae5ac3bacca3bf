"""Score the offline misrepresentation rules on a JSONL file of brief-style statements.

    python benchmarks/misrep_blind.py ITEMS.jsonl [--out benchmarks/results/misrep_blind.json]
                                      [--half 1|2 [--split-seed 28]]

Each line is one item ``{"statement": ..., "cite": ..., "label": ..., "kind": ...}``:
``statement`` what a brief says the case holds; ``cite`` the case as a brief cites it
("People v. Harris, 359 Ill. App. 3d 931 (2005)" or just "359 Ill. App. 3d 931");
``label`` whether the statement is faithful to the opinion or misrepresents it (a label
containing "faithful", "correct", "support" or "true" is faithful; "misrep", "unfaithful",
"contradict", "false" or "wrong" is a misrepresentation); ``kind`` the kind of
misrepresentation (or of paraphrase), reported per kind. The cite is read with the
pipeline's own extraction and resolved in the library (the bundled one, or
$CITEPROOF_LIBRARY); the statement is the proposition the support check reads
(`check_support`, the rules only: no LLM, no NLI model). An item whose cite does not resolve
to an opinion with text is counted apart (unscored) and listed.

``--half`` scores one half of the items, split by opinion (``opinion_id``, else the cite) with
a seeded shuffle: tune on one half, report on the other (half 1 is the first half of the
shuffled opinions).

Prints and writes: misrepresentation precision and recall, the share of faithful statements
flagged, each with n and a Wilson 95% interval; recall per kind; firings per rule.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

from citeproof.core.checking.resolve import resolve
from citeproof.core.checking.support import check_support
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import CitationType, Outcome, ResolutionStatus, Span
from citeproof.core.reading.read import document_from_text
from citeproof.core.stats import wilson
from citeproof.library.default import default_library

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "misrep_blind.json"
_FAITHFUL = ("faithful", "correct", "support", "true", "accurate", "honest")
_MISREP = ("misrep", "unfaithful", "contradict", "false", "wrong", "unsupport", "incorrect")


def is_misrepresentation(label: Any) -> bool | None:
    """True for a misrepresentation label, False for a faithful one, None when unknown."""
    if isinstance(label, bool):
        return not label
    text = str(label).strip().lower()
    if any(w in text for w in _MISREP):
        return True
    if any(w in text for w in _FAITHFUL):
        return False
    return None


def read_items(path: Path) -> list[dict[str, Any]]:
    items = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: bad JSON ({exc.msg})") from None
            missing = [k for k in ("statement", "cite", "label") if not item.get(k)]
            if missing or is_misrepresentation(item["label"]) is None:
                raise SystemExit(f"{path}:{n}: needs statement, cite and a known label (missing: {missing})")
            items.append(item)
    if not items:
        raise SystemExit(f"{path}: no items")
    return items


def half_of(items: list[dict[str, Any]], half: int, seed: int) -> list[dict[str, Any]]:
    """The items of one half of the opinions (``half`` 1 or 2), the opinions shuffled by ``seed``."""
    key = [str(i.get("opinion_id") or i["cite"]) for i in items]
    opinions = sorted(set(key))
    random.Random(seed).shuffle(opinions)
    first = set(opinions[: len(opinions) // 2])
    return [i for i, k in zip(items, key, strict=True) if (k in first) == (half == 1)]


def judge(item: dict[str, Any], library: Any) -> tuple[str, str, str]:
    """``(outcome, rule, evidence)``: outcome ``flagged``, ``passed`` or ``unscored: why``."""
    text = str(item["cite"])
    found = [c for c in extract_citations(document_from_text(text + "\n")) if c.type is CitationType.CASE]
    if not found:
        return "unscored: no case citation read in the cite", "", ""
    resolution = resolve(found[0], library)
    authority = resolution.authority
    if resolution.status is not ResolutionStatus.FOUND or authority is None:
        return f"unscored: the cite does not resolve ({resolution.status.value})", "", ""
    opinion = library.opinion(authority.id) if authority.has_text else None
    if opinion is None:
        return "unscored: no opinion text in the library", "", ""
    statement = str(item["statement"])
    c = replace(
        found[0],
        case_name=found[0].case_name or authority.name_abbreviation,
        proposition=statement,
        proposition_span=Span(0, len(statement)),
        parenthetical=None,
        parenthetical_span=None,
    )
    f = check_support(c, opinion)
    return ("flagged" if f.outcome is Outcome.FAIL else "passed"), f.rule, f.evidence


def score(path: Path, half: int | None = None, seed: int = 28) -> dict[str, Any]:
    library = default_library(quiet=True)
    items = read_items(path)
    if half is not None:
        items = half_of(items, half, seed)
    tp = fp = fn = tn = 0
    per_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # [flagged, n] per kind
    rules: Counter[str] = Counter()
    unscored, listed = [], []
    for n, item in enumerate(items, 1):
        if n % 50 == 0:
            print(f"{n}/{len(items)}", file=sys.stderr)
        outcome, rule, evidence = judge(item, library)
        misrep = bool(is_misrepresentation(item["label"]))
        kind = str(item.get("kind") or ("misrepresentation" if misrep else "faithful"))
        if outcome.startswith("unscored"):
            unscored.append({"line": n, "cite": item["cite"], "why": outcome})
            continue
        flagged = outcome == "flagged"
        per_kind[kind][0] += flagged
        per_kind[kind][1] += 1
        if flagged:
            rules[f"{rule} ({'hit' if misrep else 'false alarm'})"] += 1
        tp += flagged and misrep
        fp += flagged and not misrep
        fn += (not flagged) and misrep
        tn += (not flagged) and not misrep
        if flagged:
            listed.append(
                {"line": n, "label": item["label"], "kind": kind, "rule": rule, "evidence": evidence}
            )
    return {
        "command": "python benchmarks/misrep_blind.py " + " ".join(sys.argv[1:]),
        "half": f"{half} of 2, opinions shuffled with seed {seed}" if half else "all",
        "items": len(items),
        "scored": len(items) - len(unscored),
        "library": library.snapshot().name,
        "misrepresentation_precision": wilson(tp, tp + fp).to_dict(),
        "misrepresentation_recall": wilson(tp, tp + fn).to_dict(),
        "faithful_flagged": wilson(fp, fp + tn).to_dict(),
        "flagged_by_kind": {k: wilson(*v).to_dict() for k, v in sorted(per_kind.items())},
        "firings_by_rule": dict(sorted(rules.items())),
        "flagged": listed,
        "unscored": unscored,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("items", type=Path, help="JSONL of {statement, cite, label, kind}")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--half", type=int, choices=(1, 2), help="score one half, split by opinion")
    parser.add_argument("--split-seed", type=int, default=28)
    args = parser.parse_args()
    if not args.items.is_file():
        raise SystemExit(f"{args.items}: no such file")
    result = score(args.items, args.half, args.split_seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")

    def show(est: dict[str, Any]) -> str:
        if not est["n"]:
            return "n/a (n=0)"
        return f"{est['value']:.3f} [{est['low']:.3f}, {est['high']:.3f}] n={est['n']}"

    print(f"items {result['items']}, scored {result['scored']} (unscored listed in {args.out})")
    print("misrepresentation precision:", show(result["misrepresentation_precision"]))
    print("misrepresentation recall:   ", show(result["misrepresentation_recall"]))
    print("faithful flagged:           ", show(result["faithful_flagged"]))
    for kind, est in result["flagged_by_kind"].items():
        print(f"  flagged, {kind}: {show(est)}")
    print("firings:", result["firings_by_rule"])


if __name__ == "__main__":
    main()

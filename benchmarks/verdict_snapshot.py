"""Write every verdict citeproof gives on a fixed set of documents, to compare two checkouts byte for byte.

    python benchmarks/verdict_snapshot.py --out /tmp/before.jsonl [--brief FILE ...] [--phantom DIR]
    (change the code)
    python benchmarks/verdict_snapshot.py --out /tmp/after.jsonl  [same options]
    cmp /tmp/before.jsonl /tmp/after.jsonl

One JSON line per document: its name and the whole `report.to_json()` (citations, spans, verdicts,
errors, evidence, next steps), keys sorted. The documents are the sample brief (Markdown and PDF),
every real opinion of the data pack that `benchmarks/real_opinions.py` reads, each `--brief` (for
example the realistic briefs of `benchmarks/realistic_brief.py`) and, with `--phantom DIR`, every
excerpt of the phantom test split (`DIR/test.jsonl`, built by `citeproof bench phantom build`).
Only the public API is used, so the script runs unchanged on both sides of a refactor.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from multiprocessing import Pool
from pathlib import Path

import citeproof

# the realistic 10k brief holds just over the default citation limit
os.environ.setdefault("CITEPROOF_MAX_CITATIONS", "100000")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from real_opinions import DEFAULT_DATA, load_opinions  # noqa: E402


def _report_line(item: tuple[str, str]) -> str:
    name, text = item
    report = citeproof.check(text if "\n" in text else text + "\n")
    return json.dumps({"document": name, "report": report.to_json()}, sort_keys=True)


def _file_line(path: Path) -> str:
    report = citeproof.check_file(path)
    data = report.to_json()
    data["document"].pop("path", None)
    return json.dumps({"document": path.name, "report": data}, sort_keys=True)


def _texts(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    yield from load_opinions(args.data, None)
    for brief in args.brief:
        yield brief.name, brief.read_text(encoding="utf-8")
    if args.phantom:
        with open(args.phantom / "test.jsonl", encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)
                yield f"phantom:{record['filename']}", record["text"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--brief", type=Path, action="append", default=[])
    ap.add_argument("--phantom", type=Path, default=None)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    files = [ROOT / "examples" / "sample_brief.md", ROOT / "examples" / "sample_brief.pdf"]
    with open(args.out, "w", encoding="utf-8") as out:
        for path in files:
            out.write(_file_line(path) + "\n")
        with Pool(args.workers) as pool:
            for n, line in enumerate(pool.imap(_report_line, _texts(args), chunksize=4), 1):
                out.write(line + "\n")
                if n % 200 == 0:
                    print(f"{n} documents", file=sys.stderr)
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Layout invariance: the same verdicts on a real text and on that text laid out as courts and firms print it.

    python benchmarks/layout_invariance.py [--opinions 40] [--briefs 4] [--layouts numbered,slip,...]
                                           [--seed 26] [--out benchmarks/results/layout_invariance.json]

Sources are real: the data pack's opinions (a seeded sample of those `benchmarks/real_opinions.py`
reads) and realistic briefs (`benchmarks/realistic_brief.py`). Each is laid out by `layouts.py`
(line-numbered pleading text, slip-opinion text, PDFs rendered with fpdf2, DOCX with sections and
footnotes) and read back with citeproof's own readers. For every citation the benchmark compares
what the check found on the source and on the laid-out document: the cite (volume, reporter, page,
pin pages), its status, its error kinds and the case it resolved to. A document is identical when
the two sequences are equal; every difference is listed. Figures carry n and a Wilson interval.
Where a layout prints the text's notes as footnotes at their calls (`footnotes`, `footnotes-pdf`),
the source is read in the order a reader meets it: each note after the paragraph that calls it
(`layouts.reading_order`). The ``record`` layout cites the brief's own record after its sentences;
an ``Id.`` it inserts after a record cite repeats the record, so a laid-out ``id.`` reported
``unverifiable: not_a_case_citation`` that the source lacks is what a reader should see, not a
difference (counted apart as ``record_ids``).

``--library`` names the library to check by (a file, ``default``; default: the bundled one);
``--library record-index`` builds, over loopback, a CourtListener index whose A., P., Ohio App.,
Rawle and Cow. volumes are complete (`citeproof.bench.record_index`), as a user's
`citeproof library download courtlistener` would, and checks by it.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from layouts import LAYOUTS, reading_order, render  # noqa: E402
from real_opinions import DEFAULT_DATA, load_opinions  # noqa: E402

import citeproof  # noqa: E402
from citeproof.core.stats import wilson  # noqa: E402

os.environ.setdefault("CITEPROOF_MAX_CITATIONS", "100000")
DEFAULT_OUT = HERE / "results" / "layout_invariance.json"


@dataclass(frozen=True)
class Seen:
    """What the check found for one citation, as comparable across layouts."""

    cite: str
    status: str
    kinds: tuple[str, ...]
    case: str

    def __str__(self) -> str:
        kinds = f" {'+'.join(self.kinds)}" if self.kinds else ""
        return f"{self.cite} → {self.status}{kinds} [{self.case}]"


def seen(report: citeproof.Report) -> list[Seen]:
    out = []
    for v in report.verdicts:
        c = v.citation
        if c.cite:
            cite = c.cite
        elif c.statute_code:
            cite = f"{c.statute_title or ''} {c.statute_code} {c.statute_section or ''}".strip()
        else:
            cite = f"{c.form} {c.volume or ''} {c.reporter or ''}".strip()
        pins = ",".join(map(str, c.pin_pages))
        out.append(
            Seen(
                cite + (f" @{pins}" if pins else ""),
                str(v.status),
                tuple(sorted(str(e.kind) for e in v.errors)),
                v.authority.id if v.authority else "",
            )
        )
    return out


def repeats_the_record(report: citeproof.Report) -> list[bool]:
    """Per verdict: an ``id.`` the check reads as repeating no case (the record, a brief)."""
    return [
        v.citation.form.value in ("id", "ibid")
        and v.status.value == "unverifiable"
        and v.reason is not None
        and v.reason.value == "not_a_case_citation"
        for v in report.verdicts
    ]


def compare(item: tuple[str, str, str, int]) -> dict[str, object]:
    """Check one source text and its layout; the differences between the two."""
    name, text, layout, seed = item
    reference = reading_order(layout, text)
    source = seen(citeproof.check_text(reference if reference.endswith("\n") else reference + "\n"))
    with tempfile.TemporaryDirectory() as tmp:
        path = render(layout, text, Path(tmp), random.Random(f"{seed}:{name}:{layout}"))
        report = citeproof.check_file(path)
        laid_out, record_ids = seen(report), repeats_the_record(report)
    diffs, inserted_record_ids = [], 0
    matcher = difflib.SequenceMatcher(a=source, b=laid_out, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "insert" and layout == "record" and all(record_ids[b0:b1]):
            inserted_record_ids += b1 - b0
        elif op != "equal":
            diffs.append(
                {
                    "op": op,
                    "source": list(map(str, source[a0:a1])),
                    "laid_out": list(map(str, laid_out[b0:b1])),
                }
            )
    return {
        "document": name,
        "layout": layout,
        "source_citations": len(source),
        "laid_out_citations": len(laid_out),
        "source_hallucinated": sum(s.status == "hallucinated" for s in source),
        "laid_out_hallucinated": sum(s.status == "hallucinated" for s in laid_out),
        "identical": not diffs,
        "record_ids": inserted_record_ids,
        "differences": diffs,
    }


def sources(args: argparse.Namespace) -> list[tuple[str, str]]:
    rng = random.Random(args.seed)
    opinions = load_opinions(args.data, None)
    picked = rng.sample(opinions, min(args.opinions, len(opinions)))
    briefs = []
    if args.briefs:
        import realistic_brief

        from citeproof.library.default import default_library

        cases = realistic_brief.load_cases(default_library(quiet=True).path)
        for k in range(args.briefs):
            briefs.append((f"brief-{k}", realistic_brief.brief_from(cases, 60, 30, args.seed + k)))
    return [*picked, *briefs]


def summary(results: list[dict[str, object]], args: argparse.Namespace, seconds: float) -> dict[str, object]:
    n = len(results)
    same = sum(bool(r["identical"]) for r in results)
    by_layout: dict[str, dict[str, object]] = {}
    for layout in args.layouts:
        rows = [r for r in results if r["layout"] == layout]
        k = sum(bool(r["identical"]) for r in rows)
        by_layout[layout] = {
            "documents": len(rows),
            "identical": k,
            "identical_estimate": wilson(k, len(rows)).to_dict(),
            "source_citations": sum(int(r["source_citations"]) for r in rows),  # type: ignore[call-overload]
            "source_hallucinated": sum(int(r["source_hallucinated"]) for r in rows),  # type: ignore[call-overload]
            "laid_out_hallucinated": sum(int(r["laid_out_hallucinated"]) for r in rows),  # type: ignore[call-overload]
            "laid_out_citations": sum(int(r["laid_out_citations"]) for r in rows),  # type: ignore[call-overload]
            "record_ids": sum(int(r.get("record_ids", 0)) for r in rows),  # type: ignore[call-overload]
        }
    return {
        "command": "python benchmarks/layout_invariance.py " + " ".join(sys.argv[1:]),
        "seed": args.seed,
        "library": args.library_name,
        "seconds": round(seconds, 1),
        "documents": n,
        "identical": same,
        "identical_estimate": wilson(same, n).to_dict(),
        "by_layout": by_layout,
        "results": results,
    }


def use_library(name: str | None, scratch: Path) -> str:
    """Point every check (this process's and the workers') at the library named; its name."""
    if name == "record-index":
        from citeproof.bench.record_index import record_index

        name = str(record_index(scratch))
    if name:
        os.environ["CITEPROOF_LIBRARY"] = name
    return name or "default"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--opinions", type=int, default=40)
    ap.add_argument("--briefs", type=int, default=4)
    ap.add_argument("--layouts", type=lambda s: s.split(","), default=list(LAYOUTS))
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--library", default=None, help="a library file, default, or record-index")
    args = ap.parse_args()
    items = [(name, text, layout, args.seed) for name, text in sources(args) for layout in args.layouts]
    # after the sources: the briefs are made from the bundled library's cases
    args.library_name = use_library(args.library, Path(tempfile.mkdtemp(prefix="record-index-")))
    started = time.time()
    results = []
    with Pool(args.workers) as pool:
        for k, result in enumerate(pool.imap(compare, items), 1):
            results.append(result)
            print(f"\r{k}/{len(items)} documents", end="", file=sys.stderr)
    print(file=sys.stderr)
    report = summary(results, args, time.time() - started)
    args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    for layout, row in report["by_layout"].items():  # type: ignore[union-attr]
        print(
            f"{layout:10} {row['identical']}/{row['documents']} identical; hallucinated "
            f"{row['source_hallucinated']} on source, {row['laid_out_hallucinated']} laid out "
            f"({row['source_citations']} citations; {row['record_ids']} inserted ids of the record)"
        )
    print(f"all: {report['identical']}/{report['documents']} identical → {args.out}")


if __name__ == "__main__":
    main()

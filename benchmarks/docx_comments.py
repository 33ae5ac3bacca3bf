"""Word comments at scale (issue 30: `--format docx` was quadratic in comments, 6,000
citations took 327 s).

    python benchmarks/docx_comments.py [--citations 6000] [--per-paragraph 10]

Builds a DOCX whose every citation is a problem (a real cite under a wrong case name, so each
gets a comment), checks it once with `check_document` (no citation limit), then times
`annotate_docx` writing the commented copy for a quarter and for all of the citations. When
comment writing is linear the CPU-time ratio is about 4 (quadratic would be about 16). The
commented copy is reopened with python-docx and its comments counted, so a fast run that wrote
nothing cannot pass. Writes benchmarks/results/docx_comments.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import tempfile
import time
import zipfile
from pathlib import Path

import docx

from citeproof.core.limits import Limits
from citeproof.core.output.annotate_docx import annotate_docx
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document
from citeproof.library.default import default_library

RESULTS = Path(__file__).resolve().parent / "results" / "docx_comments.json"
WRONG_NAME = "Martinez v. Alabama, 512 U.S. 374 (1994)."  # 512 U.S. 374 is Dolan v. City of Tigard


def brief(path: Path, citations: int, per_paragraph: int) -> None:
    document = docx.Document()
    for start in range(0, citations, per_paragraph):
        document.add_paragraph(" ".join([WRONG_NAME] * min(per_paragraph, citations - start)))
    document.save(str(path))


def comments_in(path: Path) -> int:
    with zipfile.ZipFile(path) as archive:
        if "word/comments.xml" not in archive.namelist():
            return 0
        return archive.read("word/comments.xml").count(b"<w:comment ")


def measure(citations: int, per_paragraph: int, folder: Path) -> dict:
    library = default_library(quiet=True)
    source, out = folder / f"brief_{citations}.docx", folder / f"commented_{citations}.docx"
    brief(source, citations, per_paragraph)
    unlimited = Limits(max_citations=0, deadline_seconds=0)
    report = check_document(read_document(str(source), limits=unlimited), library, limits=unlimited)
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    added = annotate_docx(source, report, out)
    return {
        "citations": len(report.verdicts),
        "comments_added": added,
        "comments_in_file": comments_in(out),
        "cpu_seconds": round(time.process_time() - start_cpu, 2),
        "seconds": round(time.perf_counter() - start_wall, 2),
        "docx_bytes": out.stat().st_size,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--citations", type=int, default=6000)
    parser.add_argument("--per-paragraph", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        measure(40, args.per_paragraph, Path(tmp))  # warm-up: imports, tables
        quarter = measure(args.citations // 4, args.per_paragraph, Path(tmp))
        full = measure(args.citations, args.per_paragraph, Path(tmp))
    result = {
        "command": f"python benchmarks/docx_comments.py --citations {args.citations} "
        f"--per-paragraph {args.per_paragraph}",
        "machine": f"{platform.machine()} {platform.python_version()}",
        "quarter": quarter,
        "all": full,
        "cpu_ratio_all_to_quarter": round(full["cpu_seconds"] / max(quarter["cpu_seconds"], 1e-3), 2),
        "linear_ratio_would_be": 4,
        "every_problem_commented": full["comments_in_file"] == full["citations"] == full["comments_added"],
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

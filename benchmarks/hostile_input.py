"""Hostile input (issue 13): dense citations must take time linear in the text, and a DOCX
bomb must be refused fast and in little memory.

    python benchmarks/hostile_input.py [--repeats 16000] [--bomb-mib 256]

1. The same full citation repeated N times on one line (N = 1/4, 1/2 and all of
   --repeats), checked whole with `check_document` and the citation limit turned off
   (`Limits(max_citations=0)`), after one warm-up check; and once with the default limits,
   which refuse it (10,000 citations) after extraction. Target: N = 16,000 under 10 s.
   Other dense patterns (id., short forms, supra, quotations, parentheticals) are
   extracted at N/16 and N/4 repeats: the CPU-time ratio is about 4 when time is linear.
2. A DOCX whose document.xml inflates to --bomb-mib MiB, checked by `citeproof check` in a
   fresh process: its exit code, its stderr line, its wall time and the child's peak RSS.

Writes benchmarks/results/hostile_input.json. Times are wall-clock ("seconds") and this
process's CPU time ("cpu_seconds", which the other jobs of a shared machine inflate less).
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.default import default_library

RESULTS = Path(__file__).resolve().parent / "results" / "hostile_input.json"
CITATION = "Miranda v. Arizona, 384 U.S. 436 (1966)."
VARIANTS = {  # other dense patterns: short forms, quotations, parentheticals
    "id": "Miranda v. Arizona, 384 U.S. 436 (1966). Id. at 440.",
    "short": "Miranda v. Arizona, 384 U.S. 436 (1966). Miranda, 384 U.S. at 440.",
    "supra": "Miranda, supra, at 441.",
    "quote": '"Quoted words are here," Miranda v. Arizona, 384 U.S. 436, 440 (1966).',
    "parenthetical": 'Miranda v. Arizona, 384 U.S. 436 (1966) (holding that the warnings are "required"); ',
}


def dense(repeats: int) -> dict:
    library = default_library(quiet=True)
    check_document(document_from_text(CITATION), library)  # warm-up: imports, tables
    rows = []
    for n in (repeats // 4, repeats // 2, repeats):
        doc = document_from_text(" ".join([CITATION] * n))
        start, cpu = time.perf_counter(), time.process_time()
        report = check_document(doc, library, limits=Limits(max_citations=0))
        rows.append(
            {
                "repeats": n,
                "chars": len(doc.text),
                "citations": len(report.verdicts),
                "seconds": round(time.perf_counter() - start, 2),
                "cpu_seconds": round(time.process_time() - cpu, 2),
            }
        )
    doc = document_from_text(" ".join([CITATION] * repeats))
    start = time.perf_counter()
    try:
        check_document(doc, library)
        refused = None
    except LimitExceeded as exc:
        refused = str(exc)
    return {
        "unlimited": rows,
        "default_limits": {"refused": refused, "seconds": round(time.perf_counter() - start, 2)},
    }


def variants(repeats: int) -> dict:
    """Extraction CPU time of each variant at repeats/16 and repeats/4: linear time makes
    the ratio about 4."""
    from citeproof.core.extraction.extract import extract_citations

    out = {}
    for name, pattern in VARIANTS.items():
        cpu = []
        for n in (repeats // 16, repeats // 4):
            doc = document_from_text(" ".join([pattern] * n))
            start = time.process_time()
            extract_citations(doc)
            cpu.append(time.process_time() - start)
        out[name] = {
            "repeats": [repeats // 16, repeats // 4],
            "cpu_seconds": [round(c, 2) for c in cpu],
            "ratio": round(cpu[1] / cpu[0], 2),
        }
    return out


def docx_bomb(path: Path, inflated_mib: int) -> None:
    import docx

    template = path.with_suffix(".template.docx")
    docx.Document().save(str(template))
    paragraph = b"<w:p><w:r><w:t>" + b"A" * 4000 + b"</w:t></w:r></w:p>"
    with zipfile.ZipFile(template) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for item in src.infolist():
            if item.filename != "word/document.xml":
                out.writestr(item, src.read(item))
        head, tail = src.read("word/document.xml").split(b"<w:body>")
        with out.open("word/document.xml", "w", force_zip64=True) as w:
            w.write(head + b"<w:body>")
            chunk = paragraph * (1024 * 1024 // len(paragraph))
            for _ in range(inflated_mib):
                w.write(chunk)
            w.write(tail)
    template.unlink()


def bomb(inflated_mib: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bomb.docx"
        docx_bomb(path, inflated_mib)
        start = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "citeproof", "check", str(path)], capture_output=True, text=True
        )
        seconds = time.perf_counter() - start
        return {
            "compressed_bytes": path.stat().st_size,
            "inflated_mib": inflated_mib,
            "exit_code": result.returncode,
            "stderr": result.stderr.strip(),
            "seconds": round(seconds, 2),
            "child_peak_rss_mib": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
        }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=16000)
    parser.add_argument("--bomb-mib", type=int, default=256)
    args = parser.parse_args()
    result = {
        "command": f"python benchmarks/hostile_input.py --repeats {args.repeats} --bomb-mib {args.bomb_mib}",
        "machine": f"{platform.machine()} {platform.python_version()}",
        "dense_citations": dense(args.repeats),
        "dense_variants_extraction": variants(args.repeats),
        "docx_bomb": bomb(args.bomb_mib),
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

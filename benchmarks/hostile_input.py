"""Hostile input (issues 13 and 30): dense citations must take time linear in the text, the
limits must bound every stage, and a DOCX must be read in memory bounded by its size.

    python benchmarks/hostile_input.py [--repeats 16000] [--bomb-mib 256] [--packed 2634]

1. The same full citation repeated N times on one line (N = 1/4, 1/2 and all of
   --repeats), checked whole with `check_document` and the citation limit turned off
   (`Limits(max_citations=0)`), after one warm-up check; and once with the default limits,
   which refuse it (10,000 citations) after extraction. Target: N = 16,000 under 10 s.
   Other dense patterns (id., short forms, supra, quotations, parentheticals) are
   extracted at N/16 and N/4 repeats: the CPU-time ratio is about 4 when time is linear.
2. A DOCX whose document.xml inflates to --bomb-mib MiB, checked by `citeproof check` in a
   fresh process: its exit code, its stderr line, its wall time and the child's peak RSS.
3. Citations packed into one sentence (issue 30: 108 KB took 52-62 s under ``--deadline 10
   --max-citations 100``): `citeproof check` of --packed citations joined by commas in one
   sentence (108 KB by default), under those limits and with the cap off; and the extraction
   CPU time of that sentence at a quarter and all of its citations (about 4 when linear).
4. DOCX memory (issue 30: a 326 KB DOCX took 3.1 GB): a DOCX of that kind (92 MB of tiny runs
   in 270 KB) checked by `citeproof check`, its peak RSS; and the peak RSS of reading DOCX
   files of 8 and 32 MiB of XML with the ratio limit off, whose slope is the memory per byte of
   XML that docs/limits.md states (the bound: the base plus that slope times the XML, which
   is at most --max-docx-ratio times the file's size).

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

from citeproof.core.limits import LimitExceeded, Limits, MiB
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


PACKED = "Miranda v. Arizona, 384 U.S. 436 (1966), "
# One child process: run a citeproof command, then print its own peak RSS (MiB) on stderr.
_MEASURED = (
    "import resource, sys\n"
    "from citeproof.cli import main\n"
    "code = 0\n"
    "try:\n    main(sys.argv[1:])\n"
    "except SystemExit as e:\n    code = e.code or 0\n"
    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def measured_cli(*args: str) -> dict:
    """``citeproof ARGS`` in a fresh process: exit code, last stderr line, seconds, peak RSS."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", _MEASURED, *args], capture_output=True, text=True)
    lines = result.stderr.strip().splitlines()
    return {
        "exit_code": result.returncode,
        "stderr": lines[-2] if len(lines) > 1 else "",
        "seconds": round(time.perf_counter() - start, 2),
        "peak_rss_mib": int(lines[-1]) if lines and lines[-1].isdigit() else None,
    }


def packed(citations: int) -> dict:
    """Citations packed in one sentence: the command line under the issue's limits, and the
    extraction's CPU time at a quarter and all of them."""
    from citeproof.core.extraction.extract import extract_citations

    text = PACKED * citations + "and so on."
    out: dict = {"chars": len(text), "citations": citations}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "packed.txt"
        path.write_text(text)
        out["deadline_10_cap_100"] = measured_cli(
            "check", str(path), "--deadline", "10", "--max-citations", "100"
        )
        out["deadline_10_cap_off"] = measured_cli(
            "check", str(path), "--deadline", "10", "--max-citations", "0", "--format", "json"
        )
    extract_citations(document_from_text(PACKED))  # warm-up: imports, tables
    cpu = []
    for n in (citations // 4, citations):
        doc = document_from_text(PACKED * n + "and so on.")
        start = time.process_time()
        extract_citations(doc)
        cpu.append(time.process_time() - start)
    out["extraction_cpu_seconds"] = {"quarter": round(cpu[0], 2), "all": round(cpu[1], 2)}
    out["ratio"] = round(cpu[1] / cpu[0], 2)
    return out


def _docx_of(path: Path, unit: bytes, xml_mib: int) -> Path:
    """A real DOCX whose body is ``unit`` repeated over ``xml_mib`` MiB."""
    import docx

    template = path.with_suffix(".template.docx")
    docx.Document().save(str(template))
    with (
        zipfile.ZipFile(template) as src,
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z,
    ):
        for item in src.infolist():
            if item.filename != "word/document.xml":
                z.writestr(item, src.read(item))
                continue
            head, rest = src.read(item).split(b"<w:body>")
            with z.open("word/document.xml", "w", force_zip64=True) as w:
                w.write(head + b"<w:body>")
                chunk = unit * (MiB // len(unit))
                for _ in range(xml_mib):
                    w.write(chunk)
                w.write(rest[rest.index(b"<w:sectPr") :])
    template.unlink()
    return path


TINY_RUNS = b"<w:p>" + b"<w:r><w:t>a</w:t></w:r>" * 200 + b"</w:p>"
_READ = (
    "import resource, sys\n"
    "from citeproof.core.limits import Limits\n"
    "from citeproof.core.reading.read import read_document\n"
    "read_document(sys.argv[1], limits=Limits(max_docx_ratio=0, max_chars=0))\n"
    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
)


def docx_memory() -> dict:
    """The issue's DOCX (tiny runs, about 100 MB of XML in about 300 KB), checked; and the
    peak memory of reading 8 and 32 MiB of such XML (ratio limit off): its slope per MiB."""
    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        hostile = _docx_of(Path(tmp) / "tiny_runs.docx", TINY_RUNS, 92)
        out["issue_docx"] = {
            "file_bytes": hostile.stat().st_size,
            "xml_mib": 92,
            **measured_cli("check", str(hostile)),
        }
        reads = {}
        for xml_mib in (8, 32):
            path = _docx_of(Path(tmp) / f"read_{xml_mib}.docx", TINY_RUNS, xml_mib)
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", _READ, str(path)], capture_output=True, text=True, check=True
            )
            reads[xml_mib] = {
                "file_bytes": path.stat().st_size,
                "peak_rss_mib": int(done.stdout.strip()),
                "seconds": round(time.perf_counter() - start, 2),
            }
        out["read_within_limits"] = reads
    slope = (reads[32]["peak_rss_mib"] - reads[8]["peak_rss_mib"]) / 24
    out["mib_of_memory_per_mib_of_xml"] = round(slope, 1)
    out["base_mib"] = round(reads[8]["peak_rss_mib"] - 8 * slope, 1)
    size = 326 * 1024
    out["bound_for_a_326_kb_docx_mib"] = round(out["base_mib"] + slope * 100 * size / MiB)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=16000)
    parser.add_argument("--bomb-mib", type=int, default=256)
    parser.add_argument("--packed", type=int, default=2634, help="citations packed in one sentence (108 KB)")
    args = parser.parse_args()
    result = {
        "command": f"python benchmarks/hostile_input.py --repeats {args.repeats} --bomb-mib {args.bomb_mib} "
        f"--packed {args.packed}",
        "machine": f"{platform.machine()} {platform.python_version()}",
        "dense_citations": dense(args.repeats),
        "dense_variants_extraction": variants(args.repeats),
        "docx_bomb": bomb(args.bomb_mib),
        "packed_sentence": packed(args.packed),
        "docx_memory": docx_memory(),
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

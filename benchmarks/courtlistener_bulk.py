"""Benchmark: import generated CourtListener bulk files at scale; index size; lookup speed.

    python benchmarks/courtlistener_bulk.py [--citations 500000 1000000 2000000] [--at 18000000]

For each size, generates bz2 files in the real column layouts and names (opinion-clusters and
citations, two citations per cluster; opinions with ``--opinions-every N``), runs
`citeproof library import courtlistener-bulk` in a child process, and measures:

* import speed: citation rows per second of wall time (and per CPU second, which a machine
  shared with other work does not distort), and the peak resident memory of
  the import process and of its decompressing children (the largest of them);
* the on-disk index: bytes of the library file per citation;
* lookups: a batch of 20,000 cites (half real, half absent), each looked up as the check
  does (`cases_at` and `coverage`), in milliseconds per citation.

Sizes in ``--at`` that were not measured are extrapolated from the measured points by a
least-squares line (seconds and bytes grow linearly with rows), and marked so. Results go to
benchmarks/results/courtlistener_bulk.json.
"""

from __future__ import annotations

import argparse
import bz2
import json
import os
import platform
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from citeproof.library.courtlistener.bulk.importer import (
    CITATION_COLUMNS,
    CLUSTER_COLUMNS,
    OPINION_COLUMNS,
    copy_line,
)
from citeproof.library.sqlite import SQLiteLibrary

RESULTS = Path(__file__).resolve().parent / "results" / "courtlistener_bulk.json"
REPORTERS = [
    ("F.3d", 1, 999),
    ("F. Supp. 2d", 1, 999),
    ("So. 2d", 1, 999),
    ("P.3d", 1, 500),
    ("N.E.2d", 1, 999),
    ("S.W.3d", 1, 600),
    ("A.3d", 1, 300),
    ("Cal. Rptr. 3d", 1, 300),
]
PARTIES = ["Smith", "Jones", "Acme Corp.", "United States", "Garcia", "Board of Education", "Nguyen",
           "State", "Miller", "Delta Air Lines, Inc.", "Johnson", "City of Springfield"]  # fmt: skip
LOOKUPS = 20_000


def _opinion_html(rng: random.Random, first_page: int) -> str:
    paragraphs = []
    for page in range(first_page + 1, first_page + 6):
        words = " ".join(rng.choice(PARTIES).lower() for _ in range(120))
        paragraphs.append(f'<p>{words} <span class="star-pagination">*{page}</span> {words}</p>')
    return "\n".join(paragraphs)


class _Writer:
    """Lines into a bz2 file (level 1: the benchmark times the import, not the compression)."""

    def __init__(self, path: Path) -> None:
        self.file, self.packer, self.lines = path.open("wb"), bz2.BZ2Compressor(1), []  # type: ignore[var-annotated]

    def write(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) >= 50_000:
            self.flush()

    def flush(self) -> None:
        self.file.write(self.packer.compress("".join(self.lines).encode()))
        self.lines = []

    def close(self) -> None:
        self.flush()
        self.file.write(self.packer.flush())
        self.file.close()


def _template(columns: tuple[str, ...], *named: str) -> str:
    """A backtick COPY line with ``{name}`` slots for the named columns, `` elsewhere."""
    return ",".join("`{" + c + "}`" if c in named else "``" for c in columns) + "\n"


def generate(folder: Path, citations: int, opinions_every: int = 0, seed: int = 7) -> list[Path]:
    """Two citations per cluster; every ``opinions_every``-th cluster gets an opinion text
    (0: no opinions file, as `library download courtlistener` without ``--with-text``)."""
    rng = random.Random(seed)
    paths = [folder / f"{n}-2024-12-31.csv.bz2" for n in ("opinion-clusters", "citations", "opinions")]
    cl, ci, op = (_Writer(p) for p in paths)
    cl.write(copy_line(CLUSTER_COLUMNS, True))
    ci.write(copy_line(CITATION_COLUMNS, True))
    op.write(copy_line(OPINION_COLUMNS, True))
    cluster_line = _template(CLUSTER_COLUMNS, "id", "date_filed", "case_name", "docket_id")
    citation_line = _template(CITATION_COLUMNS, "id", "volume", "reporter", "page", "type", "cluster_id")
    for cluster in range(1, citations // 2 + 1):
        name = f"{rng.choice(PARTIES)} v. {rng.choice(PARTIES)} {cluster}"
        date = f"{rng.randint(1950, 2020)}-01-15"
        cl.write(cluster_line.format(id=cluster, date_filed=date, case_name=name, docket_id=cluster))
        pages = []
        for k, (reporter, lo, hi) in enumerate(rng.sample(REPORTERS, 2)):
            page = rng.randint(1, 1500)
            pages.append(page)
            volume = rng.randint(lo, hi)
            ci.write(
                citation_line.format(
                    id=2 * cluster + k,
                    volume=volume,
                    reporter=reporter,
                    page=page,
                    type=2,
                    cluster_id=cluster,
                )
            )
        if opinions_every and cluster % opinions_every == 0:
            row = {"id": cluster, "type": "010combined", "html_with_citations": _opinion_html(rng, pages[0])}
            op.write(
                copy_line([row.get(c, cluster if c == "cluster_id" else "") for c in OPINION_COLUMNS], True)
            )
    for w in (cl, ci, op):
        w.close()
    if not opinions_every:
        paths[2].unlink()
        return paths[:2]
    return paths


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _import(files: list[Path], out: Path) -> tuple[float, float, dict[str, int], float]:
    """Wall seconds, CPU seconds (the import and its decompressing children), counts and peak
    RSS (MB) of one import in a child process."""
    command = [sys.executable, "-c", "from citeproof.cli import main; main()", "library", "import",
               "courtlistener-bulk", *map(str, files), "-o", str(out)]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started, cpu = time.perf_counter(), _cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    seconds, cpu = time.perf_counter() - started, _cpu() - cpu
    peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) / 1024
    parts = done.stdout.split(": ", 1)[1].split(", ")
    counts = {p.split(" ", 1)[1].strip(): int(p.split(" ", 1)[0].replace(",", "")) for p in parts}
    return seconds, cpu, counts, peak


TEXT_TABLES = ("opinions", "passages", "page_breaks")


def _index_bytes(out: Path) -> int:
    """Bytes of the citation index: everything but opinion texts, their passages and page breaks."""
    with sqlite3.connect(f"file:{out}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
    return sum(
        size for name, size in rows if not name.startswith(TEXT_TABLES) and "autoindex_opinions" not in name
    )


def _lookups(out: Path, seed: int = 11) -> float:
    """Milliseconds per citation for a batch of LOOKUPS cites, half real, half absent."""
    lib = SQLiteLibrary(out)
    rng = random.Random(seed)
    real = lib.conn.execute(
        "SELECT volume, reporter, page_num FROM citations WHERE rowid IN "
        f"(SELECT abs(random()) % (SELECT MAX(rowid) FROM citations) FROM citations LIMIT {LOOKUPS // 2})"
    ).fetchall()
    absent = [(str(rng.randint(1, 300)), r, rng.randint(1, 1500) * 7919) for r, _, _ in REPORTERS] * (
        LOOKUPS // 2 // len(REPORTERS)
    )
    batch = real + absent
    started = time.perf_counter()
    for volume, reporter, page in batch:
        lib.cases_at(volume, reporter, page)
        lib.coverage(reporter, volume)
    return 1000 * (time.perf_counter() - started) / len(batch)


def measure(citations: int, workdir: Path | None, opinions_every: int = 0) -> dict[str, object]:
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        files = generate(folder, citations, opinions_every)
        generated = time.perf_counter() - started
        out = folder / "bench.sqlite"
        seconds, cpu, counts, peak = _import(files, out)
        return {
            "citation_rows": counts["citations_rows"],
            "cluster_rows": counts["clusters_rows"],
            "opinion_rows": counts["opinions_rows"],
            "cases": counts["cases"],
            "input_bytes_bz2": sum(p.stat().st_size for p in files),
            "output_bytes": out.stat().st_size,
            "bytes_per_citation": round(out.stat().st_size / counts["citations"], 1),
            "index_bytes_per_citation": round(_index_bytes(out) / counts["citations"], 1),
            "generate_seconds": round(generated, 1),
            "import_seconds": round(seconds, 1),
            "citation_rows_per_second": round(counts["citations_rows"] / seconds),
            "import_cpu_seconds": round(cpu, 1),
            "citation_rows_per_cpu_second": round(counts["citations_rows"] / cpu),
            "peak_rss_mb": round(peak, 1),
            "lookup_ms_per_citation": round(_lookups(out), 4),
            "measured": True,
        }


def extrapolate(points: list[dict[str, object]], rows: int) -> dict[str, object]:
    """Seconds and bytes at ``rows`` by a least-squares line through the measured points."""
    xs = [float(p["citation_rows"]) for p in points]  # type: ignore[arg-type]

    def fit(key: str) -> float:
        ys = [float(p[key]) for p in points]  # type: ignore[arg-type]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        var = sum((x - mx) ** 2 for x in xs)
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var else my / mx
        return my + slope * (rows - mx)

    seconds, size = fit("import_seconds"), fit("output_bytes")
    return {
        "citation_rows": rows,
        "import_seconds": round(seconds, 1),
        "citation_rows_per_second": round(rows / seconds),
        "output_bytes": round(size),
        "bytes_per_citation": round(size / rows, 1),
        "peak_rss_mb": max(float(p["peak_rss_mb"]) for p in points),  # type: ignore[arg-type]
        "lookup_ms_per_citation": max(float(p["lookup_ms_per_citation"]) for p in points),  # type: ignore[arg-type]
        "measured": False,
        "how": "import seconds and bytes extrapolated linearly from the measured points at "
        + ", ".join(f"{int(x):,}" for x in xs)
        + " rows; peak memory and lookup time are the largest measured, not extrapolated: memory is "
        "bounded by SQLite's page cache (256 MB, full once the library file outgrows it) and the staged "
        "rows stay on disk; a lookup is a B-tree search, growing with the log of the rows",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--citations", type=int, nargs="+", default=[500_000, 1_000_000, 2_000_000])
    parser.add_argument("--at", type=int, nargs="*", default=[18_000_000], help="sizes to extrapolate to")
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--opinions-every", type=int, default=0, help="an opinion text every Nth cluster")
    args = parser.parse_args()
    points = []
    for n in args.citations:
        points.append(measure(n, args.workdir, args.opinions_every))
        print(json.dumps(points[-1]), flush=True)
    measured = {int(p["citation_rows"]) for p in points}  # type: ignore[call-overload]
    result = {
        "points": points + [extrapolate(points, n) for n in args.at if n not in measured],
        "targets": {"citation_rows_per_second": 100_000, "peak_rss_mb": 1024, "lookup_ms_per_citation": 1.0},
        "cpus": os.cpu_count(),
        "load_average_at_end": os.getloadavg(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "command": "python benchmarks/courtlistener_bulk.py " + " ".join(sys.argv[1:]),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

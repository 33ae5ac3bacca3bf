"""Benchmark: import generated CourtListener bulk CSVs (>= 2 million citation rows).

    python benchmarks/courtlistener_bulk.py [--citations 2000000] [--workdir DIR]

Generates bz2 files in the real column layouts (opinion-clusters, citations, opinions),
then runs `citeproof library import courtlistener-bulk` in a child process and reports rows
per second and the child's peak resident memory to benchmarks/results/courtlistener_bulk.json.
"""

from __future__ import annotations

import argparse
import bz2
import json
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from citeproof.library.courtlistener_bulk import (
    CITATION_COLUMNS,
    CLUSTER_COLUMNS,
    OPINION_COLUMNS,
    copy_line,
)

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
PARTIES = [
    "Smith",
    "Jones",
    "Acme Corp.",
    "United States",
    "Garcia",
    "Board of Education",
    "Nguyen",
    "State",
    "Miller",
    "Delta Air Lines, Inc.",
    "Johnson",
    "City of Springfield",
]


def _row(columns: tuple[str, ...], **values: object) -> list[object]:
    return [values.get(c, "") for c in columns]


def _opinion_html(rng: random.Random, first_page: int) -> str:
    paragraphs = []
    for page in range(first_page + 1, first_page + 6):
        words = " ".join(rng.choice(PARTIES).lower() for _ in range(120))
        paragraphs.append(f'<p>{words} <span class="star-pagination">*{page}</span> {words}</p>')
    return "\n".join(paragraphs)


def generate(folder: Path, citations: int, opinions_every: int, seed: int = 7) -> list[Path]:
    """Two citations per cluster; every ``opinions_every``-th cluster gets an opinion text."""
    rng = random.Random(seed)
    paths = [folder / f"{n}-2024-12-31.csv.bz2" for n in ("opinion-clusters", "citations", "opinions")]
    with (
        bz2.open(paths[0], "wt", encoding="utf-8") as cl,
        bz2.open(paths[1], "wt", encoding="utf-8") as ci,
        bz2.open(paths[2], "wt", encoding="utf-8") as op,
    ):
        cl.write(copy_line(CLUSTER_COLUMNS, True))
        ci.write(copy_line(CITATION_COLUMNS, True))
        op.write(copy_line(OPINION_COLUMNS, True))
        for cluster in range(1, citations // 2 + 1):
            name = f"{rng.choice(PARTIES)} v. {rng.choice(PARTIES)}"
            cl.write(
                copy_line(
                    _row(
                        CLUSTER_COLUMNS,
                        id=cluster,
                        case_name=name,
                        date_filed=f"{rng.randint(1950, 2020)}-01-15",
                        docket_id=cluster,
                    ),
                    True,
                )
            )
            pages = []
            for k, (reporter, lo, hi) in enumerate(rng.sample(REPORTERS, 2)):
                page = rng.randint(1, 1500)
                pages.append(page)
                ci.write(
                    copy_line(
                        _row(
                            CITATION_COLUMNS,
                            id=2 * cluster + k,
                            volume=rng.randint(lo, hi),
                            reporter=reporter,
                            page=page,
                            type=2,
                            cluster_id=cluster,
                        ),
                        True,
                    )
                )
            if cluster % opinions_every == 0:
                op.write(
                    copy_line(
                        _row(
                            OPINION_COLUMNS,
                            id=cluster,
                            type="010combined",
                            html_with_citations=_opinion_html(rng, pages[0]),
                            cluster_id=cluster,
                        ),
                        True,
                    )
                )
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--citations", type=int, default=2_000_000)
    parser.add_argument("--opinions-every", type=int, default=200)
    parser.add_argument("--workdir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        files = generate(folder, args.citations, args.opinions_every)
        generated = time.perf_counter() - started
        out = folder / "bench.sqlite"
        command = [
            sys.executable,
            "-c",
            "from citeproof.cli import main; main()",
            "library",
            "import",
            "courtlistener-bulk",
            *map(str, files),
            "-o",
            str(out),
        ]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - started
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        counts = dict(part.split(" ", 1)[::-1] for part in done.stdout.split(": ", 1)[1].split(", "))
        counts = {k.strip(): int(v.replace(",", "")) for k, v in counts.items()}
        rows = counts["citations_rows"] + counts["clusters_rows"] + counts["opinions_rows"]
        result = {
            "citation_rows": counts["citations_rows"],
            "cluster_rows": counts["clusters_rows"],
            "opinion_rows": counts["opinions_rows"],
            "cases": counts["cases"],
            "input_bytes_bz2": sum(p.stat().st_size for p in files),
            "output_bytes": out.stat().st_size,
            "generate_seconds": round(generated, 1),
            "import_seconds": round(seconds, 1),
            "rows_per_second": round(rows / seconds),
            "citation_rows_per_second": round(counts["citations_rows"] / seconds),
            "peak_rss_mb": round(peak_kb / 1024, 1),
            "python": platform.python_version(),
            "machine": platform.machine(),
            "command": "python benchmarks/courtlistener_bulk.py " + " ".join(sys.argv[1:]),
        }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

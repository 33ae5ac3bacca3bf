"""Time extraction and a whole check on a ~1,000-citation brief; compare with plain eyecite.

    python benchmarks/extraction_speed.py [--citations 1000] [--seed 7]

Writes benchmarks/results/extraction_speed.json. Plain eyecite runs in a fresh process
(`get_citations` on the whole text, default settings), so our precomputed court table
cannot leak into its timing. Targets (issue 2): whole check < 5 s; extraction >= 5x faster
than plain eyecite with the same citations found.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.default import default_library

RESULTS = Path(__file__).resolve().parent / "results" / "extraction_speed.json"
FILLER = [
    "The district court's ruling cannot be reconciled with settled law.",
    "Appellant preserved this argument below and raises it again here.",
    "The record shows no evidence to the contrary.",
    "We review questions of law de novo.",
]
COURTS = ["(9th Cir. 2001)", "(2d Cir. 1998)", "(S.D.N.Y. 2004)", "(Ill. App. Ct. 2005)", ""]


def make_brief(n_citations: int, seed: int) -> str:
    """Brief-like paragraphs citing real catalogued cases, with short forms, id. and quotes."""
    lib = default_library(quiet=True)
    rows = lib.conn.execute(
        "SELECT c.name_abbreviation, ci.volume, ci.reporter, ci.page, substr(c.decision_date,1,4) "
        "FROM citations ci JOIN cases c ON c.id = ci.case_id WHERE ci.position = 0 "
        "AND ci.reporter NOT LIKE '%LEXIS%' AND c.name_abbreviation LIKE '% v. %' "
        "ORDER BY ci.rowid LIMIT 20000"
    ).fetchall()
    rng = random.Random(seed)
    paragraphs, count = [], 0
    while count < n_citations:
        name, vol, rep, page, year = rng.choice(rows)
        court = rng.choice(COURTS) if rep not in {"U.S.", "S. Ct.", "L. Ed.", "L. Ed. 2d"} else ""
        paren = f"({court[1:-1]} {year})".replace("( ", "(") if court else f"({year})"
        if court:
            paren = court
        pin = int(page) + rng.randint(0, 5)
        short = name.split(" v. ")[0]
        para = (
            f"{rng.choice(FILLER)} {name}, {vol} {rep} {page}, {pin} {paren}. "
            f"{rng.choice(FILLER)} See id. at {pin + 1}. {rng.choice(FILLER)} "
            f"{short}, {vol} {rep} at {pin}."
        )
        paragraphs.append(para)
        count += 3
    return "\n\n".join(paragraphs)


TIMER = """
import json, sys, time
text = open(sys.argv[1]).read()
if sys.argv[2] == "plain":
    from eyecite import get_citations
    def run():
        found = get_citations(text)
        return sorted({(str(c.groups.get("volume")), str(c.corrected_reporter()),
                        str(c.groups.get("page"))) for c in found
                       if type(c).__name__ == "FullCaseCitation"}), len(found)
else:
    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.reading.read import document_from_text
    doc = document_from_text(text)
    def run():
        found = extract_citations(doc)
        return sorted({(str(c.volume), str(c.reporter), str(c.page)) for c in found
                       if c.form.value == "full" and c.type.value == "case"}), len(found)
start = time.perf_counter(); full, n = run(); cold = time.perf_counter() - start
warm = []
for _ in range(3):
    start = time.perf_counter(); run(); warm.append(time.perf_counter() - start)
print(json.dumps({"cold": cold, "warm": min(warm), "full": full, "found": n}))
"""


def timed(text: str, which: str) -> dict:
    """Cold (first call in a fresh process) and warm (best of 3 more) extraction times."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write(text)
    out = subprocess.run(
        [sys.executable, "-c", TIMER, fh.name, which], capture_output=True, text=True, check=True
    )
    Path(fh.name).unlink()
    return json.loads(out.stdout)


def cli_check_seconds(text: str) -> float:
    """Wall time of ``citeproof check FILE --format json`` in a fresh process."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fh:
        fh.write(text)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "citeproof", "check", fh.name, "--format", "json"],
        capture_output=True,
        check=False,
    )
    elapsed = time.perf_counter() - start
    Path(fh.name).unlink()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--citations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    text = make_brief(args.citations, args.seed)
    doc = document_from_text(text)
    library = default_library(quiet=True)

    plain = timed(text, "plain")
    ours = timed(text, "citeproof")
    start = time.perf_counter()
    report = check_document(doc, library)
    check_seconds = time.perf_counter() - start
    cli_seconds = cli_check_seconds(text)
    result = {
        "command": f"python benchmarks/extraction_speed.py --citations {args.citations} --seed {args.seed}",
        "machine": f"{platform.machine()} {platform.python_version()}",
        "brief_chars": len(text),
        "eyecite_citations_found": plain["found"],
        "citeproof_citations_found": ours["found"],
        "same_full_citations": ours["full"] == plain["full"],
        "full_citations": len(ours["full"]),
        # eyecite 2.6 reads a party named like a nominative reporter ("Thompson, 96") as a
        # cite and drops the real cite behind it; citeproof finds the real one instead.
        "full_only_eyecite": sorted(
            map(tuple, set(map(tuple, plain["full"])) - set(map(tuple, ours["full"])))
        ),
        "full_only_citeproof": sorted(
            map(tuple, set(map(tuple, ours["full"])) - set(map(tuple, plain["full"])))
        ),
        "plain_eyecite_seconds": {"cold": round(plain["cold"], 3), "warm": round(plain["warm"], 3)},
        "citeproof_extract_seconds": {"cold": round(ours["cold"], 3), "warm": round(ours["warm"], 3)},
        "speedup": {
            "cold": round(plain["cold"] / ours["cold"], 1),
            "warm": round(plain["warm"] / ours["warm"], 1),
        },
        "whole_check_seconds_after_warmup": round(check_seconds, 3),
        "cli_check_seconds_fresh_process": round(cli_seconds, 3),
        "summary": report.to_json()["summary"],
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

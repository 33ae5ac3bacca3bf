"""Build the table of U.S. Reports decisions (facts only) from its transcribed sources.

    python scripts/build_us_reports_decisions.py --ld DIR --justia DIR
        [--out src/citeproof/data/us/us_reports_decisions.csv.gz]

Sources: `jeffpar/lonedissent`, ``sources/ld/citations.csv`` (every decision with an
opinion, per curiam memoranda included, built from the Supreme Court's case citation
finder), read window by window from the public code index and transcribed to TSV
(``volume<TAB>page<TAB>year<TAB>title``, ``# window K`` lines between); cross-checked
with ``sources/ld/citationsJustia.csv`` in the same repository (``volume,page,year``).

Written as a citation catalogue (``name,volume,reporter,page,decision_date,court,
jurisdiction,source``): one row per decision under its U.S. cite, and one under its
nominative cite for volumes 2-90 (``5 U.S.`` is ``1 Cranch``). Rows without a page
(appendices, decisions not yet paged) are left out. A year the source gives that lies
more than ``YEAR_SLACK`` years from its volume's usual year is a typing error in the
source (``301 U.S. 148 (1837)``) or a decision filed under the wrong volume (``24 U.S. 1
(1912)``, Henry v. A. B. Dick Co., 224 U.S. 1): the row keeps its first page, with no name
and no date. A first page only the cross-check
gives is written without a name (``justia:`` source): a decision may begin there. Prints
what the cross-check found.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import statistics
from collections import defaultdict
from pathlib import Path

YEAR_SLACK = 3
SOURCE = "lonedissent"
# U.S. volumes printed first under a reporter's name: (first U.S. volume, last, name)
NOMINATIVE = [
    (2, 4, "Dall."), (5, 13, "Cranch"), (14, 25, "Wheat."), (26, 41, "Pet."),
    (42, 65, "How."), (66, 67, "Black"), (68, 90, "Wall."),
]  # fmt: skip


def read_ld(folder: Path) -> list[tuple[int, int, int, str]]:
    rows = []
    for path in sorted(folder.glob("part*.tsv")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            volume, page, year, title = line.split("\t")
            rows.append((int(volume), int(page), int(year), title.strip()))
    return rows


def read_justia(folder: Path) -> set[tuple[int, int]]:
    found = set()
    for path in sorted(folder.glob("part*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                volume, page, _ = line.split(",")
                found.add((int(volume), int(page)))
    return found


def nominative(volume: int) -> tuple[str, str] | None:
    for first, last, name in NOMINATIVE:
        if first <= volume <= last:
            return str(volume - first + 1), name
    return None


def usual_years(rows: list[tuple[int, int, int, str]]) -> dict[int, float]:
    by_volume: dict[int, list[int]] = defaultdict(list)
    for volume, _, year, _ in rows:
        if year:
            by_volume[volume].append(year)
    return {v: statistics.median(years) for v, years in by_volume.items()}


def catalogue(rows: list[tuple[int, int, int, str]]) -> tuple[list[list[str]], int]:
    usual = usual_years(rows)
    out, dropped_years, seen = [], 0, set()
    for volume, page, year, title in rows:
        if not volume or not page or (volume, page, title) in seen:
            continue
        seen.add((volume, page, title))
        if year and abs(year - usual[volume]) > YEAR_SLACK:  # a typing error, or a row under the wrong volume
            year, title, dropped_years = 0, "", dropped_years + 1
        source = f"{SOURCE}:{volume}-{page}-{len([k for k in seen if k[:2] == (volume, page)])}"
        date = str(year) if year else ""
        out.append([title, str(volume), "U.S.", str(page), date, "U.S. Supreme Court", "U.S.", source])
        if nominal := nominative(volume):
            out.append([title, nominal[0], nominal[1], str(page), date, "U.S. Supreme Court", "U.S.", source])
    return out, dropped_years


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ld", type=Path, required=True)
    ap.add_argument("--justia", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path("src/citeproof/data/us/us_reports_decisions.csv.gz"))
    args = ap.parse_args()
    rows = read_ld(args.ld)
    justia = read_justia(args.justia)
    table, dropped_years = catalogue(rows)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["name", "volume", "reporter", "page", "decision_date", "court", "jurisdiction", "source"]
    )
    writer.writerows(table)
    listed = {(v, p) for v, p, _, _ in rows if v and p}
    for volume, page in sorted((v, p) for v, p in justia if v and p and (v, p) not in listed):
        # a first page only the cross-check gives: no name, read only as "a decision may begin here"
        writer.writerow(
            ["", str(volume), "U.S.", str(page), "", "U.S. Supreme Court", "U.S.", f"justia:{volume}-{page}"]
        )
    with gzip.GzipFile(args.out, "wb", mtime=0) as fh:  # the same bytes on every build
        fh.write(buffer.getvalue().encode("utf-8"))
    paged_justia = {(v, p) for v, p in justia if v and p}
    print(f"rows transcribed: {len(rows)}; decisions with a page: {len(listed)} first pages")
    print(
        f"volumes: {len({v for v, _ in listed})}; rows kept without name or date (year off): {dropped_years}"
    )
    print(f"first pages also in Justia's list: {len(listed & paged_justia)}")
    print(
        f"only in lonedissent: {len(listed - paged_justia)}; only in Justia's: {len(paged_justia - listed)}"
    )
    print(f"written: {args.out} ({len(table)} catalogue rows)")


if __name__ == "__main__":
    main()

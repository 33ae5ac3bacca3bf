"""Derive the reporter facts citeproof ships, from real data: which years each reporter volume holds.

    python scripts/derive_reporter_facts.py [--data ../shared/data/us]
                                            [--out src/citeproof/data/reporters]

Reads, with the standard library only (plus reporters-db and citeproof's own extractor):

* every catalogue row of ``catalog/*.csv`` (the 82,498 rows of ``cap_most_cited``,
  ``scdb_2014_01`` and ``courtlistener_sample``; the two auxiliary SCDB tables repeat
  ``scdb_2014_01`` and are skipped) and every opinion record's own citations, each with
  its decision year: these are the **observations**, per reporter and volume;
* the citations written inside the opinions' texts (extracted with citeproof, full
  cites with a year): used only to test reporters-db's edition dates, and only when
  two or more opinions agree (one court's typo is not evidence);
* reporters-db's edition dates (start and end year of each edition).

Writes, deterministically (same input, same bytes):

* ``volume_years.csv.gz``: ``reporter,volume,first_year,last_year,cases``, one row per
  observed reporter volume;
* ``editions.json``: every reporters-db edition with its dates and whether real data
  contradicts them (``start_trusted`` / ``end_trusted``), each correction with the rows
  that justify it, the known catalogue errata, and the list of editions of every series.

`citeproof.core.text.reporter_facts` reads both; `citeproof.core.checking.impossible` states the rules
(and their margins) that turn them into "this citation cannot exist".
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "us"
DEFAULT_OUT = ROOT / "src" / "citeproof" / "data" / "reporters"
CATALOGUES = ("cap_most_cited.csv", "scdb_2014_01.csv", "courtlistener_sample.csv")
SLACK = 1  # years: a date this close to reporters-db's is not a contradiction
MIN_OPINIONS = 2  # in-text citations contradict reporters-db only when this many opinions agree
JUSTIFYING_ROWS = 3
# Catalogue rows that are themselves wrong, with the evidence. They are left out of the
# observations, and the catalogue sweep test expects them (and only them) to be impossible.
ERRATA = {
    ("177", "L. Ed.", "706"): "Free Enterprise Fund v. PCAOB (2010): the first series of L. Ed. ended with "
    "volume 100 in 1956 (SCDB's own 100 L. Ed. rows are 1955-56 cases, and 352 U.S. is 1 L. Ed. 2d); "
    "this is 177 L. Ed. 2d 706 with the '2d' dropped",
    ("185", "L. Ed.", "654"): "US Airways v. McCutchen (2013): 185 L. Ed. 2d 654 with the '2d' dropped "
    "(SCDB's neighbouring 2013 cases are 185 L. Ed. 2d 636 and 185 L. Ed. 2d 671)",
}


@dataclass(frozen=True, slots=True)
class Row:
    reporter: str
    volume: int
    page: str
    year: int
    name: str
    source: str

    @property
    def cite(self) -> str:
        return f"{self.volume} {self.reporter} {self.page}"

    def as_evidence(self) -> dict[str, object]:
        return {"cite": self.cite, "year": self.year, "name": self.name[:80], "source": self.source}


def catalogue_rows(data: Path) -> list[Row]:
    rows = []
    for name in CATALOGUES:
        with (data / "catalog" / name).open(encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh):
                rows.extend(
                    _row(r["reporter"], r["volume"], r["page"], r["decision_date"], r["name"], r["source"])
                )
    return rows


def opinion_records(data: Path) -> list[dict[str, object]]:
    records = []
    for path in sorted((data / "opinions").glob("*.jsonl*")):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as fh:
            records.extend(json.loads(line) for line in fh if line.strip())
    return records


def opinion_rows(records: list[dict[str, object]]) -> list[Row]:
    rows = []
    for rec in records:
        for c in rec["citations"]:  # type: ignore[attr-defined]
            date, name = str(rec["decision_date"]), str(rec["name_abbreviation"])
            rows.extend(_row(c["reporter"], c["volume"], c["page"], date, name, str(rec["id"])))
    return rows


def in_text_rows(records: list[dict[str, object]]) -> list[Row]:
    """Full case citations written in the opinions, with the year the court gives them."""
    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.models import CiteForm, Document

    rows = []
    for rec in records:
        for c in extract_citations(Document(str(rec["text"]))):
            if c.form is CiteForm.FULL and c.year and c.reporter and c.page:
                source = f"{rec['id']} (cited in the text)"
                rows.extend(_row(c.reporter, c.volume or "", c.page, str(c.year), c.case_name or "", source))
    return rows


def _row(reporter: str, volume: str, page: str, date: str, name: str, source: str) -> list[Row]:
    if not (volume.isdigit() and date[:4].isdigit()) or (volume, reporter, page) in ERRATA:
        return []
    return [Row(reporter, int(volume), page, int(date[:4]), name, source)]


def volume_years(rows: list[Row]) -> list[tuple[str, int, int, int, int]]:
    spans: dict[tuple[str, int], list[int]] = defaultdict(list)
    for r in rows:
        spans[(r.reporter, r.volume)].append(r.year)
    return sorted((rep, vol, min(ys), max(ys), len(ys)) for (rep, vol), ys in spans.items())


def reporters_db_editions() -> tuple[dict[str, dict[str, object]], dict[str, list[str]], str]:
    """Every edition's years (the union where several series share a name), every series'
    editions in order, and the latest dated event in the data (what it is known as of).

    An edition name that two different reporters share ("Ct. Cl.": the Court of Claims
    Reports and West Virginia's) is marked ``shared``: its volumes say nothing about years.
    """
    from reporters_db import REPORTERS

    editions: dict[str, dict[str, object]] = {}
    owners: dict[str, set[str]] = defaultdict(set)
    series: dict[str, list[str]] = {}
    latest = ""
    for key, entries in sorted(REPORTERS.items()):
        for entry in entries:
            names = []
            for name, span in entry["editions"].items():
                start, end = span["start"], span["end"]
                latest = max([latest] + [d.date().isoformat() for d in (start, end) if d])
                names.append((start.year if start else 0, name))
                if "neutral" not in entry["name"].lower():  # a neutral cite's volume is a year
                    owners[name].add(entry["name"])
                e = editions.setdefault(name, {"start": None, "end": None, "open": False})
                if start:
                    e["start"] = min(start.year, e["start"] or start.year)  # type: ignore[type-var]
                e["open"] = bool(e["open"]) or end is None
                if end:
                    e["end"] = max(end.year, e["end"] or end.year)  # type: ignore[type-var]
            series.setdefault(key, [n for _, n in sorted(names)])
    for name, e in editions.items():
        if e.pop("open"):
            e["end"] = None
        e["shared"] = len(owners[name]) > 1
    return editions, series, latest


def judge_dates(
    editions: dict[str, dict[str, object]], observed: list[Row], in_text: list[Row]
) -> list[dict[str, object]]:
    """Mark each edition's dates trusted or not, and list the corrections with their rows."""
    by_edition: dict[str, list[Row]] = defaultdict(list)
    for r in observed:
        by_edition[r.reporter].append(r)
    cited: dict[str, list[Row]] = defaultdict(list)
    for r in in_text:
        cited[r.reporter].append(r)
    corrections = []
    for name, e in sorted(editions.items()):
        for field, outside in (("start", _before), ("end", _after)):
            bound = e[field]
            e[f"{field}_trusted"] = bound is not None
            if bound is None:
                continue
            rows = outside(by_edition[name], int(bound))  # type: ignore[arg-type]
            text_rows = outside(cited[name], int(bound))  # type: ignore[arg-type]
            if len({r.source for r in text_rows}) < MIN_OPINIONS:
                text_rows = []
            if rows or text_rows:
                e[f"{field}_trusted"] = False
                extreme = (min if field == "start" else max)(r.year for r in rows + text_rows)
                corrections.append(
                    {
                        "edition": name,
                        "field": field,
                        "reporters_db": bound,
                        "real_data": extreme,
                        "rows": len(rows),
                        "opinions_citing": len({r.source for r in text_rows}),
                        "justified_by": [r.as_evidence() for r in _extremes(rows + text_rows, field)],
                    }
                )
    return corrections


def _before(rows: list[Row], start: int) -> list[Row]:
    return [r for r in rows if r.year < start - SLACK]


def _after(rows: list[Row], end: int) -> list[Row]:
    return [r for r in rows if r.year > end + SLACK]


def _extremes(rows: list[Row], field: str) -> list[Row]:
    """The most extreme rows, catalogue rows before citations in the opinions' texts."""
    sign = -1 if field == "end" else 1
    ordered = sorted(
        rows, key=lambda r: ("cited in the text" in r.source, sign * r.year, r.volume, r.page, r.source)
    )
    picked: list[Row] = []
    for r in ordered:  # the most extreme rows, from different sources where possible
        if all(p.source != r.source for p in picked):
            picked.append(r)
        if len(picked) == JUSTIFYING_ROWS:
            break
    return picked


def write(out: Path, table: list[tuple[str, int, int, int, int]], facts: dict[str, object]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["reporter", "volume", "first_year", "last_year", "cases"])
    writer.writerows(table)
    with (
        (out / "volume_years.csv.gz").open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz,
    ):
        gz.write(text.getvalue().encode("utf-8"))
    (out / "editions.json").write_text(_json_lines(facts), encoding="utf-8")


def _json_lines(facts: dict[str, object]) -> str:
    """Indented JSON with one line per edition and per series, so diffs stay readable."""
    parts = []
    for key, value in facts.items():
        if isinstance(value, dict) and key in {"editions", "series"}:
            inner = ",\n".join(
                f"  {json.dumps(k, ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
                for k, v in value.items()
            )
            parts.append(f" {json.dumps(key)}: {{\n{inner}\n }}")
        else:
            body = json.dumps(value, indent=1, ensure_ascii=False).replace("\n", "\n ")
            parts.append(f" {json.dumps(key)}: {body}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="the US data pack (has catalog/, opinions/)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    if not (args.data / "catalog").is_dir():
        print(f"no data pack at {args.data} (expected catalog/ and opinions/)", file=sys.stderr)
        return 2
    import reporters_db

    records = opinion_records(args.data)
    observed = catalogue_rows(args.data) + opinion_rows(records)
    in_text = in_text_rows(records)
    editions, series, known_as_of = reporters_db_editions()
    corrections = judge_dates(editions, observed, in_text)
    table = volume_years(observed)
    facts = {
        "about": "Reporter editions and their dates from reporters-db, judged against real data; "
        "see scripts/derive_reporter_facts.py and docs/reporter-facts.md",
        "reporters_db_version": reporters_db.__version__
        if hasattr(reporters_db, "__version__")
        else _version(),
        "editions_known_as_of": known_as_of,
        "observations": {
            "catalogue_and_opinion_rows": len(observed),
            "reporter_volumes": len(table),
            "in_text_citations_with_year": len(in_text),
        },
        "slack_years": SLACK,
        "min_opinions": MIN_OPINIONS,
        "errata": [{"cite": " ".join(k), "why": why} for k, why in sorted(ERRATA.items())],
        "corrections": corrections,
        "editions": editions,
        "series": series,
    }
    write(args.out, table, facts)
    print(
        f"{len(observed):,} observations, {len(table):,} reporter volumes, {len(in_text):,} in-text "
        f"citations with a year; {len(corrections)} corrections to reporters-db → {args.out}"
    )
    return 0


def _version() -> str:
    from importlib.metadata import version

    return version("reporters-db")


if __name__ == "__main__":
    raise SystemExit(main())

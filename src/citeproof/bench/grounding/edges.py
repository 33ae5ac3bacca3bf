"""Edge files: an `Oracle` from CSV or Parquet (``decision_id, code, article`` and optional
``date``, ``domain``), and an oracle written back as CSV."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path

from citeproof.bench.grounding.edges_parquet import EDGE_COLUMNS, parquet_oracle
from citeproof.bench.grounding.oracle import Oracle, Record
from citeproof.core.extraction.statutes.ua import normalise_number


def load_edges(
    path: str | Path, name: str | None = None, progress: Callable[[int, int], None] | None = None
) -> Oracle:
    """An oracle from a CSV or Parquet edge file (Parquet: streamed, `edges_parquet.py`, with
    ``progress(rows read, rows)`` after each batch). A file without the columns it needs is a
    ValueError naming them."""
    path = Path(path)
    if path.suffix == ".parquet":
        return parquet_oracle(path, name or path.stem, progress=progress)
    rows = _csv_rows(path)
    records = (
        Record(
            str(r["decision_id"]),
            str(r["code"]),
            normalise_number(str(r["article"])),
            r.get("date") or None,
            r.get("domain") or None,
        )
        for r in rows
    )
    return Oracle.from_records(name or path.stem, records)


def _csv_rows(path: Path) -> list[dict[str, str | None]]:
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in ("decision_id", "code", "article") if c not in (reader.fieldnames or ())]
        if missing:
            raise ValueError(f"{path}: no column {', '.join(missing)}; an edge file has {EDGE_COLUMNS}")
        return [dict(row) for row in reader]


def write_edges(oracle: Oracle, path: str | Path) -> None:
    """Write an oracle's records as a CSV edge file."""
    ids = oracle.decision_ids
    if ids is None:
        raise ValueError(f"{oracle.name}: loaded from Parquet without its decision ids; use that file")
    with Path(path).open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["decision_id", "code", "article", "date", "domain"])
        for d, s in zip(oracle.decision.tolist(), oracle.statute.tolist(), strict=True):
            code, article = oracle.statute_keys[s].split(":", 1)
            out.writerow(
                [ids[d], code, article, oracle.decision_date[d] or "", oracle.decision_domain[d] or ""]
            )

"""The oracle: a decision → statute citation graph with snapshot metadata.

A record is one edge ``(decision, statute)``; statute nodes are ``"code:article"``
keys. Real graphs load from CSV or Parquet edge files with the columns
``decision_id, code, article`` and optional ``date`` (YYYY-MM-DD) and ``domain``.
Subsampling by record or by decision makes the smaller oracles of a coverage sweep.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from citeproof.core.statutes.ua_extract import normalise_number


def node(code: str, article: str) -> str:
    """The statute node key: ``node("civil", "625") == "civil:625"``."""
    return f"{code}:{article}"


@dataclass(frozen=True, slots=True)
class Record:
    decision_id: str
    code: str
    article: str
    date: str | None = None
    domain: str | None = None


@dataclass(frozen=True, slots=True)
class OracleSnapshot:
    """What an oracle holds: printed next to every score computed against it."""

    name: str
    records: int
    decisions: int
    statutes: int
    date: str | None

    def label(self) -> str:
        return (
            f"{self.name}: {self.records:,} records, {self.decisions:,} decisions, "
            f"{self.statutes:,} statute nodes, as of {self.date or 'unknown date'}"
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "records": self.records,
            "decisions": self.decisions,
            "statutes": self.statutes,
            "date": self.date,
        }


@dataclass(frozen=True, slots=True, eq=False)
class Oracle:
    """Records as integer arrays over interned decision and statute ids."""

    name: str
    decision: np.ndarray  # per record: index into decision_ids
    statute: np.ndarray  # per record: index into statute_keys
    decision_ids: tuple[str, ...]
    statute_keys: tuple[str, ...]
    decision_domain: tuple[str | None, ...]  # per decision
    decision_date: tuple[str | None, ...]  # per decision

    @classmethod
    def from_records(cls, name: str, records: Iterable[Record]) -> Oracle:
        dec: dict[str, int] = {}
        stat: dict[str, int] = {}
        domains: list[str | None] = []
        dates: list[str | None] = []
        d_idx, s_idx = [], []
        for r in records:
            if r.decision_id not in dec:
                dec[r.decision_id] = len(dec)
                domains.append(r.domain)
                dates.append(r.date)
            d_idx.append(dec[r.decision_id])
            s_idx.append(stat.setdefault(node(r.code, r.article), len(stat)))
        return cls(
            name,
            np.asarray(d_idx, dtype=np.int64),
            np.asarray(s_idx, dtype=np.int64),
            tuple(dec),
            tuple(stat),
            tuple(domains),
            tuple(dates),
        )

    @property
    def index(self) -> dict[str, int]:
        return {k: i for i, k in enumerate(self.statute_keys)}

    def present(self) -> np.ndarray:
        """Boolean mask over ``statute_keys``: node cited by at least one record."""
        mask = np.zeros(len(self.statute_keys), dtype=bool)
        mask[self.statute] = True
        return mask

    def nodes(self) -> frozenset[str]:
        return frozenset(self.statute_keys[i] for i in np.flatnonzero(self.present()))

    def record_counts(self) -> np.ndarray:
        """k(v): records citing each statute node."""
        return np.bincount(self.statute, minlength=len(self.statute_keys))

    def decision_counts(self) -> np.ndarray:
        """d(v): distinct decisions citing each statute node."""
        pairs = np.unique(self.decision * len(self.statute_keys) + self.statute)
        return np.bincount(pairs % len(self.statute_keys), minlength=len(self.statute_keys))

    def snapshot(self) -> OracleSnapshot:
        used = np.unique(self.decision)
        dates = [d for d in (self.decision_date[i] for i in used) if d]
        return OracleSnapshot(
            self.name,
            int(self.statute.size),
            int(used.size),
            int(self.present().sum()),
            max(dates) if dates else None,
        )

    def select(self, keep: np.ndarray, name: str | None = None) -> Oracle:
        """The oracle restricted to records where ``keep`` is True (same id tables)."""
        return Oracle(
            name or self.name,
            self.decision[keep],
            self.statute[keep],
            self.decision_ids,
            self.statute_keys,
            self.decision_domain,
            self.decision_date,
        )

    def subsample_records(self, p: float, rng: np.random.Generator) -> Oracle:
        return self.select(rng.random(self.statute.size) < p, f"{self.name}@records={p:g}")

    def subsample_decisions(self, p: float, rng: np.random.Generator) -> Oracle:
        kept = rng.random(len(self.decision_ids)) < p
        return self.select(kept[self.decision], f"{self.name}@decisions={p:g}")

    def domain_counts(self) -> dict[str | None, np.ndarray]:
        """Records per statute node within each decision domain (for relevance)."""
        out: dict[str | None, np.ndarray] = {}
        dom = np.asarray([self.decision_domain[i] or "" for i in range(len(self.decision_ids))])
        rec_dom = dom[self.decision]
        for d in np.unique(rec_dom):
            counts = np.bincount(self.statute[rec_dom == d], minlength=len(self.statute_keys))
            out[str(d) or None] = counts
        return out


def load_edges(path: str | Path, name: str | None = None) -> Oracle:
    """An oracle from a CSV or Parquet edge file (see the module docstring)."""
    path = Path(path)
    rows: list[dict[str, str | None]] = (
        _parquet_rows(path) if path.suffix == ".parquet" else list(_csv_rows(path))
    )
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
        return [dict(row) for row in csv.DictReader(fh)]


def _parquet_rows(path: Path) -> list[dict[str, str | None]]:
    try:
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("reading Parquet needs pyarrow: pip install 'citeproof[plot]'") from exc
    return [
        {k: (None if v is None else str(v)) for k, v in row.items()}
        for row in pq.read_table(path).to_pylist()
    ]


def write_edges(oracle: Oracle, path: str | Path) -> None:
    """Write an oracle's records as a CSV edge file."""
    with Path(path).open("w", newline="", encoding="utf-8") as fh:
        out = csv.writer(fh)
        out.writerow(["decision_id", "code", "article", "date", "domain"])
        for d, s in zip(oracle.decision.tolist(), oracle.statute.tolist(), strict=True):
            code, article = oracle.statute_keys[s].split(":", 1)
            out.writerow(
                [
                    oracle.decision_ids[d],
                    code,
                    article,
                    oracle.decision_date[d] or "",
                    oracle.decision_domain[d] or "",
                ]
            )

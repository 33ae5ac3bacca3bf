"""The oracle: a decision → statute citation graph with snapshot metadata.

A record is one edge ``(decision, statute)``; statute nodes are ``"code:article"``
keys. Real graphs load from CSV or Parquet edge files with the columns
``decision_id, code, article`` and optional ``date`` (YYYY-MM-DD) and ``domain``.
Subsampling by record or by decision makes the smaller oracles of a coverage sweep.

A Parquet edge file is read column by column with pyarrow and never turned into Python
objects: ids are dictionary-encoded into integer arrays, only the distinct statute keys
become strings, and the per-decision ids, dates and domains stay Arrow arrays
(`ArrowStrings`). A graph of 5×10⁷ records then costs about 16 bytes a record
(`benchmarks/grounding_scale.py`).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

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
    decision_ids: Sequence[str]
    statute_keys: tuple[str, ...]
    decision_domain: Sequence[str | None]  # per decision
    decision_date: Sequence[str | None]  # per decision

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
        used = np.flatnonzero(np.bincount(self.decision, minlength=len(self.decision_ids)))
        if isinstance(self.decision_date, ArrowStrings):
            latest = self.decision_date.latest(used)
        else:
            latest = max((d for d in (self.decision_date[i] for i in used.tolist()) if d), default=None)
        return OracleSnapshot(
            self.name,
            int(self.statute.size),
            int(used.size),
            int(self.present().sum()),
            latest,
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
        names: Sequence[str]
        if isinstance(self.decision_domain, ArrowStrings):
            names, codes = self.decision_domain.codes()
        else:
            distinct, codes = np.unique(
                np.asarray([d or "" for d in self.decision_domain], dtype=str), return_inverse=True
            )
            names = distinct.tolist()
        rec_dom = codes[self.decision]
        for d in np.unique(rec_dom):
            counts = np.bincount(self.statute[rec_dom == d], minlength=len(self.statute_keys))
            out[str(names[d]) or None] = counts
        return out


class ArrowStrings(Sequence[Any]):
    """A pyarrow string array read as a sequence of ``str | None``, element by element
    only when asked; whole-column questions stay in Arrow."""

    def __init__(self, array: Any) -> None:
        self.array = array.combine_chunks() if hasattr(array, "combine_chunks") else array

    def __len__(self) -> int:
        return len(self.array)

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Any]: ...
    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return ArrowStrings(self.array[i])
        return self.array[int(i)].as_py()

    def latest(self, rows: np.ndarray) -> str | None:
        """The greatest non-empty value among ``rows`` (dates sort as text)."""
        import pyarrow.compute as pc

        taken = pc.take(self.array, rows)
        value = pc.max(pc.if_else(pc.equal(taken, ""), None, taken)).as_py()
        return str(value) if value is not None else None

    def codes(self) -> tuple[list[str], np.ndarray]:
        """Distinct values (null read as "") and each element's number among them."""
        import pyarrow.compute as pc

        encoded = pc.dictionary_encode(pc.fill_null(self.array, ""))
        return encoded.dictionary.to_pylist(), encoded.indices.to_numpy(zero_copy_only=False)


def load_edges(path: str | Path, name: str | None = None) -> Oracle:
    """An oracle from a CSV or Parquet edge file (see the module docstring)."""
    path = Path(path)
    if path.suffix == ".parquet":
        return _parquet_oracle(path, name or path.stem)
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
        return [dict(row) for row in csv.DictReader(fh)]


def _parquet_oracle(path: Path, name: str) -> Oracle:
    """Columnar load (module docstring): the records' ids as integer arrays, a record's
    decision keeping the date and domain of its first record, as `Oracle.from_records`."""
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("reading Parquet needs pyarrow: pip install 'citeproof[plot]'") from exc
    present = set(pq.ParquetFile(path).schema_arrow.names)

    def column(name: str) -> Any:  # one column at a time: memory holds one column's text
        return pc.cast(pq.read_table(path, columns=[name])[name], pa.string())

    def encoded(name: str) -> tuple[Any, np.ndarray]:
        values = column(name).combine_chunks()
        codes = pc.dictionary_encode(values)
        return codes.dictionary, codes.indices.to_numpy(zero_copy_only=False).astype(np.int64)

    decision_ids, decision = encoded("decision_id")
    # codes are given in order of first appearance, so a decision's first record is
    # where the running maximum of the codes first reaches it
    first_rows = np.flatnonzero(np.diff(np.maximum.accumulate(decision), prepend=-1) > 0)
    codes, code = encoded("code")
    articles, article = encoded("article")
    code_names, article_names = codes.to_pylist(), articles.to_pylist()  # the distinct ones only
    pairs, statute = np.unique(code * len(article_names) + article, return_inverse=True)
    keys: dict[str, int] = {}  # two raw articles may normalise to one node
    pair_key = np.asarray(
        [
            keys.setdefault(
                node(
                    str(code_names[p // len(article_names)]),
                    normalise_number(str(article_names[p % len(article_names)])),
                ),
                len(keys),
            )
            for p in pairs.tolist()
        ],
        dtype=np.int64,
    )
    per_decision = {
        c: ArrowStrings(pc.take(column(c), first_rows)) if c in present else None for c in ("date", "domain")
    }
    empty = ArrowStrings(pa.nulls(len(decision_ids), pa.string()))
    return Oracle(
        name,
        decision,
        pair_key[statute.reshape(-1)],
        ArrowStrings(decision_ids),
        tuple(keys),
        per_decision["domain"] or empty,
        per_decision["date"] or empty,
    )


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

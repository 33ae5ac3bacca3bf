"""The oracle: a decision → statute citation graph with snapshot metadata.

A record is one edge ``(decision, statute)``; statute nodes are ``"code:article"``
keys. Real graphs load from CSV or Parquet edge files with the columns
``decision_id, code, article`` and optional ``date`` (YYYY-MM-DD) and ``domain``.
Subsampling by record or by decision makes the smaller oracles of a coverage sweep.

An oracle keeps only what the metrics ask of it, in compact numpy form: per record a
decision number and a statute node number (`records.py`: in memory, 6 bytes a record, or,
for a graph streamed from Parquet by `edges_parquet.py`, in a temporary file read chunk by
chunk); per decision a date code and a domain code. A subsample shares its parent's records
and adds one bit per record (a packed keep-mask), and every whole-graph question (presence,
counts, snapshot, subsampling) runs over `CHUNK` records at a time, so no full-size
temporary is made. `edges.py` reads and writes edge files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import overload

import numpy as np

from citeproof.bench.grounding.records import InMemory, Records

CHUNK = 1 << 21  # records per step of a whole-graph pass (a multiple of 8)


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


def smallest_codes(codes: np.ndarray, distinct: int) -> np.ndarray:
    """``codes`` (numbers below ``distinct``) in the smallest unsigned type that holds them."""
    dtype = np.uint8 if distinct <= 1 << 8 else np.uint16 if distinct <= 1 << 16 else np.int32
    return codes.astype(dtype, copy=False)


@dataclass(frozen=True, slots=True, eq=False)
class Coded(Sequence[str | None]):
    """Strings as small integer codes into their distinct values (None for a missing one)."""

    values: tuple[str | None, ...]
    codes: np.ndarray

    @classmethod
    def of(cls, items: Iterable[str | None]) -> Coded:
        index: dict[str | None, int] = {}
        codes = [index.setdefault(v or None, len(index)) for v in items]
        return cls(tuple(index), smallest_codes(np.asarray(codes, dtype=np.int64), len(index)))

    def __len__(self) -> int:
        return int(self.codes.size)

    @overload
    def __getitem__(self, i: int) -> str | None: ...
    @overload
    def __getitem__(self, i: slice) -> Coded: ...
    def __getitem__(self, i: int | slice) -> str | None | Coded:
        if isinstance(i, slice):
            return Coded(self.values, self.codes[i])
        return self.values[int(self.codes[i])]

    def latest(self, rows: np.ndarray) -> str | None:
        """The greatest value among the elements where the mask ``rows`` is True."""
        used = np.zeros(len(self.values), dtype=bool)
        for start in range(0, self.codes.size, CHUNK):
            used[self.codes[start : start + CHUNK][rows[start : start + CHUNK]]] = True
        return max((v for v in (self.values[i] for i in np.flatnonzero(used).tolist()) if v), default=None)


@dataclass(frozen=True, slots=True, eq=False)
class Oracle:
    """Records as compact integer arrays over numbered decisions and statute nodes (see the
    module docstring); ``keep`` is None for a whole graph, else the packed keep-mask."""

    name: str
    records: Records  # per record: decision number (in order of first appearance), statute_keys index
    statute_keys: tuple[str, ...]
    decision_domain: Coded  # per decision
    decision_date: Coded  # per decision
    decision_ids: Sequence[str] | None = None  # None when loaded from Parquet (ids stay in the file)
    keep: np.ndarray | None = None  # packed bits, one per record of the arrays

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
            InMemory(
                np.asarray(d_idx, dtype=np.int32),
                smallest_codes(np.asarray(s_idx, dtype=np.int64), len(stat)),
            ),
            tuple(stat),
            Coded.of(domains),
            Coded.of(dates),
            tuple(dec),
        )

    def chunks(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """(decision, statute) numbers of this oracle's records, `CHUNK` records at a time."""
        for _, decision, statute, kept in self._spans():
            yield (decision, statute) if kept is None else (decision[kept], statute[kept])

    def _spans(self) -> Iterator[tuple[int, np.ndarray, np.ndarray, np.ndarray | None]]:
        for start in range(0, self.records.size, CHUNK):
            decision, statute = self.records.read(start, start + CHUNK)
            kept = None
            if self.keep is not None:
                bits = self.keep[start // 8 : (start + CHUNK) // 8]
                kept = np.unpackbits(bits, count=decision.size).astype(bool)
            yield start, decision, statute, kept

    @property
    def decision(self) -> np.ndarray:
        """Per kept record: its decision number (a full-size array: small graphs only)."""
        return np.concatenate([d for d, _ in self.chunks()] or [np.empty(0, np.int32)])

    @property
    def statute(self) -> np.ndarray:
        """Per kept record: its statute node number (a full-size array: small graphs only)."""
        return np.concatenate([s for _, s in self.chunks()] or [np.empty(0, np.int32)])

    @property
    def index(self) -> dict[str, int]:
        return {k: i for i, k in enumerate(self.statute_keys)}

    def present(self) -> np.ndarray:
        """Boolean mask over ``statute_keys``: node cited by at least one record."""
        mask = np.zeros(len(self.statute_keys), dtype=bool)
        for _, statute in self.chunks():
            mask[statute] = True
        return mask

    def nodes(self) -> frozenset[str]:
        return frozenset(self.statute_keys[i] for i in np.flatnonzero(self.present()))

    def record_counts(self) -> np.ndarray:
        """k(v): records citing each statute node."""
        counts = np.zeros(len(self.statute_keys), dtype=np.int64)
        for _, statute in self.chunks():
            counts += np.bincount(statute, minlength=counts.size)
        return counts

    def decision_counts(self) -> np.ndarray:
        """d(v): distinct decisions citing each statute node. Distinct (decision, node) pairs
        are counted over ranges of decisions holding about `CHUNK` records each."""
        n = len(self.statute_keys)
        counts = np.zeros(n, dtype=np.int64)
        step = max(1, len(self.decision_date) * CHUNK // max(self.records.size, 1))
        for low in range(0, len(self.decision_date), step):
            pairs = [
                (decision[inside] - low).astype(np.int64) * n + statute[inside]
                for decision, statute in self.chunks()
                for inside in [(decision >= low) & (decision < low + step)]
            ]
            distinct = np.unique(np.concatenate(pairs or [np.empty(0, np.int64)]))
            counts += np.bincount(distinct % n, minlength=n)
        return counts

    def snapshot(self) -> OracleSnapshot:
        used = np.zeros(len(self.decision_date), dtype=bool)
        records = 0
        for decision, _ in self.chunks():
            used[decision] = True
            records += decision.size
        return OracleSnapshot(
            self.name,
            records,
            int(used.sum()),
            int(self.present().sum()),
            self.decision_date.latest(used),
        )

    def narrow(self, pick: Callable[[np.ndarray, np.ndarray], np.ndarray], name: str) -> Oracle:
        """The oracle keeping, of its records, those ``pick(decision, statute)`` marks True;
        ``pick`` is called chunk by chunk, in record order, on the kept records only."""
        packed = np.empty((self.records.size + 7) // 8, dtype=np.uint8)
        for start, decision, statute, kept in self._spans():
            mask = np.zeros(decision.size, dtype=bool)
            if kept is None:
                mask[:] = pick(decision, statute)
            else:
                mask[kept] = pick(decision[kept], statute[kept])
            packed[start // 8 : start // 8 + (decision.size + 7) // 8] = np.packbits(mask)
        return replace(self, name=name, keep=packed)

    def select(self, keep: np.ndarray, name: str | None = None) -> Oracle:
        """The oracle restricted to records where ``keep`` (one flag per record) is True."""
        taken = 0

        def pick(decision: np.ndarray, _: np.ndarray) -> np.ndarray:
            nonlocal taken
            taken += decision.size
            return np.asarray(keep[taken - decision.size : taken], dtype=bool)

        return self.narrow(pick, name or self.name)

    def subsample_records(self, p: float, rng: np.random.Generator) -> Oracle:
        """Each record kept with probability p (one uniform draw per record, in order)."""
        return self.narrow(lambda decision, _: rng.random(decision.size) < p, f"{self.name}@records={p:g}")

    def subsample_decisions(self, p: float, rng: np.random.Generator) -> Oracle:
        """Each decision kept with probability p, with all its records."""
        kept = np.empty(len(self.decision_date), dtype=bool)
        for start in range(0, kept.size, CHUNK):
            kept[start : start + CHUNK] = rng.random(min(CHUNK, kept.size - start)) < p
        return self.narrow(lambda decision, _: kept[decision], f"{self.name}@decisions={p:g}")

    def domain_counts(self) -> dict[str | None, np.ndarray]:
        """Records per statute node within each decision domain (for relevance)."""
        n, domains = len(self.statute_keys), self.decision_domain
        table = np.zeros(len(domains.values) * n, dtype=np.int64)
        for decision, statute in self.chunks():
            cells = domains.codes[decision].astype(np.int64) * n + statute
            table += np.bincount(cells, minlength=table.size)
        rows = table.reshape(len(domains.values), n)
        return {domains.values[d]: rows[d] for d in range(rows.shape[0]) if rows[d].any()}

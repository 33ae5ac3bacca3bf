"""Stream a Parquet edge file into an `Oracle`, batch by batch, with no Python object per
record or decision.

Each batch's columns are dictionary-encoded by pyarrow. Decision ids are numbered in order of
first appearance, as `Oracle.from_records` numbers them: the ids seen so far are kept as Arrow
string arrays (one per batch, in number order) and probed against the batch's distinct ids
with ``index_in``, so the hash table built is only the batch's. A decision keeps the date and
domain of its first record. Only the distinct (code, article) pairs of a batch become Python
strings, to be normalised into statute nodes. The per-record numbers go to a temporary file
(`records.OnDisk`), batch by batch, so the process holds nothing per record; the ids are
dropped when the file has been read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from citeproof.bench.grounding.oracle import Coded, Oracle, node, smallest_codes
from citeproof.bench.grounding.records import OnDisk
from citeproof.core.extraction.statutes.ua import normalise_number

BATCH = 1 << 18  # rows read at a time (pyarrow holds about 3× a batch while it decodes)
REQUIRED = ("decision_id", "code", "article")
EDGE_COLUMNS = "decision_id, code, article and optional date, domain"


def parquet_oracle(
    path: Path,
    name: str,
    batch_rows: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Oracle:
    """The oracle of a Parquet edge file (module docstring); ``progress(rows read, rows)``
    after each batch."""
    try:
        import pyarrow.parquet as pq
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("reading Parquet needs pyarrow: pip install 'citeproof[plot]'") from exc
    try:
        source = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises its own error types for a bad file
        raise ValueError(f"{path}: not a readable Parquet file ({exc})") from exc
    columns = source.schema_arrow.names
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise ValueError(f"{path}: no column {', '.join(missing)}; an edge file has {EDGE_COLUMNS}")
    optional = [c for c in ("date", "domain") if c in columns]
    total = source.metadata.num_rows
    records = OnDisk(total)
    ids, nodes = _FirstSeen(), _Nodes()
    per_decision: dict[str, _Values] = {c: _Values() for c in ("date", "domain")}
    at = 0
    for batch in _batches(source, [*REQUIRED, *optional], batch_rows or BATCH):
        rows = batch.num_rows
        local = _text(batch.column("decision_id")).dictionary_encode()
        entry = local.indices.to_numpy(zero_copy_only=False)
        number, new = ids.number(local.dictionary)
        # codes come in order of first appearance: an entry's first row is where their
        # running maximum first reaches it
        first = np.flatnonzero(np.diff(np.maximum.accumulate(entry), prepend=-1) > 0)[new]
        for c, values in per_decision.items():
            values.add(_text(batch.column(c)).take(first) if c in optional else None, int(new.sum()))
        statute = nodes.codes(_text(batch.column("code")), _text(batch.column("article")))
        records.write(at, number[entry], statute)
        at += rows
        if progress:
            progress(at, total)
    if at != total:
        raise ValueError(f"{path}: {at:,} rows read of the {total:,} its metadata gives")
    del ids  # the decision ids: the largest thing held while reading
    _release_arrow_memory()
    return Oracle(
        name,
        records,
        tuple(nodes.keys),
        per_decision["domain"].coded(),
        per_decision["date"].coded(),
    )


def _batches(source: Any, columns: list[str], rows: int) -> Iterator[Any]:
    """The file's rows, about ``rows`` at a time. Read one row group at a time: one reader over
    the whole file was seen to hold on to memory as it went (pyarrow 26)."""
    import pyarrow as pa

    waiting: list[Any] = []
    for group in range(source.metadata.num_row_groups):
        for batch in source.iter_batches(batch_size=rows, row_groups=[group], columns=columns):
            waiting += [batch] if batch.num_rows else []
            if waiting and sum(b.num_rows for b in waiting) >= rows:
                yield pa.Table.from_batches(waiting).combine_chunks().to_batches()[0]
                waiting = []
    if waiting:
        yield pa.Table.from_batches(waiting).combine_chunks().to_batches()[0]


def _release_arrow_memory() -> None:
    """Give the memory pyarrow's allocator keeps for reuse back to the system (numpy, which
    runs every later step, allocates elsewhere)."""
    import pyarrow as pa

    pa.default_memory_pool().release_unused()


def _text(column: Any) -> Any:
    import pyarrow as pa
    import pyarrow.compute as pc

    return pc.fill_null(pc.cast(column, pa.string()), "")


class _FirstSeen:
    """Numbers distinct strings in order of first appearance, batch by batch. Each batch's new
    strings are kept as one run with its least and greatest string; a batch is probed only
    against the runs whose range meets its own, so a file whose ids mostly ascend (or come
    grouped) skips most of them. Every run that could hold a string is probed: exact."""

    PIECE = 1 << 22  # seen strings probed per call (bounds the answer's size)

    def __init__(self) -> None:
        self.runs: list[tuple[int, str, str, Any]] = []  # first number, least, greatest, strings
        self.count = 0

    def number(self, distinct: Any) -> tuple[np.ndarray, np.ndarray]:
        """Each of a batch's distinct strings (in order of first appearance) → its number;
        and which of them are new."""
        import pyarrow as pa
        import pyarrow.compute as pc

        number = np.full(len(distinct), -1, dtype=np.int64)
        if len(distinct):
            least, greatest = _range(distinct)
            for firsts, starts, run in self._pieces(least, greatest):
                where = pc.index_in(run, value_set=distinct)  # per seen string: its entry, or null
                seen_at = pc.indices_nonzero(pc.is_valid(where)).to_numpy().astype(np.int64)
                which = np.searchsorted(starts, seen_at, side="right") - 1
                number[pc.drop_null(where).to_numpy()] = firsts[which] + seen_at - starts[which]
        new = number < 0
        number[new] = np.arange(self.count, self.count + int(new.sum()))
        if new.any():
            strings = distinct.filter(pa.array(new))
            self.runs.append((self.count, *_range(strings), strings))
            self.count += int(new.sum())
        return number, new

    def _pieces(self, least: str, greatest: str) -> Iterator[tuple[np.ndarray, np.ndarray, Any]]:
        """The runs that may hold a string between ``least`` and ``greatest``, as chunked arrays
        of about `PIECE` strings; with each run's first number and its start in the array."""
        import pyarrow as pa

        near = [(first, run) for first, low, high, run in self.runs if low <= greatest and high >= least]
        while near:
            sizes = np.cumsum([len(run) for _, run in near])
            take = int(np.searchsorted(sizes, self.PIECE)) + 1
            group, near = near[:take], near[take:]
            starts = np.concatenate([[0], sizes[: len(group) - 1]]).astype(np.int64)
            firsts = np.asarray([first for first, _ in group], dtype=np.int64)
            yield firsts, starts, pa.chunked_array([run for _, run in group])


def _range(strings: Any) -> tuple[str, str]:
    import pyarrow.compute as pc

    bounds = pc.min_max(strings)
    return str(bounds["min"].as_py()), str(bounds["max"].as_py())


class _Values:
    """One string per decision (date or domain), as codes into the distinct values."""

    def __init__(self) -> None:
        self.index: dict[str | None, int] = {None: 0}
        self.parts: list[np.ndarray] = []

    def add(self, values: Any, count: int) -> None:
        if values is None:
            self.parts.append(np.zeros(count, dtype=np.uint8))
            return
        local = values.dictionary_encode()
        mapped = [self.index.setdefault(v or None, len(self.index)) for v in local.dictionary.to_pylist()]
        codes = np.asarray(mapped, dtype=np.int32)[local.indices.to_numpy(zero_copy_only=False)]
        self.parts.append(smallest_codes(codes, len(self.index)))

    def coded(self) -> Coded:
        dtype = smallest_codes(np.empty(0, dtype=np.int32), len(self.index)).dtype
        codes = np.concatenate(self.parts, dtype=dtype) if self.parts else np.empty(0, dtype=dtype)
        return Coded(tuple(self.index), codes)


class _Nodes:
    """Statute node numbers in order of first appearance (two raw articles may normalise
    to one node)."""

    def __init__(self) -> None:
        self.keys: dict[str, int] = {}
        self.raw: dict[tuple[str, str], int] = {}

    def codes(self, code: Any, article: Any) -> np.ndarray:
        codes, articles = code.dictionary_encode(), article.dictionary_encode()
        code_names, article_names = codes.dictionary.to_pylist(), articles.dictionary.to_pylist()
        pairs = codes.indices.to_numpy(zero_copy_only=False).astype(np.int64) * len(article_names)
        pairs += articles.indices.to_numpy(zero_copy_only=False)
        distinct, first, inverse = np.unique(pairs, return_index=True, return_inverse=True)
        number = np.empty(distinct.size, dtype=np.int64)
        for i in np.argsort(first, kind="stable").tolist():
            c, a = divmod(int(distinct[i]), len(article_names))
            number[i] = self.number(str(code_names[c]), str(article_names[a]))
        return number[inverse.reshape(-1)]

    def number(self, code: str, article: str) -> int:
        raw = (code, article)
        if raw not in self.raw:
            self.raw[raw] = self.keys.setdefault(node(code, normalise_number(article)), len(self.keys))
        return self.raw[raw]

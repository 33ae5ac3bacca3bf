"""Read benchmark files: ours (JSONL) and the published LePhantomCite files
(JSON, JSONL, CSV or Parquet with ``filename``, ``text``, ``citations_in_segment``,
``list_hallucinations``, ``list_hallucination_types``)."""

from __future__ import annotations

import ast
import csv
import json
from pathlib import Path
from typing import Any

from citeproof.bench.phantom.schema import KINDS, Excerpt, excerpt_from_json

_LIST_FIELDS = ("citations_in_segment", "list_hallucinations", "list_hallucination_types")
# Published type labels → our kinds, by the first keyword found in the label.
_KIND_WORDS = (
    ("pin", "wrong_pincite"),
    ("quot", "misquote"),
    ("name", "name_mismatch"),
    ("exist", "nonexistent"),
    ("fabricat", "nonexistent"),
    ("fake", "nonexistent"),
    ("represent", "misrepresentation"),
    ("support", "misrepresentation"),
    ("content", "misrepresentation"),
    ("proposition", "misrepresentation"),
)


def kind_of(label: str) -> str:
    """Our kind for a published type label (unknown labels are kept as written)."""
    low = str(label).lower().replace("-", "_").replace(" ", "_")
    if low in KINDS:
        return low
    return next((kind for word, kind in _KIND_WORDS if word in low), str(label))


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return []
        for parse in (json.loads, ast.literal_eval):
            try:
                parsed = parse(text)
            except (ValueError, SyntaxError):
                continue
            return list(parsed) if isinstance(parsed, list | tuple) else [parsed]
        return [text]
    return list(value)


def normalise_row(row: dict[str, Any], default_split: str = "test") -> Excerpt:
    row = dict(row)
    for key in _LIST_FIELDS:
        row[key] = _as_list(row.get(key))
    row["list_hallucination_types"] = [kind_of(t) for t in row["list_hallucination_types"]]
    row.setdefault("split", default_split)
    return excerpt_from_json(row)


def _rows(path: Path) -> list[dict[str, Any]]:
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if suffix == ".json":
        data = json.loads(path.read_text(encoding="utf-8"))
        return data if isinstance(data, list) else list(data.get("data") or data.get("rows"))
    if suffix == ".csv":
        with path.open(newline="", encoding="utf-8") as fh:
            return list(csv.DictReader(fh))
    if suffix == ".parquet":
        import pyarrow.parquet as pq  # optional: only for the published Parquet files

        rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
        return rows
    raise ValueError(f"unsupported dataset file {path} (jsonl, json, csv, parquet)")


def load(path: str | Path, split: str | None = None) -> list[Excerpt]:
    """Excerpts of a file, or of ``<dir>/test.jsonl`` (or every file) for a directory."""
    path = Path(path)
    if path.is_dir():
        wanted = path / f"{split or 'test'}.jsonl"
        files = (
            [wanted]
            if wanted.exists()
            else sorted(
                p
                for p in path.iterdir()
                if p.suffix in {".jsonl", ".json", ".csv", ".parquet"} and p.name != "manifest.json"
            )
        )
    else:
        files = [path]
    out = []
    for f in files:
        guess = "train" if "train" in f.stem else "test"
        out += [normalise_row(r, guess) for r in _rows(f)]
    return [e for e in out if split is None or e.split == split] if not path.is_dir() else out

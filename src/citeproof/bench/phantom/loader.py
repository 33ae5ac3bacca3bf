"""Read benchmark files: ours (JSONL) and the published LePhantomCite files
(JSON, JSONL, CSV or Parquet with ``filename``, ``text``, ``citations_in_segment``,
``list_hallucinations``, ``list_hallucination_types``).

In the published layout ``list_hallucinations`` maps each gold span to its type and
``list_hallucination_types`` maps each citation to its list of types; either may be
stored as an object, or as a string holding JSON or a Python repr. The type names are
``non_existent_citation``, ``case_name_mismatch``, ``wrong_pincite``, ``misquote`` and
``content_misrepresentation``; a span typed ``optional`` is neither required for recall
nor counted against precision. Parallel lists (our own layout) are read too."""

from __future__ import annotations

import ast
import csv
import json
from pathlib import Path
from typing import Any

from citeproof.bench.phantom.schema import KINDS, Excerpt, excerpt_from_json

# The published type names, and older free-text labels by the first keyword found.
PUBLISHED_KINDS = {
    "non_existent_citation": "nonexistent",
    "case_name_mismatch": "name_mismatch",
    "wrong_pincite": "wrong_pincite",
    "misquote": "misquote",
    "content_misrepresentation": "misrepresentation",
}
OPTIONAL = "optional"  # a published span that is neither required nor penalised
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
    """Our kind for a published type label (``optional`` and unknown labels kept as written)."""
    low = str(label).strip().lower().replace("-", "_").replace(" ", "_")
    if low in KINDS or low == OPTIONAL:
        return low
    if low in PUBLISHED_KINDS:
        return PUBLISHED_KINDS[low]
    return next((kind for word, kind in _KIND_WORDS if word in low), str(label))


def _parsed(value: Any) -> Any:
    """A field as stored: a list or object, or a string holding JSON or a Python repr."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not text:
        return None
    for parse in (json.loads, ast.literal_eval):
        try:
            return parse(text)
        except (ValueError, SyntaxError):
            continue
    return text


def _as_list(value: Any) -> list[Any]:
    parsed = _parsed(value)
    if parsed is None:
        return []
    if isinstance(parsed, dict):
        return list(parsed)
    return list(parsed) if isinstance(parsed, list | tuple) else [parsed]


def _first_type(value: Any) -> str:
    """One type from a value that may be a type or a list of types."""
    if isinstance(value, list | tuple):
        return str(value[0]) if value else "unknown"
    return str(value)


def _published_errors(row: dict[str, Any]) -> tuple[list[str], list[str], list[str], list[str]]:
    """(required fragments, their kinds, optional fragments, their kinds) from the
    published fields, whether they are objects (span → type, citation → [types]) or
    parallel lists."""
    spans = _parsed(row.get("list_hallucinations"))
    types = _parsed(row.get("list_hallucination_types"))
    pairs: list[tuple[str, str]]
    if isinstance(spans, dict):
        pairs = [(str(k), _first_type(v)) for k, v in spans.items()]
    else:
        fragments = [str(f) for f in _as_list(spans)]
        if isinstance(types, dict):  # citation → [types]: a span takes the type of its citation
            by_cite = {str(c): _first_type(t) for c, t in types.items()}
            pairs = [(f, _type_for(f, by_cite)) for f in fragments]
        else:
            labels = [_first_type(t) for t in _as_list(types)]
            labels += ["unknown"] * (len(fragments) - len(labels))
            pairs = list(zip(fragments, labels, strict=False))
    required = [(f, kind_of(t)) for f, t in pairs if kind_of(t) != OPTIONAL]
    optional = [(f, OPTIONAL) for f, t in pairs if kind_of(t) == OPTIONAL]
    return (
        [f for f, _ in required],
        [k for _, k in required],
        [f for f, _ in optional],
        [k for _, k in optional],
    )


def _type_for(fragment: str, by_cite: dict[str, str]) -> str:
    exact = by_cite.get(fragment)
    if exact is not None:
        return exact
    low = fragment.lower()
    return next((t for c, t in by_cite.items() if c.lower() in low or low in c.lower()), "unknown")


def normalise_row(row: dict[str, Any], default_split: str = "test") -> Excerpt:
    """One record in our layout or the published one (see :func:`_published_errors`)."""
    row = dict(row)
    row["citations_in_segment"] = _as_list(row.get("citations_in_segment"))
    required, kinds, optional, optional_kinds = _published_errors(row)
    published_types = _parsed(row.get("list_hallucination_types"))
    row["list_hallucinations"], row["list_hallucination_types"] = required, kinds
    if optional:
        row["optional_hallucinations"] = [*_as_list(row.get("optional_hallucinations")), *optional]
        row["optional_hallucination_types"] = [
            *_as_list(row.get("optional_hallucination_types")),
            *optional_kinds,
        ]
        row["optional_spans"] = [*_as_list(row.get("optional_spans"))] + [None] * len(optional)
    if isinstance(published_types, dict) and not row.get("citations"):
        row["citations"] = _hallucinated_citations(str(row["text"]), published_types)
    row.setdefault("split", default_split)
    return excerpt_from_json(row)


def _hallucinated_citations(text: str, types: dict[Any, Any]) -> list[dict[str, Any]]:
    """The published citation → [types] map as citations with the hallucinated role."""
    out = []
    for cite, kinds in types.items():
        start = text.find(str(cite))
        span = [start, start + len(str(cite))] if start >= 0 else [0, 0]
        out.append(
            {"text": str(cite), "span": span, "role": "hallucinated", "kind": kind_of(_first_type(kinds))}
        )
    return out


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

"""Read benchmark files: ours (JSONL) and the published LePhantomCite files
(JSON, JSONL, CSV or Parquet with ``filename``, ``text``, ``citations_in_segment``,
``list_hallucinations``, ``list_hallucination_types``).

In the published layout ``list_hallucinations`` maps each gold span to its type and
``list_hallucination_types`` maps each citation to its list of types; either may be
stored as an object, a Parquet map, or a string holding JSON or a Python repr. The type
names are ``non_existent_citation``, ``case_name_mismatch``, ``wrong_pincite``,
``misquote`` and ``content_misrepresentation``; a span typed ``optional`` is neither
required for recall nor counted against precision. Parallel lists (our own layout) are
read too. A label that is none of these is kept as written and reported (it counts
toward overall recall, toward no kind).

Splits: a row's ``split`` field, else its file's name (``train``, ``test``, ``eval``:
``eval`` is the test split). A folder is read for one split (``test`` unless told): its
``<split>.jsonl`` if there is one, else every data file in it, keeping the rows of that
split; a file in a folder of several whose split cannot be told is refused, and so is a
request for a split the data does not hold."""

from __future__ import annotations

import ast
import csv
import json
import re
import warnings
from collections import Counter
from collections.abc import Callable
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
SPLITS = {"train": "train", "test": "test", "eval": "test", "evaluation": "test", "validation": "validation"}
DATA_SUFFIXES = {".jsonl", ".json", ".csv", ".parquet"}


class UnknownLabelWarning(UserWarning):
    """Gold spans whose type is none of the five kinds (nor ``optional``)."""


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


def _labels(value: Any) -> Any:
    """A label field as stored; in an object, entries without a value dropped (a table
    that stores objects as columns gives every row every key, absent ones as null)."""
    parsed = _parsed(value)
    return {k: v for k, v in parsed.items() if v is not None} if isinstance(parsed, dict) else parsed


def _published_errors(row: dict[str, Any]) -> tuple[list[str], list[str], list[str], list[str]]:
    """(required fragments, their kinds, optional fragments, their kinds) from the
    published fields, whether they are objects (span → type, citation → [types]) or
    parallel lists."""
    spans = _labels(row.get("list_hallucinations"))
    types = _labels(row.get("list_hallucination_types"))
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
    row["split"] = split_name(str(row.get("split") or default_split))
    return excerpt_from_json(row)


def split_name(name: str) -> str:
    """Our name for a split (``eval`` and ``evaluation`` are the test split)."""
    low = name.strip().lower()
    return SPLITS.get(low, low)


def split_of_file(path: Path) -> str | None:
    """The split a file's name says it holds (``train-00000-of-00001.parquet``,
    ``LePhantomCite-eval.jsonl``, ``test.jsonl``), else None."""
    found = {SPLITS[w] for w in re.split(r"[^a-z]+", path.stem.lower()) if w in SPLITS}
    return found.pop() if len(found) == 1 else None


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
        return _parquet_rows(path)
    raise ValueError(f"unsupported dataset file {path} (jsonl, json, csv, parquet)")


def _parquet_rows(path: Path) -> list[dict[str, Any]]:
    """Rows of a Parquet file; map-typed columns (at any depth) read as objects, and a map
    holding one key twice refused (a span cannot have two types)."""
    try:
        import pyarrow.parquet as pq  # optional: only for the published Parquet files
    except ImportError as exc:
        raise ValueError(f"reading {path} needs pyarrow: pip install 'citeproof[plot]' (or pyarrow)") from exc
    try:
        rows: list[dict[str, Any]] = pq.read_table(path).to_pylist(maps_as_pydicts="strict")
    except KeyError as exc:
        raise ValueError(f"{path}: a map column holds one key twice ({exc.args[0]}); refused") from exc
    return rows


def _data_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix in DATA_SUFFIXES and p.name != "manifest.json")


def load(
    path: str | Path, split: str | None = None, warn: Callable[[str], None] | None = None
) -> list[Excerpt]:
    """The excerpts of one split (every row of a file when ``split`` is None; the test
    split of a folder when it is None); see the module's docstring. ``warn`` hears of
    labels that are none of the five kinds (default: an `UnknownLabelWarning`)."""
    path = Path(path)
    wanted = split_name(split) if split else ("test" if path.is_dir() else None)
    if path.is_dir():
        ours = path / f"{wanted}.jsonl"
        files = [ours] if ours.exists() else _data_files(path)
        if not files:
            raise ValueError(f"no dataset file (jsonl, json, csv, parquet) in {path}")
    else:
        files = [path]
    excerpts: list[Excerpt] = []
    for f in files:
        rows = _rows(f)
        default = split_of_file(f) or (None if len(files) > 1 else "test")
        if default is None and any(not r.get("split") for r in rows):
            raise ValueError(
                f"{f}: cannot tell which split it holds (name it train, test or eval, or give "
                f"each row a split), and {path} holds several data files"
            )
        excerpts += [normalise_row(r, default or "test") for r in rows]
    chosen = [e for e in excerpts if wanted is None or e.split == wanted]
    if excerpts and not chosen:
        held = ", ".join(f"{n} {s}" for s, n in sorted(Counter(e.split for e in excerpts).items()))
        raise ValueError(f"{path} holds no excerpt of the {wanted} split ({held}); pass --split")
    _report_unknown_labels(chosen, path, warn)
    return chosen


def _report_unknown_labels(excerpts: list[Excerpt], path: Path, warn: Callable[[str], None] | None) -> None:
    unknown = Counter(
        g.kind for e in excerpts for g in e.errors if g.kind not in KINDS and g.kind != OPTIONAL
    )
    if not unknown:
        return
    labels = ", ".join(f"{k!r} × {n}" for k, n in unknown.most_common())
    message = (
        f"{path}: {sum(unknown.values())} gold span(s) carry a label that is none of the five kinds "
        f"({labels}); they count toward overall recall, toward no kind"
    )
    if warn is None:
        warnings.warn(message, UnknownLabelWarning, stacklevel=2)
    else:
        warn(message)

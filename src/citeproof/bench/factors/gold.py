"""The hand-annotated gold set of 3-ply arguments, and extractor validation against it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from citeproof.bench.factors.extract import Extractor, mention_set
from citeproof.bench.factors.triples import Role, Triple
from citeproof.core.stats import Estimate, wilson

GOLD_SETS: dict[str, tuple[tuple[str, str], ...]] = {  # name -> (arguments, triples) files
    "dev": (("arguments_code.txt", "triples.jsonl"), ("arguments_paraphrase.txt", "triples.jsonl")),
    "heldout": (("arguments_heldout.txt", "triples_heldout.jsonl"),),
    "heldout2": (("arguments_heldout2.txt", "triples_heldout2.jsonl"),),
    "heldout3": (("arguments_heldout3.txt", "triples_heldout3.jsonl"),),
    # written blind after the extractor was frozen for it (issue 31); shipped once scored
    "heldout4": (("arguments_heldout4.txt", "triples_heldout4.jsonl"),),
    # written blind while the extractor of issue 31 (continued) was frozen; scored once
    "heldout5": (("arguments_heldout5.txt", "triples_heldout5.jsonl"),),
}


class GoldSetMissing(FileNotFoundError):
    """A named gold set whose files are not (yet) in the package's gold folder."""


@dataclass(frozen=True, slots=True)
class GoldArgument:
    id: str
    style: str
    tags: tuple[str, ...]
    triple: Triple
    text: str
    mentions: frozenset[tuple[Role, str]]
    split: str = "dev"


def _gold_dir() -> Any:
    return resources.files("citeproof").joinpath("data", "cato", "gold")


def parse_triples(source: str) -> dict[str, Triple]:
    """Triples JSONL (one triple a line) by id."""
    lines = (line for line in source.splitlines() if line.strip())
    triples = (Triple.from_dict(json.loads(line)) for line in lines)
    return {t.id: t for t in triples}


@cache
def gold_triples(name: str = "triples.jsonl") -> dict[str, Triple]:
    return parse_triples(_gold_dir().joinpath(name).read_text(encoding="utf-8"))


def parse_record(record: str, triples: dict[str, Triple], split: str = "dev") -> GoldArgument:
    """One "=== id" record: header lines, a "---" line, then the argument text."""
    head, text = record.split("\n---\n", 1)
    lines = head.strip().splitlines()
    fields = dict(line.split(":", 1) for line in lines[1:])
    fields = {k.strip(): v.strip() for k, v in fields.items()}
    if fields["triple"] not in triples:
        raise ValueError(f"gold record {lines[0].strip()}: unknown triple {fields['triple']}")
    mentions = frozenset((role, f) for role in Role for f in fields[role.value].split())
    return GoldArgument(
        id=lines[0].strip(),
        style=fields["style"],
        tags=tuple(fields["tags"].split()),
        triple=triples[fields["triple"]],
        text=text.strip(),
        mentions=mentions,
        split=split,
    )


def parse_gold(source: str, triples: dict[str, Triple], split: str = "dev") -> tuple[GoldArgument, ...]:
    body = "\n".join(line for line in source.splitlines() if not line.startswith("#"))
    records = [r for r in body.split("=== ")[1:] if r.strip()]
    return tuple(parse_record(r, triples, split) for r in records)


def available_sets() -> tuple[str, ...]:
    """The named gold sets whose files are present (a set not yet delivered is left out)."""
    present = (
        all(_gold_dir().joinpath(f).is_file() for pair in files for f in pair) for files in GOLD_SETS.values()
    )
    return tuple(name for name, ok in zip(GOLD_SETS, present, strict=True) if ok)


def load_gold(sets: tuple[str, ...] | None = None) -> tuple[GoldArgument, ...]:
    """The gold arguments of some named sets (default: every set whose files are present).
    A named set whose files are missing raises ``GoldSetMissing`` naming them and the folder."""
    return _load_gold(available_sets() if sets is None else sets)


@cache
def _load_gold(sets: tuple[str, ...]) -> tuple[GoldArgument, ...]:
    out: list[GoldArgument] = []
    for split in sets:
        for name, triples in GOLD_SETS[split]:
            missing = [f for f in (name, triples) if not _gold_dir().joinpath(f).is_file()]
            if missing:
                raise GoldSetMissing(
                    f"gold set {split}: {' and '.join(missing)} not found in {_gold_dir()}; "
                    f"put the file(s) there and run again"
                )
            source = _gold_dir().joinpath(name).read_text(encoding="utf-8")
            out += parse_gold(source, gold_triples(triples), split)
    return tuple(out)


def load_gold_file(arguments: Path, triples: Path, split: str | None = None) -> tuple[GoldArgument, ...]:
    """Gold arguments from any file pair; the split defaults to the arguments file's stem."""
    table = parse_triples(triples.read_text(encoding="utf-8"))
    return parse_gold(arguments.read_text(encoding="utf-8"), table, split or arguments.stem)


@dataclass(frozen=True, slots=True)
class Validation:
    """Micro-averaged precision and recall of (argument, case, factor) triples."""

    extractor: str
    style: str
    arguments: int
    tp: int
    predicted: int
    gold: int
    precision: Estimate
    recall: Estimate

    def to_dict(self) -> dict[str, Any]:
        return {
            "extractor": self.extractor,
            "style": self.style,
            "arguments": self.arguments,
            "tp": self.tp,
            "predicted": self.predicted,
            "gold": self.gold,
            "precision": self.precision.to_dict(),
            "recall": self.recall.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Error:
    id: str
    kind: str  # "missed" or "spurious"
    role: Role
    factor: str


Predicted = dict[tuple[str, str], frozenset[tuple[Role, str]]]  # (split, id) -> mentions


def predict(extractor: Extractor, gold: Sequence[GoldArgument]) -> Predicted:
    """What one extractor finds in each gold argument (each argument read once)."""
    return {(g.split, g.id): mention_set(extractor.extract(g.text, g.triple)) for g in gold}


def score_predicted(
    name: str, gold: Sequence[GoldArgument], got: Predicted, style: str
) -> tuple[Validation, tuple[Error, ...]]:
    """Precision and recall (Wilson intervals) of some predictions on some gold arguments."""
    tp = predicted = total = 0
    errors: list[Error] = []
    for arg in gold:
        found = got[(arg.split, arg.id)]
        tp += len(found & arg.mentions)
        predicted += len(found)
        total += len(arg.mentions)
        errors += [Error(arg.id, "missed", r, f) for r, f in sorted(arg.mentions - found)]
        errors += [Error(arg.id, "spurious", r, f) for r, f in sorted(found - arg.mentions)]
    v = Validation(name, style, len(gold), tp, predicted, total, wilson(tp, predicted), wilson(tp, total))
    return v, tuple(errors)


def score_extractor(
    extractor: Extractor, gold: Sequence[GoldArgument], style: str
) -> tuple[Validation, tuple[Error, ...]]:
    """Precision and recall (Wilson intervals) of one extractor on some gold arguments."""
    return score_predicted(extractor.name, gold, predict(extractor, gold), style)


def groups(gold: Sequence[GoldArgument]) -> list[tuple[str, list[GoldArgument]]]:
    """(label, arguments): per (split, style), per split, and (given several splits) for all."""
    out: list[tuple[str, list[GoldArgument]]] = []
    for split in dict.fromkeys(g.split for g in gold):  # in the order given
        in_split = [g for g in gold if g.split == split]
        for style in sorted({g.style for g in in_split}):
            out.append((f"{split}/{style}", [g for g in in_split if g.style == style]))
        out.append((f"{split}/all", in_split))
    if len({g.split for g in gold}) > 1:
        for style in sorted({g.style for g in gold}):
            out.append((f"all/{style}", [g for g in gold if g.style == style]))
        out.append(("all/all", list(gold)))
    return out


def validate(
    extractors: Iterable[Extractor], gold: Sequence[GoldArgument] | None = None
) -> tuple[tuple[Validation, ...], tuple[Error, ...]]:
    """Per extractor: one row per (split, style), per split, and (given several) for all."""
    rows, errors, _ = validate_predictions(extractors, gold)
    return rows, errors


def validate_predictions(
    extractors: Iterable[Extractor], gold: Sequence[GoldArgument] | None = None
) -> tuple[tuple[Validation, ...], tuple[Error, ...], dict[str, Predicted]]:
    """``validate``, and each extractor's predictions (by name) for further breakdowns."""
    gold = tuple(gold if gold is not None else load_gold())
    labelled = groups(gold)
    rows: list[Validation] = []
    errors: list[Error] = []
    predictions: dict[str, Predicted] = {}
    for ex in extractors:
        got = predictions[ex.name] = predict(ex, gold)
        for label, subset in labelled:
            row, errs = score_predicted(ex.name, subset, got, label)
            rows.append(row)
            if label == labelled[-1][0]:
                errors += errs
    return tuple(rows), tuple(errors), predictions

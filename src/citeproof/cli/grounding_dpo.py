"""``citeproof grounding dpo`` and ``dpo-check``: preference pairs split, checked and exported."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from citeproof.bench.grounding import render
from citeproof.bench.grounding.dpo import Leakage, Pair, leakage, load_citing, make_pairs
from citeproof.bench.grounding.dpo_split import (
    RATIOS,
    SPLITS,
    THRESHOLD,
    SplitLeakage,
    counts,
    leakage_check,
    leaks,
    read_prompts,
    split,
    write_splits,
)
from citeproof.cli.common import EXIT_USAGE, library_option, load_library_file
from citeproof.core.extraction.statutes.ua_registry import load_registry

FORMAT = click.option("--format", "fmt", type=click.Choice(["json", "md"]), default="md", show_default=True)
NEAR = click.option(
    "--near-duplicate",
    "threshold",
    type=click.FloatRange(0, 1),
    default=THRESHOLD,
    show_default=True,
    help="Word-trigram Jaccard from which two prompts are near duplicates.",
)


def _ratios(raw: str) -> tuple[float, ...]:
    try:
        values = tuple(float(x) for x in raw.split(","))
    except ValueError:
        raise click.BadParameter(f"{raw!r}: three numbers, e.g. 0.8,0.1,0.1", param_hint="--ratios") from None
    if len(values) != len(SPLITS) or min(values) < 0 or sum(values) <= 0:
        raise click.BadParameter(
            f"{raw!r}: three shares, not negative, e.g. 0.8,0.1,0.1", param_hint="--ratios"
        )
    return values


def _pairs(source: str, library_spec: str | None, seed: int) -> tuple[Pair, ...]:
    pairs: tuple[Pair, ...] = ()
    if source in ("statutes", "all"):
        pairs += make_pairs(load_citing(), load_registry(), seed)
    if source in ("decisions", "all"):
        from citeproof.bench.grounding.dpo_cases import make_case_pairs

        click.echo("citeproof: reading the library's opinions for decision pairs", err=True)
        pairs += make_case_pairs(load_library_file(library_spec), seed)
    return pairs


def _surface(pairs: tuple[Pair, ...], seed: int) -> dict[str, tuple[Leakage, ...]]:
    """The surface-form stump per origin, each with its own features."""
    from citeproof.bench.grounding.dpo_cases import CASE_FEATURES, ORIGIN

    statute = tuple(p for p in pairs if p.origin != ORIGIN)
    decision = tuple(p for p in pairs if p.origin == ORIGIN)
    out = {}
    if statute:
        out["statute_text"] = leakage(statute, seed)
    if decision:
        out[ORIGIN] = leakage(decision, seed, CASE_FEATURES)
    return out


@click.command("dpo")
@click.option(
    "--source",
    type=click.Choice(["statutes", "decisions", "all"]),
    default="all",
    show_default=True,
    help="Pairs from statute texts (the registry), decision texts (the library's opinions), or both.",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="A folder: train/validation/test JSONL (prompt, chosen, rejected) + meta + manifest; "
    "a FILE.jsonl: every pair with its metadata, unsplit.",
)
@click.option(
    "--ratios", default=",".join(str(r) for r in RATIOS), show_default=True, help="train,validation,test"
)
@NEAR
@library_option("Library whose opinions give decision pairs")
@click.option("--seed", type=int, default=0, show_default=True)
@FORMAT
def dpo_command(
    source: str,
    out: Path | None,
    ratios: str,
    threshold: float,
    library_spec: str | None,
    seed: int,
    fmt: str,
) -> None:
    """Preference pairs from real citing texts, split by prompt group, checked for leakage."""
    shares = _ratios(ratios)
    pairs = _pairs(source, library_spec, seed)
    if out is not None and out.name.endswith(".jsonl"):
        with out.open("w", encoding="utf-8") as sink:
            for p in pairs:
                sink.write(json.dumps(p.to_dict(), ensure_ascii=False) + "\n")
    splits = split(pairs, seed, shares, threshold)
    check = leakage_check({name: [p.prompt for p in ps] for name, ps in splits.items()}, threshold)
    surface = _surface(pairs, seed)
    manifest = {
        "seed": seed,
        "ratios": dict(zip(SPLITS, shares, strict=True)),
        "near_duplicate_threshold": threshold,
        "source": source,
        "pairs": len(pairs),
        "splits": counts(splits),
        "leakage_check": [r.to_dict() for r in check],
        "surface_leakage": {o: [r.to_dict() for r in rs] for o, rs in surface.items()},
    }
    if out is not None and not out.name.endswith(".jsonl"):
        write_splits(splits, out, manifest)
    if fmt == "json":
        click.echo(json.dumps({**manifest, "out": str(out) if out else None}, ensure_ascii=False, indent=1))
        return
    click.echo(f"{len(pairs)} pairs" + (f" → {out}" if out else "") + "\n")
    click.echo(render.split_md(counts(splits), check) + "\n")
    for origin, report in surface.items():
        click.echo(f"{origin}: " + render.leakage_md(report) + "\n")


def _split_files(paths: tuple[Path, ...]) -> dict[str, Path]:
    files: dict[str, Path] = {}
    for path in paths:
        found = (
            [f for f in sorted(path.glob("*.jsonl")) if not f.name.endswith(".meta.jsonl")]
            if path.is_dir()
            else [path]
        )
        files.update({f.name.removesuffix(".jsonl"): f for f in found})
    return files


@click.command("dpo-check")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@NEAR
@FORMAT
def dpo_check_command(paths: tuple[Path, ...], threshold: float, fmt: str) -> None:
    """Leakage across splits: prompts (and near duplicates) on two sides. PATHS are split
    files (train.jsonl ...) or folders of them; exit 1 when any prompt leaks."""
    files = _split_files(paths)
    if len(files) < 2:
        click.echo("citeproof: give at least two split files (or a folder holding them)", err=True)
        sys.exit(EXIT_USAGE)
    try:
        prompts = {name: read_prompts(f) for name, f in files.items()}
    except ValueError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    check: list[SplitLeakage] = leakage_check(prompts, threshold)
    if fmt == "json":
        click.echo(json.dumps([r.to_dict() for r in check], indent=1))
    else:
        click.echo(render.check_md(check))
    sys.exit(1 if leaks(check) else 0)

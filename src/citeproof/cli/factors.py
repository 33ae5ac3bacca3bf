"""``citeproof factors ...``: triples, run, score, validate-extractor."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from citeproof.bench.factors.breakdown import factor_recall, twin_confusion
from citeproof.bench.factors.extract import DeterministicExtractor, Extractor, HybridExtractor
from citeproof.bench.factors.gold import (
    GOLD_SETS,
    GoldArgument,
    GoldSetMissing,
    load_gold,
    load_gold_file,
    validate_predictions,
)
from citeproof.bench.factors.llm import open_model
from citeproof.bench.factors.llm_extract import LLMExtractor
from citeproof.bench.factors.report import (
    chart,
    scores_json,
    scores_markdown,
    validation_json,
    validation_markdown,
)
from citeproof.bench.factors.runner import generate, read_outputs, score, write_outputs
from citeproof.bench.factors.triples import read_jsonl, real_triples, synthetic_triples, write_jsonl
from citeproof.llm.client import LLMError

_FORMAT = click.option(
    "--format", "fmt", type=click.Choice(["json", "markdown"]), default="markdown", show_default=True
)
_MODEL = click.option("--model", help="Model name (default: $CITEPROOF_LLM_MODEL).")
_BASE_URL = click.option("--base-url", help="OpenAI-compatible base URL (default: $OPENAI_BASE_URL).")


EXTRACTORS = ["hybrid", "deterministic", "llm"]


def _extractor(kind: str, model: str | None, base_url: str | None) -> Extractor:
    """hybrid: lexicon + embeddings (the default); deterministic: the lexicon alone."""
    if kind == "hybrid":
        return HybridExtractor()
    if kind == "deterministic":
        return DeterministicExtractor()
    return LLMExtractor(open_model(model, base_url))


@click.group(name="factors")
def factors() -> None:
    """Factor-based 3-ply arguments over CATO trade-secret cases."""


@factors.command("triples")
@click.option("--source", type=click.Choice(["synthetic", "real"]), default="synthetic", show_default=True)
@click.option("--n", "n", type=int, default=30, show_default=True, help="Triples per mode.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--outcome-field",
    type=click.Choice(["outcome", "court_outcome"]),
    default="outcome",
    show_default=True,
    help="Outcome label for real cases.",
)
@click.option("--out", type=click.Path(path_type=Path), help="JSONL file (default: stdout).")
def triples_cmd(source: str, n: int, seed: int, outcome_field: str, out: Path | None) -> None:
    """Generate arguable, reordered and non-arguable triples as JSONL."""
    rng = random.Random(seed)
    made = synthetic_triples(rng, n) if source == "synthetic" else real_triples(rng, n, outcome_field)
    if out is None:
        import json

        for t in made:
            click.echo(json.dumps(t.to_dict()))
    else:
        write_jsonl(made, out)
        click.echo(f"wrote {len(made)} triples to {out}", err=True)


@factors.command("run")
@click.option("--triples", "triples_path", type=click.Path(exists=True, path_type=Path), required=True)
@click.option("--out", type=click.Path(path_type=Path), required=True)
@_MODEL
@_BASE_URL
@click.option("--seed", type=int, default=0, show_default=True)
def run_cmd(triples_path: Path, out: Path, model: str | None, base_url: str | None, seed: int) -> None:
    """Ask a model for a 3-ply argument per triple; write {triple_id, model, output} JSONL."""
    try:
        chat = open_model(model, base_url)
        count = write_outputs(generate(read_jsonl(triples_path), chat, seed), out)
    except LLMError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"wrote {count} outputs to {out}", err=True)


@factors.command("score")
@click.option("--triples", "triples_path", type=click.Path(exists=True, path_type=Path), required=True)
@click.option("--outputs", "outputs_path", type=click.Path(exists=True, path_type=Path), required=True)
@_FORMAT
@click.option("--extractor", type=click.Choice(EXTRACTORS), default="hybrid", show_default=True)
@_MODEL
@_BASE_URL
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option(
    "--chart",
    "chart_path",
    type=click.Path(path_type=Path),
    help="Also write a PNG chart of AccH, RecU and abstention per model.",
)
def score_cmd(
    triples_path: Path,
    outputs_path: Path,
    fmt: str,
    extractor: str,
    model: str | None,
    base_url: str | None,
    seed: int,
    chart_path: Path | None,
) -> None:
    """Score generated arguments (JSONL) per model, with n and intervals."""
    try:
        ex = _extractor(extractor, model, base_url)
        reports, _ = score(read_jsonl(triples_path), read_outputs(outputs_path), ex, seed)
    except (KeyError, ValueError, LLMError) as exc:
        raise click.ClickException(str(exc)) from exc
    meta = {"extractor": ex.name, "triples": str(triples_path), "outputs": str(outputs_path), "seed": seed}
    click.echo(scores_json(reports, meta) if fmt == "json" else scores_markdown(reports, meta))
    if chart_path is not None:
        chart(reports, chart_path)
        click.echo(f"wrote chart to {chart_path}", err=True)


def _gold(
    sets: tuple[str, ...], golds: tuple[Path, ...], triples: tuple[Path, ...]
) -> tuple[GoldArgument, ...]:
    """The named sets plus any --gold files, each paired with its --triples file."""
    if golds and len(triples) not in (1, len(golds)):
        raise click.UsageError("give one --triples for all --gold files or one per --gold")
    if triples and not golds:
        raise click.UsageError("--triples needs --gold")
    pairs = zip(golds, triples * len(golds) if len(triples) == 1 else triples, strict=True)
    try:
        out = list(load_gold(sets) if sets else (() if golds else load_gold()))
    except GoldSetMissing as exc:
        raise click.ClickException(str(exc)) from exc
    try:
        for gold, tri in pairs:
            out += load_gold_file(gold, tri)
    except (KeyError, ValueError) as exc:
        raise click.ClickException(f"bad gold file: {exc}") from exc
    return tuple(out)


@factors.command("validate-extractor")
@_FORMAT
@click.option(
    "--extractor",
    "kinds",
    type=click.Choice(EXTRACTORS),
    multiple=True,
    default=("hybrid",),
    show_default=True,
)
@_MODEL
@_BASE_URL
@click.option(
    "--set",
    "sets",
    type=click.Choice(list(GOLD_SETS)),
    multiple=True,
    help="Shipped gold set (repeatable; default: every set present unless --gold is given).",
)
@click.option(
    "--gold",
    "golds",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    multiple=True,
    help="Gold arguments file (repeatable); reported under its stem.",
)
@click.option(
    "--triples",
    "triples",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    multiple=True,
    help="Triples JSONL for the --gold file(s).",
)
@click.option("--errors", is_flag=True, help="List missed and spurious mentions too.")
def validate_cmd(
    fmt: str,
    kinds: tuple[str, ...],
    model: str | None,
    base_url: str | None,
    sets: tuple[str, ...],
    golds: tuple[Path, ...],
    triples: tuple[Path, ...],
    errors: bool,
) -> None:
    """Precision and recall of extractors on hand-annotated gold sets, per set and style,
    recall per factor and the confusion of pro/con twin factors (Wilson 95% intervals)."""
    gold = _gold(sets, golds, triples)
    try:
        rows, errs, predicted = validate_predictions([_extractor(k, model, base_url) for k in kinds], gold)
    except LLMError as exc:
        raise click.ClickException(str(exc)) from exc
    per_factor = [r for name, got in predicted.items() for r in factor_recall(name, gold, got)]
    twins = [t for name, got in predicted.items() for t in twin_confusion(name, gold, got)]
    render = validation_json if fmt == "json" else validation_markdown
    click.echo(render(rows, per_factor, twins))
    if errors:
        for e in errs:
            click.echo(f"{e.id}\t{e.kind}\t{e.role.value}\t{e.factor}", file=sys.stderr)

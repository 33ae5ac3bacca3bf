"""``citeproof grounding``: extract, score, sweep, separability, adjudicate, simulate (and dpo,
dpo-check from `grounding_dpo`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click
import numpy as np

from citeproof.bench.grounding import render
from citeproof.bench.grounding.adjudicate import adjudicate as adjudicate_flags
from citeproof.bench.grounding.adjudicate import flags_of, summarise
from citeproof.bench.grounding.commonlaw import load_case_graph, simulate_case_responses
from citeproof.bench.grounding.edges import load_edges, write_edges
from citeproof.bench.grounding.metrics import (
    citation_table,
    response_cg,
    score,
    score_matrix,
    system_means,
)
from citeproof.bench.grounding.oracle import Oracle
from citeproof.bench.grounding.responses import Response, load_responses, write_responses
from citeproof.bench.grounding.separability import separability as run_separability
from citeproof.bench.grounding.simulate import (
    GraphConfig,
    population,
    simulate_oracle,
    simulate_responses,
)
from citeproof.bench.grounding.sweep import FRACTIONS, Mode, subsample, sweep, thresholds
from citeproof.cli.common import progress_bar
from citeproof.cli.grounding_dpo import dpo_check_command, dpo_command
from citeproof.core.extraction.statutes.ua import check_text
from citeproof.core.extraction.statutes.ua_registry import Registry, load_registry

_Command = TypeVar("_Command", bound=Callable[..., Any])
FORMAT = click.option("--format", "fmt", type=click.Choice(["json", "md"]), default="md", show_default=True)
SEED = click.option("--seed", type=int, default=0, show_default=True)


@dataclass(frozen=True, slots=True)
class Inputs:
    oracle: Oracle
    responses: tuple[Response, ...]
    registry: Registry


def _inputs(
    responses: str | None,
    edges: str | None,
    cases: str | None,
    simulate: bool,
    decisions: int,
    queries: int,
    seed: int,
) -> Inputs:
    registry = load_registry()
    rng = np.random.default_rng(seed)
    if cases:
        oracle = load_case_graph(cases)
        return Inputs(oracle, simulate_case_responses(oracle, rng, queries), registry)
    if simulate:
        pop = population(registry, rng)
        oracle = simulate_oracle(pop, rng, GraphConfig(decisions=decisions))
        return Inputs(oracle, simulate_responses(registry, pop, rng, queries), registry)
    if not (responses and edges):
        raise click.UsageError("give RESPONSES and --edges, or --simulate, or --cases DIR")
    with progress_bar(f"{Path(edges).name}: loading edges") as show:
        try:
            oracle = load_edges(edges, progress=show)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from exc
    return Inputs(oracle, load_responses(responses, registry), registry)


def inputs_options(f: _Command) -> _Command:
    opts = [
        click.argument("responses", required=False, type=click.Path(exists=True)),
        click.option("--edges", type=click.Path(exists=True), help="oracle edge file (CSV or Parquet)"),
        click.option(
            "--cases",
            type=click.Path(exists=True, file_okay=False),
            help="US opinions directory: case-citation graph (common law)",
        ),
        click.option("--simulate", is_flag=True, help="simulated oracle and systems"),
        click.option("--decisions", type=int, default=20_000, show_default=True),
        click.option("--queries", type=int, default=100, show_default=True),
        SEED,
        FORMAT,
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def _emit(fmt: str, data: object, markdown: str) -> None:
    if fmt == "json":
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        click.echo(markdown)


def _fractions(raw: str) -> tuple[float, ...]:
    return tuple(float(x) for x in raw.split(",")) if raw else FRACTIONS


@click.group("grounding")
def grounding() -> None:
    """Citation grounding: statute citations, coverage-aware oracles, CG/CQ metrics."""


grounding.add_command(dpo_command)
grounding.add_command(dpo_check_command)


@grounding.command()
@click.argument("file", type=click.File(encoding="utf-8"))
@click.option("--date", help="context date YYYY-MM-DD (default: registry snapshot)")
@FORMAT
def extract(file: TextIO, date: str | None, fmt: str) -> None:
    """Ukrainian statute citations of FILE ('-' for stdin), checked on the registry."""
    cites = check_text(file.read(), date=date)
    _emit(fmt, [c.to_dict() for c in cites], render.extract_md(cites))


@grounding.command("score")
@inputs_options
def score_cmd(
    responses: str | None,
    edges: str | None,
    cases: str | None,
    simulate: bool,
    decisions: int,
    queries: int,
    seed: int,
    fmt: str,
) -> None:
    """CG (macro, micro), CR, CT and CQ per system against an oracle."""
    inp = _inputs(responses, edges, cases, simulate, decisions, queries, seed)
    report = score(inp.responses, inp.oracle, inp.registry, seed)
    _emit(fmt, report.to_dict(), render.score_md(report))


@grounding.command("sweep")
@inputs_options
@click.option("--mode", type=click.Choice([m.value for m in Mode]), default="records")
@click.option("--fractions", default="", help="comma-separated keep fractions")
@click.option("--repeats", type=int, default=3, show_default=True)
@click.option("--plot", type=click.Path(dir_okay=False), help="write a PNG here")
def sweep_cmd(
    responses: str | None,
    edges: str | None,
    cases: str | None,
    simulate: bool,
    decisions: int,
    queries: int,
    seed: int,
    fmt: str,
    mode: str,
    fractions: str,
    repeats: int,
    plot: str | None,
) -> None:
    """CG per system on subsampled oracles, with the analytic curve."""
    inp = _inputs(responses, edges, cases, simulate, decisions, queries, seed)
    table = citation_table(inp.responses, inp.oracle)
    points = sweep(inp.oracle, table, np.random.default_rng(seed), _fractions(fractions), Mode(mode), repeats)
    full = system_means(table, response_cg(table, inp.oracle.present()))
    limits = thresholds(points, tuple(full.tolist()))
    snap = inp.oracle.snapshot()
    if plot:
        from citeproof.bench.grounding.plot import plot_sweep

        plot_sweep(points, table.systems, snap, plot)
    data = {
        "oracle": snap.to_dict(),
        "points": [p.to_dict(table.systems) for p in points],
        "thresholds": {str(k): v for k, v in limits.items()},
    }
    _emit(fmt, data, render.sweep_md(points, table.systems, snap, limits))


@grounding.command("separability")
@inputs_options
@click.option("--resamples", type=int, default=5000, show_default=True)
@click.option("--fractions", default="0.01,0.1,1.0", show_default=True)
@click.option("--mode", type=click.Choice([m.value for m in Mode]), default="records")
def separability_cmd(
    responses: str | None,
    edges: str | None,
    cases: str | None,
    simulate: bool,
    decisions: int,
    queries: int,
    seed: int,
    fmt: str,
    resamples: int,
    fractions: str,
    mode: str,
) -> None:
    """Paired bootstrap over queries at each oracle size: which systems separate."""
    inp = _inputs(responses, edges, cases, simulate, decisions, queries, seed)
    table = citation_table(inp.responses, inp.oracle)
    rng = np.random.default_rng(seed)
    results = []
    for p in _fractions(fractions):
        sub = inp.oracle if p >= 1 else subsample(inp.oracle, p, Mode(mode), rng)
        matrix = score_matrix(table, response_cg(table, sub.present()))
        results.append((sub.snapshot(), run_separability(matrix, table.systems, resamples, seed)))
    data = [{"oracle": s.to_dict(), **r.to_dict()} for s, r in results]
    _emit(fmt, data, render.separability_md(results))


@grounding.command("adjudicate")
@inputs_options
@click.option("--fraction", type=float, default=1.0, help="subsample the oracle first")
def adjudicate_cmd(
    responses: str | None,
    edges: str | None,
    cases: str | None,
    simulate: bool,
    decisions: int,
    queries: int,
    seed: int,
    fmt: str,
    fraction: float,
) -> None:
    """Adjudicate the oracle's flags on the registry: fabricated, outdated, gap, ..."""
    inp = _inputs(responses, edges, None, simulate, decisions, queries, seed)
    oracle = (
        inp.oracle if fraction >= 1 else inp.oracle.subsample_records(fraction, np.random.default_rng(seed))
    )
    table = citation_table(inp.responses, oracle)
    items = adjudicate_flags(flags_of(table, oracle.present()), inp.registry)
    summary = summarise(items)
    data = {
        "oracle": oracle.snapshot().to_dict(),
        **summary.to_dict(),
        "flags_adjudicated": [a.to_dict() for a in items],
    }
    _emit(fmt, data, render.adjudication_md(oracle.snapshot(), summary, items))


@grounding.command("simulate")
@click.argument("outdir", type=click.Path(file_okay=False))
@click.option("--decisions", type=int, default=20_000, show_default=True)
@click.option("--queries", type=int, default=100, show_default=True)
@SEED
def simulate_cmd(outdir: str, decisions: int, queries: int, seed: int) -> None:
    """Write a simulated oracle (edges.csv) and four systems' responses.jsonl."""
    inp = _inputs(None, None, None, True, decisions, queries, seed)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    write_edges(inp.oracle, out / "edges.csv")
    write_responses(inp.responses, out / "responses.jsonl")
    click.echo(f"{out / 'edges.csv'}: {inp.oracle.snapshot().label()}")

"""``citeproof bench``: build, run and score benchmarks and studies (thin over ``citeproof.bench``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from citeproof.bench.phantom.runner import Prediction
from citeproof.bench.phantom.schema import Excerpt
from citeproof.cli.common import library_option, load_library, load_library_file
from citeproof.cli.llm import agent_options
from citeproof.cli.rate import rate_command


@click.group("bench")
def bench_group() -> None:
    """Benchmarks and studies of legal citation hallucination."""


bench_group.add_command(rate_command)


@bench_group.group("phantom")
def phantom_group() -> None:
    """LePhantomCite-style detection benchmark (build | run | score)."""
    import logging

    logging.getLogger("eyecite").setLevel(logging.ERROR)  # its overlap notes are not ours


@phantom_group.command("build")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--out", "out", required=True, type=click.Path(path_type=Path))
@click.option("--excerpts", type=int, default=1300, show_default=True)
@click.option(
    "--source-opinions", type=int, default=None, help="Opinions scanned for real citations (default: all)."
)
@library_option()
@click.option(
    "--from-briefs",
    "briefs",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    help="Inject errors into the citations of your own correct briefs (PDF, DOCX, text) in this folder.",
)
def build_command(
    seed: int,
    out: Path,
    excerpts: int,
    source_opinions: int | None,
    library_spec: str | None,
    briefs: Path | None,
) -> None:
    """Build the benchmark into OUT (train.jsonl, test.jsonl, manifest.json)."""
    from citeproof.bench.phantom.builder import BuildConfig, build, build_from_briefs, manifest, write

    library = load_library_file(library_spec)
    config = BuildConfig(seed=seed, excerpts=excerpts, source_opinions=source_opinions)
    say = lambda m: click.echo(m, err=True)  # noqa: E731
    try:
        rows = build_from_briefs(library, config, briefs, say) if briefs else build(library, config, say)
    except ValueError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(2)
    info = manifest(rows, library, config)
    paths = write(rows, out, info)
    for split, path in paths.items():
        click.echo(f"{split}: {info['splits'][split]['excerpts']} excerpts → {path}")


def _finish(
    system: str,
    dataset: Path,
    excerpts: Sequence[Excerpt],
    predictions: Sequence[Prediction],
    seed: int,
    out: Path | None,
    extra: dict[str, Any],
    plumbing: bool,
) -> None:
    from citeproof.bench.phantom.baselines import baseline_summaries
    from citeproof.bench.phantom.report import chart, markdown, report_json
    from citeproof.bench.phantom.runner import evaluate

    summary, scores = evaluate(excerpts, predictions, seed)
    baselines = baseline_summaries(excerpts, seed)
    label = f"{dataset.name} ({len(excerpts)} excerpts)"
    table = markdown(system, label, summary, baselines, plumbing)
    click.echo(table)
    if out is None:
        return
    out.mkdir(parents=True, exist_ok=True)
    data = report_json(
        system,
        label,
        summary,
        {**extra, "seed": seed, "per_excerpt": [{f: getattr(s, f) for f in s.__slots__} for s in scores]},
        baselines,
        plumbing,
    )
    (out / "report.json").write_text(json.dumps(data, indent=2, default=str, allow_nan=False))
    (out / "report.md").write_text(table)
    try:
        chart(system, summary, out / "recall_by_kind.png", plumbing)
    except ImportError:
        click.echo("citeproof: matplotlib missing (pip install 'citeproof[plot]'): no chart", err=True)
    click.echo(f"report written to {out}", err=True)


def _load(dataset: Path, split: str) -> list[Excerpt]:
    """The excerpts of ``split``; a dataset that cannot be read so is a clear error (exit 2),
    and labels that are none of the five kinds are reported on stderr."""
    from citeproof.bench.phantom.loader import load

    try:
        return load(dataset, split, warn=lambda m: click.echo(f"citeproof: warning: {m}", err=True))
    except ValueError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(2)


@phantom_group.command("run")
@click.option("--system", "system", default="rules", show_default=True)
@click.option("--dataset", required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--split", default="test", show_default=True, help="train, or test (the published files call it eval)."
)
@click.option("--limit", type=int, default=None, help="Only the first N excerpts.")
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option("--out", type=click.Path(path_type=Path), default=None)
@library_option()
@click.option(
    "--scripted", is_flag=True, help="LLM systems: the offline scripted model over a loopback server."
)
@click.option("--model", default=None, help="LLM systems: model (else $CITEPROOF_LLM_MODEL).")
@click.option("--base-url", default=None, help="LLM systems: endpoint (else $OPENAI_BASE_URL).")
@click.option(
    "--llm-config",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="LLM systems: TOML file with an [llm] table.",
)
@click.option("--budget", type=int, default=None, help="Agent: step budget (default 30).")
@click.option(
    "--traces",
    type=click.Path(file_okay=False),
    default=None,
    help="Agent: write one JSONL trace per excerpt here.",
)
@agent_options
def run_command(
    system: str,
    dataset: Path,
    split: str,
    limit: int | None,
    seed: int,
    out: Path | None,
    library_spec: str | None,
    scripted: bool,
    model: str | None,
    base_url: str | None,
    llm_config: str | None,
    budget: int | None,
    traces: str | None,
    courtlistener: bool | None,
    agent_policy: str | None,
) -> None:
    """Run SYSTEM over the excerpts of DATASET and score it.

    LLM systems: rules+judge, single-call, agent; NAME:MODEL names the model, and
    NAME:scripted (or --scripted) uses the offline scripted model.
    """
    from citeproof.bench.phantom.llm_bench import Closing
    from citeproof.bench.phantom.runner import run, write_predictions
    from citeproof.bench.phantom.systems import is_stand_in, make_system
    from citeproof.llm.client import LLMError

    if scripted and ":" not in system:
        system = f"{system}:scripted"
    options = {
        k: v
        for k, v in (
            ("model", model),
            ("base_url", base_url),
            ("llm_config", llm_config),
            ("budget", budget),
            ("traces", traces),
            ("courtlistener", courtlistener),
            ("policy", agent_policy),
        )
        if v is not None
    }
    excerpts = _load(dataset, split)[:limit]
    try:
        detector = make_system(system, load_library(library_spec), options)
    except (KeyError, ValueError, LLMError) as exc:
        click.echo(f"citeproof: {exc.args[0]}", err=True)
        sys.exit(2)
    plumbing = is_stand_in(system, detector)
    progress = (
        (lambda n, t: click.echo(f"\r{n}/{t} excerpts", err=True, nl=n == t)) if sys.stderr.isatty() else None
    )
    try:
        predictions = run(detector, excerpts, progress)
    finally:
        detector.close()
    extra: dict[str, Any] = {"split": split}
    actions = detector.action_table(seed) if isinstance(detector, Closing) else None  # Tables A7/A9
    if actions is not None:
        extra["agent_actions"] = actions.to_dict()
        click.echo(actions.markdown() + "\n")
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        write_predictions(predictions, out / "predictions.jsonl")
        if actions is not None:
            (out / "actions.md").write_text(actions.markdown() + "\n")
    _finish(system, dataset, excerpts, predictions, seed, out, extra, plumbing)


@phantom_group.command("score")
@click.option("--dataset", required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--predictions", "predictions_path", required=True, type=click.Path(exists=True, path_type=Path)
)
@click.option(
    "--split", default="test", show_default=True, help="train, or test (the published files call it eval)."
)
@click.option("--system", default="predictions", show_default=True, help="Label for the row.")
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option("--out", type=click.Path(path_type=Path), default=None)
def score_command(
    dataset: Path, predictions_path: Path, split: str, system: str, seed: int, out: Path | None
) -> None:
    """Score a predictions JSONL ({"filename", "fragments": [...]} per line)."""
    from citeproof.bench.phantom.runner import read_predictions
    from citeproof.bench.phantom.systems import is_stand_in

    excerpts = _load(dataset, split)
    predictions = read_predictions(predictions_path)
    names = {e.filename for e in excerpts}
    _finish(
        system,
        dataset,
        excerpts,
        [p for p in predictions if p.filename in names],
        seed,
        out,
        {"split": split, "predictions": str(predictions_path)},
        is_stand_in(system),
    )

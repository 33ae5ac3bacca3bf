"""``citeproof bench rate``: the hallucination-rate study, from models or saved answers."""

from __future__ import annotations

import json
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from citeproof.cli.common import EXIT_USAGE, library_option, load_library, load_library_file, progress_bar
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.llm.client import ChatClient, ChatModel, LLMConfig, LLMError

if TYPE_CHECKING:
    from citeproof.bench.rate.answers import Answer
    from citeproof.bench.rate.prompts import Prompt


def _config(
    model: str, base_url: str | None, llm_config: str | None, api_key: str | None = None
) -> ChatModel:
    try:
        return ChatClient(LLMConfig.load(file=llm_config, model=model, base_url=base_url, api_key=api_key))
    except (LLMError, OSError, ValueError) as exc:
        raise click.UsageError(str(exc)) from exc


def sweep_models(
    specs: tuple[str, ...], sweep: str | None, base_url: str | None, llm_config: str | None
) -> dict[str, ChatModel]:
    """Label → model: each ``--model NAME`` or ``NAME@BASE_URL``, then each ``[[model]]`` of
    the sweep file (``label``, ``model``, ``base_url``, ``api_key_env``)."""
    models: dict[str, ChatModel] = {}
    for spec in specs:
        name, _, url = spec.partition("@")
        label = spec if name in models else name  # the same model on two endpoints: name@url
        if label in models or specs.count(spec) > 1:
            raise click.UsageError(f"--model {spec} is given twice")
        models[label] = _config(name, url or base_url, llm_config)
    if sweep:
        try:
            entries = tomllib.loads(Path(sweep).read_text(encoding="utf-8")).get("model", [])
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise click.UsageError(f"{sweep}: {exc}") from exc
        for i, entry in enumerate(entries, 1):
            if not isinstance(entry, dict) or not entry.get("model"):
                raise click.UsageError(f"{sweep}: [[model]] number {i} needs a 'model'")
            key_env = entry.get("api_key_env")
            if key_env and not os.environ.get(key_env):
                raise click.UsageError(f"{sweep}: {entry['model']}: ${key_env} is not set")
            label = str(entry.get("label") or entry["model"])
            if label in models:
                raise click.UsageError(f"{sweep}: the label {label!r} is used twice")
            models[label] = _config(
                str(entry["model"]),
                entry.get("base_url") or base_url,
                llm_config,
                os.environ.get(key_env) if key_env else None,
            )
    return models


def _generate(
    models: dict[str, ChatModel], prompts: Sequence[Prompt], save: Path | None, have: Sequence[Answer]
) -> list[Answer]:
    """The answers not in ``have``: those an earlier run saved in ``save``, then new ones."""
    from citeproof.bench.rate.answers import AnswerLog, generate

    log = AnswerLog(save) if save else None
    known = {(a.model, a.prompt_id) for a in have}
    kept = [
        a for a in (log.saved() if log else []) if a.model in models and (a.model, a.prompt_id) not in known
    ]
    if kept:
        click.echo(f"citeproof: {len(kept)} answers already saved in {save}: not asked again", err=True)
    got = list(kept)
    skip = frozenset(known | {(a.model, a.prompt_id) for a in kept})
    with progress_bar("asking") as show:
        try:
            for answer in generate(models, prompts, skip, lambda d, t, m: show(d, t, m)):
                got.append(answer)
                if log:
                    log.append(answer)
        except LLMError as exc:
            where = f"; the answers so far are saved in {save}: run again to go on" if save else ""
            click.echo(f"citeproof: {exc}{where}", err=True)
            sys.exit(EXIT_USAGE)
    return got


def _write(result: dict[str, Any], out: Path) -> None:
    from citeproof.bench.rate.report import markdown

    out.mkdir(parents=True, exist_ok=True)
    (out / "rate.json").write_text(json.dumps(result, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    figures: list[str] = []
    try:
        from citeproof.bench.rate.figures import write_figures

        figures = write_figures(result, out)
    except ImportError:
        click.echo("citeproof: matplotlib missing (pip install 'citeproof[plot]'): no figures", err=True)
    (out / "rate.md").write_text(markdown(result, figures), encoding="utf-8")
    click.echo(
        f"citeproof: rate.md, rate.json{''.join(', ' + f for f in figures)} written to {out}", err=True
    )


@click.command("rate")
@click.option("--model", "models", multiple=True, help="Model to ask, NAME or NAME@BASE_URL (repeat).")
@click.option(
    "--sweep",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="TOML file of [[model]] tables (label, model, base_url, api_key_env) to ask.",
)
@click.option(
    "--prompts",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Prompts JSONL {id, level, jurisdiction, topic, prompt} (default: the bundled 96).",
)
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Ask only the first N prompts.")
@click.option(
    "--answers",
    "answer_paths",
    multiple=True,
    type=click.Path(exists=True),
    help="Saved answers to score: a JSONL {model, prompt_id, answer} or a folder of them (repeat).",
)
@click.option(
    "--save-answers",
    type=click.Path(),
    default=None,
    help="Save answers as they come: FILE.jsonl or a folder (one file per model); resumes.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write rate.md, rate.json and the figures here (and new answers to OUT/answers).",
)
@click.option("--base-url", default=None, help="Endpoint of models given without @URL.")
@click.option("--llm-config", type=click.Path(exists=True, dir_okay=False), default=None)
@library_option()
@click.option("--seed", default=0, show_default=True, help="Bootstrap seed.")
@click.option("--resamples", default=2000, show_default=True, help="Bootstrap resamples B.")
@click.option("--format", "fmt", type=click.Choice(["md", "text", "json"]), default="md", show_default=True)
def rate_command(
    models: tuple[str, ...],
    sweep: str | None,
    prompts: str | None,
    limit: int | None,
    answer_paths: tuple[str, ...],
    save_answers: str | None,
    out: Path | None,
    base_url: str | None,
    llm_config: str | None,
    library_spec: str | None,
    seed: int,
    resamples: int,
    fmt: str,
) -> None:
    """Hallucination rates of models' drafting answers, per model and court level, with
    bootstrap intervals, cited-case popularity and paired tests. Ask models (--model,
    --sweep), score saved answers (--answers FILE or FOLDER), or both."""
    from citeproof.bench.rate.answers import read_answers
    from citeproof.bench.rate.popularity import citation_counts
    from citeproof.bench.rate.prompts import load_prompts
    from citeproof.bench.rate.report import markdown
    from citeproof.bench.rate.study import score_answers, study

    if not (models or sweep or answer_paths):
        click.echo(
            "citeproof: give --model or --sweep (models to ask) or --answers (saved answers)", err=True
        )
        sys.exit(EXIT_USAGE)
    try:
        prompt_set = load_prompts(prompts)
        answers = read_answers(answer_paths)
    except (ValueError, OSError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    if models or sweep:
        clients = sweep_models(models, sweep, base_url, llm_config)
        save = Path(save_answers) if save_answers else (out / "answers" if out else None)
        answers += _generate(clients, prompt_set[:limit], save, answers)
    library = load_library(library_spec)
    source = library if isinstance(library, SQLiteLibrary) else load_library_file(None)
    popularity = citation_counts(source)
    with progress_bar("scoring") as show:
        scores = score_answers(answers, library, prompt_set, popularity, lambda d, t: show(d, t))
    result = study(scores, library, prompt_set, popularity, seed, resamples)
    if out is not None:
        _write(result, out)
    click.echo(json.dumps(result, indent=1, allow_nan=False) if fmt == "json" else markdown(result))

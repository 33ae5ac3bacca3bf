"""Click pieces of the LLM layer: the ``check --llm`` options and ``bench rate``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from citeproof.cli.common import library_option, load_library
from citeproof.llm.client import ChatClient, LLMConfig, LLMError
from citeproof.llm.judge import LLMJudge

EXIT_USAGE = 2


def llm_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--llm``, ``--model``, ``--base-url``, ``--llm-config`` (else OPENAI_BASE_URL,
    OPENAI_API_KEY, CITEPROOF_LLM_MODEL, CITEPROOF_LLM_CONFIG)."""
    for option in reversed(
        [
            click.option(
                "--llm", is_flag=True, help="Let an LLM judge decide support and pin pages without a quote."
            ),
            click.option("--model", default=None, help="Model name (default $CITEPROOF_LLM_MODEL)."),
            click.option(
                "--base-url", default=None, help="OpenAI-compatible endpoint (default $OPENAI_BASE_URL)."
            ),
            click.option(
                "--llm-config",
                type=click.Path(exists=True, dir_okay=False),
                default=None,
                help="TOML file with an [llm] table (model, base_url, timeout, ...).",
            ),
        ]
    ):
        command = option(command)
    return command


def client_or_exit(model: str | None, base_url: str | None, config_file: str | None) -> ChatClient:
    try:
        return ChatClient(LLMConfig.load(file=config_file, model=model, base_url=base_url))
    except (LLMError, OSError, ValueError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)


def judge_from_options(
    llm: bool, model: str | None, base_url: str | None, llm_config: str | None
) -> LLMJudge | None:
    """The judge ``check`` passes to the pipeline, or None without ``--llm``."""
    if not llm:
        return None
    return LLMJudge(client_or_exit(model, base_url, llm_config))


@click.command("rate")
@click.option("--model", "models", multiple=True, help="Model to ask (repeat for several).")
@click.option(
    "--prompts",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Drafting prompts, JSONL {id, prompt} (default: the bundled set).",
)
@click.option(
    "--answers",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Score pre-generated answers, JSONL {model, prompt_id, answer}; no model.",
)
@click.option("--save-answers", type=click.Path(dir_okay=False), default=None)
@click.option("--base-url", default=None)
@click.option("--llm-config", type=click.Path(exists=True, dir_okay=False), default=None)
@library_option()
@click.option("--seed", default=0, show_default=True)
@click.option("--resamples", default=2000, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def rate_command(
    models: tuple[str, ...],
    prompts: str | None,
    answers: str | None,
    save_answers: str | None,
    base_url: str | None,
    llm_config: str | None,
    library_spec: str | None,
    seed: int,
    resamples: int,
    fmt: str,
) -> None:
    """Hallucination rate of models' drafting answers, per model, with bootstrap intervals."""
    from citeproof.bench import rate

    if bool(models) == bool(answers):
        click.echo("citeproof: give --model (one or more) or --answers, not both", err=True)
        sys.exit(EXIT_USAGE)
    library = load_library(library_spec)
    if answers:
        records = [
            rate.Answer(str(r["model"]), str(r["prompt_id"]), str(r["answer"]))
            for r in rate.read_jsonl(answers)
        ]
    else:
        asked = rate.read_jsonl(prompts or rate.bundled_prompts())
        clients = [client_or_exit(m, base_url, llm_config) for m in models]
        try:
            records = list(rate.generate(clients, asked))
        except LLMError as exc:
            click.echo(f"citeproof: {exc}", err=True)
            sys.exit(EXIT_USAGE)
    if save_answers:
        Path(save_answers).write_text(
            "".join(
                json.dumps({"model": a.model, "prompt_id": a.prompt_id, "answer": a.answer}) + "\n"
                for a in records
            ),
            encoding="utf-8",
        )
    result = rate.study([rate.score_answer(a, library) for a in records], library, seed, resamples)
    click.echo(json.dumps(result, indent=1) if fmt == "json" else render_study(result))


def _pct(e: dict[str, Any]) -> str:
    if e["n"] == 0 or e["value"] is None:
        return "n/a"
    return f"{100 * e['value']:.1f}% [{100 * e['low']:.1f}, {100 * e['high']:.1f}]"


def render_study(result: dict[str, Any]) -> str:
    lib = result["library"]
    lines = [
        f"library {lib['name']} ({lib['cases']:,} cases, built {lib['built_at']}); "
        f"bootstrap over prompts, B={result['resamples']}, seed={result['seed']}",
        "",
        f"{'model':<24} {'prompts':>7} {'cites':>6} {'cites/answer':>13}  "
        f"{'conservative':<22} {'full':<22} unverifiable",
    ]
    for name, m in result["models"].items():
        per = m["citations_per_answer"]
        lines.append(
            f"{name:<24} {m['prompts']:>7} {m['citations']:>6} {per['value']:>13.2f}  "
            f"{_pct(m['conservative']):<22} {_pct(m['hallucinated']):<22} "
            f"{_pct(m['unverifiable'])}"
        )
    for pair in result["pairs"]:
        c = pair["conservative"]
        lines.append(
            f"\n{pair['a']} - {pair['b']} (conservative, n={c['n']} prompts): "
            f"{100 * c['difference']:+.1f} points [{100 * c['low']:+.1f}, "
            f"{100 * c['high']:+.1f}], p={c['p']:.3f}"
        )
    lines.append(
        "\nconservative = nonexistent or name_mismatch; full = any hallucinated kind; "
        "rates are per cited case; unverifiable = outside the library's coverage"
    )
    return "\n".join(lines)

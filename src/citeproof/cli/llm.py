"""Click pieces of the LLM layer: the ``check --llm`` options and the judge they make."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

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


def agent_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The agent's ``--courtlistener/--no-courtlistener`` (offer CourtListener lookups; default
    $CITEPROOF_COURTLISTENER or the config file) and ``--agent-policy``."""
    for option in reversed(
        [
            click.option(
                "--courtlistener/--no-courtlistener",
                default=None,
                help="Agent: offer CourtListener lookups (default: $CITEPROOF_COURTLISTENER "
                "or the config file; COURTLISTENER_API_URL and COURTLISTENER_API_TOKEN say where).",
            ),
            click.option(
                "--agent-policy",
                type=click.Choice(["information", "fixed"]),
                default=None,
                help="Agent: choose actions by expected information gain (default) or in a fixed order.",
            ),
        ]
    ):
        command = option(command)
    return command

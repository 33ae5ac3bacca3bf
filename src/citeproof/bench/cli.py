"""``citeproof bench``: benchmark and study commands (each defined beside its subject)."""

from __future__ import annotations

import click

from ..llm.cli import rate_command


@click.group("bench")
def bench_group() -> None:
    """Benchmarks and studies of legal citation hallucination."""


bench_group.add_command(rate_command)

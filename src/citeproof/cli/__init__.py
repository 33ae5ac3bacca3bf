"""Command-line interface: one thin click group over the Python API, one module per group."""

from __future__ import annotations

import click

from citeproof.cli.bench import bench_group
from citeproof.cli.check import check_command
from citeproof.cli.courtlistener import courtlistener_fake
from citeproof.cli.factors import factors
from citeproof.cli.grounding import grounding
from citeproof.cli.library import library_group
from citeproof.cli.serve import mcp_command, serve_command


@click.group()
@click.version_option(package_name="citeproof")
def main() -> None:
    """Check legal citations against real case law, offline by default."""


for _command in (
    check_command,
    library_group,
    serve_command,
    mcp_command,
    grounding,
    factors,
    bench_group,
    courtlistener_fake,
):
    main.add_command(_command)

"""Command-line interface: one thin click group over the Python API, one module per group."""

from __future__ import annotations

import os
import signal
import sys

import click

from citeproof.cli.audit import audit_command, keys_group
from citeproof.cli.bench import bench_group
from citeproof.cli.check import check_command
from citeproof.cli.common import EXIT_USAGE, report_failure
from citeproof.cli.courtlistener import courtlistener_fake
from citeproof.cli.factors import factors
from citeproof.cli.grounding import grounding
from citeproof.cli.library import library_group
from citeproof.cli.serve import mcp_command, serve_command

EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE  # as a shell reports a tool that SIGPIPE ended


class _FailLoudly(click.Group):
    """An error no command caught exits 2 (1 means "hallucinated") with one line on
    stderr; ``citeproof --debug ...`` prints the traceback instead."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:  # the reader stopped (``| head``): end quietly, as Unix tools do
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_BROKEN_PIPE)
        except Exception as exc:
            report_failure(exc, bool(ctx.params.get("debug")) or "--debug" in sys.argv[1:])
            sys.exit(EXIT_USAGE)


@click.group(cls=_FailLoudly)
@click.version_option(package_name="citeproof")
@click.option("--debug", is_flag=True, help="On an unexpected failure, print the traceback.")
def main(debug: bool) -> None:
    """Check legal citations against real case law, offline by default.

    Exit status: 0 fine, 1 something hallucinated (check), 2 bad usage, bad input or a failure.
    """


for _command in (
    check_command,
    library_group,
    serve_command,
    mcp_command,
    grounding,
    factors,
    bench_group,
    courtlistener_fake,
    audit_command,
    keys_group,
):
    main.add_command(_command)

"""CLI commands for CourtListener: bulk import and the local fake server (demo mode)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from citeproof.cli.common import library_option, load_library, progress_bar
from citeproof.library.records import RecordError

EXIT_USAGE = 2


@click.command("courtlistener-bulk")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option("--out", "-o", required=True, type=click.Path(path_type=Path), help="Library file to write.")
@click.option("--name", default="courtlistener-bulk", show_default=True)
@click.option("--snapshot-date", default=None, help="Date of the dump (default: from the file names).")
@click.option(
    "--complete",
    is_flag=True,
    help="FILES are a full dump: volumes of reporters CourtListener covers become 'complete'.",
)
def import_courtlistener_bulk(
    files: tuple[Path, ...], out: Path, name: str, snapshot_date: str | None, complete: bool
) -> None:
    """Import CourtListener bulk CSVs (citations, opinion-clusters, opinions; .bz2 or plain)."""
    from citeproof.library.courtlistener.bulk.importer import import_bulk

    started = time.perf_counter()
    try:
        with progress_bar("importing") as show:

            def report(kind: str, rows: int, fraction: float) -> None:
                show(round(fraction * 1000), 1000, f"{kind} {rows:,} rows")

            counts = import_bulk(
                list(files),
                out,
                name=name,
                snapshot_date=snapshot_date,
                complete=complete,
                progress=lambda kind, rows, fraction: show(
                    round(fraction * 1000), 1000, f"{kind} {rows:,} rows"
                ),
            )
    except (RecordError, ValueError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(
        f"imported into {out} in {time.perf_counter() - started:.1f} s: "
        + ", ".join(f"{v:,} {k}" for k, v in counts.items())
    )


@click.command("courtlistener-fake")
@click.option("--port", default=8765, show_default=True)
@library_option("Library to serve")
@click.option("--token", default=None, help="Require this API token.")
def courtlistener_fake(port: int, library_spec: str | None, token: str | None) -> None:
    """Serve a local fake CourtListener API seeded from a library (demo and tests)."""
    from citeproof.library.courtlistener.fakes.api import FakeCourtListener

    fake = FakeCourtListener(load_library(library_spec), token=token)
    with fake.serve(port=port) as url:
        click.echo(
            f"fake CourtListener at {url}\n  export COURTLISTENER_API_URL={url}\n"
            "  citeproof check --courtlistener BRIEF\n(Ctrl-C to stop)"
        )
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


@click.group("import")
def import_group() -> None:
    """Import public bulk formats into a library file."""


import_group.add_command(import_courtlistener_bulk)

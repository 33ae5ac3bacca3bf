"""``citeproof library download courtlistener``: the whole US citation index, offline.

Lists CourtListener's public bulk-data bucket, downloads the newest dump's citations,
opinion clusters and courts (opinions too with ``--with-text``) with resume, checks each
file against the listing (its size, and its MD5 where the ETag is one), and imports them
into one library file, after which every check runs offline. The import is checked too:
a file with bytes missing or trailing, or a dump that yields no case, is an error; volumes
thin against the dump's own distribution, or cut from it, stay partial (and are named).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click
import httpx

from citeproof.cli.common import EXIT_USAGE, progress_bar
from citeproof.core.protocols import LibraryError
from citeproof.library.courtlistener.bulk.bucket import DEFAULT_BUCKET_URL
from citeproof.library.records import RecordError
from citeproof.net.bounded import bounded_client

EXIT_INTERRUPTED = 130


def _bytes_bar(name: str, have: int, total: int) -> None:
    if not sys.stderr.isatty():
        return
    filled = int(30 * have / max(total, 1))
    click.echo(
        f"\r[{'#' * filled}{'.' * (30 - filled)}] {have / max(total, 1):4.0%} {name:<40} "
        f"{have / 1e6:>9,.1f} / {total / 1e6:,.1f} MB",
        err=True,
        nl=False,
    )


def default_dest() -> Path:
    from citeproof.net.cache_dir import cache_dir

    return cache_dir() / "courtlistener-bulk"


@click.group("download")
def download_group() -> None:
    """Download public case-law data and import it into a library file."""


@download_group.command("courtlistener")
@click.option(
    "--dest", type=click.Path(path_type=Path), default=None, help="Folder for the files and the library."
)
@click.option("--mirror", "mirror", default=None, help="Bucket URL of a mirror with the same layout.")
@click.option(
    "--with-text", is_flag=True, help="Also the opinions file (tens of GB): quotes and pins offline."
)
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None, help="Library file to write.")
@click.option("--keep-files", is_flag=True, help="Keep the downloaded files after the import.")
def download_courtlistener(
    dest: Path | None, mirror: str | None, with_text: bool, out: Path | None, keep_files: bool
) -> None:
    """The newest CourtListener bulk dump → one library file (interrupt and run again to resume)."""
    from citeproof.library.courtlistener.bulk.download import download_snapshot
    from citeproof.library.courtlistener.bulk.importer import import_bulk

    folder = dest or default_dest()
    bucket = mirror or DEFAULT_BUCKET_URL
    click.echo(f"listing {bucket} ...", err=True)
    started = time.perf_counter()
    try:
        with bounded_client(timeout=httpx.Timeout(60.0, connect=20.0), follow_redirects=False) as client:
            chosen, paths = download_snapshot(client, bucket, folder, with_text, progress=_bytes_bar)
    except KeyboardInterrupt:
        click.echo(
            f"\ninterrupted: what arrived is kept in {folder}; run the same command to resume", err=True
        )
        sys.exit(EXIT_INTERRUPTED)
    except LibraryError as exc:
        click.echo(f"\nciteproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    date = chosen[0].date
    target = out or folder / f"courtlistener-{date}.sqlite"
    click.echo(f"\ndownloaded the dump of {date}: " + ", ".join(f.name for f in chosen), err=True)
    try:
        with progress_bar("importing") as show:

            def report(kind: str, rows: int, fraction: float) -> None:
                show(round(fraction * 1000), 1000, f"{kind} {rows:,} rows")

            counts = import_bulk(
                paths,
                target,
                name=f"courtlistener-{date}",
                snapshot_date=date,
                complete=True,
                progress=report,
            )
    except (RecordError, ValueError) as exc:
        click.echo(f"\nciteproof: {exc}; the downloaded files are kept in {folder}", err=True)
        sys.exit(EXIT_USAGE)
    if not keep_files:
        for p in paths:
            p.unlink(missing_ok=True)
    _say_held_back(target, counts)
    click.echo(
        f"\nimported into {target} in {time.perf_counter() - started:.0f} s: "
        + ", ".join(f"{v:,} {k}" for k, v in counts.items())
        + f"\ncheck offline with: citeproof check --library {target} BRIEF"
        + f"\n  (or export CITEPROOF_LIBRARY={target})"
    )


def _say_held_back(target: Path, counts: dict[str, int]) -> None:
    """The volumes the import's own checks keep partial, and rows it could not read."""
    from citeproof.library.sqlite import SQLiteLibrary

    meta = SQLiteLibrary(target).meta()
    held = counts.get("volumes_held_back", 0)
    if held:
        click.echo(
            f"\n{held:,} volume{' stays' if held == 1 else 's stay'} partial (a cite missing there proves "
            "nothing): thin against the dump's own distribution, or cut from it (citations without "
            "their clusters)",
            err=True,
        )
        for line in meta.get("coverage_held_back", "").splitlines():
            click.echo(f"  {line}", err=True)
    if meta.get("coverage_claim") == "partial":
        click.echo(
            f"\n{counts.get('rows_unread', 0):,} rows of the dump could not be read: "
            "no volume is called complete",
            err=True,
        )

"""Command-line interface: one thin click group over the Python API."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .library.base import LibraryError
from .library.records import RecordError
from .read import ReadError

EXIT_OK, EXIT_HALLUCINATED, EXIT_USAGE = 0, 1, 2


@click.group()
@click.version_option(package_name="citeproof")
def main() -> None:
    """Check legal citations against real case law, offline by default."""


def _load_library(path: str | None):  # type: ignore[no-untyped-def]
    from .library.default import open_library

    try:
        return open_library(path)
    except LibraryError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)


@main.command("check")
@click.argument("files", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown", "html"]),
              default="text", show_default=True)
@click.option("--library", "library_path", type=click.Path(), default=None,
              help="Library file (default: the bundled sample, or $CITEPROOF_LIBRARY).")
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
def check_command(files: tuple[str, ...], fmt: str, library_path: str | None,
                  quiet: bool) -> None:
    """Check every citation in FILES (PDF, DOCX, HTML, text). Use - for stdin.

    Exit status: 0 nothing hallucinated, 1 something hallucinated, 2 bad usage or input.
    """
    from .pipeline import check_document
    from .read import document_from_text, read_document
    from .report import render_html, render_markdown, render_text

    library = _load_library(library_path)
    renderers = {"text": render_text, "markdown": render_markdown, "html": render_html}
    status = EXIT_OK
    for name in files:
        try:
            doc = document_from_text(sys.stdin.read(), "<stdin>") if name == "-" \
                else read_document(name)
        except ReadError as exc:
            click.echo(f"citeproof: {exc}", err=True)
            status = EXIT_USAGE
            continue
        progress = None if quiet or not sys.stderr.isatty() else _progress(name)
        report = check_document(doc, library, progress)
        if fmt == "json":
            click.echo(json.dumps(report.to_json(), ensure_ascii=False))
        else:
            click.echo(renderers[fmt](report))
        if report.hallucinated and status == EXIT_OK:
            status = EXIT_HALLUCINATED
    sys.exit(status)


def _progress(name: str):  # type: ignore[no-untyped-def]
    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        click.echo(f"\r{name}: {done}/{total} citations checked", err=True, nl=False)
        if end:
            click.echo("", err=True)

    return show


@main.group("library")
def library_group() -> None:
    """Build and inspect case-law libraries."""


@library_group.command("build")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "-o", required=True, type=click.Path(path_type=Path))
@click.option("--name", default="citeproof-library", show_default=True)
def library_build(sources: tuple[Path, ...], out: Path, name: str) -> None:
    """Build a library file from data-pack folders, CAP/CourtListener JSON(L) and CSVs."""
    from .library.build import build_library

    try:
        counts = build_library(list(sources), out, name=name,
                               progress=lambda m: click.echo(f"reading {m}", err=True))
    except (FileNotFoundError, RecordError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"built {out}: " + ", ".join(f"{v:,} {k}" for k, v in counts.items()))


@library_group.command("info")
@click.option("--library", "library_path", type=click.Path(), default=None)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def library_info(library_path: str | None, fmt: str) -> None:
    """What a library holds: snapshot, counts, coverage by reporter."""
    lib = _load_library(library_path)
    snap = lib.snapshot()
    table = lib.coverage_table()
    if fmt == "json":
        click.echo(json.dumps({
            "name": snap.name, "built_at": snap.built_at, "path": str(lib.path),
            "cases": snap.cases, "opinions_with_text": snap.opinions_with_text,
            "citations": snap.citations,
            "coverage": [{"reporter": r, "status": s, "volumes": n} for r, s, n, _ in table]}))
        return
    click.echo(f"library   {snap.name}\nbuilt at  {snap.built_at}\nfile      {lib.path}\n"
               f"cases     {snap.cases:,}\nwith text {snap.opinions_with_text:,}\n"
               f"citations {snap.citations:,}\n\ncoverage by reporter (volumes):")
    by_reporter: dict[str, list[str]] = {}
    for reporter, status, volumes, _ in table:
        by_reporter.setdefault(reporter, []).append(f"{status} {volumes}")
    for reporter, statuses in sorted(by_reporter.items(), key=lambda kv: kv[0]):
        click.echo(f"  {reporter:<18} {', '.join(statuses)}")
    click.echo("  (every other reporter: not_covered)")


# --- benchmarks (citeproof.bench.cli) -------------------------------------------------------
from .bench.cli import bench_group  # noqa: E402

main.add_command(bench_group)

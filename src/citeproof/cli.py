"""Command-line interface: one thin click group over the Python API."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .library.base import LibraryError
from .library.records import RecordError
from .llm.cli import judge_from_options, llm_options
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
@llm_options
@click.option("--courtlistener/--no-courtlistener", default=None,
              help="Ask CourtListener for what the library cannot settle (default: "
                   "$CITEPROOF_COURTLISTENER or the config file).")
def check_command(files: tuple[str, ...], fmt: str, library_path: str | None,
                  quiet: bool, llm: bool, model: str | None, base_url: str | None,
                  llm_config: str | None, courtlistener: bool | None) -> None:
    """Check every citation in FILES (PDF, DOCX, HTML, text). Use - for stdin.

    Exit status: 0 nothing hallucinated, 1 something hallucinated, 2 bad usage or input.
    """
    from .pipeline import check_document
    from .read import document_from_text, read_document
    from .report import render_html, render_markdown, render_text

    library = _with_courtlistener(_load_library(library_path), courtlistener)
    judge = judge_from_options(llm, model, base_url, llm_config)  # None without --llm
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
        report = check_document(doc, library, progress, judge)
        if fmt == "json":
            click.echo(json.dumps(report.to_json(), ensure_ascii=False))
        else:
            click.echo(renderers[fmt](report))
        if report.hallucinated and status == EXIT_OK:
            status = EXIT_HALLUCINATED
    sys.exit(status)


def _with_courtlistener(library, flag: bool | None):  # type: ignore[no-untyped-def]
    """The library, chained with CourtListener when asked (issue 4)."""
    from .library.remote_config import with_courtlistener

    return with_courtlistener(library, flag)


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


# --- interfaces: the web page + REST API, and the MCP server (issue 8) ---------------------


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on (use 0.0.0.0 to expose it on the network).")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--library", "library_path", type=click.Path(), default=None,
              help="Library file (default: the bundled sample, or $CITEPROOF_LIBRARY).")
@click.option("--max-upload-mb", default=25.0, show_default=True, type=float,
              help="Largest document accepted, in MiB.")
@click.option("--workers", default=2, show_default=True, type=int,
              help="Threads running background checks for the page.")
def serve_command(host: str, port: int, library_path: str | None, max_upload_mb: float,
                  workers: int) -> None:
    """Serve the page (upload a brief, see each citation checked) and the API at /api/v1."""
    import uvicorn

    from .web import create_app

    app = create_app(_load_library(library_path), max_bytes=int(max_upload_mb * 1024 * 1024),
                     workers=workers)
    click.echo(f"citeproof: serving on http://{host}:{port}/ (API under /api/v1, schema at "
               "/openapi.json)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")


@main.command("mcp")
@click.option("--library", "library_path", type=click.Path(), default=None,
              help="Library file (default: the bundled sample, or $CITEPROOF_LIBRARY).")
def mcp_command(library_path: str | None) -> None:
    """Run the MCP server on stdio (tools: check_text, lookup_citation, get_opinion_page,
    library_info) for drafting agents."""
    from .mcp import build_server

    build_server(_load_library(library_path)).run("stdio")


# --- command groups of other stages -------------------------------------------------------
from .bench.cli import bench_group  # noqa: E402
from .factors.cli import factors as _factors  # noqa: E402
from .grounding.cli import grounding as _grounding  # noqa: E402

main.add_command(_grounding)
main.add_command(_factors)
main.add_command(bench_group)

# --- CourtListener: `library import courtlistener-bulk`, `courtlistener-fake` (issue 4) ---
from .cli_courtlistener import register as _register_courtlistener  # noqa: E402

_register_courtlistener(main, library_group)

"""``citeproof check``: every citation in a brief, verified, hallucinated or unverifiable."""

from __future__ import annotations

import json
import sys

import click

from citeproof.cli.common import EXIT_HALLUCINATED, EXIT_OK, EXIT_USAGE, load_library
from citeproof.cli.llm import judge_from_options, llm_options
from citeproof.core.pipeline import check_document
from citeproof.core.read import ReadError, document_from_text, read_document
from citeproof.core.report import render_html, render_markdown, render_text


@click.command("check")
@click.argument("files", nargs=-1, required=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown", "html"]),
    default="text",
    show_default=True,
)
@click.option(
    "--library",
    "library_path",
    type=click.Path(),
    default=None,
    help="Library file (default: the bundled sample, or $CITEPROOF_LIBRARY).",
)
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
@llm_options
@click.option(
    "--courtlistener/--no-courtlistener",
    default=None,
    help="Ask CourtListener for what the library cannot settle (default: "
    "$CITEPROOF_COURTLISTENER or the config file).",
)
def check_command(
    files: tuple[str, ...],
    fmt: str,
    library_path: str | None,
    quiet: bool,
    llm: bool,
    model: str | None,
    base_url: str | None,
    llm_config: str | None,
    courtlistener: bool | None,
) -> None:
    """Check every citation in FILES (PDF, DOCX, HTML, text). Use - for stdin.

    Exit status: 0 nothing hallucinated, 1 something hallucinated, 2 bad usage or input.
    """
    library = _with_courtlistener(load_library(library_path), courtlistener)
    judge = judge_from_options(llm, model, base_url, llm_config)  # None without --llm
    renderers = {"text": render_text, "markdown": render_markdown, "html": render_html}
    status = EXIT_OK
    for name in files:
        try:
            doc = document_from_text(sys.stdin.read(), "<stdin>") if name == "-" else read_document(name)
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
    from citeproof.library.remote_config import with_courtlistener

    return with_courtlistener(library, flag)


def _progress(name: str):  # type: ignore[no-untyped-def]
    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        click.echo(f"\r{name}: {done}/{total} citations checked", err=True, nl=False)
        if end:
            click.echo("", err=True)

    return show

"""``citeproof serve`` (the web page and REST API) and ``citeproof mcp`` (the MCP server)."""

from __future__ import annotations

import click

from citeproof.cli.common import load_library


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Interface to listen on (use 0.0.0.0 to expose it on the network).",
)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option(
    "--library",
    "library_path",
    type=click.Path(),
    default=None,
    help="Library file (default: the bundled sample, or $CITEPROOF_LIBRARY).",
)
@click.option(
    "--max-upload-mb", default=25.0, show_default=True, type=float, help="Largest document accepted, in MiB."
)
@click.option(
    "--workers",
    default=2,
    show_default=True,
    type=int,
    help="Threads running background checks for the page.",
)
def serve_command(host: str, port: int, library_path: str | None, max_upload_mb: float, workers: int) -> None:
    """Serve the page (upload a brief, see each citation checked) and the API at /api/v1."""
    import uvicorn

    from citeproof.web import create_app

    app = create_app(load_library(library_path), max_bytes=int(max_upload_mb * 1024 * 1024), workers=workers)
    click.echo(
        f"citeproof: serving on http://{host}:{port}/ (API under /api/v1, schema at /openapi.json)", err=True
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")


@click.command("mcp")
@click.option(
    "--library",
    "library_path",
    type=click.Path(),
    default=None,
    help="Library file (default: the bundled sample, or $CITEPROOF_LIBRARY).",
)
def mcp_command(library_path: str | None) -> None:
    """Run the MCP server on stdio (tools: check_text, lookup_citation, get_opinion_page,
    library_info) for drafting agents."""
    import anyio

    from citeproof.mcp import build_server
    from citeproof.mcp_stdio import serve_stdio

    anyio.run(serve_stdio, build_server(load_library(library_path)))

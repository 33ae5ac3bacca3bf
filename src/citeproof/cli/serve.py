"""``citeproof serve`` (the web page and REST API) and ``citeproof mcp`` (the MCP server)."""

from __future__ import annotations

import sys

import click

from citeproof.cli.common import library_option, load_library

GRACE_SECONDS = 10  # after SIGTERM, how long requests under way may take to finish
# Checks hold the GIL in worker threads; a shorter switch interval (default 5 ms) lets the
# event loop take it sooner, so the page and polls answer while checks run.
SWITCH_SECONDS = 0.001


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Interface to listen on (use 0.0.0.0 to expose it on the network).",
)
@click.option("--port", default=8000, show_default=True, type=int)
@library_option()
@click.option(
    "--max-upload-mb", default=25.0, show_default=True, type=float, help="Largest document accepted, in MiB."
)
@click.option(
    "--workers", default=2, show_default=True, type=int, help="Threads running checks (page and API)."
)
@click.option(
    "--queue",
    default=16,
    show_default=True,
    type=int,
    help="Checks and jobs that may wait for a worker; past it the API answers 503 with Retry-After.",
)
@click.option(
    "--deadline",
    default=60.0,
    show_default=True,
    type=float,
    help="Seconds a synchronous check may take, queueing included (503 past it).",
)
@click.option(
    "--job-deadline",
    default=300.0,
    show_default=True,
    type=float,
    help="Seconds of work a background job may take.",
)
@click.option(
    "--job-ttl",
    default=900.0,
    show_default=True,
    type=float,
    help="Seconds a finished job's report is kept for download.",
)
@click.option(
    "--max-connections",
    default=256,
    show_default=True,
    type=int,
    help="Connections with a request under way at once; past it new requests get 503.",
)
@click.option(
    "--header-timeout",
    default=10.0,
    show_default=True,
    type=click.FloatRange(min=0.1),
    help="Seconds a request's line and headers may take to arrive; past it: 408 and closed "
    "(until then a connection does not count towards --max-connections).",
)
@click.option(
    "--per-client",
    default=8,
    show_default=True,
    type=click.IntRange(min=1),
    help="Checks and jobs one client address may have waiting or running (one of them long).",
)
def serve_command(
    host: str,
    port: int,
    library_spec: str | None,
    max_upload_mb: float,
    workers: int,
    queue: int,
    deadline: float,
    job_deadline: float,
    job_ttl: float,
    max_connections: int,
    header_timeout: float,
    per_client: int,
) -> None:
    """Serve the page (upload a brief, see each citation checked) and the API at /api/v1.

    SIGTERM or Ctrl-C: stop accepting, let requests under way finish for up to 10 s, stop
    running checks, exit. Limits: docs/limits.md.
    """
    import uvicorn

    from citeproof.web import create_app
    from citeproof.web.app import ServerLimits
    from citeproof.web.protocol import head_deadline_protocol

    sys.setswitchinterval(SWITCH_SECONDS)
    limits = ServerLimits(
        workers=workers,
        queue=queue,
        request_deadline=deadline,
        job_deadline=job_deadline,
        job_ttl=job_ttl,
        header_timeout=header_timeout,
        per_client=per_client,
    )
    app = create_app(load_library(library_spec), max_bytes=int(max_upload_mb * 1024 * 1024), limits=limits)
    click.echo(
        f"citeproof: serving on http://{host}:{port}/ (API under /api/v1, schema at /openapi.json)", err=True
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        limit_concurrency=max_connections,
        timeout_graceful_shutdown=GRACE_SECONDS,
        http=head_deadline_protocol(limits.header_timeout),
    )


@click.command("mcp")
@library_option()
def mcp_command(library_spec: str | None) -> None:
    """Run the MCP server on stdio (tools: check_text, lookup_citation, get_opinion_page,
    library_info) for drafting agents."""
    import anyio

    from citeproof.mcp import build_server
    from citeproof.mcp_stdio import serve_stdio

    anyio.run(serve_stdio, build_server(load_library(library_spec)))

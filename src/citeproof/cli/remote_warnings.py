"""Remote failures (CourtListener, the LLM endpoint) as one line each on stderr.

The clients log each failure that ends their remote work once, on ``citeproof.remote``;
a command that may use them calls `show_remote_warnings` so that those lines reach the
user even when no logging is configured.
"""

from __future__ import annotations

import logging

import click

LOGGER = "citeproof.remote"


class _Stderr(logging.Handler):
    """Writes to whatever stderr is now (click's runner swaps it in tests)."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(f"citeproof: warning: {record.getMessage()}", err=True)


def show_remote_warnings() -> None:
    logger = logging.getLogger(LOGGER)
    if not any(isinstance(h, _Stderr) for h in logger.handlers):
        logger.addHandler(_Stderr(logging.WARNING))

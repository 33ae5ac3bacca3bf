"""What every command shares: exit codes, limits, failing loudly, and the ``--library``
option with the opening of the library it names."""

from __future__ import annotations

import sqlite3
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from citeproof.core.limits import ENV_NAMES, OPTION_NAMES, LimitExceeded, Limits
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.reading.read import ReadError
from citeproof.library.registry import FORMS, open_library, open_library_file
from citeproof.library.sqlite import SQLiteLibrary

EXIT_OK, EXIT_HALLUCINATED, EXIT_USAGE = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])

_LIMIT_HELP = {
    "max_file_bytes": "Largest file, in bytes, as stored",
    "max_docx_bytes": "Largest DOCX once inflated, in bytes (all its parts)",
    "max_docx_ratio": "Most times its file size a DOCX may inflate to, past 10 MiB",
    "max_pdf_pages": "Most PDF pages",
    "max_chars": "Most characters of text in one document",
    "max_citations": "Most citations in one document",
    "deadline_seconds": "Wall-clock seconds one check may take",
}


def limit_options(command: F) -> F:
    """``--max-file-bytes`` ... ``--deadline``: each limit of `Limits`, 0 for none."""
    defaults = Limits()
    for name, option in reversed(OPTION_NAMES.items()):
        default = getattr(defaults, name)
        shown = f"{default:,}" if isinstance(default, int) else f"{default:g}"
        kind = click.FloatRange(min=0) if name == "deadline_seconds" else click.IntRange(min=0)
        command = click.option(
            option,
            name,
            type=kind,
            default=None,
            help=f"{_LIMIT_HELP[name]} (default {shown}, or ${ENV_NAMES[name]}; 0: none).",
        )(command)
    return command


def limits_from_options(values: dict[str, float | None]) -> Limits:
    """The limits: defaults, then the environment, then the options given."""
    try:
        return Limits.from_env(values)
    except ValueError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)


def report_failure(exc: BaseException, debug: bool, prefix: str = "") -> None:
    """One line on stderr naming the failure (the traceback with ``debug``)."""
    if debug:
        traceback.print_exception(exc, file=sys.stderr)
        return
    expected = isinstance(exc, (LimitExceeded, LibraryError, ReadError))
    message = " ".join(str(exc).split()) or "no message"
    if not expected:
        message = f"{type(exc).__name__}: {message} (--debug for the traceback)"
    click.echo(f"citeproof: {prefix}{message}", err=True)


def library_option(
    purpose: str = "Library", default: str = "the bundled sample, or $CITEPROOF_LIBRARY"
) -> Callable[[F], F]:
    """``--library LIBRARY``, passed as ``library_spec``: what `load_library` opens.
    ``purpose`` and ``default`` begin and end its help."""
    return click.option(
        "--library",
        "library_spec",
        type=click.Path(),
        metavar="LIBRARY",
        default=None,
        help=f"{purpose}: {FORMS} (default: {default}).",
    )


def load_library(spec: str | None) -> Library:
    """The library ``spec`` names (default: the bundled one); exit 2 with one line if it fails."""
    return _or_exit(open_library, spec)


def load_library_file(spec: str | None) -> SQLiteLibrary:
    """The local library file ``spec`` names, for commands that need the file itself."""
    return _or_exit(open_library_file, spec)


L = TypeVar("L", bound=Library)


def _or_exit(opener: Callable[[str | None], L], spec: str | None) -> L:
    try:
        return opener(spec)
    except (LibraryError, sqlite3.DatabaseError, OSError) as exc:
        click.echo(f"citeproof: the library cannot be opened: {' '.join(str(exc).split())}", err=True)
        sys.exit(EXIT_USAGE)


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[..., None]]:
    """click's progress bar on stderr, hidden when stderr is not a terminal.

    Yields ``update(done, total, info=None)``: the bar is drawn at the first call (when the
    total is known) and finished when the block ends.
    """
    bars: list[Any] = []  # click's ProgressBar, made once the total is known

    def update(done: int, total: int, info: str | None = None) -> None:
        if not bars:
            bars.append(
                click.progressbar(
                    length=max(total, 1),
                    label=label,
                    file=sys.stderr,
                    hidden=not sys.stderr.isatty(),
                    show_pos=True,
                    item_show_func=lambda item: item,
                )
            )
            bars[0].__enter__()
        bars[0].update(done - bars[0].pos, info)

    try:
        yield update
    finally:
        if bars:
            bars[0].__exit__(None, None, None)

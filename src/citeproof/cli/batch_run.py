"""``citeproof check`` on a batch: files found, checked on workers, recorded, summed up.

Where the records go (docs/interfaces.md, "Batch output"):

- ``--out FILE``: JSON Lines in FILE, locked for the run (`batch_output`);
- no ``--out``, stdout a terminal: a table, one row per file, at the end (``--format
  jsonl`` or ``json`` for JSON Lines there);
- no ``--out``, stdout a pipe or a file: JSON Lines as each file is done (``--format text``
  for the table).

The exit status reflects every record of the output, earlier runs' included on ``--resume``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence

import click

from citeproof.cli import batch
from citeproof.cli.batch_output import BatchOutput, FileResult, OutputError, open_output
from citeproof.cli.batch_view import Progress, Summary, exit_code, holds_line, problem_lines, table
from citeproof.cli.common import EXIT_USAGE, load_library_file
from citeproof.core.limits import Limits

JSONL_FORMATS = ("json", "jsonl")
Records = Callable[[Sequence[str]], Iterable[batch.Record]]


def as_table(fmt: str | None, output: str | None) -> bool:
    """Whether the batch prints a table (else JSON Lines); ``fmt`` is None when not given."""
    if output:
        if fmt not in (None, *JSONL_FORMATS):
            raise click.UsageError(f"a batch writes JSON Lines to --out; --format {fmt} is for one file")
        return False
    if fmt not in (None, "text", *JSONL_FORMATS):
        raise click.UsageError(f"--format {fmt} is for one file; a batch gives a table or JSON Lines")
    return fmt == "text" or (fmt is None and sys.stdout.isatty())


def run_batch(
    inputs: Sequence[str],
    library_spec: str | None,
    jobs: int,
    output: str | None,
    resume: bool,
    ray_address: str | None,
    quiet: bool,
    limits: Limits,
    conditions: tuple[str, ...],
    fmt: str | None,
) -> int:
    """Check a batch and return its exit status (`batch_view.exit_code`)."""
    if resume and not output:
        raise click.UsageError("--resume needs --out (the JSON Lines file to resume)")
    tabled = as_table(fmt, output)
    found = batch.expand(inputs)
    for skipped in found.skipped:
        click.echo(f"citeproof: not checked: {skipped.path}: {skipped.why}", err=True)
    shared = str(load_library_file(library_spec).path)  # built or unpacked once, before the workers start
    try:
        sink = open_output(output, resume, set(found.files)) if output else None
    except OutputError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        return EXIT_USAGE
    for note in sink.notes if sink else ():
        click.echo(f"citeproof: {note}", err=True)
    done = sink.done if sink else set()
    todo = [f for f in found.files if f not in done]
    progress = Progress(len(todo), sys.stderr, shown=sys.stderr.isatty() and not quiet)
    if ray_address:
        records: Records = lambda files: batch.on_ray(files, shared, ray_address, limits)  # noqa: E731
    else:
        records = lambda files: batch.on_pool(  # noqa: E731
            files, shared, jobs, limits, notice=lambda text: progress.message(f"citeproof: {text}")
        )
    summary = Summary(files=len(found.files), skipped=len(found.files) - len(todo))
    try:
        new = _write(records(todo), sink, tabled, progress, summary)
    finally:
        progress.close()
        if sink:
            sink.close()
    return _finish(found, sink, new, summary, conditions, tabled)


def _write(
    records: Iterable[batch.Record],
    sink: BatchOutput | None,
    tabled: bool,
    progress: Progress,
    summary: Summary,
) -> list[FileResult]:
    """Each record to the output (or stdout) as it arrives; what each says."""
    results = []
    for record in records:
        if sink:
            sink.write(record)
        elif not tabled:
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
            sys.stdout.flush()
        result = FileResult.of(record)
        results.append(result)
        summary.add(result)
        if result.counts is None:
            progress.message(f"citeproof: {result.error}")
        progress.advance(failed=result.counts is None)
    summary.seconds = progress.clock() - progress.started
    return results


def _finish(
    found: batch.Found,
    sink: BatchOutput | None,
    new: list[FileResult],
    summary: Summary,
    conditions: tuple[str, ...],
    tabled: bool,
) -> int:
    """The summary, what the output holds and its files with problems; the exit status."""
    if tabled:
        order = {name: i for i, name in enumerate(found.files)}
        click.echo(table(sorted(new, key=lambda r: order.get(r.file, len(order))), conditions))
        click.echo("citeproof: for JSON Lines, give --out FILE or --format jsonl", err=True)
    click.echo(summary.line(), err=True)
    every = [*(sink.kept if sink else ()), *new]
    if sink and sink.kept:
        click.echo(holds_line(str(sink.path), every), err=True)
    where = str(sink.path) if sink else "the records above"
    for line in problem_lines(every, conditions, where):
        click.echo(line, err=True)
    for skipped in found.skipped:
        click.echo(f"citeproof: not checked: {skipped.path}: {skipped.why}", err=True)
    unread = [s for s in found.skipped if s.unread]
    return exit_code(every, conditions, incomplete=bool(unread))

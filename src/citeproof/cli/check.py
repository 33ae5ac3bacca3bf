"""``citeproof check``: every citation in a brief, verified, hallucinated or unverifiable."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import click
from click.core import ParameterSource

from citeproof.audit.files import UnsafeFile, refuse_unsafe_target
from citeproof.cli.audit import write_run_manifest
from citeproof.cli.common import (
    EXIT_HALLUCINATED,
    EXIT_OK,
    EXIT_USAGE,
    library_option,
    limit_options,
    limits_from_options,
    load_library,
    progress_bar,
    report_failure,
)
from citeproof.cli.llm import judge_from_options, llm_options
from citeproof.cli.remote_warnings import show_remote_warnings
from citeproof.core.checking.entailment import Entailment
from citeproof.core.limits import LimitExceeded
from citeproof.core.models import Reason, Verdict
from citeproof.core.output.annotate_docx import annotate_docx
from citeproof.core.output.hidden import hidden_verdicts
from citeproof.core.output.report import (
    Report,
    render_html,
    render_markdown,
    render_text,
    render_toa,
    render_toa_filing,
)
from citeproof.core.output.toa_filing import write_toa_docx
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import ReadError, document_from_stream, read_document

REMOTE_FAULTS = (Reason.BACKEND_ERROR, Reason.RATE_LIMITED)  # an incomplete check: exit 2
# What --fail-on can name: each is a count of the JSON summary (`summary.<name>`).
FAIL_ON = ("hallucinated", "unverifiable", "overruled")
DEFAULT_FAIL_ON = ("hallucinated",)


def _conditions(fail_on: tuple[str, ...]) -> tuple[str, ...]:
    """What makes a check exit 1: a hallucinated citation, always, and each --fail-on."""
    return tuple(dict.fromkeys((*DEFAULT_FAIL_ON, *fail_on)))


@click.command("check")
@click.argument("files", nargs=-1, required=True)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "markdown", "html", "docx", "toa", "toa-docx", "jsonl"]),
    default="text",
    show_default=True,
    help="docx: the brief itself with a Word comment on each problem (needs --out); "
    "toa: a table of authorities with the pages where each is cited and what the check found "
    "(--filing: the table to file); toa-docx: the table to file as a Word document (needs --out). "
    "A batch gives a table on a terminal, else JSON Lines (jsonl; docs/interfaces.md).",
)
@click.option(
    "--filing",
    is_flag=True,
    help="With --format toa: the table to file (no check results, a Page(s) column; a probably "
    "fabricated case is left out and named under the table).",
)
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Write the report to this file.")
@library_option()
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Check files on N processes (batch).")
@click.option("--resume", is_flag=True, help="Batch: skip files whose report is already in --out.")
@click.option(
    "--ray", "ray_address", default=None, help="Batch: run each file as a task on this Ray cluster."
)
@llm_options
@click.option(
    "--nli-model",
    "nli_model",
    type=click.Path(exists=True),
    default=None,
    help="Folder with an ONNX NLI model (model.onnx, tokenizer.json, config.json): a veto on the "
    "offline misrepresentation findings and a second polarity signal (docs/misrepresentation.md).",
)
@click.option(
    "--courtlistener/--no-courtlistener",
    default=None,
    help="Ask CourtListener for what the library cannot settle (default: "
    "$CITEPROOF_COURTLISTENER or the config file).",
)
@click.option(
    "--manifest",
    "manifest_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write a run manifest (input hashes, versions, library snapshot, options, verdicts) "
    "that `citeproof audit` can re-run.",
)
@click.option(
    "--sign",
    "sign_key",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Sign the manifest with this Ed25519 private key (see `citeproof keys new`).",
)
@click.option(
    "--fail-on",
    "fail_on",
    multiple=True,
    type=click.Choice(FAIL_ON),
    help="Exit 1 also when any citation is unverifiable, or overruled (names a case a later "
    "U.S. Supreme Court decision overruled); a hallucinated citation always fails. Repeatable.",
)
@limit_options
@click.option("--debug", is_flag=True, help="On a failure, print the whole traceback, not one line.")
def check_command(
    files: tuple[str, ...],
    fmt: str,
    filing: bool,
    out: str | None,
    library_spec: str | None,
    quiet: bool,
    jobs: int | None,
    resume: bool,
    ray_address: str | None,
    llm: bool,
    model: str | None,
    base_url: str | None,
    llm_config: str | None,
    nli_model: str | None,
    courtlistener: bool | None,
    manifest_path: str | None,
    sign_key: str | None,
    fail_on: tuple[str, ...],
    debug: bool,
    **limit_values: float | None,
) -> None:
    """Check every citation in FILES (PDF, DOCX, HTML, text). Use - for stdin.

    \b
    Exit status, over all FILES:
      1  something was hallucinated in any file, or another --fail-on
         condition holds (--fail-on overruled: a citation names an overruled case),
      2  otherwise, if any file failed (unreadable, over a limit, an error) or
         its check was incomplete (CourtListener or the LLM failed: one
         warning line, those citations unverifiable: backend_error/rate_limited),
      0  otherwise: no --fail-on condition holds and every file checked.
    A file that fails gets one line on stderr (--debug: the traceback); the files
    after it are still checked. Limits: docs/limits.md.

    A folder, a glob, --jobs or --ray checks a batch: one JSON Lines record per file (to
    --out, or stdout), a summary on stderr (docs/scale.md).
    """
    if sign_key and not manifest_path:
        raise click.UsageError("--sign needs --manifest (the signature goes in the manifest)")
    if sign_key:
        _usable_key(sign_key)  # before the check: a bad key fails at once
    _never_an_input(files, out, "--out", "the report")
    _a_safe_manifest_path(files, manifest_path)
    if jobs or resume or ray_address or any(Path(f).is_dir() or _is_glob(f) for f in files):
        if llm or courtlistener or nli_model:
            raise click.UsageError(
                "a batch checks against the local library only (no --llm, --courtlistener, --nli-model)"
            )
        from citeproof.cli.batch_run import run_batch

        given = click.get_current_context().get_parameter_source("fmt") is not ParameterSource.DEFAULT
        limits = limits_from_options(limit_values)
        conditions = _conditions(fail_on)
        sys.exit(
            run_batch(
                files,
                library_spec,
                jobs or 1,
                out,
                resume,
                ray_address,
                quiet,
                limits,
                conditions,
                fmt if given else None,
            )
        )
    if fmt == "jsonl":
        raise click.UsageError("--format jsonl is for a batch (a folder, a glob, --jobs); use json")
    if out and len(files) > 1:
        raise click.UsageError("--out takes one input file")
    _check_output_options(files, fmt, filing, out)
    limits = limits_from_options(limit_values)
    show_remote_warnings()
    library = _with_courtlistener(load_library(library_spec), courtlistener)
    judge = judge_from_options(llm, model, base_url, llm_config)  # None without --llm
    nli = nli_from_option(nli_model)  # None without --nli-model
    renderers: dict[str, Callable[[Report], str]] = {
        "text": render_text,
        "markdown": render_markdown,
        "toa": render_toa_filing if filing else render_toa,
        "html": partial(render_html, manifest_href=manifest_path),
    }
    flagged = failed = False  # a --fail-on condition holds; a file failed
    checked: list[tuple[str, Report]] = []  # for the manifest
    for name in files:
        try:
            if name == "-":
                doc = document_from_stream(sys.stdin.buffer, "<stdin>", limits)
            else:
                doc = read_document(name, limits=limits)
            with progress_bar(f"{name}: checking citations") as show:
                report = check_document(doc, library, None if quiet else show, judge, limits=limits, nli=nli)
            checked.append((name, report))
        except (ReadError, LimitExceeded) as exc:
            report_failure(exc, debug)
            failed = True
            continue
        except Exception as exc:  # any other fault fails this file, loudly, never as exit 1
            report_failure(exc, debug, f"{name}: ")
            failed = True
            continue
        _emit(name, report, fmt, out, renderers)
        hidden = hidden_verdicts(report.document, report.verdicts)
        if hidden:
            click.echo(_hidden_line(name, hidden), err=True)
        flagged = flagged or fails_on(report, _conditions(fail_on))
        unsettled = [v.citation.text for v in report.verdicts if v.reason in REMOTE_FAULTS]
        if unsettled:
            click.echo(_unsettled_line(name, unsettled, len(report.verdicts)), err=True)
        failed = failed or bool(unsettled)
    if manifest_path:
        write_run_manifest(manifest_path, checked, library, judge, sign_key)
    sys.exit(EXIT_HALLUCINATED if flagged else EXIT_USAGE if failed else EXIT_OK)


def _check_output_options(files: tuple[str, ...], fmt: str, filing: bool, out: str | None) -> None:
    if fmt == "docx" and (not out or not files[0].lower().endswith(".docx")):
        raise click.UsageError("--format docx needs a .docx brief and --out FILE for the commented copy")
    if fmt == "toa-docx" and (not out or not out.lower().endswith(".docx")):
        raise click.UsageError("--format toa-docx needs --out FILE.docx for the table of authorities")
    if filing and fmt != "toa":
        raise click.UsageError("--filing goes with --format toa (toa-docx is always the table to file)")


def _never_an_input(files: tuple[str, ...] | list[str], target: str | None, option: str, what: str) -> None:
    """A usage error (exit 2, nothing written) when ``target`` is one of the input files,
    under any name (a link, ``./``) or among the files of a folder or glob."""
    if not target or not Path(target).exists():
        return
    named = [f for f in files if f != "-"]
    if any(_same_file(name, target) for name in named):
        raise click.UsageError(f"{option} {target} is the input: {what} would overwrite the brief")
    if any(Path(f).is_dir() or _is_glob(f) for f in named):
        from citeproof.cli import batch

        if any(_same_file(str(name), target) for name in batch.expand(tuple(named)).files):
            raise click.UsageError(f"{option} {target} is one of the inputs: {what} would overwrite it")


def _a_safe_manifest_path(files: tuple[str, ...], manifest_path: str | None) -> None:
    """A usage error, before any check, when the manifest would overwrite an input or be
    written through a link or into something that is not a regular file."""
    _never_an_input(files, manifest_path, "--manifest", "the manifest")
    if manifest_path:
        try:
            refuse_unsafe_target(manifest_path)
        except UnsafeFile as exc:
            raise click.UsageError(f"--manifest: {exc}") from None


def _emit(
    name: str, report: Report, fmt: str, out: str | None, renderers: dict[str, Callable[[Report], str]]
) -> None:
    """Write one file's report in ``fmt``: to ``out``, else to stdout."""
    if fmt == "docx":
        comments = annotate_docx(name, report, out or "")
        click.echo(f"{out}: {comments} comment(s) on {len(report.verdicts)} citation(s)")
        return
    if fmt == "toa-docx":
        listed = write_toa_docx(report.document, report.verdicts, out or "")
        click.echo(f"{out}: a table of authorities listing {listed} authorities")
        return
    as_json = fmt == "json"
    rendered = json.dumps(report.to_json(), ensure_ascii=False) if as_json else renderers[fmt](report)
    if out:
        Path(out).write_text(rendered + "\n", encoding="utf-8")
    else:
        click.echo(rendered)


def _unsettled_line(name: str, unsettled: list[str], total: int) -> str:
    """Which citations a remote failure left unverifiable; the others keep what the offline
    library found."""
    shown = "; ".join(unsettled[:10]) + (f"; and {len(unsettled) - 10} more" if len(unsettled) > 10 else "")
    rest = total - len(unsettled)
    return (
        f"citeproof: {name}: the remote failure left {len(unsettled)} citation(s) unverifiable: {shown}"
        + (f" (the other {rest} keep the offline library's verdict)" if rest else "")
    )


def _hidden_line(name: str, hidden: list[Verdict]) -> str:
    """The citations that stand in text the document hides from its reader (checked)."""
    listed = "; ".join(f"{v.citation.id} {v.citation.text} ({v.status.value})" for v in hidden[:10])
    more = f"; and {len(hidden) - 10} more" if len(hidden) > 10 else ""
    return f"citeproof: warning: {name}: {len(hidden)} citation(s) in hidden text, checked: {listed}{more}"


def _same_file(name: str, out: str) -> bool:
    return name != "-" and Path(name).exists() and Path(out).exists() and Path(name).samefile(out)


def nli_from_option(path: str | None) -> Entailment | None:
    """The NLI model of ``--nli-model``, or None; a folder that holds none is a usage error."""
    if path is None:
        return None
    from citeproof.llm.nli import NLIModelError, OnnxNLI

    try:
        return OnnxNLI(path)
    except NLIModelError as exc:
        raise click.BadParameter(str(exc), param_hint="--nli-model") from None


def fails_on(report: Report, conditions: tuple[str, ...]) -> bool:
    """Whether any of ``conditions`` (names of `FAIL_ON`) holds in the report."""
    counts = {
        "hallucinated": report.count("hallucinated"),
        "unverifiable": report.count("unverifiable"),
        "overruled": report.count_overruled(),
    }
    return any(counts[c] for c in conditions)


def _is_glob(name: str) -> bool:
    return not Path(name).exists() and any(ch in name for ch in "*?[")


def _usable_key(path: str) -> None:
    from citeproof.audit.signing import KeyFileError, load_private

    try:
        load_private(path)
    except KeyFileError as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)


def _with_courtlistener(library: Library, flag: bool | None) -> Library:
    """The library, chained with CourtListener when asked (issue 4) and it asks no remote
    service yet (``--library courtlistener`` does)."""
    from citeproof.library.courtlistener.config import with_courtlistener

    return library if library.origin().host is not None else with_courtlistener(library, flag)

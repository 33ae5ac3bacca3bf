"""Make a run's manifest and re-run a check from one (what ``citeproof audit`` does)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from citeproof.audit.compare import AuditResult, Outcome, compare, input_problems
from citeproof.audit.files import UnsafeFile
from citeproof.audit.manifest import Input, build_manifest
from citeproof.core.output.report import Report
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.reading.read import ReadError, read_document
from citeproof.library.hash_cache import computed_content_hash
from citeproof.llm.judge import LLMJudge


def _remote(library: Library) -> str | None:
    """The host of the remote service the library asks (CourtListener), if it asks one."""
    return library.origin().host


def run_options(library: Library, judge: LLMJudge | None) -> dict[str, Any]:
    """The options that change verdicts, by name and host only: never a key or token."""
    remote = _remote(library)
    llm = None
    if judge is not None:
        model = judge.model.describe()
        llm = {"model": model.model, "endpoint": model.endpoint}
    return {
        "courtlistener": remote,
        "llm": llm,
    }


def make_manifest(
    checked: Sequence[tuple[Input, Report]],
    library: Library,
    judge: LLMJudge | None,
    remembered_hash: bool = True,
) -> dict[str, Any]:
    """The manifest of reports made with ``library`` (and ``judge``), one per input; the
    library file's content hash computed (`computed_content_hash`; ``remembered_hash=False``:
    recomputed whatever was remembered)."""
    path = library.origin().path
    computed = None if path is None else computed_content_hash(path, remembered=remembered_hash)
    return build_manifest(
        [given for given, _ in checked],
        [report for _, report in checked],
        library.snapshot(),
        path,
        computed,
        run_options(library, judge),
        library.answered(),
    )


def _not_reproducible(*problems: str) -> AuditResult:
    return AuditResult(Outcome.NOT_REPRODUCIBLE, problems=problems)


def _open_library(manifest: dict[str, Any], library_spec: str | None) -> Library:
    """The library ``library_spec`` names (`open_library`), else the recorded file if it is
    in this user's library folder (where the bundled library is kept), else the default;
    chained with CourtListener when the check asked it."""
    from citeproof.library.default import default_library_path
    from citeproof.library.registry import open_library

    recorded = Path(str((manifest.get("where") or {}).get("library_file") or "")).name
    kept = default_library_path().parent / recorded if recorded else None
    spec = library_spec or (str(kept) if kept and kept.is_file() else None)
    library = open_library(spec)
    host = manifest["options"].get("courtlistener")
    if host and library.origin().host is None:
        from citeproof.library.courtlistener.config import with_courtlistener

        library = with_courtlistener(library, True)
    return library


def _remote_problems(manifest: dict[str, Any], library: Library) -> list[str]:
    keys = manifest.get("remote_answers") or []
    if not manifest["options"].get("courtlistener"):
        return []
    kept = library.kept_answers(keys)
    if kept is None:
        return ["the check asked CourtListener, and no cache of its answers is configured here"]
    missing = set(keys) - kept
    if missing:
        return [f"{len(missing)} of {len(keys)} CourtListener answers are no longer in the cache"]
    return []


def _given_inputs(recorded: Sequence[dict[str, Any]], files: Sequence[str]) -> list[Input]:
    """Each file hashed as its recorded input was: its bytes, or its text as citeproof reads it."""
    kinds = [r.get("of", "file") for r in recorded] + ["file"] * len(files)
    return [
        Input.of_text(f, read_document(f).text) if kind == "text" else Input.of_file(f)
        for f, kind in zip(files, kinds, strict=False)
    ]


def audit_run(
    manifest: dict[str, Any], files: Sequence[str], library_spec: str | None, judge: LLMJudge | None
) -> AuditResult:
    """Re-run the check a manifest records and compare verdict by verdict."""
    try:
        problems = input_problems(manifest["inputs"], _given_inputs(manifest["inputs"], files))
    except (ReadError, UnsafeFile, OSError) as exc:
        return _not_reproducible(f"an input cannot be read: {exc}")
    recorded_llm = manifest["options"].get("llm")
    if recorded_llm and judge is None:
        problems.append(
            f"the check used an LLM judge ({recorded_llm.get('model')} at {recorded_llm.get('endpoint')}): "
            "pass --llm with the same model to re-run it"
        )
    if problems:
        return _not_reproducible(*problems)
    try:
        library = _open_library(manifest, library_spec)
        remote_problems = _remote_problems(manifest, library)
        if remote_problems:
            return _not_reproducible(*remote_problems)
        given = _given_inputs(manifest["inputs"], files)
        checked = [
            (g, check_document(read_document(f), library, None, judge))
            for g, f in zip(given, files, strict=True)
        ]
    except (LibraryError, ReadError, UnsafeFile, OSError) as exc:
        return _not_reproducible(f"the library or an input cannot be read: {exc}")
    return compare(manifest, make_manifest(checked, library, judge, remembered_hash=False))

"""Make a run's manifest and re-run a check from one (what ``citeproof audit`` does)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from citeproof.audit.compare import AuditResult, Outcome, compare, input_problems
from citeproof.audit.manifest import Input, build_manifest
from citeproof.core.output.report import Report
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.reading.read import ReadError, read_document
from citeproof.library.chain import ChainLibrary
from citeproof.library.content_hash import content_hash
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.llm.judge import LLMJudge


def _remote(library: Library) -> CourtListenerLibrary | None:
    if isinstance(library, ChainLibrary) and isinstance(library.remote, CourtListenerLibrary):
        return library.remote
    return None


def run_options(library: Library, judge: LLMJudge | None) -> dict[str, Any]:
    """The options that change verdicts, by name and host only: never a key or token."""
    remote = _remote(library)
    llm = None
    if judge is not None:
        model = judge.model.describe()
        llm = {"model": model.model, "endpoint": model.endpoint}
    return {
        "courtlistener": httpx.URL(remote.source).host if remote is not None else None,
        "llm": llm,
    }


def _local_path(library: Library) -> str | None:
    local = library.local if isinstance(library, ChainLibrary) else library
    return str(local.path) if isinstance(local, SQLiteLibrary) else None


def make_manifest(
    checked: Sequence[tuple[Input, Report]], library: Library, judge: LLMJudge | None
) -> dict[str, Any]:
    """The manifest of reports made with ``library`` (and ``judge``), one per input."""
    remote = _remote(library)
    return build_manifest(
        [given for given, _ in checked],
        [report for _, report in checked],
        library.snapshot(),
        _local_path(library),
        run_options(library, judge),
        remote.answered() if remote is not None else (),
    )


def _not_reproducible(*problems: str) -> AuditResult:
    return AuditResult(Outcome.NOT_REPRODUCIBLE, problems=problems)


def _open_library(manifest: dict[str, Any], library_path: str | None) -> Library:
    from citeproof.library.default import open_library

    recorded = (manifest.get("where") or {}).get("library_path")
    path = library_path or (recorded if recorded and Path(recorded).is_file() else None)
    library: Library = open_library(path)
    host = manifest["options"].get("courtlistener")
    if host:
        from citeproof.library.courtlistener.config import with_courtlistener

        library = with_courtlistener(library, True)
    return library


def _remote_problems(manifest: dict[str, Any], library: Library) -> list[str]:
    keys = manifest.get("remote_answers") or []
    if not manifest["options"].get("courtlistener"):
        return []
    remote = _remote(library)
    if remote is None or remote.cache is None:
        return ["the check asked CourtListener, and no cache of its answers is configured here"]
    missing = set(keys) - set(remote.cache.lookups(remote.source, keys))
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
    manifest: dict[str, Any], files: Sequence[str], library_path: str | None, judge: LLMJudge | None
) -> AuditResult:
    """Re-run the check a manifest records and compare verdict by verdict."""
    try:
        problems = input_problems(manifest["inputs"], _given_inputs(manifest["inputs"], files))
    except ReadError as exc:
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
        library = _open_library(manifest, library_path)
        remote_problems = _remote_problems(manifest, library)
        if remote_problems:
            return _not_reproducible(*remote_problems)
        given = _given_inputs(manifest["inputs"], files)
        checked = [
            (g, check_document(read_document(f), library, None, judge))
            for g, f in zip(given, files, strict=True)
        ]
    except (LibraryError, ReadError, OSError) as exc:
        return _not_reproducible(f"the library or an input cannot be read: {exc}")
    result = compare(manifest, make_manifest(checked, library, judge))
    if result.outcome is Outcome.DIFFERENT:
        result = replace(result, causes=(*result.causes, *_tampering(library)))
    return result


def _tampering(library: Library) -> list[str]:
    """A library file whose content no longer matches the hash recorded when it was built."""
    local = library.local if isinstance(library, ChainLibrary) else library
    if not isinstance(local, SQLiteLibrary):
        return []
    recorded, actual = local.snapshot().content_hash, content_hash(local.conn)
    if recorded == actual:
        return []
    return [
        f"library: {local.path} was changed after it was built: its content hashes to {actual}, "
        f"not to its recorded snapshot {recorded or '(none)'}"
    ]

"""A run manifest: what a check read, with what, under which options, and what it decided.

A manifest names each input by its sha256, the citeproof, eyecite, reporters-db and
courts-db versions, the library's snapshot hash, the options that change verdicts (never a
key or token), every verdict, and two digests:

- ``verdicts_digest``: sha256 of the verdict records (canonical JSON);
- ``digest``: sha256 of the whole manifest without its time, place (the library's file
  name) and signature, so the same inputs, library, version and options always give the
  same digest.

`integrity_problems` recomputes both; ``citeproof audit`` refuses a manifest whose digests
do not match its content, signed or not. A manifest names no path of the machine that made
it: inputs and the library file by their file names only.

``citeproof audit`` re-runs a check from a manifest (``run.py``) and compares the two
(``compare.py``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from citeproof.audit.files import UnsafeFile, opened_regular, read_bounded, write_replacing
from citeproof.core.models import Snapshot, Verdict
from citeproof.core.output.report import Report
from citeproof.core.version import __version__

MANIFEST_VERSION = 1
MAX_MANIFEST_BYTES = 64 << 20  # 16,000 verdicts take about 5 MB
# Left out of ``digest``: when and where a run happened is not what it decided.
_UNSIGNED = ("created_at", "where", "signature")
_SIGNATURE = "signature"  # left out of what a signature covers


class ManifestError(ValueError):
    """A manifest that cannot be read, or does not say what a manifest must."""


def canonical(value: Any) -> bytes:
    """The one byte form of a JSON value that is hashed and signed: sorted keys, no spaces."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def sha256_hex(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def file_sha256(path: str | Path) -> str:
    """sha256 of a regular file's bytes (`UnsafeFile` for a FIFO or a device: never ends)."""
    digest = hashlib.sha256()
    with opened_regular(path) as (fd, _):
        for block in iter(lambda: os.read(fd, 1 << 20), b""):
            digest.update(block)
    return "sha256:" + digest.hexdigest()


def versions() -> dict[str, str]:
    """The versions whose change can change a verdict."""
    found = {"citeproof": __version__}
    for dist in ("eyecite", "reporters-db", "courts-db"):
        try:
            found[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            found[dist] = "not installed"
    return found


@dataclass(frozen=True, slots=True)
class Input:
    """One checked document: its file name (no folder: a manifest names no place of the
    machine), the hash and size of its file's bytes (``of="file"``) or, where no file was
    kept (stdin, the web page), of its UTF-8 text."""

    name: str
    sha256: str
    size: int
    of: str = "file"

    @classmethod
    def of_file(cls, path: str | Path) -> Input:
        digest = file_sha256(path)
        return cls(name=Path(path).name, sha256=digest, size=Path(path).stat().st_size)

    @classmethod
    def of_text(cls, name: str, text: str) -> Input:
        data = text.encode("utf-8")
        return cls(name=Path(name).name or name, sha256=sha256_hex(data), size=len(data), of="text")


def verdict_record(index: int, verdict: Verdict) -> dict[str, Any]:
    """What a manifest keeps of one verdict: enough to tell whether a re-run agrees."""
    c = verdict.citation
    return {
        "input": index,
        "id": c.id,
        "text": c.text,
        "span": c.span.as_list(),
        "status": verdict.status.value,
        "reason": verdict.reason.value if verdict.reason else None,
        "kinds": sorted({f.kind.value for f in verdict.errors}),
        "authority": verdict.authority.id if verdict.authority else None,
    }


def verdict_records(reports: Sequence[Report]) -> list[dict[str, Any]]:
    return [verdict_record(i, v) for i, report in enumerate(reports) for v in report.verdicts]


def library_record(snap: Snapshot, computed_hash: str | None) -> dict[str, Any]:
    """The library as the run found it: ``content_hash`` computed from its content (where
    there is a local file), and ``built_hash``, what its metadata claims, only when the
    two differ (the file was changed after it was built)."""
    record: dict[str, Any] = {
        "name": snap.name,
        "content_hash": computed_hash or snap.content_hash or None,
        "built_at": snap.built_at,
        "cases": snap.cases,
        "opinions_with_text": snap.opinions_with_text,
    }
    if computed_hash and computed_hash != snap.content_hash:
        record["built_hash"] = snap.content_hash or None
    return record


def build_manifest(
    inputs: Sequence[Input],
    reports: Sequence[Report],
    snapshot: Snapshot,
    library_file: Path | None,
    computed_hash: str | None,
    options: Mapping[str, Any],
    remote_keys: Iterable[str] = (),
    now: dt.datetime | None = None,
) -> dict[str, Any]:
    """The manifest of one ``check`` run over ``inputs`` (one report per input, same order)
    with ``library_file`` (its name is kept, not its folder) whose content hashes to
    ``computed_hash``."""
    if len(inputs) != len(reports):
        raise ManifestError(f"{len(inputs)} inputs but {len(reports)} reports")
    records = verdict_records(reports)
    manifest: dict[str, Any] = {
        "manifest_version": MANIFEST_VERSION,
        "created_at": (now or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "versions": versions(),
        "inputs": [{"name": i.name, "sha256": i.sha256, "size": i.size, "of": i.of} for i in inputs],
        "where": {"library_file": library_file.name if library_file else None},
        "library": library_record(snapshot, computed_hash),
        "options": dict(options),
        "remote_answers": sorted(set(remote_keys)),
        "verdicts": records,
        "verdicts_digest": sha256_hex(canonical(records)),
    }
    manifest["digest"] = manifest_digest(manifest)
    return manifest


def manifest_digest(manifest: Mapping[str, Any]) -> str:
    """sha256 of the manifest without its time, place, signature and own digest."""
    body = {k: v for k, v in manifest.items() if k not in (*_UNSIGNED, "digest")}
    return sha256_hex(canonical(body))


def integrity_problems(manifest: Mapping[str, Any]) -> list[str]:
    """Where a manifest's recorded digests are not those of its own content (empty when
    they are): a verdict rewritten, or any other field, without recomputing them."""
    problems: list[str] = []
    verdicts = sha256_hex(canonical(manifest.get("verdicts")))
    if manifest.get("verdicts_digest") != verdicts:
        problems.append(
            f"its verdicts_digest {str(manifest.get('verdicts_digest'))[:19]}… does not match its "
            f"verdicts ({verdicts[:19]}…): a verdict was changed after the manifest was written"
        )
    whole = manifest_digest(manifest)
    if manifest.get("digest") != whole:
        problems.append(
            f"its digest {str(manifest.get('digest'))[:19]}… does not match its content "
            f"({whole[:19]}…): it was changed after it was written"
        )
    return problems


def signed_bytes(manifest: Mapping[str, Any]) -> bytes:
    """What a signature covers: the whole manifest but the signature itself."""
    return canonical({k: v for k, v in manifest.items() if k != _SIGNATURE})


_REQUIRED = ("manifest_version", "versions", "inputs", "library", "options", "verdicts", "digest")


def load_manifest(path: str | Path) -> dict[str, Any]:
    """Read and shape-check a manifest file; ManifestError says what is wrong."""
    try:
        value = json.loads(read_bounded(path, MAX_MANIFEST_BYTES, "a manifest").decode("utf-8"))
    except OSError as exc:
        raise ManifestError(f"cannot read manifest {path}: {exc.strerror or exc}") from None
    except UnsafeFile as exc:
        raise ManifestError(str(exc)) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ManifestError(f"{path} is not a JSON manifest: {exc}") from None
    if not isinstance(value, dict):
        raise ManifestError(f"{path} is not a manifest: expected a JSON object")
    missing = [k for k in _REQUIRED if k not in value]
    if missing:
        raise ManifestError(f"{path} is not a citeproof manifest: missing {', '.join(missing)}")
    if value["manifest_version"] != MANIFEST_VERSION:
        raise ManifestError(
            f"{path} is manifest version {value['manifest_version']!r}; "
            f"this citeproof reads version {MANIFEST_VERSION}"
        )
    return value


def write_manifest(manifest: Mapping[str, Any], path: str | Path) -> None:
    """Write the manifest as JSON; `UnsafeFile` when ``path`` is a link or not a regular file."""
    write_replacing(path, (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))

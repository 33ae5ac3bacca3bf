"""``citeproof audit`` and ``citeproof keys``: re-run a check from its manifest; make signing keys.

Exit status of ``audit``: 0 same verdicts, 1 different verdicts (each listed, with what
changed between the runs), 2 not reproducible or the manifest fails verification (its
signature, or its digests recomputed from its content).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from citeproof.audit.compare import Outcome, render_text
from citeproof.audit.files import UnsafeFile
from citeproof.audit.manifest import (
    Input,
    ManifestError,
    integrity_problems,
    load_manifest,
    write_manifest,
)
from citeproof.audit.run import audit_run, make_manifest
from citeproof.audit.signing import KeyFileError, load_private, load_public, new_keypair, sign, verify
from citeproof.cli.common import EXIT_USAGE, library_option
from citeproof.cli.llm import judge_from_options, llm_options
from citeproof.core.output.report import Report
from citeproof.core.protocols import Library
from citeproof.llm.judge import LLMJudge

EXIT_SAME, EXIT_DIFFERENT, EXIT_NOT_REPRODUCIBLE = 0, 1, 2


def write_run_manifest(
    path: str,
    checked: Sequence[tuple[str, Report]],
    library: Library,
    judge: LLMJudge | None,
    sign_key: str | None,
) -> None:
    """Write (and sign) the manifest of a ``check`` run; key or input problems exit 2. A
    library changed after its build is named on stderr (and in the manifest)."""
    try:
        inputs = [
            Input.of_text("<stdin>", report.document.text) if name == "-" else Input.of_file(name)
            for name, report in checked
        ]
        private = load_private(sign_key) if sign_key else None
    except (KeyFileError, UnsafeFile, OSError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    manifest = make_manifest(list(zip(inputs, (r for _, r in checked), strict=True)), library, judge)
    edited = manifest["library"]
    if "built_hash" in edited:
        click.echo(
            f"citeproof: warning: library {library.origin().path} was changed after it was built: its "
            f"content hashes to {edited['content_hash']}, not to its recorded snapshot "
            f"{edited['built_hash'] or '(none)'}; the manifest records what it now holds",
            err=True,
        )
    if private is not None:
        manifest = sign(manifest, private)
    try:
        write_manifest(manifest, path)
    except (UnsafeFile, OSError) as exc:
        click.echo(f"citeproof: manifest not written: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"citeproof: manifest written to {path} ({manifest['digest'][:19]}…)", err=True)


@click.command("audit")
@click.argument("manifest_path", type=click.Path(exists=True, dir_okay=False))
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@library_option(
    "Library to re-run with", "the file the manifest records if it is still there, else the default"
)
@click.option(
    "--key",
    "public_key",
    type=click.Path(exists=True, dir_okay=False),
    default=None,
    help="Require the manifest to be signed by this Ed25519 public key.",
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@llm_options
def audit_command(
    manifest_path: str,
    files: tuple[str, ...],
    library_spec: str | None,
    public_key: str | None,
    fmt: str,
    llm: bool,
    model: str | None,
    base_url: str | None,
    llm_config: str | None,
) -> None:
    """Re-run the check recorded in MANIFEST over FILES and compare the verdicts.

    Exit status: 0 same verdicts, 1 different (each change listed, with what differs between
    the runs: library snapshot, versions or options), 2 not reproducible, a signature that
    does not verify, or digests that do not match the manifest's own content.
    """
    try:
        manifest = load_manifest(manifest_path)
        expected = load_public(public_key) if public_key else None
    except (ManifestError, KeyFileError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    checked = verify(manifest, expected)
    if not checked.ok:
        click.echo(f"citeproof: {manifest_path}: {checked.message}", err=True)
        sys.exit(EXIT_NOT_REPRODUCIBLE)
    for problem in integrity_problems(manifest):
        click.echo(f"citeproof: {manifest_path}: {problem}", err=True)
    if integrity_problems(manifest):
        sys.exit(EXIT_NOT_REPRODUCIBLE)
    result = audit_run(manifest, files, library_spec, judge_from_options(llm, model, base_url, llm_config))
    if fmt == "json":
        click.echo(json.dumps({"signature": checked.message, **result.to_json()}, ensure_ascii=False))
    else:
        click.echo(f"signature: {checked.message}")
        click.echo(render_text(result))
    codes = {Outcome.SAME: EXIT_SAME, Outcome.DIFFERENT: EXIT_DIFFERENT}
    sys.exit(codes.get(result.outcome, EXIT_NOT_REPRODUCIBLE))


@click.group("keys")
def keys_group() -> None:
    """Ed25519 keys for signing run manifests."""


@keys_group.command("new")
@click.argument("private_key", type=click.Path(dir_okay=False, path_type=Path))
def keys_new(private_key: Path) -> None:
    """Write PRIVATE_KEY (mode 0600) and PRIVATE_KEY.pub; never overwrites."""
    try:
        pair = new_keypair(private_key)
    except (KeyFileError, OSError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(
        f"private key {pair.private} (keep it secret)\npublic key  {pair.public}\nkey id      {pair.key_id}"
    )

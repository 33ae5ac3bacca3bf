"""``citeproof library``: build and inspect case-law libraries."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from citeproof.cli.common import EXIT_USAGE, library_option, load_library_file
from citeproof.cli.courtlistener import import_group
from citeproof.cli.download import download_group
from citeproof.core.checking.us_reports import FIRST_VOLUME, ORDERS_FROM
from citeproof.library.build import build_library
from citeproof.library.content_hash import content_hash
from citeproof.library.records import RecordError
from citeproof.library.us_decisions import SOURCE as DECISIONS_SOURCE
from citeproof.library.us_decisions import listed_summary

ABSENCE_PROVES = (
    f"a page between two listed decisions proves no decision begins there in volumes {FIRST_VOLUME} on, "
    f"before page {ORDERS_FROM}"
)


@click.group("library")
def library_group() -> None:
    """Build and inspect case-law libraries."""


@library_group.command("build")
@click.argument("sources", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "-o", required=True, type=click.Path(path_type=Path))
@click.option("--name", default="citeproof-library", show_default=True)
def library_build(sources: tuple[Path, ...], out: Path, name: str) -> None:
    """Build a library file from data-pack folders, CAP/CourtListener JSON(L) and CSVs."""
    try:
        counts = build_library(
            list(sources), out, name=name, progress=lambda m: click.echo(f"reading {m}", err=True)
        )
    except (FileNotFoundError, RecordError) as exc:
        click.echo(f"citeproof: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    click.echo(f"built {out}: " + ", ".join(f"{v:,} {k}" for k, v in counts.items()))


@library_group.command("info")
@library_option()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option(
    "--verify",
    is_flag=True,
    help="Recompute the snapshot hash from the content and compare it with the recorded one "
    "(exit 1 when they differ: the file was changed after it was built).",
)
def library_info(library_spec: str | None, fmt: str, verify: bool) -> None:
    """What a library holds: snapshot hash, counts, statute and treatment tables, coverage by
    reporter."""
    lib = load_library_file(library_spec)
    snap = lib.snapshot()
    table = lib.coverage_table()
    statutes = lib.statute_tables()
    listed = listed_summary(lib.conn)
    treatment = lib.treatment_tables()
    recomputed = content_hash(lib.conn) if verify else None
    dump_date = lib.meta().get("snapshot_date", "")
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "name": snap.name,
                    "built_at": snap.built_at,
                    "snapshot_date": dump_date,
                    "path": str(lib.path),
                    "cases": snap.cases,
                    "opinions_with_text": snap.opinions_with_text,
                    "citations": snap.citations,
                    "content_hash": snap.content_hash or None,
                    **({"recomputed_hash": recomputed} if recomputed else {}),
                    "statute_tables": [
                        {
                            "table": t.name,
                            "holds": t.describes,
                            "source": t.source,
                            "as_of": t.as_of,
                            "rows": t.rows,
                        }
                        for t in statutes
                    ],
                    "us_reports_decisions": {
                        "first_pages": listed[0],
                        "volumes": listed[1],
                        "source": DECISIONS_SOURCE,
                        "absence_proves": ABSENCE_PROVES,
                    }
                    if listed[0]
                    else None,
                    "treatment_tables": [
                        {
                            "table": t.name,
                            "holds": t.describes,
                            "source": t.source,
                            "as_of": t.as_of,
                            "rows": t.rows,
                        }
                        for t in treatment
                    ],
                    "coverage": [{"reporter": r, "status": s, "volumes": n} for r, s, n, _ in table],
                }
            )
        )
        sys.exit(_verify_status(snap.content_hash, recomputed))
    click.echo(
        f"library   {snap.name}\nbuilt at  {snap.built_at}\nfile      {lib.path}\n"
        f"snapshot  {snap.content_hash or 'not recorded (built before citeproof recorded hashes)'}\n"
        + (f"data of   {dump_date} (CourtListener bulk data)\n" if dump_date else "")
        + f"cases     {snap.cases:,}\nwith text {snap.opinions_with_text:,}\n"
        f"citations {snap.citations:,}\n"
    )
    for t in statutes:
        click.echo(f"statutes  {t.describes}, {t.as_of}: {t.rows:,} rows ({t.name}), from {t.source}")
    if not statutes:
        click.echo("statutes  no U.S. Code or federal rules tables: only impossible numbers are flagged")
    if listed[0]:
        click.echo(
            f"decisions U.S. Reports: {listed[0]:,} first pages in {listed[1]:,} volumes, from "
            f"{DECISIONS_SOURCE}; {ABSENCE_PROVES}"
        )
    for t in treatment:
        click.echo(f"treatment {t.describes}, {t.as_of}: {t.rows:,} rows ({t.name}), from {t.source}")
    if not treatment:
        click.echo("treatment no table of overruled decisions: no citation is flagged as overruled")
    click.echo("\ncoverage by reporter (volumes):")
    by_reporter: dict[str, list[str]] = {}
    for reporter, status, volumes, _ in table:
        by_reporter.setdefault(reporter, []).append(f"{status} {volumes}")
    for reporter, statuses in sorted(by_reporter.items(), key=lambda kv: kv[0]):
        click.echo(f"  {reporter:<18} {', '.join(statuses)}")
    click.echo("  (every other reporter: not_covered)")
    if recomputed is not None:
        same = recomputed == snap.content_hash
        click.echo(
            f"\nverify    {'content matches the recorded snapshot hash' if same else 'MISMATCH'}"
            + ("" if same else f": recomputed {recomputed}")
        )
    sys.exit(_verify_status(snap.content_hash, recomputed))


def _verify_status(recorded: str, recomputed: str | None) -> int:
    """0 unless --verify found content that no longer matches the recorded hash."""
    return 1 if recomputed is not None and recomputed != recorded else 0


library_group.add_command(import_group)
library_group.add_command(download_group)

"""Bulk import of CourtListener CSVs (real column layouts, both quoting styles, bz2 and plain)."""

from __future__ import annotations

import bz2
from pathlib import Path

import pytest

from citeproof.core.models import Coverage, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.bulk.importer import (
    CITATION_COLUMNS,
    CLUSTER_COLUMNS,
    OPINION_COLUMNS,
    copy_line,
    import_bulk,
    read_rows,
)
from citeproof.library.records import RecordError
from citeproof.library.sqlite import SQLiteLibrary

BROWN_HTML = (
    "<p>MR. CHIEF JUSTICE WARREN delivered the opinion of the Court.</p>\n"
    "<p>These cases come to us from the States of Kansas, South Carolina, Virginia, and "
    'Delaware. <span class="star-pagination">*484</span> The plaintiffs contend that '
    'segregated public schools are not "equal" and cannot be made `equal` \\ at all.</p>\n'
    "<p>Today, education is perhaps the most important function of state and local "
    'governments.</p>\n<p><span class="star-pagination">*485</span> We conclude that in the '
    'field of public education the doctrine of "separate but equal" has no place.</p>'
)
DISSENT_HTML = "<p>MR. JUSTICE PLANTED, dissenting.</p>\n<p>*Page 486 I would not go so far.</p>"


def _row(columns: tuple[str, ...], **values: object) -> list[object]:
    return [values.get(c, "") for c in columns]


def write_dump(folder: Path, backtick: bool, compress: bool) -> list[Path]:
    clusters = [
        _row(
            CLUSTER_COLUMNS,
            id=105221,
            date_filed="1954-05-17",
            case_name="Brown v. Board of Education",
            case_name_full="Brown et al. v. Board of Education of Topeka et al.",
            docket_id=1,
        ),
        _row(
            CLUSTER_COLUMNS, id=106545, date_filed="1963-03-18", case_name="Gideon v. Wainwright", docket_id=2
        ),
        _row(CLUSTER_COLUMNS, id=999, date_filed="1999-01-01", case_name="Uncited v. Nobody"),
    ]
    citations = [
        _row(CITATION_COLUMNS, id=1, volume=98, reporter="L. Ed.", page="873", type=1, cluster_id=105221),
        _row(CITATION_COLUMNS, id=2, volume=347, reporter="U.S.", page="483", type=1, cluster_id=105221),
        _row(CITATION_COLUMNS, id=3, volume=74, reporter="S. Ct.", page="686", type=1, cluster_id=105221),
        _row(CITATION_COLUMNS, id=4, volume=372, reporter="U.S.", page="335", type=1, cluster_id=106545),
        _row(CITATION_COLUMNS, id=5, volume=1, reporter="U.S.", page="1", type=1, cluster_id=424242),
    ]
    opinions = [
        _row(OPINION_COLUMNS, id=11, type="020lead", html_with_citations=BROWN_HTML, cluster_id=105221),
        _row(OPINION_COLUMNS, id=12, type="040dissent", html_lawbox=DISSENT_HTML, cluster_id=105221),
    ]
    paths = []
    for name, columns, rows in (
        ("opinion-clusters", CLUSTER_COLUMNS, clusters),
        ("citations", CITATION_COLUMNS, citations),
        ("opinions", OPINION_COLUMNS, opinions),
    ):
        text = copy_line(columns, backtick) + "".join(copy_line(r, backtick) for r in rows)
        path = folder / f"{name}-2024-12-31.csv{'.bz2' if compress else ''}"
        path.write_bytes(bz2.compress(text.encode()) if compress else text.encode())
        paths.append(path)
    return paths[::-1]  # any order on the command line


@pytest.mark.parametrize(("backtick", "compress"), [(False, False), (True, True)])
def test_rows_survive_both_quoting_styles(tmp_path, backtick, compress):
    opinions = write_dump(tmp_path, backtick, compress)[0]
    rows = list(read_rows(opinions))
    assert [r["id"] for r in rows] == ["11", "12"]
    assert rows[0]["html_with_citations"] == BROWN_HTML


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> tuple[Path, dict[str, int], list[tuple[str, int, float]]]:
    folder = tmp_path_factory.mktemp("bulk")
    seen: list[tuple[str, int, float]] = []
    out = folder / "cl.sqlite"
    counts = import_bulk(
        write_dump(folder, backtick=True, compress=True),
        out,
        progress=lambda kind, rows, done: seen.append((kind, rows, done)),
    )
    return out, counts, seen


def test_import_counts_and_progress(imported):
    _, counts, seen = imported
    assert counts["cases"] == 2 and counts["citations"] == 4 and counts["opinions_with_text"] == 1
    assert counts["citations_rows"] == 5 and counts["clusters_rows"] == 3
    assert {kind for kind, _, _ in seen} >= {"clusters", "citations", "opinions"}
    assert all(0.0 <= done <= 1.0 for _, _, done in seen)


def test_imported_library_answers_like_the_embedded_one(imported):
    lib = SQLiteLibrary(imported[0])
    (brown,) = lib.cases_at("347", "U.S.", 483)
    assert brown.name_abbreviation == "Brown v. Board of Education"
    assert [str(c) for c in brown.citations] == ["347 U.S. 483", "74 S. Ct. 686", "98 L. Ed. 873"]
    assert lib.cases_at("1", "U.S.", 1) == ()  # a citation of a cluster missing from the dump
    opinion = lib.opinion(brown.id)
    start, end = opinion.page_text("U.S.", 484)
    assert "cannot be made `equal` \\ at all" in opinion.text[start:end]
    assert [b.page for b in opinion.breaks_for("U.S.")] == [483, 484, 485, 486]
    assert "I would not go so far" in opinion.text[opinion.page_text("U.S.", 486)[0] :]
    assert lib.case_around("347", "U.S.", 486).last_known_page == 486
    assert lib.meta()["snapshot_date"] == "2024-12-31"
    assert lib.coverage("U.S.", "347") is Coverage.PARTIAL


def test_imported_library_checks_a_brief(imported):
    brief = (
        'The plaintiffs argued that segregated schools "cannot be made `equal` \\ at all." '
        "Brown v. Board of Education, 347 U.S. 483, 484 (1954).\n"
    )
    (verdict,) = check_document(document_from_text(brief), SQLiteLibrary(imported[0])).verdicts
    assert verdict.status is Status.VERIFIED


def test_a_full_dump_too_thin_to_show_a_volume_whole_claims_nothing_complete(tmp_path):
    out = tmp_path / "full.sqlite"
    import_bulk(write_dump(tmp_path, backtick=False, compress=False), out, complete=True)
    lib = SQLiteLibrary(out)
    assert lib.coverage("U.S.", "347") is Coverage.PARTIAL  # one case: the data do not show it whole
    assert lib.coverage("U.S.", "348") is Coverage.NOT_COVERED


def test_a_dump_without_clusters_is_refused(tmp_path):
    citations = [p for p in write_dump(tmp_path, False, False) if p.name.startswith("citations")]
    with pytest.raises(RecordError, match="opinion-clusters"):
        import_bulk(citations, tmp_path / "x.sqlite")


def test_cli_imports_a_dump(tmp_path):
    from click.testing import CliRunner

    from citeproof.cli import main

    out = tmp_path / "cli.sqlite"
    files = [str(p) for p in write_dump(tmp_path, backtick=True, compress=True)]
    result = CliRunner().invoke(main, ["library", "import", "courtlistener-bulk", *files, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 cases" in result.output
    assert SQLiteLibrary(out).snapshot().cases == 2

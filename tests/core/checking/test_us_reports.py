"""U.S. Reports: every decision with an opinion is listed, so a page strictly between two
listed decisions of a volume's opinion section is no decision's first page."""

from __future__ import annotations

import datetime as dt

import pytest

from citeproof.core.checking.us_reports import ORDERS_FROM, in_orders_section, inside_listed
from citeproof.core.models import Authority, ReporterCite
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import CasePages
from citeproof.core.reading.read import document_from_text

AS_OF = dt.date(2026, 1, 1)


def _check(library, text):
    return check_document(document_from_text(text), library, as_of=AS_OF).verdicts


@pytest.mark.parametrize(
    ("cite", "inside", "next_page"),
    [
        ("Martinez v. Alabama, 512 U.S. 399 (1994)", "Dolan", 415),
        ("Smith v. Jones, 489 U.S. 173 (1989)", "OSTERNECK", 180),
        ("Doe v. Roe, 410 U.S. 150 (1973)", "ROE", 179),
    ],
)
def test_a_page_inside_a_listed_decision_is_nonexistent_with_the_case_named(library, cite, inside, next_page):
    (v,) = _check(library, cite + ".")
    assert v.status.value == "hallucinated"
    (error,) = v.errors
    assert error.kind.value == "nonexistent"
    assert inside in error.evidence and f"begins at page {next_page}" in error.evidence


def test_a_per_curiam_memorandum_the_database_lacks_is_a_real_decision(library):
    (v,) = _check(library, "In re Shuttlesworth, 369 U.S. 35 (1962).")
    assert v.status.value == "verified"
    assert v.authority is not None and "Shuttlesworth" in v.authority.name


def test_a_page_of_the_orders_section_stays_unverifiable_with_that_reason(library):
    (v,) = _check(library, "Jones v. Texas, 389 U.S. 1015 (1968).")
    assert (v.status.value, v.reason.value if v.reason else None) == ("unverifiable", "orders_section")


def test_the_decisions_of_an_old_volume_are_known_but_prove_no_absence(library):
    calder, made_up = _check(
        library, "Calder v. Bull, 3 U.S. (3 Dall.) 386 (1798). Roe v. Doe, 273 U.S. 640 (1927)."
    )
    assert calder.status.value in ("verified", "unverifiable") and calder.authority is not None
    assert "Calder" in calder.authority.name
    assert made_up.status.value == "unverifiable"  # before 1946 memoranda without opinions are unlisted


def _around(first: int, listed: tuple[int, ...], argued: frozenset[int] = frozenset()) -> CasePages:
    case = Authority(
        "x", "A v. B", "A v. B", "1990", "U.S. Supreme Court", (ReporterCite("490", "U.S.", str(first)),)
    )
    return CasePages(case, first, first, False, None, listed_pages=listed, argued_pages=argued)


def test_the_rule_reads_short_gaps_and_argued_spans_only():
    assert inside_listed(_around(100, (100, 130)), "490", 115)
    assert inside_listed(_around(100, (100, 130)), "490", 100) is None  # the first page itself
    assert inside_listed(_around(100, (100, 130)), "490", 130) is None
    assert inside_listed(_around(100, (100, 300)), "490", 150) is None  # a long gap proves nothing
    assert inside_listed(_around(100, (100, 300), frozenset({100, 300})), "490", 150)  # Furman's length
    assert inside_listed(_around(100, (100, 130)), "273", 115) is None  # before the 1946 Term
    assert inside_listed(_around(780, (780, ORDERS_FROM + 5)), "490", 790) is None  # runs into the orders
    assert inside_listed(_around(100, ()), "490", 115) is None  # no table: nothing proved


def test_the_orders_section():
    assert in_orders_section(_around(700, (700, 1301)), "490", ORDERS_FROM + 10)
    after_last = in_orders_section(_around(700, (700,)), "490", 750)  # no decision listed after 700
    assert after_last and "inside that decision or in the orders section after it" in after_last
    assert in_orders_section(_around(700, (700, 1301)), "490", 750)  # the next one is among the orders
    assert in_orders_section(_around(700, (700, 760)), "490", 750) is None  # another decision follows
    assert in_orders_section(_around(700, ()), "490", 900) is None


def test_library_info_shows_the_decisions_table_and_what_it_proves(library_path):
    import json

    from click.testing import CliRunner

    from citeproof.cli import main as cli

    runner = CliRunner()
    text = runner.invoke(cli, ["library", "info", "--library", str(library_path)]).output
    assert "decisions U.S. Reports:" in text and "jeffpar/lonedissent" in text
    info = json.loads(
        runner.invoke(cli, ["library", "info", "--library", str(library_path), "--format", "json"]).output
    )
    decisions = info["us_reports_decisions"]
    assert decisions["first_pages"] > 29_000 and decisions["volumes"] > 500
    assert "volumes 329 on, before page 801" in decisions["absence_proves"]


def test_the_content_hash_covers_the_decisions_table(tmp_path):
    import csv
    import gzip
    import shutil

    from citeproof.library.build import build_library
    from citeproof.library.default import bundled_data_dir
    from citeproof.library.sqlite import SQLiteLibrary

    def build(rows):
        folder = tmp_path / f"d{len(rows)}"
        folder.mkdir()
        shutil.copy(bundled_data_dir() / "scdb_2014_01.csv.gz", folder)
        with gzip.open(folder / "us_reports_decisions.csv.gz", "wt", encoding="utf-8", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(
                ["name", "volume", "reporter", "page", "decision_date", "court", "jurisdiction", "source"]
            )
            writer.writerows(rows)
        build_library([folder], folder / "lib.sqlite")
        return SQLiteLibrary(folder / "lib.sqlite")

    row = [
        "In re Shuttlesworth",
        "369",
        "U.S.",
        "35",
        "1962",
        "U.S. Supreme Court",
        "U.S.",
        "lonedissent:369-35-1",
    ]
    one = build([row])
    two = build([row, ["", "369", "U.S.", "36", "", "U.S. Supreme Court", "U.S.", "justia:369-36"]])
    assert one.snapshot().content_hash != two.snapshot().content_hash
    assert one.cases_at("369", "U.S.", 35)[0].name == "In re Shuttlesworth"
    assert two.cases_at("369", "U.S.", 36) == ()  # a first page without a name is no case

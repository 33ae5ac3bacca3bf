"""A library that keeps cases apart: every case of the bundled catalogue and opinions is
found at each of its own cites, under its own name, even where two cases share a page
(orders printed together) or a record carries another case's parallel cite."""

from __future__ import annotations

import sqlite3
from collections import defaultdict

from citeproof.core.text.names import compare_names
from citeproof.library.build import case_records, find_sources
from citeproof.library.default import bundled_data_dir


def names_at(library_path) -> dict[tuple[str, str, str], list[tuple[str, str]]]:
    conn = sqlite3.connect(library_path)
    found: dict[tuple[str, str, str], list[tuple[str, str]]] = defaultdict(list)
    rows = conn.execute(
        "SELECT ci.volume, ci.reporter, ci.page, c.name, c.name_abbreviation FROM citations ci "
        "JOIN cases c ON c.id = ci.case_id"
    )
    for volume, reporter, page, name, short in rows:
        found[(volume, reporter, page)].append((name, short or name))
    conn.close()
    return found


def test_every_catalogued_case_is_found_at_its_own_cites(library_path):
    at = names_at(library_path)
    lost = []
    records = 0
    for rec in case_records(find_sources(bundled_data_dir())):
        records += 1
        written = rec.name_abbreviation or rec.name
        for cite in rec.citations:
            there = at.get((cite.volume, cite.reporter, cite.page), [])
            if not any(compare_names(written, name, short).matches for name, short in there):
                lost.append((written, str(cite), [short for _, short in there][:3]))
    assert records > 50_000
    assert not lost, f"{len(lost)} cites lead elsewhere, e.g. {lost[:5]}"


def test_two_cases_on_one_page_are_both_there(library_path):
    at = names_at(library_path)
    shared = [key for key, names in at.items() if len({short for _, short in names}) > 1]
    assert shared  # orders and memoranda printed on one page of the U.S. Reports

"""Extraction against the gold set derived from eyecite's own tests (BSD-2, see
tests/data/LICENSE.eyecite): cite parts, case names and years of full case citations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.reading.read import document_from_text

GOLD = Path(__file__).resolve().parents[1] / "data" / "eyecite_find.jsonl"


@pytest.fixture(scope="module")
def scored() -> dict[str, list[bool]]:
    out: dict[str, list[bool]] = {"found": [], "name": [], "year": []}
    for line in GOLD.read_text().splitlines():
        record = json.loads(line)
        if "html" in (record.get("options") or {}).get("clean_steps", []):
            continue  # markup input: not what citeproof reads
        got = {
            (c.volume, c.reporter, c.page): c for c in extract_citations(document_from_text(record["text"]))
        }
        for exp in record["expected"]:
            if exp["kind"] != "full_case" or not exp.get("page"):
                continue
            c = got.get((exp["volume"], exp["reporter"], exp["page"]))
            out["found"].append(c is not None)
            if c is None:
                continue
            if exp.get("defendant"):
                out["name"].append(bool(c.case_name) and exp["defendant"].split()[0] in c.case_name)
            if exp.get("year"):
                out["year"].append(str(c.year) == exp["year"])
    return out


def test_full_case_citations_are_found(scored):
    found = scored["found"]
    assert len(found) >= 100 and sum(found) / len(found) >= 0.95


def test_case_names_and_years_agree_with_the_gold(scored):
    names, years = scored["name"], scored["year"]
    assert sum(names) / len(names) >= 0.95
    assert sum(years) / len(years) >= 0.75  # misses: year-first California style, blank pages

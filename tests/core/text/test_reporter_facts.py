"""Reporter facts from real data: every real catalogue row is possible, the derived table
is what the script makes, and reporters-db's dates are trusted only where data agree."""

from __future__ import annotations

import csv
import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import pytest

from citeproof.core.checking.impossible import impossible_cite
from citeproof.core.models import Citation, CitationType, CiteForm, Span
from citeproof.core.text.reporter_facts import (
    CLOSED_SERIES_LAST_VOLUME,
    VolumeYears,
    editions_facts,
    history_of,
    reporter_history,
    shipped_volume_years,
)

ROOT = Path(__file__).resolve().parents[3]
CATALOG = ROOT.parent / "shared" / "data" / "us" / "catalog"
CATALOGUES = ("cap_most_cited.csv", "scdb_2014_01.csv", "courtlistener_sample.csv")
AS_OF = dt.date(2018, 12, 31)  # after the newest catalogue row: the strictest date for them


def cite(volume: str, reporter: str, page: str, year: int | None) -> Citation:
    text = f"{volume} {reporter} {page}"
    return Citation(
        "c1", CitationType.CASE, CiteForm.FULL, text, Span(0, len(text)), volume, reporter, page, year=year
    )


def catalogue_rows():
    if not CATALOG.is_dir():
        pytest.skip(f"the data pack is not here ({CATALOG}): cannot sweep the real catalogue")
    for name in CATALOGUES:
        with (CATALOG / name).open(encoding="utf-8", newline="") as fh:
            yield from csv.DictReader(fh)


def test_no_real_catalogue_row_is_called_impossible_except_the_known_errata():
    errata = {e["cite"] for e in json.loads(_editions_json())["errata"]}
    impossible, rows = {}, 0
    for r in catalogue_rows():
        rows += 1
        c = cite(r["volume"], r["reporter"], r["page"], int(r["decision_date"][:4]))
        why = impossible_cite(c, reporter_history(r["reporter"]), AS_OF)
        if why:
            impossible[c.cite] = why
    assert rows == 82_498
    assert set(impossible) == errata, {k: v for k, v in impossible.items() if k not in errata}
    assert all("ended with volume 100" in why for why in impossible.values())


def test_the_shipped_table_holds_the_real_years_of_the_reporters_reporters_db_gets_wrong():
    f_supp = {v.volume: v for v in shipped_volume_years()["F. Supp."]}
    assert f_supp[955].last_year == 1997  # Government Guarantee Fund v. Hyatt Corp., 955 F. Supp. 441
    ohio = min(shipped_volume_years()["Ohio St. 3d"], key=lambda v: v.volume)
    assert (ohio.volume, ohio.first_year) == (2, 1982)  # reporters-db: Ohio St. 3d began in 1991


@pytest.mark.parametrize(
    "edition, field, wrong",
    [
        ("F. Supp.", "end", 1988),  # it ran to volume 999, in 1998
        ("F.R.D.", "start", 2001),  # volume 1 is from 1940
        ("Ohio St. 3d", "start", 1991),
        ("Idaho", "start", 1982),  # official reports number early volumes retroactively
        ("Va.", "start", 1880),
        ("Tenn.", "start", 1870),
        ("Ky.", "start", 1879),
        ("N.C.", "start", 1868),
        ("Mass.", "start", 1867),
        ("Del.", "start", 1920),
        ("Miss.", "start", 1851),
        ("Ill.", "start", 1849),
    ],
)
def test_reporters_db_dates_contradicted_by_real_data_are_corrected_with_their_rows(edition, field, wrong):
    facts = editions_facts()
    assert getattr(facts.editions[edition], f"{field}_trusted") is False
    correction = next(c for c in facts.corrections if (c["edition"], c["field"]) == (edition, field))
    assert correction["reporters_db"] == wrong and correction["justified_by"]
    years = [row["year"] for row in correction["justified_by"]]
    assert all(y < wrong - 1 for y in years) if field == "start" else all(y > wrong + 1 for y in years)


def test_dates_real_data_agree_with_stay_trusted():
    f2d = editions_facts().editions["F.2d"]
    assert (f2d.start, f2d.end, f2d.start_trusted, f2d.end_trusted) == (1924, 1993, True, True)


def test_one_volume_with_a_stray_date_does_not_move_its_neighbours_bounds():
    # P.2d 343 holds one case dated 1939 in the catalogue; its neighbours are 1959 cases.
    history = history_of(
        "P.2d",
        (
            VolumeYears(342, 1959, 1959),
            VolumeYears(343, 1939, 1939),
            VolumeYears(344, 1959, 1959),
            VolumeYears(346, 1960, 1960),
        ),
        None,
    )
    bound = history.latest_year(340)
    assert bound is not None and bound.year >= 1959


def test_a_library_extends_the_facts_with_what_it_imported():
    # A user's library holds a 1980 decision printed late in volume 100 of N.E.3d (2018).
    extra = frozenset({VolumeYears(100, 1980, 2018)})
    late = cite("100", "N.E.3d", "500", 1980)
    assert impossible_cite(late, reporter_history("N.E.3d"), AS_OF) is not None
    assert impossible_cite(late, reporter_history("N.E.3d", extra), AS_OF) is None
    assert (
        reporter_history("N.E.3d", extra).volumes[-1].volume == reporter_history("N.E.3d").volumes[-1].volume
    )


def test_the_sqlite_library_reports_the_years_of_its_volumes(library):
    years = {v.volume: v for v in library.volume_years("Ill. App. 3d")}
    assert years[359].first_year == years[359].last_year == 2005
    assert library.volume_years("Ill. App. 3d") is library.volume_years("Ill. App. 3d")  # a stable key


def test_the_closed_series_table_agrees_with_the_data():
    for reporter, last in CLOSED_SERIES_LAST_VOLUME.items():
        observed = [v.volume for v in shipped_volume_years().get(reporter, ())]
        assert all(v <= last for v in observed), reporter


def test_the_derivation_script_reproduces_the_shipped_files(tmp_path):
    if not CATALOG.is_dir():
        pytest.skip(f"the data pack is not here ({CATALOG})")
    script = ROOT / "scripts" / "derive_reporter_facts.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    shipped = ROOT / "src" / "citeproof" / "data" / "reporters"
    assert (tmp_path / "volume_years.csv.gz").read_bytes() == (shipped / "volume_years.csv.gz").read_bytes()
    made, kept = (json.loads((d / "editions.json").read_text(encoding="utf-8")) for d in (tmp_path, shipped))
    for key in ("editions", "series", "errata", "editions_known_as_of"):
        assert made[key] == kept[key], key
    assert _corrected(made) == _corrected(kept)


def _corrected(facts: dict) -> set[tuple[str, str, int]]:
    return {(c["edition"], c["field"], c["reporters_db"]) for c in facts["corrections"]}


def _editions_json() -> str:
    return (ROOT / "src" / "citeproof" / "data" / "reporters" / "editions.json").read_text(encoding="utf-8")

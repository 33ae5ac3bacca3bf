"""The table of overruled decisions: imported at build from the data file (never taken for a
case catalogue), read back by the overruled case's cite, covered by the content hash, listed
by `citeproof library info`, and absent without harm."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path

from click.testing import CliRunner
from tests.library_hash import hashed

from citeproof.cli import main as cli
from citeproof.core.models import TreatmentScope
from citeproof.library.build import build_library, find_sources
from citeproof.library.default import bundled_data_dir
from citeproof.library.sqlite import SQLiteLibrary

HEADER = (
    "overruled_cite,overruled_name,overruled_year,overruling_cite,overruling_name,overruling_year,"
    "scope,source,note\n"
)
ROE = (
    "410 U.S. 113,Roe v. Wade,1973,597 U.S. 215,Dobbs v. Jackson Women's Health Organization,2022,full,"
    "hand-added: decided after the 2022-05-03 table snapshot,\n"
)
PARDEN = (
    "377 U.S. 184,Parden v. Terminal Railway,1964,527 U.S. 666,College Savings Bank v. Florida Prepaid,"
    '1999,in part,"CONAN table 2022-05-03, order 28",\n'
    "377 U.S. 184,Parden v. Terminal Railway,1964,483 U.S. 468,Welch v. Texas Department of Highways,"
    '1987,in part,"CONAN table 2022-05-03, order 60",\n'
)
RACE_HORSE = (
    "163 U.S. 504,Ward v. Race Horse,1896,587 U.S. 329,Herrera v. Wyoming,2019,full,"
    '"CONAN table 2022-05-03, order 3",\n'
    "163 U.S. 504,Ward v. Race Horse,1896,526 U.S. 172,Minnesota v. Mille Lacs Band of Chippewa Indians,"
    '1999,in part,"CONAN table 2022-05-03, order 4",\n'
)
TABLE = HEADER + ROE + PARDEN + RACE_HORSE
OPINION = {
    "id": "t1",
    "name": "Alpha v. Beta",
    "decision_date": "2001-01-01",
    "court": "Test",
    "citations": [{"volume": "5", "reporter": "F.3d", "page": "10"}],
    "text": "The rule is plain.",
}


def built(tmp_path: Path, name: str, table: str | None = TABLE) -> SQLiteLibrary:
    """A library of one opinion and, unless None, the table (gzipped, as the package ships it)."""
    root = tmp_path / name
    root.mkdir()
    (root / "opinions.jsonl").write_text(json.dumps(OPINION) + "\n", encoding="utf-8")
    if table is not None:
        (root / "overruled.csv.gz").write_bytes(gzip.compress(table.encode()))
    out = tmp_path / f"{name}.sqlite"
    build_library([root], out)
    return SQLiteLibrary(out)


def without_the_table(lib: SQLiteLibrary, tmp_path: Path) -> SQLiteLibrary:
    """A copy as a library built before the table existed would be."""
    old = tmp_path / "old.sqlite"
    shutil.copy(lib.path, old)
    conn = sqlite3.connect(old)
    conn.executescript("DROP TABLE overruled; DELETE FROM statute_tables WHERE name = 'overruled';")
    conn.commit()
    conn.close()
    return SQLiteLibrary(old)


def test_the_bundled_table_is_a_treatment_source_not_a_case_catalogue():
    found = find_sources(bundled_data_dir())
    assert [p.name for p in found["treatment"]] == ["overruled.csv.gz"]
    assert all(p.name != "overruled.csv.gz" for p in found["catalog"])


def test_the_table_is_read_back_by_the_overruled_cases_cite(tmp_path):
    lib = built(tmp_path, "lib")
    roe = lib.treatment("410", "U.S.", 113)
    assert (roe.overruled_by, roe.name, roe.year, roe.scope) == (
        "597 U.S. 215",
        "Dobbs v. Jackson Women's Health Organization",
        2022,
        TreatmentScope.WHOLE,
    )
    assert roe.overruled_name == "Roe v. Wade" and roe.source.startswith("hand-added")
    assert lib.treatment("410", "U.S.", 114) is None
    assert lib.treatment("93", "S. Ct.", 705) is None  # the table gives U.S. cites only


def test_a_case_overruled_twice_gives_its_first_overruling_in_whole_else_in_part(tmp_path):
    lib = built(tmp_path, "lib")
    race_horse = lib.treatment("163", "U.S.", 504)  # in part in 1999, in whole in 2019
    assert (race_horse.name, race_horse.scope) == ("Herrera v. Wyoming", TreatmentScope.WHOLE)
    parden = lib.treatment("377", "U.S.", 184)  # in part twice: the first
    assert (parden.overruled_by, parden.year, parden.scope) == ("483 U.S. 468", 1987, TreatmentScope.IN_PART)


def test_the_table_is_listed_with_its_source_and_date(tmp_path):
    lib = built(tmp_path, "lib")
    (table,) = lib.treatment_tables()
    assert (table.name, table.rows) == ("overruled", 5)
    assert table.as_of == "as of 2022-05-03 (overrulings through 2019), plus 1 hand-added rows through 2022"
    assert "Constitution Annotated" in table.source and "fboulnois" in table.source
    assert lib.statute_tables() == ()  # the register's statute tables stay apart


def test_the_content_hash_covers_the_table(tmp_path):
    same = built(tmp_path, "a"), built(tmp_path, "b")
    assert hashed(same[0].path) == hashed(same[1].path) == same[0].snapshot().content_hash
    edited = built(tmp_path, "c", TABLE.replace("Herrera v. Wyoming,2019", "Herrera v. Wyoming,2018"))
    assert hashed(edited.path) != hashed(same[0].path)
    fewer = built(tmp_path, "d", HEADER + ROE)
    assert hashed(fewer.path) not in {hashed(same[0].path), hashed(edited.path)}


def test_without_the_table_nothing_is_overruled_and_the_hash_is_as_before(tmp_path):
    bare = built(tmp_path, "bare", table=None)
    assert bare.treatment_tables() == () and bare.treatment("410", "U.S.", 113) is None
    before = without_the_table(bare, tmp_path)  # an empty table adds nothing to the hash
    assert hashed(before.path) == hashed(bare.path)


def test_a_library_built_before_the_table_answers_none(tmp_path):
    before = without_the_table(built(tmp_path, "lib"), tmp_path)
    assert before.treatment_tables() == ()
    assert before.treatment("410", "U.S.", 113) is None


def test_library_info_lists_the_table(library_path):
    runner = CliRunner()
    text = runner.invoke(cli, ["library", "info", "--library", str(library_path)]).output
    line = next(x for x in text.splitlines() if x.startswith("treatment"))
    assert (
        "as of 2022-05-03 (overrulings through 2020), plus 3 hand-added rows through 2024: 291 rows" in line
    )
    assert "fboulnois/supreme-court-overturn-analysis" in line
    info = json.loads(
        runner.invoke(cli, ["library", "info", "--library", str(library_path), "--format", "json"]).output
    )
    assert [(t["table"], t["rows"]) for t in info["treatment_tables"]] == [("overruled", 291)]
    assert {t["table"] for t in info["statute_tables"]} == {"usc_sections", "federal_rules"}

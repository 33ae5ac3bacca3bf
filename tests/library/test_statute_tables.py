"""The U.S. Code and federal rules tables: imported at build from the data files, read back,
covered by the content hash, listed by `citeproof library info`, and absent without harm."""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path

from click.testing import CliRunner
from tests.library_hash import hashed

from citeproof.cli import main as cli
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.build import build_library
from citeproof.library.sqlite import SQLiteLibrary

USC = """title,section,heading,status
42,1981,Equal rights under the law,current
42,1981a,Damages in cases of intentional discrimination in employment,current
42,1982,Property rights of citizens,current
42,1983,Civil action for deprivation of rights,current
42,1984,Omitted,omitted
42,1985,Conspiracy to interfere with civil rights,current
"""
RULES = """set,rule,title,first_year,last_year,status,note
Fed. R. Evid.,501,Privilege in General,2005,2025,in_force,
Fed. R. Evid.,502,Attorney-Client Privilege and Work Product; Limitations on Waiver,2009,2025,in_force,
Fed. R. Evid.,601,Competency to Testify in General,2005,2025,in_force,
"""
OPINION = {
    "id": "t1",
    "name": "Alpha v. Beta",
    "decision_date": "2001-01-01",
    "court": "Test",
    "citations": [{"volume": "5", "reporter": "F.3d", "page": "10"}],
    "text": "The rule is plain.",
}


def data_dir(root: Path, usc: str | None = USC, rules: str | None = RULES) -> Path:
    """A data folder: one opinion, and the statute files given (the Code's gzipped)."""
    root.mkdir()
    (root / "opinions.jsonl").write_text(json.dumps(OPINION) + "\n", encoding="utf-8")
    if usc is not None:
        (root / "usc_sections.csv.gz").write_bytes(gzip.compress(usc.encode()))
    if rules is not None:
        (root / "federal_rules.csv").write_text(rules, encoding="utf-8")
    return root


def built(tmp_path: Path, name: str, **files: str | None) -> SQLiteLibrary:
    out = tmp_path / f"{name}.sqlite"
    build_library([data_dir(tmp_path / name, **files)], out)
    return SQLiteLibrary(out)


def test_the_tables_are_imported_at_build_with_their_sources_and_dates(tmp_path):
    lib = built(tmp_path, "lib")
    tables = {t.name: t for t in lib.statute_tables()}
    assert (tables["usc_sections"].as_of, tables["usc_sections"].rows) == ("as of early 2023", 6)
    assert "codexstanford/markdonw-chunck-of-the-usa-code" in tables["usc_sections"].source
    assert (tables["federal_rules"].as_of, tables["federal_rules"].rows) == ("editions 2005–2025", 3)
    assert "ctiblier/federal-rules" in tables["federal_rules"].source
    assert lib.usc_section("42", "1983").heading == "Civil action for deprivation of rights"
    assert lib.usc_section("42", "1986") is None
    near = [s.section for s in lib.usc_sections_near("42", "1983b", 4)]
    assert near == ["1981a", "1982", "1983", "1985"]  # in the Code's order, current ones only (not 1984)
    assert [r.rule for r in lib.federal_rules("Fed. R. Evid.")] == ["501", "502", "601"]
    assert lib.federal_rules("Fed. R. Civ. P.") == ()


def test_the_checks_read_the_tables_of_the_library_they_are_given(tmp_path):
    lib = built(tmp_path, "lib")
    found = check_document(
        document_from_text(
            "See 42 U.S.C. § 1983; 42 U.S.C. § 1984; Fed. R. Evid. 502 (2006); Fed. R. Evid. 503."
        ),
        lib,
    ).verdicts
    assert [v.status.value for v in found] == ["verified", "unverifiable", "hallucinated", "hallucinated"]
    assert "prints it as “Omitted”" in found[1].findings[0].explanation
    assert "first appears in the 2009 edition" in found[2].errors[0].evidence


def test_the_content_hash_changes_when_a_statute_row_changes(tmp_path):
    same = built(tmp_path, "a"), built(tmp_path, "b")
    assert hashed(same[0].path) == hashed(same[1].path) == same[0].snapshot().content_hash
    edited = built(tmp_path, "c", usc=USC.replace("Property rights of citizens", "Property rights"))
    assert hashed(edited.path) != hashed(same[0].path)
    fewer_rules = built(tmp_path, "d", rules=RULES.rsplit("Fed. R. Evid.,601", 1)[0])
    assert hashed(fewer_rules.path) not in {hashed(same[0].path), hashed(edited.path)}


def test_without_the_statute_files_the_checks_behave_as_before(tmp_path):
    lib = built(tmp_path, "bare", usc=None, rules=None)
    assert lib.statute_tables() == () and lib.usc_section("42", "1983") is None
    found = check_document(document_from_text("See 42 U.S.C. § 1983 and Fed. R. Civ. P. 99."), lib).verdicts
    assert [(v.status.value, v.reason and v.reason.value) for v in found] == [
        ("unverifiable", "statute_not_in_registry"),
        ("hallucinated", None),
    ]
    # empty statute tables add nothing to the hash: it is the one a file without them records
    old = tmp_path / "old.sqlite"
    shutil.copy(lib.path, old)
    conn = sqlite3.connect(old)
    conn.executescript("DROP TABLE usc_sections; DROP TABLE federal_rules; DROP TABLE statute_tables;")
    conn.close()
    assert hashed(old) == hashed(lib.path)


def test_a_library_built_before_the_tables_answers_that_it_holds_none(tmp_path):
    lib = built(tmp_path, "lib")
    old = tmp_path / "old.sqlite"
    shutil.copy(lib.path, old)
    conn = sqlite3.connect(old)
    conn.executescript("DROP TABLE usc_sections; DROP TABLE federal_rules; DROP TABLE statute_tables;")
    conn.close()
    before = SQLiteLibrary(old)
    assert before.statute_tables() == ()
    assert before.usc_section("42", "1983") is None and before.usc_sections_near("42", "1983", 4) == ()
    assert before.federal_rules("Fed. R. Evid.") == ()


def test_library_info_lists_each_table_with_its_source_and_date(library_path):
    runner = CliRunner()
    text = runner.invoke(cli, ["library", "info", "--library", str(library_path)]).output
    assert "the United States Code, as of early 2023: 51,683 rows" in text
    assert "codexstanford/markdonw-chunck-of-the-usa-code" in text
    assert "editions 2005–2025: 532 rows" in text and "ctiblier/federal-rules" in text
    info = json.loads(
        runner.invoke(cli, ["library", "info", "--library", str(library_path), "--format", "json"]).output
    )
    assert {t["table"]: t["as_of"] for t in info["statute_tables"]} == {
        "usc_sections": "as of early 2023",
        "federal_rules": "editions 2005–2025",
    }

"""library/registry.py: every spec a user may type opens the library it names, and a spec
that names none is one clear line; the SQLite library's `origin`."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from citeproof.core.protocols import LibraryError, Origin
from citeproof.library.default import DEFAULT_NAME, default_library_path
from citeproof.library.registry import LibrarySpec, open_library, open_library_file, parse_spec
from citeproof.library.sqlite import SQLiteLibrary


@pytest.fixture
def offline_courtlistener(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """CourtListener at an address nothing listens on, no config file: opening asks nothing."""
    monkeypatch.setenv("COURTLISTENER_API_URL", "http://127.0.0.1:9/api/rest/v4/")
    monkeypatch.setenv("CITEPROOF_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_nothing_and_default_name_the_default_library(library_path: Path):
    for spec in (None, "", "default"):
        opened = open_library(spec)
        assert isinstance(opened, SQLiteLibrary) and opened.path == library_path  # $CITEPROOF_LIBRARY


def test_the_bundled_name_is_the_bundled_sample_whatever_the_environment(
    library_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("CITEPROOF_LIBRARY", str(tmp_path / "elsewhere.sqlite"))
    bundled = default_library_path()
    shutil.copy(library_path, bundled)  # this build's sample, where the cache keeps it
    opened = open_library(DEFAULT_NAME)
    assert isinstance(opened, SQLiteLibrary) and opened.path == bundled
    assert opened.origin() == Origin(path=bundled)


def test_a_file_by_sqlite_spec_by_path_or_as_a_path_object(library_path: Path):
    for spec in (f"sqlite:{library_path}", str(library_path), library_path):
        opened = open_library_file(spec)
        assert opened.path == library_path
        assert opened.origin() == Origin(path=library_path)  # no host, no index copied
        assert open_library(spec).snapshot() == opened.snapshot()


def test_a_file_in_the_working_directory_by_its_bare_name(
    library_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)
    shutil.copy(library_path, tmp_path / "mine")  # no suffix, no directory: found because it exists
    assert parse_spec("mine") == LibrarySpec("file", Path("mine"))
    assert open_library_file("mine").path == Path("mine")


def test_courtlistener_is_the_default_library_then_the_rest_api(library_path: Path, offline_courtlistener):
    opened = open_library("courtlistener")
    assert opened.origin() == Origin(path=library_path, host="127.0.0.1")
    assert opened.snapshot().name.endswith("+ CourtListener (127.0.0.1)")
    assert opened.answered() == [] and opened.kept_answers(["347 U.S. 483"]) == frozenset()


def test_a_name_wins_over_a_file_of_that_name(
    library_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, offline_courtlistener
):
    monkeypatch.chdir(tmp_path)
    shutil.copy(library_path, tmp_path / "courtlistener")
    assert parse_spec("courtlistener") == LibrarySpec("courtlistener")
    assert open_library("./courtlistener").origin() == Origin(path=Path("courtlistener"))
    assert open_library("sqlite:courtlistener").origin() == Origin(path=Path("courtlistener"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nosuch", "no library 'nosuch': give a library file, sqlite:PATH, default, "),
        ("sqlite:", "'sqlite:' names no file: write sqlite:PATH"),
        ("/nonexistent/lib.sqlite", "library file not found: /nonexistent/lib.sqlite"),
        ("missing.sqlite", "library file not found: missing.sqlite"),
        ("sqlite:/nonexistent/lib", "library file not found: /nonexistent/lib"),
    ],
)
def test_a_spec_that_names_nothing_is_one_clear_line(spec: str, message: str):
    with pytest.raises(LibraryError) as err:
        open_library(spec)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_a_command_that_needs_a_file_refuses_the_remote_library(offline_courtlistener):
    with pytest.raises(LibraryError, match="courtlistener is a remote library; this needs a library file"):
        open_library_file("courtlistener")


def test_a_library_imported_from_courtlistener_bulk_data_says_it_copies_its_index(
    library_path: Path, tmp_path: Path
):
    copy = tmp_path / "bulk.sqlite"
    shutil.copy(library_path, copy)
    with sqlite3.connect(copy) as conn:  # what the bulk importer records
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('source', 'CourtListener bulk data')")
    assert SQLiteLibrary(copy).origin() == Origin(path=copy, copy_of="CourtListener")
    local = SQLiteLibrary(library_path)
    assert local.origin().copy_of is None
    assert local.answered() == [] and local.kept_answers(["347 U.S. 483"]) is None

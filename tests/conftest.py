"""Shared fixtures: one real SQLite library built from the bundled data per test session."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from citeproof.library.build import build_library
from citeproof.library.default import DEFAULT_NAME, bundled_data_dir, data_fingerprint
from citeproof.library.sqlite import SQLiteLibrary

# Speed targets live in benchmarks/, not in unit tests: no per-example deadline, which a
# loaded shared machine trips at random (a first call slower than 200 ms).
settings.register_profile("citeproof", deadline=None)
settings.load_profile("citeproof")

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def library_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("library") / "library.sqlite"
    fingerprint = data_fingerprint(bundled_data_dir())  # as the default library's own build
    build_library([bundled_data_dir()], path, name=DEFAULT_NAME, extra_meta={"fingerprint": fingerprint})
    return path


@pytest.fixture(scope="session")
def library(library_path: Path) -> SQLiteLibrary:
    return SQLiteLibrary(library_path)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "without_library: the test opens no library, so the session's is not built for it"
    )


@pytest.fixture(autouse=True)
def _isolated_cache(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Code that opens the default library gets the session's library, never ~/.cache; a
    test marked ``without_library`` does not build it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))
    if request.node.get_closest_marker("without_library") is None:
        monkeypatch.setenv("CITEPROOF_LIBRARY", str(request.getfixturevalue("library_path")))

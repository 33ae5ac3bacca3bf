"""The bundled library's cache (issue 13): a private per-user directory, a file used only
when it is this user's and of this build, one build under a lock, no temporary left."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from citeproof.library import default
from citeproof.library.default import default_library, default_library_path


@pytest.fixture()
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No $CITEPROOF_LIBRARY, a cache of its own: the default library as a user first gets it."""
    monkeypatch.delenv("CITEPROOF_LIBRARY", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


def place(library_path: Path) -> Path:
    """The session's library (built with this build's fingerprint) copied where the default goes."""
    target = default_library_path()
    shutil.copy(library_path, target)
    return target


def test_the_cache_honours_xdg_and_is_private(fresh, library_path):
    target = place(library_path)
    assert target.parent == fresh / "cache" / "citeproof"
    assert (target.parent.stat().st_mode & 0o777) == 0o700
    assert default_library().path == target


def test_a_file_of_another_build_or_with_wrong_counts_is_not_trusted(fresh, library_path):
    target = place(library_path)
    fingerprint = default.data_fingerprint(default.bundled_data_dir())
    assert default._trusted(target, fingerprint)
    assert not default._trusted(target, "another-build")
    with sqlite3.connect(target) as conn:  # a planted library: cases it does not hold
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'cases'")
    assert not default._trusted(target, fingerprint)
    place(library_path)
    os.chmod(target, 0o666)  # anyone could have written it
    assert not default._trusted(target, fingerprint)
    target.unlink()
    target.symlink_to(library_path)
    assert not default._trusted(target, fingerprint)


@pytest.mark.skipif(os.getuid() != 0, reason="giving a file to another user needs root")
def test_a_file_or_directory_owned_by_another_user_is_not_used(fresh, library_path, monkeypatch):
    target = place(library_path)
    fingerprint = default.data_fingerprint(default.bundled_data_dir())
    os.chown(target, 65534, 65534)
    assert not default._trusted(target, fingerprint)
    monkeypatch.setattr(tempfile, "tempdir", str(fresh / "tmp"))
    planted = default.fallback_cache_dir()
    planted.mkdir(parents=True, mode=0o777)
    os.chown(planted, 65534, 65534)
    with pytest.raises(default.LibraryError, match="not a directory owned by this user"):
        default._private_dir(planted)


def test_an_unwritable_cache_falls_back_to_a_private_directory_in_tmp(fresh, monkeypatch):
    blocker = fresh / "not-a-dir"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))  # cannot be created
    monkeypatch.setattr(tempfile, "tempdir", str(fresh / "tmp"))
    (fresh / "tmp").mkdir()
    path = default_library_path()
    assert path.parent == fresh / "tmp" / f"citeproof-{os.getuid()}"
    assert (path.parent.stat().st_mode & 0o777) == 0o700


def test_concurrent_first_runs_build_once_and_a_killed_build_leaves_nothing(fresh):
    env = {k: v for k, v in os.environ.items() if k != "CITEPROOF_LIBRARY"}
    env["XDG_CACHE_HOME"] = str(fresh / "cache")
    info = [sys.executable, "-m", "citeproof", "library", "info", "--format", "json"]
    killed = subprocess.Popen(info, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cache = fresh / "cache" / "citeproof"
    deadline = time.monotonic() + 120
    while not list(cache.glob(".*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert list(cache.glob(".*.tmp")), "the build never started"
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    assert list(cache.glob(".*.tmp"))  # what SIGKILL leaves ...
    runs = [subprocess.Popen(info, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]
    results = [(r.wait(timeout=600), r.stdout.read(), r.stderr.read()) for r in runs]  # type: ignore[union-attr]
    assert all(code == 0 for code, _, _ in results), results
    assert sum(b"preparing the bundled library" in err for _, _, err in results) == 1
    assert not list(cache.glob(".*.tmp"))  # ... the next build removes
    (library,) = cache.glob("*.sqlite")
    assert (library.stat().st_mode & 0o777) & 0o022 == 0

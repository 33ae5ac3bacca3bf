"""The bundled library shipped prebuilt: current, identical to a fresh build, used on a fresh
install, and never used when it was made for other data or code."""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest
from tests.library_hash import hashed

from citeproof.library.default import bundled_data_dir, data_fingerprint, default_library
from citeproof.library.prebuilt import (
    NAME,
    prebuilt_dir,
    prebuilt_fingerprint,
    unpack_prebuilt,
    write_prebuilt,
)


def test_the_shipped_library_is_current_and_equals_a_fresh_build(library_path: Path, tmp_path: Path) -> None:
    assert prebuilt_fingerprint() == data_fingerprint(bundled_data_dir()), (
        "the prebuilt library is stale: run python scripts/prebuild_library.py"
    )
    out = tmp_path / "unpacked.sqlite"
    assert unpack_prebuilt(out, data_fingerprint(bundled_data_dir()))
    assert hashed(out) == hashed(library_path), "run python scripts/prebuild_library.py"


def test_a_fresh_install_unpacks_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CITEPROOF_LIBRARY")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    library = default_library(quiet=True)
    assert library.path.parent == tmp_path / "cache" / "citeproof"
    # byte for byte the shipped file (a build would differ: its own time stamp and layout)
    assert library.path.read_bytes() == lzma.decompress((prebuilt_dir() / NAME).read_bytes())
    assert library.snapshot().opinions_with_text == 382


def test_a_copy_made_for_other_data_is_never_used(library_path: Path, tmp_path: Path) -> None:
    folder = tmp_path / "prebuilt"
    write_prebuilt(library_path, "made-for-this", folder, preset=0)
    out = tmp_path / "library.sqlite"
    assert not unpack_prebuilt(out, "something-else", folder)
    assert not out.exists()
    assert unpack_prebuilt(out, "made-for-this", folder)
    assert hashed(out) == hashed(library_path)

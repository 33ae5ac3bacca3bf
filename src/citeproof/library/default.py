"""The library a fresh install uses: built once from the bundled data into a cache file."""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from importlib import resources
from pathlib import Path

from citeproof.core.version import __version__
from citeproof.library.build import BUILD_VERSION, build_library
from citeproof.library.sqlite import SQLiteLibrary

DEFAULT_NAME = "citeproof-us-sample"


def bundled_data_dir() -> Path:
    return Path(str(resources.files("citeproof") / "data" / "us"))


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "citeproof"


def _fingerprint(data: Path) -> str:
    digest = hashlib.sha256(f"{__version__}/{BUILD_VERSION}".encode())
    for p in sorted(data.iterdir()):
        digest.update(f"{p.name}:{p.stat().st_size}".encode())
    return digest.hexdigest()[:12]


def default_library_path() -> Path:
    data = bundled_data_dir()
    return cache_dir() / f"{DEFAULT_NAME}-{_fingerprint(data)}.sqlite"


def default_library(quiet: bool = False) -> SQLiteLibrary:
    """``$CITEPROOF_LIBRARY`` if set, else the bundled sample (built on first use)."""
    env = os.environ.get("CITEPROOF_LIBRARY")
    if env:
        return SQLiteLibrary(env)
    path = default_library_path()
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError:  # no writable cache directory: build beside other temporary files
            path = Path(tempfile.gettempdir()) / "citeproof" / path.name
            path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        if not quiet:
            print(f"citeproof: building the bundled library once into {path} ...", file=sys.stderr)
        build_library([bundled_data_dir()], path, name=DEFAULT_NAME)
    return SQLiteLibrary(path)


def open_library(path: str | Path | None) -> SQLiteLibrary:
    return default_library() if path is None else SQLiteLibrary(path)

"""The bundled library shipped prebuilt: one xz-compressed SQLite file inside the package.

Building the library from the bundled data costs ~6 s of CPU on a first check; unpacking
the shipped copy costs well under one. The copy carries the fingerprint of the data and
build code it was made from (``library.default``); a copy whose fingerprint differs is
never used (the library is then built as before). ``python scripts/prebuild_library.py``
makes a new one.
"""

from __future__ import annotations

import lzma
import os
import shutil
import sqlite3
from importlib import resources
from pathlib import Path

NAME = "us.sqlite.xz"
STAMP = "us.fingerprint"


def prebuilt_dir() -> Path:
    return Path(str(resources.files("citeproof") / "data" / "prebuilt"))


def prebuilt_fingerprint(folder: Path | None = None) -> str | None:
    stamp = (folder or prebuilt_dir()) / STAMP
    return stamp.read_text(encoding="utf-8").strip() if stamp.is_file() else None


def unpack_prebuilt(out: Path, fingerprint: str, folder: Path | None = None) -> bool:
    """Write the shipped library to ``out`` (atomically) if it was made for ``fingerprint``;
    False, writing nothing, when there is no such copy."""
    folder = folder or prebuilt_dir()
    blob = folder / NAME
    if prebuilt_fingerprint(folder) != fingerprint or not blob.is_file():
        return False
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")  # removed by the next build if killed
    try:
        with lzma.open(blob) as src, tmp.open("wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        tmp.replace(out)
    finally:
        tmp.unlink(missing_ok=True)
    return True


def write_prebuilt(library: Path, fingerprint: str, folder: Path, preset: int = 9) -> Path:
    """Compact ``library`` and store it compressed (xz ``preset``) in ``folder`` with its
    fingerprint."""
    folder.mkdir(parents=True, exist_ok=True)
    compact = folder / f".{library.name}.{os.getpid()}.compact"
    compact.unlink(missing_ok=True)
    conn = sqlite3.connect(library)
    try:
        conn.execute("VACUUM INTO ?", (str(compact),))
    finally:
        conn.close()
    packed = folder / f".{NAME}.{os.getpid()}.tmp"
    try:
        with compact.open("rb") as src, lzma.open(packed, "wb", preset=preset) as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
        packed.replace(folder / NAME)  # readers never see a half-written copy
    finally:
        compact.unlink(missing_ok=True)
        packed.unlink(missing_ok=True)
    (folder / STAMP).write_text(fingerprint + "\n", encoding="utf-8")
    return folder / NAME

"""A library file's content hash computed from its rows, remembered per version of the file.

What a run manifest records as the library's snapshot is computed from the file's content
(`content_hash`), never copied from the hash the library's metadata claims: a library edited
after its build is named by what it now holds. Computing it reads every content row, about
5 s for the bundled library and minutes for a full CourtListener import, so the result is
remembered in ``$XDG_CACHE_HOME/citeproof/content-hashes.json`` (and in this process) under
the file's resolved path with its device, inode, size, mtime and ctime. Any write to the
file changes its mtime and ctime, and while ``touch`` can set an mtime back, no user can set
a ctime back, so an edited file is hashed again even when its size and mtime are restored.
The remembered hash is only as trustworthy as the cache directory (this user's, mode 0700);
``library info --verify`` and ``citeproof audit`` recompute without it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path

from citeproof.core.protocols import LibraryError
from citeproof.library.content_hash import content_hash
from citeproof.net.cache_dir import cache_dir

CACHE_NAME = "content-hashes.json"
MAX_ENTRIES = 64  # library files remembered; the oldest are forgotten
MAX_CACHE_BYTES = 1 << 20

_remembered: dict[str, str] = {}  # this process's answers, by `_version_key`


def _version_key(path: Path) -> str:
    info = path.stat()
    return f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}"


def computed_content_hash(path: str | Path, remembered: bool = True) -> str:
    """``sha256:<hex>`` of the content of the library file at ``path`` (see the module's
    docstring); ``remembered=False`` recomputes whatever is remembered."""
    path = Path(path).resolve()
    version = _version_key(path)
    key = f"{path}|{version}"
    if remembered:
        known = _remembered.get(key) or _read_cache().get(key)
        if known:
            _remembered[key] = known
            return known
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            computed = content_hash(conn)
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise LibraryError(f"cannot read library {path}: {exc}") from None
    if _version_key(path) == version:  # not changed while it was read
        _remembered[key] = computed
        _remember(str(path), key, computed)
    return computed


def _cache_path() -> Path:
    return cache_dir() / CACHE_NAME


def _read_cache() -> dict[str, str]:
    try:
        with _cache_path().open("rb") as fh:
            data = json.loads(fh.read(MAX_CACHE_BYTES + 1))
    except (OSError, ValueError):  # none yet, unreadable or damaged: computed again
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _remember(path: str, key: str, value: str) -> None:
    """Add ``key`` to the cache file in place of older versions of ``path`` (written whole to
    a temporary file, then renamed)."""
    entries = {k: v for k, v in _read_cache().items() if k.rsplit("|", 1)[0] != path}
    entries[key] = value
    kept = dict(list(entries.items())[-MAX_ENTRIES:])
    target = _cache_path()
    try:
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{CACHE_NAME}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(kept, fh)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass  # a cache that cannot be written only costs the next run the time to hash again

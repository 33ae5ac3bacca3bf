"""The library a fresh install uses: built once from the bundled data into a cache file.

The cache is ``$XDG_CACHE_HOME/citeproof`` (else ``~/.cache/citeproof``); when that cannot
be written, a per-user directory of the temporary directory (``citeproof-<uid>``, mode
0700). A library file found there is used only when this user owns it, nobody else can
write it, and it carries the fingerprint of this build of the bundled data with the
counts it claims; otherwise it is built again. Builds hold a file lock (concurrent first
runs build once), write to a temporary file in the same directory and rename it into
place; temporary files left by a killed build are removed by the next one.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import sys
import tempfile
from importlib import resources
from pathlib import Path

from citeproof.core.protocols import LibraryError
from citeproof.core.version import __version__
from citeproof.library.build import BUILD_VERSION, build_library
from citeproof.library.prebuilt import unpack_prebuilt
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.net.cache_dir import cache_dir

DEFAULT_NAME = "citeproof-us-sample"
LOCK_TIMEOUT = 600  # seconds to wait for another process's build of the same library


def bundled_data_dir() -> Path:
    return Path(str(resources.files("citeproof") / "data" / "us"))


def fallback_cache_dir() -> Path:
    """The per-user directory in the temporary directory, for when `cache_dir` is not writable."""
    return Path(tempfile.gettempdir()) / f"citeproof-{os.getuid()}"


def data_fingerprint(data: Path) -> str:
    digest = hashlib.sha256(f"{__version__}/{BUILD_VERSION}".encode())
    for p in sorted(data.iterdir()):
        digest.update(f"{p.name}:{p.stat().st_size}".encode())
    return digest.hexdigest()[:12]


def default_library_path() -> Path:
    return _library_dir() / f"{DEFAULT_NAME}-{data_fingerprint(bundled_data_dir())}.sqlite"


def default_library(quiet: bool = False) -> SQLiteLibrary:
    """``$CITEPROOF_LIBRARY`` if set, else the bundled sample (built on first use)."""
    env = os.environ.get("CITEPROOF_LIBRARY")
    return SQLiteLibrary(env) if env else bundled_library(quiet)


def bundled_library(quiet: bool = False) -> SQLiteLibrary:
    """The bundled sample, from the cache; built (or unpacked) there on first use."""
    path = default_library_path()
    fingerprint = data_fingerprint(bundled_data_dir())
    if _trusted(path, fingerprint):
        return SQLiteLibrary(path)
    from filelock import FileLock, Timeout

    try:
        with FileLock(str(path.with_name(path.name + ".lock")), timeout=LOCK_TIMEOUT):
            if not _trusted(path, fingerprint):  # another process may have built it meanwhile
                _remove_stale_temporaries(path)
                if not quiet:
                    print(f"citeproof: preparing the bundled library once in {path} ...", file=sys.stderr)
                if not unpack_prebuilt(path, fingerprint):  # the shipped copy, when it is current
                    build_library(
                        [bundled_data_dir()], path, name=DEFAULT_NAME, extra_meta={"fingerprint": fingerprint}
                    )
                os.chmod(path, 0o600)
    except Timeout:
        raise LibraryError(f"another process has held the lock on {path} for {LOCK_TIMEOUT} s") from None
    if not _trusted(path, fingerprint):
        raise LibraryError(f"{path}: the library just built does not pass its checks")
    return SQLiteLibrary(path)


def _library_dir() -> Path:
    """`cache_dir` (created with mode 0700) if it can be written, else the per-user
    fallback, which must be a private directory of this user's."""
    path = cache_dir()
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        if os.access(path, os.W_OK | os.X_OK):
            return path
    except OSError:
        pass
    return _private_dir(fallback_cache_dir())


def _private_dir(path: Path) -> Path:
    """``path`` as a directory only this user can use: created with mode 0700; an existing
    one is used only if it is a real directory (no link) that this user owns."""
    try:
        path.mkdir(mode=0o700, exist_ok=True)
    except OSError as exc:
        raise LibraryError(f"{path}: cannot create the library cache ({exc})") from None
    info = path.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid():
        raise LibraryError(f"{path}: the library cache is not a directory owned by this user; remove it")
    if info.st_mode & 0o077:
        os.chmod(path, 0o700)
    return path


def _trusted(path: Path, fingerprint: str) -> bool:
    """Whether the library file at ``path`` may be used: a regular file this user owns and
    only this user can write, of this build of the bundled data, with the counts it claims."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
        return False  # a link, another user's file, or one that others could have written
    try:
        library = SQLiteLibrary(path)
        meta = library.meta()
        if meta.get("fingerprint") != fingerprint:
            return False
        return all(
            str(library.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]) == meta.get(table)
            for table in ("cases", "opinions", "citations")
        )
    except (LibraryError, sqlite3.Error):  # an unreadable file is not trusted; it is built again
        return False


def _remove_stale_temporaries(path: Path) -> None:
    """Remove the temporary files of builds of ``path`` whose process is gone (killed)."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        pid = tmp.name.removeprefix(f".{path.name}.").removesuffix(".tmp")
        if pid.isdigit() and not _alive(int(pid)):
            tmp.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True

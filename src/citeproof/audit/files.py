"""Opening the files an audit trusts: regular files only, read with a bound.

A FIFO, a device (``/dev/zero``) or a terminal given as a manifest, a key or an audited input
would block the reader or never end; each is refused before a byte is read. Files are opened
non-blocking (so a FIFO cannot hold ``open`` waiting for a writer) and checked with ``fstat``
on the descriptor actually opened, so a file swapped after a check is still the one checked.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path


class UnsafeFile(ValueError):
    """A file that is not a regular file, or larger than what it claims to be can be."""


@contextmanager
def opened_regular(path: str | Path) -> Iterator[tuple[int, os.stat_result]]:
    """A read-only descriptor of ``path`` and its ``fstat``, only if it is a regular file."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnsafeFile(f"{path} is not a regular file")
        os.set_blocking(fd, True)
        yield fd, info
    finally:
        os.close(fd)


def read_bounded(
    path: str | Path,
    limit: int,
    what: str,
    check: Callable[[os.stat_result], None] | None = None,
) -> bytes:
    """The bytes of the regular file ``path``: at most ``limit`` of them, else `UnsafeFile`
    saying it is too large for ``what``; ``check`` may refuse the file on its ``fstat``."""
    with opened_regular(path) as (fd, info):
        if check is not None:
            check(info)
        if info.st_size > limit:
            raise UnsafeFile(f"{path} is {info.st_size:,} bytes: too large for {what}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    if size > limit:  # grew since fstat
        raise UnsafeFile(f"{path} is over {limit:,} bytes: too large for {what}")
    return b"".join(chunks)


def refuse_unsafe_target(path: str | Path) -> None:
    """`UnsafeFile` when writing ``path`` would follow a symbolic link or open something that
    is not a regular file (a FIFO would block the writer, a device would swallow the bytes)."""
    target = Path(path)
    if target.is_symlink():
        raise UnsafeFile(f"{path} is a symbolic link: refusing to write through it")
    if target.exists() and not target.is_file():
        raise UnsafeFile(f"{path} exists and is not a regular file: refusing to write to it")


def write_replacing(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a new file in the same folder renamed over it: never
    through a link, and a reader never sees half a file."""
    refuse_unsafe_target(path)
    target = Path(path)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

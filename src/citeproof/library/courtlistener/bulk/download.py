"""Download bulk files with resume, keeping only bytes of the very object the bucket listed.

What arrived is kept in ``NAME.<identity>.part``, the identity naming the object's version
as the listing gives it (its ETag, LastModified and size): a run that finds the object
changed starts that file again, and parts of other versions are removed. A resumed request
asks for the rest with ``Range`` and ``If-Match`` (the listed ETag): a bucket whose object
changed since answers ``412`` and the file starts again; a ``206`` must start where the
part ends and end where the listing does; a ``200`` (no range support) is read from the
start. Bytes past the listed size are refused, never written. A file is done when its size
is the listed size and, where the ETag is the object's MD5 (an object uploaded in one
part), the MD5 matches; then the part becomes ``NAME``.

Bounded on every side: a dropped connection is asked again at once when it had brought
`Stall.min_bytes` or more, else after the one retry policy's backoff
(`citeproof.net.retry.Policy`), and the policy's attempts bound the faults in a row; a
server must send its headers within `HEADERS_SECONDS` and then `Stall.min_bytes` in every
`Stall.window` seconds, or the request is a fault; ``.part`` files are opened without
following a symbolic link, so a link planted in a shared folder cannot redirect the bytes;
bytes go to disk as they come (memory stays one chunk).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import httpx

from citeproof.core.protocols import LibraryError
from citeproof.library.courtlistener.bulk.bucket import BucketFile, list_bulk_files, newest_snapshot
from citeproof.net.bounded import cutoff
from citeproof.net.retry import Policy

Progress = Callable[[str, int, int], None]  # (file name, bytes on disk, bytes in all)
CHUNK = 1 << 20
HEADERS_SECONDS = 60.0
_RANGE = re.compile(r"bytes (\d+)-(\d+)/(\d+|\*)")


# Eight faults in a row are waited out (1, 2, 4 ... 60 s); the ninth is final.
RESUME = Policy(attempts=9, backoff=1.0, max_backoff=60.0)


class DownloadError(LibraryError):
    """A file could not be downloaded whole; what arrived stays on disk for the next run."""


class Changed(Exception):
    """The bucket cannot resume the listed version (412, 416): its file starts again."""


class Disagrees(DownloadError):
    """The object served is not the one listed (another ETag, more bytes than listed): the
    listing is stale or the mirror inconsistent, so the part is removed and nothing imported."""


class Stalled(httpx.TransportError):
    """Fewer than `Stall.min_bytes` came in `Stall.window` seconds: a fault, like a drop."""


@dataclass(slots=True)
class Stall:
    """At least ``min_bytes`` every ``window`` seconds, or the request has stalled."""

    window: float = 120.0
    min_bytes: int = 64 << 10
    now: Callable[[], float] = time.monotonic
    _since: float = 0.0
    _got: int = 0

    def start(self) -> None:
        self._since, self._got = self.now(), 0

    def took(self, n: int) -> None:
        self._got += n
        if self._got >= self.min_bytes:
            self.start()
        elif self.now() - self._since > self.window:
            raise Stalled(f"{self._got:,} bytes in {self.window:g} s: the download stalled")


def download_file(
    client: httpx.Client,
    base_url: str,
    file: BucketFile,
    folder: Path,
    progress: Progress | None = None,
    *,
    policy: Policy = RESUME,
    sleep: Callable[[float], None] = time.sleep,
    stall: Stall | None = None,
) -> Path:
    """``folder/NAME``: the listed object, downloaded (or resumed) and checked."""
    done, part = folder / file.name, folder / f"{file.name}.{file.identity}.part"
    if _regular_size(done) == file.size and _checksum_ok(done, file):
        return done
    folder.mkdir(parents=True, exist_ok=True)
    _remove_other_parts(folder, file.name, part)
    say = progress or (lambda _name, _have, _total: None)
    url = f"{base_url.rstrip('/')}/{file.key}"
    stall = stall or Stall()
    faults = 0
    while (have := _regular_size(part)) != file.size:
        try:
            _fetch_from(client, url, part, file, have, stall, lambda n: say(file.name, n, file.size))
            got, error = _regular_size(part) - have, "an answer ended before the listed size"
            if got > 0 and _regular_size(part) == file.size:
                continue
        except Changed:  # the bucket cannot resume this version: from the start, at once
            part.unlink(missing_ok=True)
            got, error = -1, "the bucket could not resume the listed version"
        except Disagrees:
            part.unlink(missing_ok=True)
            raise
        except policy.errors as exc:
            got, error = _regular_size(part) - have, repr(exc)
        faults = 0 if got >= stall.min_bytes else faults + 1
        if faults >= policy.attempts:
            raise DownloadError(
                f"{file.name}: the connection kept dropping ({error}); {_regular_size(part):,} of "
                f"{file.size:,} bytes are kept in {part}: run the command again to resume"
            )
        if got == 0:
            sleep(policy.delay(faults))
    if not _checksum_ok(part, file):
        part.unlink()
        raise DownloadError(
            f"{file.name}: its MD5 is not the ETag the bucket lists ({file.etag}); the file was removed: "
            "run the command again"
        )
    part.replace(done)
    say(file.name, file.size, file.size)
    return done


def _regular_size(path: Path) -> int:
    """The size of a regular file at ``path`` (not followed if a link); 0 when there is none.
    Anything else there (a link, a FIFO) is removed: a download writes only its own files."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return 0
    if stat.S_ISREG(info.st_mode):
        return info.st_size
    path.unlink()
    return 0


def _remove_other_parts(folder: Path, name: str, keep: Path) -> None:
    """Parts of other versions of the object (and ``NAME.part`` of older citeproof, whose
    version is unknown) are of no use now."""
    for stale in folder.glob(f"{name}.*part"):
        if stale != keep:
            stale.unlink(missing_ok=True)


def _checksum_ok(path: Path, file: BucketFile) -> bool:
    """Whether ``path`` holds the listed object's bytes, where the listing gives an MD5."""
    if file.md5 is None:
        return True
    digest = hashlib.md5()
    with path.open("rb") as source:
        while block := source.read(CHUNK):
            digest.update(block)
    return digest.hexdigest() == file.md5


def _open_part(part: Path, append: bool) -> int:
    """A descriptor on ``part``, never through a symbolic link, and only on a regular file."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | (os.O_APPEND if append else os.O_TRUNC)
    try:
        fd = os.open(part, flags, 0o644)
    except OSError as exc:
        raise DownloadError(f"cannot write {part}: {exc.strerror} (a link or not a file?)") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise DownloadError(f"{part} is not a regular file")
    return fd


def _fetch_from(
    client: httpx.Client,
    url: str,
    part: Path,
    file: BucketFile,
    have: int,
    stall: Stall,
    say: Callable[[int], None],
) -> None:
    """Append the object's bytes after ``have`` to ``part`` (or all of them, from a server
    without ranges), no further than the listed size."""
    headers = {"Range": f"bytes={have}-"} if have else {}
    if have and file.etag:
        headers["If-Match"] = f'"{file.etag}"'
    request = client.build_request("GET", url, headers=headers)
    with cutoff(HEADERS_SECONDS):
        response = client.send(request, stream=True)
    try:
        start = _start(response, url, file, have)
        with os.fdopen(_open_part(part, append=start > 0), "wb") as out:
            _write_body(response, out, start, file, stall, say)
    finally:
        response.close()


def _start(response: httpx.Response, url: str, file: BucketFile, have: int) -> int:
    """Where the answer's bytes go in the file; `Changed` for another version of it."""
    status, total = response.status_code, file.size
    etag = response.headers.get("ETag", "").strip().strip('"')
    if status in (412, 416):
        raise Changed
    if etag and file.etag and etag != file.etag and status in (200, 206):
        raise Disagrees(
            f"{file.name} changed since the bucket was listed (ETag {etag}, listed {file.etag}): "
            "run the command again, which lists the bucket anew"
        )
    if status == 206:
        m = _RANGE.match(response.headers.get("Content-Range", ""))
        if m is None or int(m.group(1)) != have:
            raise DownloadError(f"{url}: the server answered a range from the wrong place")
        if (m.group(3) != "*" and int(m.group(3)) != total) or int(m.group(2)) != total - 1:
            raise DownloadError(
                f"{url}: the server's range ends at {m.group(2)}, the listing at {total - 1:,}"
            )
        return have
    if status == 200:
        length = response.headers.get("Content-Length")
        if length is not None and length.isdigit() and int(length) != total:
            raise Disagrees(
                f"{url}: the server has {int(length):,} bytes, the listing gives {total:,}: the listing "
                "and the file disagree, so nothing is imported"
            )
        return 0  # no range support: from the start
    raise DownloadError(f"{url}: HTTP {status}")


def _write_body(
    response: httpx.Response,
    out: BinaryIO,
    start: int,
    file: BucketFile,
    stall: Stall,
    say: Callable[[int], None],
) -> None:
    written = start
    stall.start()
    for chunk in response.iter_raw():
        if written + len(chunk) > file.size:
            raise Disagrees(
                f"{file.name}: the server sent more than the {file.size:,} bytes the listing gives; "
                "the listing and the file disagree, so nothing is imported"
            )
        out.write(chunk)
        written += len(chunk)
        say(written)
        stall.took(len(chunk))


def download_snapshot(
    client: httpx.Client,
    bucket_url: str,
    folder: Path,
    with_text: bool = False,
    progress: Progress | None = None,
    *,
    policy: Policy = RESUME,
    sleep: Callable[[float], None] = time.sleep,
    stall: Stall | None = None,
) -> tuple[tuple[BucketFile, ...], list[Path]]:
    """List the bucket, pick the newest dump and download its files into ``folder``."""
    chosen = newest_snapshot(list_bulk_files(client, bucket_url), with_text)
    paths = [
        download_file(client, bucket_url, f, folder, progress, policy=policy, sleep=sleep, stall=stall)
        for f in chosen
    ]
    return chosen, paths

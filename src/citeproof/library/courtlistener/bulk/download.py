"""Download bulk files with resume: what arrived is kept in ``NAME.part`` and asked for again
from where it stopped (HTTP ``Range``), so an interrupted download loses nothing.

A file counts as downloaded only when its size equals the size the bucket listed; then
``NAME.part`` becomes ``NAME``. A dropped connection is retried from the bytes already on
disk, waiting as the one retry policy says (`citeproof.net.retry.Policy`: its attempts,
backoff and cap, and which exceptions are faults), its count starting over whenever bytes
arrive; a server that ignores ``Range`` (``200``) is read from the start again.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from citeproof.core.protocols import LibraryError
from citeproof.library.courtlistener.bulk.bucket import BucketFile, list_bulk_files, newest_snapshot
from citeproof.net.retry import Policy

Progress = Callable[[str, int, int], None]  # (file name, bytes on disk, bytes in all)
CHUNK = 1 << 20
_RANGE = re.compile(r"bytes (\d+)-(\d+)/(\d+|\*)")


# Eight dropped connections in a row are waited out (1, 2, 4 ... 60 s); the ninth is final.
RESUME = Policy(attempts=9, backoff=1.0, max_backoff=60.0)


class DownloadError(LibraryError):
    """A file could not be downloaded whole; what arrived stays on disk for the next run."""


def download_file(
    client: httpx.Client,
    base_url: str,
    file: BucketFile,
    folder: Path,
    progress: Progress | None = None,
    *,
    policy: Policy = RESUME,
    sleep: Callable[[float], None] = time.sleep,
) -> Path:
    """``folder/NAME``, downloaded (or resumed) until its size is the listed size."""
    done, part = folder / file.name, folder / f"{file.name}.part"
    if done.exists() and done.stat().st_size == file.size:
        return done
    folder.mkdir(parents=True, exist_ok=True)
    say = progress or (lambda _name, _have, _total: None)
    url = f"{base_url.rstrip('/')}/{file.key}"
    faults = 0
    while (have := _size(part)) != file.size:
        if have > file.size:  # longer than listed: not this file, start again
            part.unlink()
            continue
        try:
            got = _fetch_from(client, url, part, have, file.size, lambda n: say(file.name, n, file.size))
        except policy.errors as exc:
            if _size(part) != have:  # bytes arrived before the drop: ask again at once
                faults = 0
                continue
            faults += 1
            if faults >= policy.attempts:
                raise DownloadError(
                    f"{file.name}: the connection kept dropping ({exc!r}); {_size(part):,} of "
                    f"{file.size:,} bytes are kept in {part}: run the command again to resume"
                ) from None
            sleep(policy.delay(faults))
            continue
        faults = 0 if got else faults + 1
        if faults >= policy.attempts:
            raise DownloadError(f"{file.name}: the server sent no bytes {faults} times in a row")
    part.replace(done)
    say(file.name, file.size, file.size)
    return done


def _size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def _fetch_from(
    client: httpx.Client, url: str, part: Path, have: int, total: int, say: Callable[[int], None]
) -> int:
    """Append the bytes after ``have`` to ``part``; the number of bytes written."""
    headers = {"Range": f"bytes={have}-"} if have else {}
    with client.stream("GET", url, headers=headers) as response:
        if response.status_code == 206:
            m = _RANGE.match(response.headers.get("Content-Range", ""))
            if m is None or int(m.group(1)) != have:
                raise DownloadError(f"{url}: the server answered a range from the wrong place")
            if m.group(3) != "*" and int(m.group(3)) != total:
                raise DownloadError(f"{url}: the server has {m.group(3)} bytes, the listing said {total:,}")
            mode = "ab"
        elif response.status_code == 200:
            length = response.headers.get("Content-Length")
            if length is not None and length.isdigit() and int(length) != total:
                raise DownloadError(f"{url}: the server has {length} bytes, the listing said {total:,}")
            have, mode = 0, "wb"  # no range support: from the start
        else:
            raise DownloadError(f"{url}: HTTP {response.status_code}")
        written = 0
        with part.open(mode) as out:
            for chunk in response.iter_bytes():
                out.write(chunk)
                written += len(chunk)
                say(have + written)
        return written


def download_snapshot(
    client: httpx.Client,
    bucket_url: str,
    folder: Path,
    with_text: bool = False,
    progress: Progress | None = None,
    *,
    policy: Policy = RESUME,
    sleep: Callable[[float], None] = time.sleep,
) -> tuple[tuple[BucketFile, ...], list[Path]]:
    """List the bucket, pick the newest dump and download its files into ``folder``."""
    chosen = newest_snapshot(list_bulk_files(client, bucket_url), with_text)
    paths = [
        download_file(client, bucket_url, f, folder, progress, policy=policy, sleep=sleep) for f in chosen
    ]
    return chosen, paths

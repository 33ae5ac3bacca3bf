"""Inflate a zip archive (a DOCX) under a budget: a zip bomb is refused after reading at
most the budget, in a few megabytes of memory, whatever its entries claim about themselves."""

from __future__ import annotations

import io
import zipfile

from citeproof.core.limits import LimitExceeded, MiB

CHUNK = MiB


def check_inflated_size(data: bytes, budget: int) -> None:
    """Raise `LimitExceeded` when the zip ``data`` inflates past ``budget`` (0: no limit):
    first by the sizes its entries declare (nothing inflated), then by `inflate_all`."""
    if budget and (declared := declared_size(data)) > budget:
        raise _over(budget, f"its entries declare {declared:,} bytes")
    inflate_all(data, budget)


def declared_size(data: bytes) -> int:
    """The sum of the inflated sizes the zip's entries declare."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return sum(e.file_size for e in archive.infolist())


def inflate_all(data: bytes, budget: int) -> int:
    """Inflate every entry of the zip ``data`` and throw the bytes away, chunk by chunk;
    return the total size, or raise `LimitExceeded` once it passes ``budget`` (0: none)."""
    total = 0
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for entry in archive.infolist():
            with archive.open(entry) as stream:
                while chunk := stream.read(CHUNK):
                    total += len(chunk)
                    if budget and total > budget:
                        raise _over(budget, f"{total:,} bytes inflated so far")
    return total


def _over(budget: int, found: str) -> LimitExceeded:
    return LimitExceeded(
        f"inflated DOCX size is over the limit of {budget:,} bytes ({found}; "
        "--max-docx-bytes or $CITEPROOF_MAX_DOCX_BYTES to change it)"
    )

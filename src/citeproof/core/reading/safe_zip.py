"""Inflate a zip archive (a DOCX) under a budget: a zip bomb is refused after reading at
most the budget, in a few megabytes of memory, whatever its entries claim about themselves.

The budget is the smaller of a size (``--max-docx-bytes``) and a multiple of the file's own
size (``--max-docx-ratio``, 100 by default as in Apache POI's zip-bomb check; never below
`RATIO_GRACE`): the XML tree a DOCX is read into takes about 16 bytes of memory per byte of
XML, so reading a DOCX takes at most a known multiple of its size.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable

from citeproof.core.limits import LimitExceeded, MiB

CHUNK = MiB
RATIO_GRACE = 10 * MiB  # a DOCX may always inflate this far, whatever its size


def check_inflated_size(data: bytes, budget: int, max_ratio: int = 0) -> None:
    """Raise `LimitExceeded` when the zip ``data`` inflates past ``budget`` or past
    ``max_ratio`` times its own size (0: no limit): first by the sizes its entries declare
    (nothing inflated), then by `inflate_all`."""
    by_ratio = max(max_ratio * len(data), RATIO_GRACE) if max_ratio else 0
    if by_ratio and (not budget or by_ratio < budget):
        budget, over = by_ratio, _over_ratio(max_ratio, len(data))
    else:
        over = _over_size(budget)
    declared = declared_size(data)
    if budget and declared > budget:
        raise over(f"its entries declare {declared:,} bytes")
    total, past = _inflate(data, budget)
    if past:
        raise over(f"{total:,} bytes inflated so far")


def declared_size(data: bytes) -> int:
    """The sum of the inflated sizes the zip's entries declare."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return sum(e.file_size for e in archive.infolist())


def inflate_all(data: bytes, budget: int) -> int:
    """Inflate every entry of the zip ``data`` and throw the bytes away, chunk by chunk;
    return the total size, or raise `LimitExceeded` once it passes ``budget`` (0: none)."""
    total, past = _inflate(data, budget)
    if past:
        raise _over_size(budget)(f"{total:,} bytes inflated so far")
    return total


def _inflate(data: bytes, budget: int) -> tuple[int, bool]:
    """The bytes inflated, and whether that stopped past ``budget`` (0: none)."""
    total = 0
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for entry in archive.infolist():
            with archive.open(entry) as stream:
                while chunk := stream.read(CHUNK):
                    total += len(chunk)
                    if budget and total > budget:
                        return total, True
    return total, False


def _over_size(budget: int) -> Callable[[str], LimitExceeded]:
    return lambda found: LimitExceeded(
        f"inflated DOCX size is over the limit of {budget:,} bytes ({found}; "
        "--max-docx-bytes or $CITEPROOF_MAX_DOCX_BYTES to change it)"
    )


def _over_ratio(ratio: int, size: int) -> Callable[[str], LimitExceeded]:
    limit = max(ratio * size, RATIO_GRACE)
    return lambda found: LimitExceeded(
        f"inflated DOCX size is over the limit of {ratio:,} times its file size of {size:,} bytes "
        f"({limit:,} bytes; {found}; --max-docx-ratio or $CITEPROOF_MAX_DOCX_RATIO to change it)"
    )

"""CourtListener's public bulk-data bucket: list it (S3 ``ListObjectsV2``) and pick a snapshot.

The bucket holds one file per table and dump date under ``bulk-data/``, compressed with
bzip2: ``bulk-data/citations-2024-12-31.csv.bz2``, ``opinion-clusters-…``, ``courts-…``,
``opinions-…`` (and tables citeproof does not read: dockets, people, ``citation-map``, the
schema, ...). A snapshot is the newest date for which every table asked for is there.
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass

import httpx

from citeproof.core.protocols import LibraryError
from citeproof.net.bounded import TooLarge, fetch

DEFAULT_BUCKET_URL = "https://com-courtlistener-storage.s3-us-west-2.amazonaws.com"
PREFIX = "bulk-data/"
REQUIRED = ("citations", "opinion-clusters")
_KEY = re.compile(r"^(?:.*/)?(citations|opinion-clusters|courts|opinions)-(\d{4}-\d{2}-\d{2})\.csv\.bz2$")
_S3 = "{http://s3.amazonaws.com/doc/2006-03-01/}"
MAX_PAGES = 1000  # a listing longer than 1,000 pages of 1,000 keys is not a bulk-data bucket
MAX_PAGE_BYTES = 16 << 20  # a page of 1,000 keys is about 300 KB
LIST_SECONDS = 120.0  # one page, however slowly it comes


@dataclass(frozen=True, slots=True)
class BucketFile:
    """One bulk file in the bucket: its key, size in bytes, table stem and dump date, and what
    the listing says of the object's version (its ETag, without quotes, and LastModified)."""

    key: str
    size: int
    stem: str
    date: str
    etag: str = ""
    modified: str = ""

    @property
    def name(self) -> str:
        return self.key.rsplit("/", 1)[-1]

    @property
    def md5(self) -> str | None:
        """The object's MD5, where its ETag is one (an object uploaded in one part); a
        multipart ETag (``…-12``) is no checksum of the bytes."""
        return self.etag.lower() if re.fullmatch(r"[0-9a-fA-F]{32}", self.etag) else None

    @property
    def identity(self) -> str:
        """What names this version of the object: a changed object has another identity."""
        return hashlib.sha256(f"{self.key}|{self.size}|{self.etag}|{self.modified}".encode()).hexdigest()[:16]


def _text(node: ET.Element, tag: str) -> str:
    found = node.find(_S3 + tag)
    if found is None:
        found = node.find(tag)
    return (found.text or "") if found is not None else ""


def _page(xml: bytes) -> tuple[list[BucketFile], str | None]:
    """The bulk files of one ``ListBucketResult`` page and the continuation token, if any."""
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as exc:
        raise LibraryError(f"the bucket listing is not S3 XML: {exc}") from None
    files = []
    for node in [*root.iter(_S3 + "Contents"), *root.iter("Contents")]:
        key, size = _text(node, "Key"), _text(node, "Size")
        m = _KEY.match(key)
        if m and size.isdigit():
            etag, modified = _text(node, "ETag").strip().strip('"'), _text(node, "LastModified").strip()
            files.append(BucketFile(key, int(size), m.group(1), m.group(2), etag, modified))
    truncated = _text(root, "IsTruncated").lower() == "true"
    token = _text(root, "NextContinuationToken") if truncated else ""
    return files, token or None


def list_bulk_files(client: httpx.Client, bucket_url: str, prefix: str = PREFIX) -> list[BucketFile]:
    """Every bulk file under ``prefix``, following continuation tokens."""
    files: list[BucketFile] = []
    token: str | None = None
    for _ in range(MAX_PAGES):
        params = {"list-type": "2", "prefix": prefix}
        if token:
            params["continuation-token"] = token
        request = client.build_request("GET", bucket_url.rstrip("/") + "/", params=params)
        try:
            response = fetch(client, request, cap=MAX_PAGE_BYTES, seconds=LIST_SECONDS)
        except (httpx.HTTPError, TooLarge) as exc:
            raise LibraryError(f"cannot list {bucket_url}: {exc}") from None
        if response.status_code != 200:
            raise LibraryError(f"cannot list {bucket_url}: HTTP {response.status_code}")
        page, token = _page(response.content)
        files.extend(page)
        if token is None:
            return files
    raise LibraryError(f"the listing of {bucket_url} did not end after {MAX_PAGES} pages")


def newest_snapshot(files: Iterable[BucketFile], with_text: bool = False) -> tuple[BucketFile, ...]:
    """The newest dump with citations and opinion clusters (and opinions with ``with_text``);
    its courts file, or the newest older one when the dump has none."""
    by_date: dict[str, dict[str, BucketFile]] = {}
    for f in files:
        by_date.setdefault(f.date, {})[f.stem] = f
    needed = (*REQUIRED, "opinions") if with_text else REQUIRED
    dates = sorted((d for d, got in by_date.items() if all(s in got for s in needed)), reverse=True)
    if not dates:
        have = ", ".join(sorted({f.name for f in files})[:6]) or "no bulk files"
        raise LibraryError(
            f"no complete CourtListener dump in the bucket (need {', '.join(needed)}; found {have})"
        )
    chosen = by_date[dates[0]]
    picked = [chosen[s] for s in needed]
    courts = [
        got["courts"] for d, got in sorted(by_date.items(), reverse=True) if d <= dates[0] and "courts" in got
    ]
    return (*picked, *courts[:1])

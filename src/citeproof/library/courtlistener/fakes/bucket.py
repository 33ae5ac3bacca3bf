"""A fake CourtListener bulk-data bucket on loopback, for tests, demos and benchmarks.

It answers as S3 does: ``GET /?list-type=2&prefix=…`` with ``ListBucketResult`` XML pages
(``max-keys``, ``continuation-token``; each key with its ``ETag``, the MD5 of an object put in
one part, ``LastModified`` and ``Size``), and ``GET /KEY`` with ``Range`` (``206`` with
``Content-Range``, ``416`` past the end), ``If-Match`` (``412 PreconditionFailed`` when the
object's ETag is another) and the object's ``ETag`` and ``Last-Modified`` headers.
`dump_files` writes bulk files in the real names, column layouts, quoting (PostgreSQL
``COPY`` with backticks) and compression (bzip2).

Faults a test can script: ``drop_after`` cuts a download after so many bytes, once, as a
dropped connection does; ``drip`` sends a key's bytes one at a time; ``listed_size`` lists a
key at another size than it has (a stale or lying mirror); `put` changes an object (a new
ETag and date), as a new dump under the same name would.
"""

from __future__ import annotations

import bz2
import hashlib
import html
import re
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs, urlsplit

from citeproof.core.models import ReporterCite
from citeproof.library.courtlistener.bulk.importer import (
    CITATION_COLUMNS,
    CLUSTER_COLUMNS,
    COURT_COLUMNS,
    OPINION_COLUMNS,
    copy_line,
)
from citeproof.net.loopback import serve

_RANGE = re.compile(r"bytes=(\d+)-(\d*)$")
# Tables of the real bucket that citeproof does not read: listed so that picking skips them.
OTHER_TABLES = ("dockets", "citation-map", "people-db-people", "search_opinion_joined_by")


@dataclass(frozen=True, slots=True)
class DumpCase:
    """One opinion cluster of a generated dump, with its citations and optional opinion HTML."""

    cluster_id: int
    case_name: str
    date_filed: str
    citations: tuple[ReporterCite, ...]
    html: str = ""


def _cells(columns: tuple[str, ...], **values: object) -> list[object]:
    return [values.get(c, "") for c in columns]


def dump_files(
    cases: Iterable[DumpCase], date: str, courts: Iterable[tuple[str, str]] = ()
) -> dict[str, bytes]:
    """The bulk files of one dump, by bucket key (``bulk-data/citations-DATE.csv.bz2``, ...)."""
    tables: dict[str, list[str]] = {
        "opinion-clusters": [copy_line(CLUSTER_COLUMNS, True)],
        "citations": [copy_line(CITATION_COLUMNS, True)],
        "opinions": [copy_line(OPINION_COLUMNS, True)],
        "courts": [copy_line(COURT_COLUMNS, True)],
    }
    citation_id = 0
    for case in cases:
        cluster = _cells(
            CLUSTER_COLUMNS, id=case.cluster_id, date_filed=case.date_filed, case_name=case.case_name
        )
        tables["opinion-clusters"].append(copy_line(cluster, True))
        for cite in case.citations:
            citation_id += 1
            row = _cells(
                CITATION_COLUMNS,
                id=citation_id,
                volume=cite.volume,
                reporter=cite.reporter,
                page=cite.page,
                type=1,
                cluster_id=case.cluster_id,
            )
            tables["citations"].append(copy_line(row, True))
        if case.html:
            row = _cells(
                OPINION_COLUMNS, id=case.cluster_id, html_with_citations=case.html, cluster_id=case.cluster_id
            )
            tables["opinions"].append(copy_line(row, True))
    for court_id, name in courts:
        tables["courts"].append(copy_line(_cells(COURT_COLUMNS, id=court_id, full_name=name), True))
    return {
        f"bulk-data/{stem}-{date}.csv.bz2": bz2.compress("".join(lines).encode("utf-8"), 1)
        for stem, lines in tables.items()
    }


class FakeBucket:
    """Serves ``files`` (key → bytes) like the bulk-data bucket; counts and records requests."""

    def __init__(self, files: dict[str, bytes], page_size: int = 1000) -> None:
        self.files: dict[str, bytes] = {}
        self.versions: dict[str, int] = {}  # key → how often it was put (its LastModified)
        for key, data in sorted(files.items()):
            self.put(key, data)
        self.page_size = page_size
        self.drop_after: dict[str, int] = {}  # key → bytes to send before dropping, once
        self.drip: dict[str, float] = {}  # key → seconds between the bytes it is sent in
        self.listed_size: dict[str, int] = {}  # key → the size the listing gives instead
        self.ranges: list[tuple[str, str | None]] = []  # (key, Range header) of each file GET
        self.conditions: list[str | None] = []  # the If-Match header of each file GET
        self.listings = 0
        self.stopped = threading.Event()
        self._lock = threading.Lock()

    def put(self, key: str, data: bytes) -> None:
        """Store (or replace) an object: a new ETag, and a later LastModified."""
        self.files[key] = data
        self.versions[key] = self.versions.get(key, 0) + 1

    def etag(self, key: str) -> str:
        return '"' + hashlib.md5(self.files[key]).hexdigest() + '"'

    def modified(self, key: str) -> str:
        return f"2025-01-{self.versions[key]:02d}T00:00:00.000Z"

    def listing(self, query: dict[str, list[str]]) -> bytes:
        prefix = query.get("prefix", [""])[0]
        size = min(int(query.get("max-keys", [str(self.page_size)])[0]), self.page_size)
        after = query.get("continuation-token", [""])[0]
        keys = [k for k in self.files if k.startswith(prefix) and k > after]
        page, more = keys[:size], len(keys) > size
        contents = "".join(
            f"<Contents><Key>{html.escape(k)}</Key><LastModified>{self.modified(k)}</LastModified>"
            f"<ETag>{html.escape(self.etag(k))}</ETag>"
            f"<Size>{self.listed_size.get(k, len(self.files[k]))}</Size><StorageClass>STANDARD</StorageClass>"
            "</Contents>"
            for k in page
        )
        token = f"<NextContinuationToken>{html.escape(page[-1])}</NextContinuationToken>" if more else ""
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
            f"<Name>com-courtlistener-storage</Name><Prefix>{html.escape(prefix)}</Prefix>"
            f"<KeyCount>{len(page)}</KeyCount><MaxKeys>{size}</MaxKeys>"
            f"<IsTruncated>{'true' if more else 'false'}</IsTruncated>{token}{contents}</ListBucketResult>"
        ).encode()

    def object(self, key: str, wanted: str | None, match: str | None) -> tuple[int, bytes, dict[str, str]]:
        """``GET /KEY`` as S3 answers it: status, body and headers."""
        data = self.files.get(key)
        if data is None:
            return 404, b"<Error><Code>NoSuchKey</Code></Error>", {}
        if match is not None and match not in ("*", self.etag(key)):
            return 412, b"<Error><Code>PreconditionFailed</Code></Error>", {}
        start, end, status = 0, len(data) - 1, 200
        m = _RANGE.match(wanted or "")
        if m:
            start = int(m.group(1))
            end = min(int(m.group(2)), end) if m.group(2) else end
            if start >= len(data):
                return 416, b"", {"Content-Range": f"bytes */{len(data)}"}
            status = 206
        headers = {
            "Content-Type": "application/x-bzip2",
            "Accept-Ranges": "bytes",
            "ETag": self.etag(key),
            "Last-Modified": "Wed, 01 Jan 2025 00:00:00 GMT",
        }
        if status == 206:
            headers["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
        return status, data[start : end + 1], headers

    def take_drop(self, key: str) -> int | None:
        with self._lock:
            return self.drop_after.pop(key, None)

    @contextmanager
    def serve(self) -> Iterator[str]:
        self.stopped.clear()
        try:
            with serve(_handler(self)) as url:
                yield url
        finally:
            self.stopped.set()


def _handler(bucket: FakeBucket) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/" and "list-type=2" in parts.query:
                bucket.listings += 1
                self._send(200, bucket.listing(parse_qs(parts.query)), {"Content-Type": "application/xml"})
                return
            key = parts.path.lstrip("/")
            wanted, match = self.headers.get("Range"), self.headers.get("If-Match")
            bucket.ranges.append((key, wanted))
            bucket.conditions.append(match)
            status, body, headers = bucket.object(key, wanted, match)
            drop = bucket.take_drop(key) if status in (200, 206) else None
            self._send(status, body, headers, cut=drop, drip=bucket.drip.get(key, 0.0))

        def _send(
            self, status: int, body: bytes, headers: dict[str, str], cut: int | None = None, drip: float = 0.0
        ) -> None:
            self.send_response(status)
            for name, value in {**headers, "Content-Length": str(len(body))}.items():
                self.send_header(name, value)
            self.end_headers()
            try:
                if drip:  # a mirror that trickles: one byte at a time, until serving stops
                    self.close_connection = True
                    for n in range(len(body)):
                        if bucket.stopped.wait(drip):
                            return
                        self.wfile.write(body[n : n + 1])
                        self.wfile.flush()
                    return
                if cut is not None:  # a dropped connection: part of the body, then the socket closes
                    self.wfile.write(body[:cut])
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client hung up

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: tests read the bucket's own records."""

    return Handler

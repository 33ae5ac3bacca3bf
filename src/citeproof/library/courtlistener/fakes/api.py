"""A local CourtListener (REST v4 subset) over loopback HTTP, seeded from a citeproof library.

It follows the public contract the client relies on: ``POST citation-lookup/`` parses the
text with eyecite and answers per citation 200 / 300 / 400 / 404, or 429 past
``max_per_request`` citations or the citation budget (with ``wait_until``); an exhausted
budget throttles the whole request (429, ``Retry-After`` and ``wait_until``); a 200 may
place a pin page inside an earlier case, as CourtListener does; ``clusters/<id>/`` and
``opinions/<id>/`` serve star-paginated HTML. Tests script faults with `fail_next`,
answers of the wrong shape with `malform_next` (`MALFORMED`, an empty or cut list among
them), answers of the right shape that make no sense with `add_case` (a cluster without a
name, or one that does not carry the cite), a server that never answers with ``delay``, one
that sends each answer a byte at a time with ``drip``, and answers padded to any size with
``pad``.
Run ``citeproof courtlistener-fake`` for a demo.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import Any

from citeproof.core.models import Authority, Opinion
from citeproof.core.protocols import Library
from citeproof.net import loopback

API_PATH = "/api/rest/v4/"
MAX_TEXT_CHARS = 64_000
# Ways a citation-lookup answer can depart from the contract (a broken proxy, an API change).
MALFORMED = ("no_clusters", "dict_body", "status_text", "not_json", "items_not_objects")
# Lists of the right shape that leave citations out (a proxy that cut the body, a partial answer).
INCOMPLETE = ("empty", "cut")


@dataclass(slots=True)
class FakeState:
    """What a test can set and observe; guarded by the server's lock."""

    max_per_request: int = 250
    budget: int | None = None  # valid citations per window (None: unthrottled)
    window: float = 60.0
    token: str | None = None
    star_style: str = "span"  # "span" (<span class="star-pagination">) or "page" (*Page 123)
    unknown_reporters: set[str] = field(default_factory=set)
    hidden: set[str] = field(default_factory=set)  # cites answered 404 whatever the library says
    extra: dict[str, list[Authority]] = field(default_factory=dict)
    faults: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    malformed: list[str] = field(default_factory=list)  # next citation-lookup answers, mangled
    delay: float = 0.0  # seconds every request waits before it is answered
    drip: float = 0.0  # seconds between the bytes of every answer (status line, headers, body)
    pad: int = 0  # spaces added to every JSON answer (still the documented JSON, only larger)
    sent: int = 0  # bytes of answers written so far
    log: list[tuple[str, str, int]] = field(default_factory=list)
    lookup_sizes: list[int] = field(default_factory=list)
    auth_headers: list[str | None] = field(default_factory=list)
    used: list[tuple[float, int]] = field(default_factory=list)


def _iso(stamp: float) -> str:
    return dt.datetime.fromtimestamp(stamp, dt.UTC).isoformat().replace("+00:00", "Z")


def star_html(opinion: Opinion, style: str = "span") -> str:
    """Opinion text as HTML with a star marker where each page of its first reporter begins."""
    breaks = opinion.breaks_for(opinion.page_breaks[0].reporter)[1:] if opinion.page_breaks else ()
    pieces, pos = [], 0
    for brk in breaks:
        pieces.append(html.escape(opinion.text[pos : brk.offset]))
        pieces.append(
            f'<span class="star-pagination">*{brk.page}</span> ' if style == "span" else f"*Page {brk.page} "
        )
        pos = brk.offset
    pieces.append(html.escape(opinion.text[pos:]))
    paragraphs = "".join(pieces).split("\n\n")
    return "".join(f"<p>{p}</p>\n" for p in paragraphs)


class FakeCourtListener:
    """Answers from ``library``; ``now`` drives the throttle window (inject a fake clock)."""

    def __init__(self, library: Library, now: Callable[[], float] = time.time, **settings: Any) -> None:
        self.library, self.now = library, now
        self.state = FakeState(**settings)
        self.lock = threading.Lock()
        self._ids: dict[str, int] = {}
        self._cases: dict[int, Authority] = {}
        self.base_url = ""
        self.stopped = threading.Event()  # ends a ``delay`` early when serving stops

    # -- test controls -------------------------------------------------------------------------

    def fail_next(self, status: int, headers: dict[str, str] | None = None, times: int = 1) -> None:
        with self.lock:
            self.state.faults.extend([(status, headers or {})] * times)

    def malform_next(self, mode: str, times: int = 1) -> None:
        """The next ``times`` citation-lookup answers broken in way ``mode`` (`MALFORMED`,
        `INCOMPLETE`)."""
        if mode not in MALFORMED + INCOMPLETE:
            raise ValueError(f"unknown mode {mode!r}: one of {MALFORMED + INCOMPLETE}")
        with self.lock:
            self.state.malformed.extend([mode] * times)

    def add_case(self, cite: str, case: Authority) -> None:
        with self.lock:
            self.state.extra.setdefault(cite, []).append(case)

    @property
    def request_count(self) -> int:
        return len(self.state.log)

    # -- data ----------------------------------------------------------------------------------

    def _cluster_id(self, case: Authority) -> int:
        if case.id not in self._ids:
            self._ids[case.id] = len(self._ids) + 1
            self._cases[self._ids[case.id]] = case
        return self._ids[case.id]

    def cluster_json(self, case: Authority) -> dict[str, Any]:
        cid = self._cluster_id(case)
        return {
            "resource_uri": f"{self.base_url}clusters/{cid}/",
            "id": cid,
            "absolute_url": f"/opinion/{cid}/",
            "case_name": case.name_abbreviation,
            "case_name_full": case.name,
            "date_filed": case.decision_date,
            "precedential_status": "Published",
            "citations": [
                {
                    "volume": int(c.volume) if c.volume.isdigit() else c.volume,
                    "reporter": c.reporter,
                    "page": c.page,
                    "type": 1,
                }
                for c in case.citations
            ],
            "sub_opinions": [f"{self.base_url}opinions/{cid * 10 + 1}/"] if case.has_text else [],
        }

    def _answer(self, volume: str, reporter: str, page: str) -> dict[str, Any]:
        cite = f"{volume} {reporter} {page}"
        item: dict[str, Any] = {"normalized_citations": [cite], "clusters": []}
        if reporter in self.state.unknown_reporters:
            return {
                **item,
                "normalized_citations": [],
                "status": 400,
                "error_message": f"Unable to find reporter with abbreviation of '{reporter}'",
            }
        cases: list[Authority] = []
        if cite not in self.state.hidden and page.isdigit():
            cases = [*self.state.extra.get(cite, []), *self.library.cases_at(volume, reporter, int(page))]
            if not cases:
                cases = self._pin_page_case(volume, reporter, int(page))
        if not cases:
            return {**item, "status": 404, "error_message": f"Citation not found: '{cite}'"}
        return {
            **item,
            "status": 300 if len(cases) > 1 else 200,
            "clusters": [self.cluster_json(c) for c in cases],
        }

    def _pin_page_case(self, volume: str, reporter: str, page: int) -> list[Authority]:
        """CourtListener's fallback: the case just before, if its text holds ``*page``."""
        around = self.library.case_around(volume, reporter, page)
        if around is None or not around.authority.has_text:
            return []
        opinion = self.library.opinion(around.authority.id)
        if opinion is None or opinion.page_text(reporter, page) is None:
            return []
        return [around.authority]

    # -- endpoints -----------------------------------------------------------------------------

    def citation_lookup(self, text: str) -> tuple[int, Any, dict[str, str]]:
        from eyecite import get_citations
        from eyecite.models import FullCaseCitation

        if len(text) > MAX_TEXT_CHARS:
            return 400, {"text": [f"Ensure this field has no more than {MAX_TEXT_CHARS} characters."]}, {}
        found = [c for c in get_citations(text) if isinstance(c, FullCaseCitation)]
        if not found:
            return 200, [], {}
        left, reset = self._budget_left()
        if left == 0:
            return 429, {"wait_until": _iso(reset)}, {"Retry-After": str(max(1, round(reset - self.now())))}
        items, looked_up = [], 0
        for n, cit in enumerate(found):
            start, end = cit.span()
            head = {"citation": cit.matched_text(), "start_index": start, "end_index": end}
            if n >= self.state.max_per_request or (left is not None and looked_up >= left):
                items.append(
                    {
                        **head,
                        "normalized_citations": [cit.corrected_citation()],
                        "status": 429,
                        "error_message": "Too many citations requested.",
                        "clusters": [],
                        **({"wait_until": _iso(reset)} if n < self.state.max_per_request else {}),
                    }
                )
                continue
            looked_up += 1
            g = cit.groups
            reporter = cit.edition_guess.short_name if cit.edition_guess else g["reporter"]
            items.append({**head, "error_message": "", **self._answer(g["volume"], reporter, g["page"])})
        self.state.used.append((self.now(), looked_up))
        self.state.lookup_sizes.append(looked_up)
        return 200, items, {}

    def _budget_left(self) -> tuple[int | None, float]:
        now = self.now()
        self.state.used = [(t, n) for t, n in self.state.used if now - t < self.state.window]
        reset = (self.state.used[0][0] if self.state.used else now) + self.state.window
        if self.state.budget is None:
            return None, reset
        return max(0, self.state.budget - sum(n for _, n in self.state.used)), reset

    def search(self, q: str) -> dict[str, Any]:
        """The search API (``type=o``) for a ``caseName:("...")`` query: the library's cases of that name."""
        m = re.match(r'caseName:\("(.*)"\)$', q)
        cases = self.library.cases_named(m.group(1), limit=20) if m else ()
        results = [
            {
                "cluster_id": self._cluster_id(case),
                "caseName": case.name_abbreviation,
                "caseNameFull": case.name,
                "dateFiled": case.decision_date,
                "citation": [str(c) for c in case.citations],
                "court_id": case.court,
            }
            for case in cases
        ]
        return {"count": len(results), "next": None, "previous": None, "results": results}

    def get(self, path: str) -> tuple[int, Any]:
        kind, _, ident = path.strip("/").partition("/")
        number = int(ident) if ident.isdigit() else -1
        if kind == "clusters" and number in self._cases:
            return 200, self.cluster_json(self._cases[number])
        if kind == "opinions" and number // 10 in self._cases and number % 10 == 1:
            case = self._cases[number // 10]
            opinion = self.library.opinion(case.id)
            body = star_html(opinion, self.state.star_style) if opinion else ""
            return 200, {
                "id": number,
                "cluster": f"{self.base_url}clusters/{number // 10}/",
                "cluster_id": number // 10,
                "type": "010combined",
                "html_with_citations": body,
                "plain_text": "",
            }
        return 404, {"detail": "No Opinion matches the given query."}

    def handle(
        self, method: str, path: str, body: bytes, auth: str | None
    ) -> tuple[int, Any, dict[str, str]]:
        with self.lock:
            self.state.auth_headers.append(auth)
            status, payload, headers = self._route(method, path, body, auth)
            self.state.log.append((method, path, status))
            return status, payload, headers

    def _route(
        self, method: str, path: str, body: bytes, auth: str | None
    ) -> tuple[int, Any, dict[str, str]]:
        if self.state.faults:
            status, headers = self.state.faults.pop(0)
            return status, {"detail": "Request was throttled." if status == 429 else "Server Error"}, headers
        if self.state.token and auth != f"Token {self.state.token}":
            return 401, {"detail": "Invalid token."}, {}
        if not path.startswith(API_PATH):
            return 404, {"detail": "Not found."}, {}
        rest, _, query = path[len(API_PATH) :].partition("?")
        if method == "GET" and rest.rstrip("/") == "search":
            return 200, self.search(urllib.parse.parse_qs(query).get("q", [""])[0]), {}
        if method == "POST" and rest.rstrip("/") == "citation-lookup":
            form = urllib.parse.parse_qs(body.decode("utf-8"), keep_blank_values=True)
            status, payload, headers = self.citation_lookup((form.get("text") or [""])[0])
            if self.state.malformed and status == 200:
                payload = _malform(self.state.malformed.pop(0), payload)
            return status, payload, headers
        if method == "GET":
            status, payload = self.get(rest)
            return status, payload, {}
        return 405, {"detail": f'Method "{method}" not allowed.'}, {}

    # -- serving -------------------------------------------------------------------------------

    @contextmanager
    def serve(self, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
        """Serve in a background thread; yields the API base URL."""
        self.stopped.clear()
        try:
            with loopback.serve(_handler(self), host, port, poll_interval=0.05) as url:
                self.base_url = url + API_PATH
                yield self.base_url
        finally:
            self.stopped.set()


def _malform(mode: str, items: Any) -> Any:
    """A citation-lookup answer broken in way ``mode``; `bytes` are sent as they are."""
    if mode == "no_clusters":
        return [{k: v for k, v in item.items() if k != "clusters"} for item in items]
    if mode == "dict_body":
        return {"results": items}
    if mode == "status_text":
        return [{**item, "status": str(item["status"])} for item in items]
    if mode == "items_not_objects":
        return [item["citation"] for item in items]
    if mode == "empty":
        return []
    if mode == "cut":
        return items[:1]
    return b"<html><body>Service temporarily unavailable</body></html>"


def _handler(fake: FakeCourtListener) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _reply(self, method: str) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            parts = urllib.parse.urlsplit(self.path)
            path = parts.path + (f"?{parts.query}" if parts.query else "")
            if fake.state.delay and fake.stopped.wait(fake.state.delay):
                return  # serving stopped while this request hung: never answered
            status, payload, headers = fake.handle(method, path, body, self.headers.get("Authorization"))
            data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
            data += b" " * fake.state.pad if not isinstance(payload, bytes) else b""
            try:
                if fake.state.drip:
                    self._drip(status, data, headers)
                    return
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)
                fake.state.sent += len(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting (its deadline)

        def _drip(self, status: int, data: bytes, headers: dict[str, str]) -> None:
            """The whole answer, one byte every ``drip`` seconds, until serving stops."""
            lines = [
                f"HTTP/1.1 {status} {HTTPStatus(status).phrase}",
                "Content-Type: application/json",
                f"Content-Length: {len(data)}",
                *(f"{k}: {v}" for k, v in headers.items()),
            ]
            raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + data
            self.close_connection = True
            for n in range(len(raw)):
                if fake.stopped.wait(fake.state.drip):
                    return
                self.wfile.write(raw[n : n + 1])
                self.wfile.flush()
                fake.state.sent += 1

        def do_GET(self) -> None:
            self._reply("GET")

        def do_POST(self) -> None:
            self._reply("POST")

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler

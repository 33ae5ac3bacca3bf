"""HTTP client for CourtListener's REST API v4: batched citation lookup, clusters, opinions.

The token (``COURTLISTENER_API_TOKEN``) goes only to the configured base URL
(``COURTLISTENER_API_URL``), is never logged and never appears in a ``repr``; redirects are
not followed. Throttling (``Retry-After``, ``wait_until``), 5xx answers and timeouts are
retried with backoff; what still fails raises `LibraryError` (``rate_limited`` or
``backend_error``), which the resolver turns into an unverifiable verdict.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import os
import re
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from citeproof.core.models import Reason, ReporterCite
from citeproof.core.protocols import LibraryError
from citeproof.core.version import __version__

DEFAULT_BASE_URL = "https://www.courtlistener.com/api/rest/v4/"
TOKEN_ENV, URL_ENV = "COURTLISTENER_API_TOKEN", "COURTLISTENER_API_URL"
MAX_CITATIONS_PER_REQUEST = 250
MAX_TEXT_CHARS = 64_000
SEPARATOR = "; "
THROTTLED = 429
HTML_FIELDS = ("html_with_citations", "html_columbia", "html_lawbox", "xml_harvard",
               "html_anon_2020", "html", "plain_text")


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How long to keep trying. ``backoff`` doubles after each failed attempt."""

    retries: int = 4
    backoff: float = 1.0
    max_wait: float = 120.0
    throttle_rounds: int = 8
    timeout: float = 30.0


@dataclass(frozen=True, slots=True)
class ClusterInfo:
    """The parts of a CourtListener opinion cluster the verifier uses."""

    id: int
    case_name: str
    case_name_full: str
    date_filed: str
    citations: tuple[ReporterCite, ...]
    opinion_ids: tuple[int, ...] = ()
    court: str = ""


@dataclass(frozen=True, slots=True)
class Lookup:
    """What citation-lookup said about one citation (``status`` as the API gives it)."""

    cite: str
    status: int
    clusters: tuple[ClusterInfo, ...] = ()
    normalized: tuple[str, ...] = ()
    message: str = ""


def cluster_info(obj: dict[str, Any]) -> ClusterInfo:
    """A cluster object (from citation-lookup or ``clusters/<id>/``) → `ClusterInfo`."""
    cites = tuple(ReporterCite(str(c["volume"]), str(c["reporter"]), str(c["page"]))
                  for c in obj.get("citations") or []
                  if isinstance(c, dict) and c.get("volume") and c.get("reporter") and c.get("page"))
    opinion_ids = []
    for sub in obj.get("sub_opinions") or []:
        if isinstance(sub, dict):
            sub = sub.get("id") or sub.get("resource_uri") or ""
        match = re.search(r"(\d+)/?$", str(sub))
        if match:
            opinion_ids.append(int(match.group(1)))
    return ClusterInfo(
        id=int(obj["id"]), case_name=str(obj.get("case_name") or ""),
        case_name_full=str(obj.get("case_name_full") or ""),
        date_filed=str(obj.get("date_filed") or ""), citations=cites,
        opinion_ids=tuple(opinion_ids), court=str(obj.get("court_id") or obj.get("court") or ""))


def batches(cites: list[str], max_count: int = MAX_CITATIONS_PER_REQUEST,
            max_chars: int = MAX_TEXT_CHARS) -> Iterator[list[str]]:
    """Consecutive groups of at most ``max_count`` cites whose joined text fits ``max_chars``."""
    batch: list[str] = []
    length = 0
    for cite in cites:
        extra = len(cite) + (len(SEPARATOR) if batch else 0)
        if batch and (len(batch) >= max_count or length + extra > max_chars):
            yield batch
            batch, length, extra = [], 0, len(cite)
        batch.append(cite)
        length += extra
    if batch:
        yield batch


def _join(cites: list[str]) -> tuple[str, list[int]]:
    offsets, pos = [], 0
    for cite in cites:
        offsets.append(pos)
        pos += len(cite) + len(SEPARATOR)
    return SEPARATOR.join(cites), offsets


def _parse_time(value: str) -> float | None:
    """Epoch seconds of an ISO-8601 or HTTP date."""
    try:
        stamp = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        try:
            stamp = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=dt.UTC)
    return stamp.timestamp()


class CourtListenerClient:
    """Thin, fail-closed client; pass ``transport=`` to route requests elsewhere."""

    def __init__(self, base_url: str | None = None, token: str | None = None, *,
                 transport: httpx.BaseTransport | None = None,
                 policy: RetryPolicy = RetryPolicy(),
                 sleep: Callable[[float], None] = time.sleep,
                 now: Callable[[], float] = time.time) -> None:
        url = base_url or os.environ.get(URL_ENV) or DEFAULT_BASE_URL
        self.base_url = url if url.endswith("/") else url + "/"
        self._token = token if token is not None else os.environ.get(TOKEN_ENV) or None
        self.policy, self._sleep, self._now = policy, sleep, now
        self._http = httpx.Client(
            base_url=self.base_url, transport=transport, timeout=policy.timeout,
            follow_redirects=False, headers={"User-Agent": f"citeproof/{__version__}"})
        self._origin = httpx.URL(self.base_url)
        self.requests = 0  # HTTP requests sent, retries included

    def __repr__(self) -> str:
        return f"CourtListenerClient({self.base_url!r}, token={'set' if self._token else 'unset'})"

    def close(self) -> None:
        self._http.close()

    # -- transport ---------------------------------------------------------------------------

    def _request(self, method: str, path: str, data: dict[str, str] | None) -> httpx.Request:
        request = self._http.build_request(method, path, data=data)
        same_origin = (request.url.scheme, request.url.host, request.url.port) == (
            self._origin.scheme, self._origin.host, self._origin.port)
        if self._token and same_origin:
            request.headers["Authorization"] = f"Token {self._token}"
        return request

    def _send(self, method: str, path: str, data: dict[str, str] | None = None) -> httpx.Response:
        """One logical request: throttling waited out, faults retried, then `LibraryError`."""
        failures = throttles = 0
        while True:
            self.requests += 1
            try:
                response = self._http.send(self._request(method, path, data))
            except httpx.HTTPError as exc:
                problem = f"{type(exc).__name__} talking to {self._origin.host}"
            else:
                if response.status_code == THROTTLED:
                    throttles += 1
                    if throttles > self.policy.throttle_rounds:
                        raise LibraryError("CourtListener kept throttling the request", Reason.RATE_LIMITED)
                    self._wait(self._throttle_delay(response))
                    continue
                if response.status_code < 500:
                    return response
                problem = f"HTTP {response.status_code} from {self._origin.host}"
            failures += 1
            if failures > self.policy.retries:
                raise LibraryError(f"CourtListener unavailable after {failures} attempts: {problem}")
            self._sleep(self.policy.backoff * 2 ** (failures - 1))

    def _throttle_delay(self, response: httpx.Response) -> float:
        header = response.headers.get("Retry-After", "").strip()
        if header.isdigit():
            return float(header)
        when = _parse_time(header) if header else None
        if when is None:
            try:
                body = response.json()
            except ValueError:
                body = {}
            wait_until = body.get("wait_until") if isinstance(body, dict) else None
            when = _parse_time(str(wait_until)) if wait_until else None
        return when - self._now() if when is not None else self.policy.backoff

    def _wait(self, seconds: float) -> None:
        if seconds > self.policy.max_wait:
            raise LibraryError(f"CourtListener asks to wait {seconds:.0f} s (limit "
                               f"{self.policy.max_wait:.0f} s)", Reason.RATE_LIMITED)
        self._sleep(max(seconds, 0.0))

    def _json(self, method: str, path: str, data: dict[str, str] | None = None) -> Any:
        response = self._send(method, path, data)
        if response.status_code in (401, 403):
            raise LibraryError(f"CourtListener refused the token (HTTP {response.status_code})")
        if response.status_code >= 400:
            raise LibraryError(f"CourtListener answered HTTP {response.status_code} for {path}")
        try:
            return response.json()
        except ValueError:
            raise LibraryError(f"CourtListener sent invalid JSON for {path}") from None

    # -- API ---------------------------------------------------------------------------------

    def lookup(self, cites: Iterable[str]) -> dict[str, Lookup]:
        """Look up every distinct cite (``"925 F.3d 1339"``), in as few requests as allowed."""
        unique = list(dict.fromkeys(c.strip() for c in cites if c.strip()))
        results: dict[str, Lookup] = {}
        for batch in batches(unique):
            results.update(self._lookup_batch(batch))
        return results

    def _lookup_batch(self, batch: list[str]) -> dict[str, Lookup]:
        results: dict[str, Lookup] = {}
        pending, rounds = batch, 0
        while pending:
            text, offsets = _join(pending)
            items = self._json("POST", "citation-lookup/", {"text": text})
            if not isinstance(items, list):  # ``{}`` when the text holds no citation
                items = []
            done, first_throttled, wait = self._match(pending, offsets, items)
            results.update(done)
            if first_throttled is None:
                break
            rounds += 1
            if rounds > self.policy.throttle_rounds:
                raise LibraryError("CourtListener kept throttling citations", Reason.RATE_LIMITED)
            self._wait(wait if wait is not None else self.policy.backoff)
            pending = [c for c in pending[first_throttled:] if c not in results]
        return results

    def _match(self, pending: list[str], offsets: list[int], items: list[dict[str, Any]]
               ) -> tuple[dict[str, Lookup], int | None, float | None]:
        """Pair each answer with the cite it covers; find the first throttled one."""
        done: dict[str, Lookup] = {}
        first_throttled: int | None = None
        wait: float | None = None
        for item in items:
            index = bisect_right(offsets, int(item.get("start_index", 0))) - 1
            if index < 0:
                continue
            status = int(item.get("status", 0))
            if status == THROTTLED:
                first_throttled = index if first_throttled is None else min(first_throttled, index)
                when = _parse_time(str(item["wait_until"])) if item.get("wait_until") else None
                if when is not None:
                    wait = max(wait or 0.0, when - self._now())
                continue
            cite = pending[index]
            if cite not in done or done[cite].status not in (200, 300):
                done[cite] = Lookup(cite, status, tuple(cluster_info(c) for c in item.get("clusters") or []),
                                    tuple(item.get("normalized_citations") or ()),
                                    str(item.get("error_message") or ""))
        limit = len(pending) if first_throttled is None else first_throttled
        for cite in pending[:limit]:
            done.setdefault(cite, Lookup(cite, 400, message="not recognised as a citation"))
        return done, first_throttled, wait

    def cluster(self, cluster_id: int) -> ClusterInfo:
        return cluster_info(self._json("GET", f"clusters/{int(cluster_id)}/"))

    def opinion_html(self, opinion_id: int) -> str:
        """The best-marked text of one opinion (star pagination survives in the HTML)."""
        obj = self._json("GET", f"opinions/{int(opinion_id)}/")
        return next((str(obj[f]) for f in HTML_FIELDS if obj.get(f)), "")

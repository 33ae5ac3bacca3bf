"""HTTP client for CourtListener's REST API v4: batched citation lookup, clusters, opinions.

The token (``COURTLISTENER_API_TOKEN``) goes only to the configured base URL
(``COURTLISTENER_API_URL``), is never logged and never appears in a ``repr``; redirects are
not followed. Throttling (``Retry-After``, ``wait_until``), 5xx answers and timeouts are
retried with backoff; what still fails raises `LibraryError` (``rate_limited`` or
``backend_error``), which the resolver turns into an unverifiable verdict. So does an
answer of another shape than the documented one (`courtlistener_shapes`).

Each check has a deadline for its remote work (`start_check`; ``RetryPolicy.deadline``):
no request outlives it and nothing is waited for past it. Each HTTP call ends within
``RetryPolicy.timeout`` seconds, its body included, however slowly it arrives, and an answer
longer than ``max_answer_bytes`` is refused unread (`citeproof.net.bounded`). The first
failure that no retry cured (a refused token, an unreachable host, the deadline, an answer
too large) is logged once as a warning on ``citeproof.remote`` and answers every later
request of the same check at once.

A cite a batch asked about but the answer left out (an empty or cut list) is answered
``UNTRUSTED``, never "not found"; the library checks the rest for sense (`sense.py`).
"""

from __future__ import annotations

import logging
import os
import re
import time
import urllib.parse
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from citeproof.core.limits import Deadline
from citeproof.core.models import Reason, ReporterCite
from citeproof.core.protocols import LibraryError
from citeproof.core.version import __version__
from citeproof.library.courtlistener.shapes import Malformed, cluster_object, lookup_items, opinion_object
from citeproof.net import retry
from citeproof.net.bounded import TooLarge, bounded_client, fetch

log = logging.getLogger("citeproof.remote")
DEFAULT_BASE_URL = "https://www.courtlistener.com/api/rest/v4/"
TOKEN_ENV, URL_ENV = "COURTLISTENER_API_TOKEN", "COURTLISTENER_API_URL"
MAX_CITATIONS_PER_REQUEST = 250
MAX_TEXT_CHARS = 64_000
MAX_ANSWER_BYTES = 32 << 20  # the longest opinion's HTML is a few MB; 250 lookups far less
SEPARATOR = "; "
THROTTLED = 429
UNTRUSTED = 502  # a `Lookup` status of ours: the answer about this cite made no sense (never cached)
HTML_FIELDS = (
    "html_with_citations",
    "html_columbia",
    "html_lawbox",
    "xml_harvard",
    "html_anon_2020",
    "html",
    "plain_text",
)


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How long to keep trying: faults (5xx, transport errors) ``retries`` more times with
    ``backoff`` doubling after each; throttling (429) apart, up to ``throttle_rounds`` waits
    of at most ``max_wait`` seconds each; each HTTP call, its body included, within
    ``timeout`` seconds; all of one check's remote work within ``deadline`` seconds."""

    retries: int = 4
    backoff: float = 1.0
    max_wait: float = 120.0
    throttle_rounds: int = 8
    timeout: float = 30.0
    deadline: float = 120.0

    @property
    def http(self) -> retry.Policy:
        """These settings as the shared retry policy of one HTTP request."""
        return retry.Policy(
            attempts=self.retries + 1,
            backoff=self.backoff,
            retry_statuses=retry.SERVER_ERRORS,
            retry_after=False,
            throttle_statuses=frozenset({THROTTLED}),
            throttle_rounds=self.throttle_rounds,
            max_wait=self.max_wait,
            errors=(httpx.HTTPError,),
        )


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
    cites = tuple(
        ReporterCite(str(c["volume"]), str(c["reporter"]), str(c["page"]))
        for c in obj.get("citations") or []
        if isinstance(c, dict) and c.get("volume") and c.get("reporter") and c.get("page")
    )
    opinion_ids = []
    for sub in obj.get("sub_opinions") or []:
        if isinstance(sub, dict):
            sub = sub.get("id") or sub.get("resource_uri") or ""
        match = re.search(r"(\d+)/?$", str(sub))
        if match:
            opinion_ids.append(int(match.group(1)))
    return ClusterInfo(
        id=int(obj["id"]),
        case_name=str(obj.get("case_name") or ""),
        case_name_full=str(obj.get("case_name_full") or ""),
        date_filed=str(obj.get("date_filed") or ""),
        citations=cites,
        opinion_ids=tuple(opinion_ids),
        court=str(obj.get("court_id") or obj.get("court") or ""),
    )


_CITE = re.compile(r"^(\d+) (.+) (\d+)$")


def _search_hit(hit: dict[str, Any]) -> ClusterInfo | None:
    """One result of the search API (``caseName``, ``citation`` as strings) → `ClusterInfo`."""
    cluster_id = hit.get("cluster_id")
    if not isinstance(cluster_id, int):
        return None
    cites = tuple(
        ReporterCite(*m.groups()) for c in hit.get("citation") or [] if (m := _CITE.match(str(c))) is not None
    )
    return ClusterInfo(
        id=cluster_id,
        case_name=str(hit.get("caseName") or ""),
        case_name_full=str(hit.get("caseNameFull") or ""),
        date_filed=str(hit.get("dateFiled") or "")[:10],
        citations=cites,
        court=str(hit.get("court_id") or ""),
    )


def batches(
    cites: list[str], max_count: int = MAX_CITATIONS_PER_REQUEST, max_chars: int = MAX_TEXT_CHARS
) -> Iterator[list[str]]:
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


class CourtListenerClient:
    """Thin, fail-closed client; pass ``transport=`` to route requests elsewhere."""

    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        *,
        transport: httpx.BaseTransport | None = None,
        policy: RetryPolicy = RetryPolicy(),
        sleep: Callable[[float], None] = time.sleep,
        now: Callable[[], float] = time.time,
        max_answer_bytes: int = MAX_ANSWER_BYTES,
    ) -> None:
        url = base_url or os.environ.get(URL_ENV) or DEFAULT_BASE_URL
        self.base_url = url if url.endswith("/") else url + "/"
        self._token = token if token is not None else os.environ.get(TOKEN_ENV) or None
        self.policy, self._sleep, self._now = policy, sleep, now
        self.max_answer_bytes = max_answer_bytes
        self._http = bounded_client(
            base_url=self.base_url,
            transport=transport,
            timeout=policy.timeout,
            follow_redirects=False,
            headers={"User-Agent": f"citeproof/{__version__}"},
        )
        self._origin = httpx.URL(self.base_url)
        self.requests = 0  # HTTP requests sent, retries included
        self.deadline = Deadline(policy.deadline, now)
        self.failure: LibraryError | None = None  # what ended this check's remote work
        self._warned: set[str] = set()

    def __repr__(self) -> str:
        return f"CourtListenerClient({self.base_url!r}, token={'set' if self._token else 'unset'})"

    def close(self) -> None:
        self._http.close()

    def start_check(self) -> None:
        """A new check: a fresh deadline, and remote work allowed again after a failure."""
        self.deadline.restart()
        self.failure = None

    def _fail(self, error: LibraryError) -> LibraryError:
        """Remember ``error`` for the rest of the check, and say it once on stderr."""
        self.failure = error
        self.warn(f"{error} ({self._origin.host}); its citations are unverifiable ({error.reason.value})")
        return error

    def warn(self, what: str) -> None:
        """Say ``what`` once on stderr (``citeproof.remote``), however often it happens."""
        if what not in self._warned:
            self._warned.add(what)
            log.warning("%s", what)

    # -- transport ---------------------------------------------------------------------------

    def _seconds(self) -> float:
        """How long the next call may take: its timeout, within the check's deadline."""
        return max(0.001, min(self.policy.timeout, self.deadline.remaining()))

    def _request(self, method: str, path: str, data: dict[str, str] | None) -> httpx.Request:
        request = self._http.build_request(method, path, data=data, timeout=self._seconds())
        same_origin = (request.url.scheme, request.url.host, request.url.port) == (
            self._origin.scheme,
            self._origin.host,
            self._origin.port,
        )
        if self._token and same_origin:
            request.headers["Authorization"] = f"Token {self._token}"
        return request

    def _send(self, method: str, path: str, data: dict[str, str] | None = None) -> httpx.Response:
        """One logical request: throttling waited out, faults retried, then `LibraryError`."""

        if self.failure is not None:
            raise self.failure
        if self.deadline.remaining() <= 0:
            raise self._fail(LibraryError(self._late()))

        def call() -> httpx.Response:
            self.requests += 1
            request = self._request(method, path, data)
            return fetch(self._http, request, cap=self.max_answer_bytes, seconds=self._seconds())

        try:
            response = retry.send(
                call,
                self.policy.http,
                lambda response: response,
                sleep=self._sleep,
                now=self._now,
                asked=self._asked,
                deadline=self.deadline,
            )
        except retry.GaveUp as gave_up:
            raise self._fail(self._gave_up(gave_up)) from None
        except TooLarge as exc:
            raise self._fail(LibraryError(f"CourtListener's answer to {path.split('?')[0]}: {exc}")) from None
        if response.status_code in (401, 403):
            raise self._fail(LibraryError(f"CourtListener refused the token (HTTP {response.status_code})"))
        return response

    def _late(self) -> str:
        return f"CourtListener gave no answer within the {self.policy.deadline:.0f}-s deadline of a check"

    def _gave_up(self, gave_up: retry.GaveUp) -> LibraryError:
        if gave_up.late:
            reason = Reason.RATE_LIMITED if gave_up.throttled else Reason.BACKEND_ERROR
            return LibraryError(self._late(), reason)
        if gave_up.wait is not None:
            return LibraryError(
                f"CourtListener asks to wait {gave_up.wait:.0f} s (limit {self.policy.max_wait:.0f} s)",
                Reason.RATE_LIMITED,
            )
        if gave_up.throttled:
            return LibraryError("CourtListener kept throttling the request", Reason.RATE_LIMITED)
        last = gave_up.last
        problem = (
            f"HTTP {last.status_code} from {self._origin.host}"
            if isinstance(last, httpx.Response)
            else f"{type(last).__name__} talking to {self._origin.host}"
        )
        return LibraryError(f"CourtListener unavailable after {gave_up.attempts} attempts: {problem}")

    def _asked(self, response: httpx.Response) -> float | None:
        """Seconds a throttled answer asks to wait: ``Retry-After``, else ``wait_until``."""
        wait = retry.retry_after(response, self._now)
        if wait is None:
            try:
                body = response.json()
            except ValueError:
                body = {}
            wait_until = body.get("wait_until") if isinstance(body, dict) else None
            when = retry.parse_time(str(wait_until)) if wait_until else None
            wait = when - self._now() if when is not None else None
        return wait

    def _wait(self, seconds: float) -> None:
        if seconds > self.policy.max_wait:
            raise self._fail(
                LibraryError(
                    f"CourtListener asks to wait {seconds:.0f} s (limit {self.policy.max_wait:.0f} s)",
                    Reason.RATE_LIMITED,
                )
            )
        if seconds >= self.deadline.remaining():
            raise self._fail(LibraryError(self._late(), Reason.RATE_LIMITED))
        self._sleep(max(seconds, 0.0))

    def _json(self, method: str, path: str, data: dict[str, str] | None = None) -> Any:
        response = self._send(method, path, data)
        if response.status_code >= 400:
            raise LibraryError(f"CourtListener answered HTTP {response.status_code} for {path}")
        try:
            return response.json()
        except ValueError:
            raise self._fail(LibraryError(f"CourtListener sent invalid JSON for {path}")) from None

    def _shaped(self, check: Any, body: Any, path: str) -> Any:
        """``check(body)``, or a remembered `LibraryError` for an answer of another shape."""
        try:
            return check(body)
        except Malformed as exc:
            raise self._fail(LibraryError(f"CourtListener's answer to {path} is malformed: {exc}")) from None

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
            body = self._json("POST", "citation-lookup/", {"text": text})
            items = self._shaped(lookup_items, body, "citation-lookup/")
            done, first_throttled, wait = self._match(pending, offsets, items)
            results.update(done)
            if first_throttled is None:
                break
            rounds += 1
            if rounds > self.policy.throttle_rounds:
                raise self._fail(LibraryError("CourtListener kept throttling citations", Reason.RATE_LIMITED))
            self._wait(wait if wait is not None else self.policy.backoff)
            pending = [c for c in pending[first_throttled:] if c not in results]
        return results

    def _match(
        self, pending: list[str], offsets: list[int], items: list[dict[str, Any]]
    ) -> tuple[dict[str, Lookup], int | None, float | None]:
        """Pair each answer with the cite it covers; find the first throttled one."""
        done: dict[str, Lookup] = {}
        first_throttled: int | None = None
        wait: float | None = None
        for item in items:
            index = bisect_right(offsets, item["start_index"]) - 1
            if index < 0:
                continue
            status = item["status"]
            if status == THROTTLED:
                first_throttled = index if first_throttled is None else min(first_throttled, index)
                when = retry.parse_time(str(item["wait_until"])) if item.get("wait_until") else None
                if when is not None:
                    wait = max(wait or 0.0, when - self._now())
                continue
            cite = pending[index]
            if cite not in done or done[cite].status not in (200, 300):
                done[cite] = Lookup(
                    cite,
                    status,
                    tuple(cluster_info(c) for c in item["clusters"]),
                    tuple(item.get("normalized_citations") or ()),
                    str(item.get("error_message") or ""),
                )
        limit = len(pending) if first_throttled is None else first_throttled
        for cite in pending[:limit]:
            done.setdefault(cite, Lookup(cite, UNTRUSTED, message="left out of CourtListener's answer"))
        return done, first_throttled, wait

    def search_cases(self, name: str) -> tuple[ClusterInfo, ...]:
        """Opinion clusters whose case name matches ``name`` (the search API, ``type=o``)."""
        query = urllib.parse.urlencode({"type": "o", "q": f'caseName:("{name.replace(chr(34), " ")}")'})
        body = self._json("GET", f"search/?{query}")
        results = body.get("results") if isinstance(body, dict) else None
        hits = (_search_hit(r) for r in results or [] if isinstance(r, dict))
        return tuple(h for h in hits if h is not None)

    def cluster(self, cluster_id: int) -> ClusterInfo:
        path = f"clusters/{int(cluster_id)}/"
        return cluster_info(self._shaped(cluster_object, self._json("GET", path), path))

    def opinion_html(self, opinion_id: int) -> str:
        """The best-marked text of one opinion (star pagination survives in the HTML)."""
        path = f"opinions/{int(opinion_id)}/"
        obj = self._shaped(opinion_object, self._json("GET", path), path)
        return next((str(obj[f]) for f in HTML_FIELDS if obj.get(f)), "")

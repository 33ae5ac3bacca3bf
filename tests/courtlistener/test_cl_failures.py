"""Remote failures fail closed and loudly (issue 13, defects 5 and 11), over loopback.

Before: a 200 whose item had no ``clusters`` made Varghese ``hallucinated: nonexistent``
and was cached for 30 days; a 200 whose body was an object made it ``not_in_coverage``; a
refused token printed nothing; a CourtListener that never answered took minutes.
"""

from __future__ import annotations

import logging
import socket
import time

import pytest
from click.testing import CliRunner

from citeproof.cli import main
from citeproof.core.models import Reason, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import MALFORMED
from citeproof.library.courtlistener.library import CourtListenerLibrary

VARGHESE = "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).\n"
CITE = "925 F.3d 1339"
# Five fabricated cites in reporters the remote covers: each must be asked remotely.
FIVE = "".join(f"Doe v. Roe {n}, {900 + n} F.3d {100 + n} (2d Cir. 2019).\n" for n in range(5))


def _verdicts(text: str, remote: CourtListenerLibrary):
    return check_document(document_from_text(text), remote).verdicts


def _warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "citeproof.remote"]


@pytest.mark.parametrize("mode", MALFORMED)
def test_a_malformed_answer_is_backend_error_and_never_cached(mode, make_client, fake, cache_path, caplog):
    fake.malform_next(mode)
    cache = RemoteCache(cache_path)
    (broken,) = _verdicts(VARGHESE, CourtListenerLibrary(make_client(), cache))
    assert (broken.status, broken.reason) == (Status.UNVERIFIABLE, Reason.BACKEND_ERROR)
    assert broken.errors == ()
    assert cache.lookups(fake.base_url, [CITE]) == {}  # nothing cached from it
    [warning] = _warnings(caplog)
    assert "malformed" in warning or "invalid JSON" in warning
    # the next run asks again, and the well-formed 404 makes it nonexistent
    (healthy,) = _verdicts(VARGHESE, CourtListenerLibrary(make_client(), cache))
    assert healthy.status is Status.HALLUCINATED
    assert [e.kind.value for e in healthy.errors] == ["nonexistent"]


def test_a_refused_token_is_one_warning_and_backend_error(make_client, fake, caplog):
    remote = CourtListenerLibrary(make_client(token="wrong-token"))
    verdicts = _verdicts(FIVE + VARGHESE, remote)
    assert len(verdicts) == 6
    assert {(v.status, v.reason) for v in verdicts} == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    assert fake.request_count == 1  # no further request once the token is refused
    [warning] = _warnings(caplog)
    assert "refused the token (HTTP 401)" in warning and "wrong-token" not in warning


def test_throttling_past_the_deadline_is_rate_limited_without_waiting(make_client, fake, clock):
    fake.fail_next(429, {"Retry-After": "100"})  # within max_wait (120 s): it used to be waited out
    remote = CourtListenerLibrary(make_client(deadline=60.0))
    (verdict,) = _verdicts(VARGHESE, remote)
    assert (verdict.status, verdict.reason) == (Status.UNVERIFIABLE, Reason.RATE_LIMITED)
    assert sum(clock.sleeps) < 60


def test_the_deadline_is_per_check(make_client, fake, clock):
    fake.fail_next(429, {"Retry-After": "100"})
    remote = CourtListenerLibrary(make_client(deadline=60.0))
    (first,) = _verdicts(VARGHESE, remote)
    assert first.reason is Reason.RATE_LIMITED
    clock.t += 1000  # the next check gets its own deadline and its own try
    (second,) = _verdicts(VARGHESE, remote)
    assert second.status is Status.HALLUCINATED


def test_an_unreachable_endpoint_is_backend_error(caplog):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    client = CourtListenerClient(
        f"http://127.0.0.1:{port}/api/rest/v4/", "t", policy=RetryPolicy(retries=1, backoff=0.01)
    )
    verdicts = _verdicts(FIVE, CourtListenerLibrary(client))
    assert {(v.status, v.reason) for v in verdicts} == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    assert client.requests == 2  # one try and one retry, then nothing more in this check
    [warning] = _warnings(caplog)
    assert "ConnectError" in warning


def test_a_server_that_never_answers_is_cut_off_at_the_deadline(fake):
    fake.state.delay = 30.0  # every request hangs far longer than the deadline
    client = CourtListenerClient(
        fake.base_url, fake.state.token, policy=RetryPolicy(timeout=30.0, deadline=1.0)
    )
    started = time.monotonic()
    verdicts = _verdicts(FIVE, CourtListenerLibrary(client))
    elapsed = time.monotonic() - started
    assert {(v.status, v.reason) for v in verdicts} == {(Status.UNVERIFIABLE, Reason.BACKEND_ERROR)}
    assert client.requests == 1
    assert elapsed < 15  # one 1-s deadline, not 5 tries of a 30-s timeout per request
    fake.state.delay = 0.0


def test_the_cli_prints_one_warning_line_for_a_refused_token(fake, tmp_path, library_path):
    brief = tmp_path / "brief.txt"
    brief.write_text(FIVE + VARGHESE)
    config = tmp_path / "config.toml"
    config.write_text(f'[courtlistener]\ncache = "{tmp_path / "cl.sqlite"}"\n')
    env = {
        "COURTLISTENER_API_URL": fake.base_url,
        "COURTLISTENER_API_TOKEN": "wrong-token",
        "CITEPROOF_CONFIG": str(config),
    }
    args = ["check", "--courtlistener", "--format", "json", "--quiet", "--library", str(library_path)]
    result = CliRunner().invoke(main, [*args, str(brief)], env=env)
    assert result.exit_code == 2  # an incomplete check: not 0, and not the "hallucinated" 1
    lines = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(lines) == 1, result.stderr
    assert "refused the token" in lines[0] and "wrong-token" not in result.stderr
    assert '"status": "verified"' not in result.stdout
    assert result.stdout.count('"reason": "backend_error"') == 6
    (unsettled,) = [line for line in result.stderr.splitlines() if "left" in line]
    assert "the remote failure left 6 citation(s) unverifiable: " in unsettled
    assert "925 F.3d 1339" in unsettled  # Varghese, named
    logging.getLogger("citeproof.remote").handlers.clear()

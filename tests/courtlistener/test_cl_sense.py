"""Remote answers checked for sense (issue 30, item 3), over loopback against the fake.

Before: a cluster with no name made "Totally Invented v. Nobody, 925 F.3d 1339" verified; a
cluster whose citations did not include the cite asked made it nonexistent; an empty or cut
answer became not_in_coverage, cached for 30 days without a word; an answer drip-fed a byte
at a time outlived the deadline; an answer of any size was read whole.
"""

from __future__ import annotations

import time

import pytest

from citeproof.core.models import Authority, Reason, ReporterCite, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import INCOMPLETE
from citeproof.library.courtlistener.library import CourtListenerLibrary

CITE = "925 F.3d 1339"
FIVE = [f"{900 + n} F.3d {100 + n}" for n in range(5)]
FIVE_TEXT = "".join(f"Doe v. Roe {n}, {cite} (2d Cir. 2019).\n" for n, cite in enumerate(FIVE))
BACKEND_ERROR = (Status.UNVERIFIABLE, Reason.BACKEND_ERROR)


def _verdicts(text: str, remote: CourtListenerLibrary):
    return check_document(document_from_text(text), remote).verdicts


def _warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "citeproof.remote"]


def _case(name: str, *cites: ReporterCite) -> Authority:
    return Authority("planted:1", name, name, "2019-01-01", "", cites)


def test_a_cluster_without_a_name_never_passes_the_name_check(remote, fake, cache_path, caplog):
    fake.add_case(CITE, _case("", ReporterCite("925", "F.3d", "1339")))
    (verdict,) = _verdicts(f"Totally Invented v. Nobody, {CITE} (11th Cir. 2019).\n", remote)
    assert (verdict.status, verdict.reason) == BACKEND_ERROR  # was: verified
    name = next(f for f in verdict.findings if f.kind.value == "name_mismatch")
    assert name.outcome.value == "unknown" and "no case name" in name.explanation
    [warning] = _warnings(caplog)
    assert "has no case name" in warning and CITE in warning


def test_a_cluster_with_a_name_still_verifies_by_it(remote, fake):
    fake.add_case(CITE, _case("Totally Real v. Somebody", ReporterCite("925", "F.3d", "1339")))
    (verdict,) = _verdicts(f"Totally Real v. Somebody, {CITE} (11th Cir. 2019).\n", remote)
    assert verdict.status is Status.VERIFIED


@pytest.mark.parametrize(
    "carried",
    [ReporterCite("1", "F.4th", "5"), ReporterCite("925", "F.3d", "1400")],
    ids=["another reporter", "a later page of the volume"],
)
def test_a_cluster_that_does_not_carry_the_cite_is_not_trusted(remote, fake, cache_path, caplog, carried):
    fake.add_case(CITE, _case("Other v. Case", carried))
    (verdict,) = _verdicts(f"Varghese v. China Southern Airlines Co., {CITE} (11th Cir. 2019).\n", remote)
    assert (verdict.status, verdict.reason) == BACKEND_ERROR  # was: hallucinated, nonexistent
    assert verdict.errors == ()
    [warning] = _warnings(caplog)
    assert "does not carry" in warning and str(carried) in warning
    assert RemoteCache(cache_path).lookups(fake.base_url, [CITE]) == {}


@pytest.mark.parametrize("mode", INCOMPLETE)
def test_citations_left_out_of_an_answer_are_backend_error_and_never_cached(
    make_client, fake, cache_path, caplog, mode
):
    cache = RemoteCache(cache_path)
    fake.malform_next(mode)
    verdicts = _verdicts(FIVE_TEXT, CourtListenerLibrary(make_client(), cache))
    left_out = FIVE if mode == "empty" else FIVE[1:]
    by_cite = {v.citation.cite: v for v in verdicts}
    assert {(by_cite[c].status, by_cite[c].reason) for c in left_out} == {BACKEND_ERROR}
    if mode == "cut":  # the one item answered stands: a well-formed 404 in a covered reporter
        assert by_cite[FIVE[0]].status is Status.HALLUCINATED
    assert set(cache.lookups(fake.base_url, FIVE)) == set(FIVE) - set(left_out)
    [warning] = _warnings(caplog)
    assert f"made no sense for {len(left_out)} citations" in warning and "left out" in warning
    # the next run asks again and gets the whole answer
    again = _verdicts(FIVE_TEXT, CourtListenerLibrary(make_client(), cache))
    assert {v.status for v in again} == {Status.HALLUCINATED}


def test_an_answer_drip_fed_a_byte_at_a_time_ends_at_the_deadline(fake):
    """Every byte comes well within the 30-s read timeout: only a total deadline ends it."""
    fake.state.drip = 0.05  # an answer of about 1 KB would take a minute
    policy = RetryPolicy(timeout=30.0, deadline=1.0)
    client = CourtListenerClient(fake.base_url, fake.state.token, policy=policy)
    started = time.monotonic()
    verdicts = _verdicts(FIVE_TEXT, CourtListenerLibrary(client))
    elapsed = time.monotonic() - started
    fake.state.drip = 0.0
    client.close()
    assert {(v.status, v.reason) for v in verdicts} == {BACKEND_ERROR}
    assert elapsed < 6, elapsed  # the 1-s deadline, not a minute
    assert fake.state.sent < 200  # the answer was cut early, not read to its end


def test_an_answer_over_the_size_cap_is_refused_unread(fake, caplog):
    fake.state.pad = 4 << 20  # a valid answer of 4 MB
    client = CourtListenerClient(
        fake.base_url, fake.state.token, policy=RetryPolicy(retries=0), max_answer_bytes=64 << 10
    )
    verdicts = _verdicts(FIVE_TEXT, CourtListenerLibrary(client))
    fake.state.pad = 0
    client.close()
    assert {(v.status, v.reason) for v in verdicts} == {BACKEND_ERROR}
    [warning] = _warnings(caplog)
    assert "larger than 65,536 bytes" in warning and "citation-lookup/" in warning

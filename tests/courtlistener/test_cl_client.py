"""The CourtListener client against the loopback fake: statuses, batching, throttling, retries."""

from __future__ import annotations

import pytest

from citeproof.core.models import Authority, ReporterCite
from citeproof.core.protocols import LibraryError
from citeproof.library.courtlistener.client import MAX_TEXT_CHARS, SEPARATOR, batches


def _lookups(fake) -> int:
    return sum(1 for method, path, _ in fake.state.log if method == "POST")


def test_found_cite_comes_back_with_its_cluster(client, fake):
    result = client.lookup(["347 U.S. 483"])["347 U.S. 483"]
    assert result.status == 200
    (cluster,) = result.clusters
    assert cluster.case_name == "Brown v. Board of Education"
    assert ReporterCite("74", "S. Ct.", "686") in cluster.citations
    assert cluster.opinion_ids


def test_two_cases_at_one_cite_are_ambiguous_and_both_kept(client, fake):
    name = "Smith v. Jones Holding Co."
    other = Authority("planted:1", name, name, "1954-06-01", "", (ReporterCite("347", "U.S.", "483"),))
    fake.add_case("347 U.S. 483", other)
    result = client.lookup(["347 U.S. 483"])["347 U.S. 483"]
    assert result.status == 300
    assert {c.case_name for c in result.clusters} == {name, "Brown v. Board of Education"}


def test_unknown_reporter_is_400_and_unknown_cite_404(client, fake):
    fake.state.unknown_reporters.add("So. 3d")
    found = client.lookup(["100 So. 3d 200", "925 F.3d 1339"])
    assert found["100 So. 3d 200"].status == 400
    assert "Unable to find reporter" in found["100 So. 3d 200"].message
    assert found["925 F.3d 1339"].status == 404
    assert found["925 F.3d 1339"].clusters == ()


def test_600_citations_go_in_3_requests_of_at_most_250(client, fake):
    cites = [f"{v} F.3d {p}" for v in range(100, 130) for p in range(1, 21)]
    assert len(cites) == 600
    found = client.lookup(cites + cites[:50])  # repeats are looked up once
    assert len(found) == 600
    assert _lookups(fake) == 3
    assert fake.state.lookup_sizes == [250, 250, 100]


def test_batches_split_text_over_64000_characters():
    long_cites = [f"{n} F. Supp. 2d {n:06d}" + " " * 300 for n in range(1, 400)]
    groups = list(batches(long_cites))
    assert len(groups) > 1
    assert all(len(SEPARATOR.join(g)) <= MAX_TEXT_CHARS for g in groups)
    assert [c for g in groups for c in g] == long_cites


def test_citations_past_the_per_request_limit_are_resubmitted(client, fake):
    fake.state.max_per_request = 2
    cites = ["347 U.S. 483", "372 U.S. 335", "373 U.S. 83", "925 F.3d 1339", "174 F.3d 366"]
    found = client.lookup(cites)
    assert [found[c].status for c in cites] == [200, 200, 200, 404, 404]
    assert fake.state.lookup_sizes == [2, 2, 1]


def test_throttled_citations_wait_until_then_resume(client, fake, clock):
    fake.state.budget, fake.state.window = 3, 60.0
    cites = ["347 U.S. 483", "372 U.S. 335", "373 U.S. 83", "925 F.3d 1339", "174 F.3d 366"]
    found = client.lookup(cites)
    assert all(found[c].status in (200, 404) for c in cites)
    assert fake.state.lookup_sizes == [3, 2]
    assert clock.sleeps == [pytest.approx(60.0)]


def test_whole_request_429_waits_for_retry_after(client, fake, clock):
    fake.fail_next(429, {"Retry-After": "7"})
    assert client.lookup(["347 U.S. 483"])["347 U.S. 483"].status == 200
    assert clock.sleeps == [7.0]


def test_exhausted_budget_answers_429_with_wait_until(client, fake, clock):
    fake.state.budget = 1
    client.lookup(["347 U.S. 483"])
    clock.t += 10
    assert client.lookup(["372 U.S. 335"])["372 U.S. 335"].status == 200
    assert clock.sleeps == [pytest.approx(50.0)]
    assert [s for _, _, s in fake.state.log] == [200, 429, 200]


def test_a_wait_longer_than_allowed_is_rate_limited(client, fake):
    fake.fail_next(429, {"Retry-After": "3600"})
    with pytest.raises(LibraryError) as err:
        client.lookup(["347 U.S. 483"])
    assert err.value.reason == "rate_limited"


def test_server_errors_are_retried_with_backoff(client, fake, clock):
    fake.fail_next(503, times=2)
    assert client.lookup(["347 U.S. 483"])["347 U.S. 483"].status == 200
    assert clock.sleeps == [0.5, 1.0]
    assert [s for _, _, s in fake.state.log] == [503, 503, 200]


def test_persistent_server_errors_become_backend_error(client, fake):
    fake.fail_next(500, times=3)
    with pytest.raises(LibraryError) as err:
        client.lookup(["347 U.S. 483"])
    assert err.value.reason == "backend_error"
    assert fake.request_count == 3


def test_timeouts_are_retried_then_backend_error(fake, clock):
    from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy

    dead = CourtListenerClient(
        "http://127.0.0.1:9/api/rest/v4/",
        fake.state.token,
        policy=RetryPolicy(retries=1, backoff=0.1, timeout=0.5),
        sleep=clock.sleep,
        now=clock.now,
    )
    with pytest.raises(LibraryError) as err:
        dead.lookup(["347 U.S. 483"])
    assert err.value.reason == "backend_error"
    assert dead.requests == 2 and clock.sleeps == [0.1]


def test_token_goes_to_the_base_url_only_and_is_never_shown(client, fake):
    client.lookup(["347 U.S. 483"])
    assert fake.state.auth_headers == [f"Token {fake.state.token}"]
    assert fake.state.token not in repr(client)
    foreign = client._request("GET", "https://elsewhere.example/api/rest/v4/clusters/1/", None)
    assert "Authorization" not in foreign.headers


def test_a_refused_token_is_a_backend_error(make_client, fake):
    with pytest.raises(LibraryError) as err:
        make_client(token="wrong").lookup(["347 U.S. 483"])
    assert "refused the token" in str(err.value) and "wrong" not in str(err.value)

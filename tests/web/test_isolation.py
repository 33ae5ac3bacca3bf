"""Heavy checks run apart (issue 30): in a child process that is killed at its deadline, and one
client at a time per address, so that one client's dense documents cannot starve the rest.
Before, three 99 KB documents packed with citations made every client get 503 for 60-80 s,
and a job with a 20 s deadline ended after 57 s."""

from __future__ import annotations

import multiprocessing
import threading
import time

import httpx
import pytest
from tests.web.test_server_limits import API, SAMPLE, SHORT, _wait_for_job, serving

from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.web.isolation import CheckRunner, is_heavy, probable_citations
from citeproof.web.pool import Cancelled, Task

DENSE = "Brown v. Board of Education, 347 U.S. 483 (1954), " * 2000  # 99 KB, one sentence


def _client(n: int, url: str) -> httpx.Client:
    """A client from its own loopback address (127.0.0.n)."""
    return httpx.Client(base_url=url, timeout=60, transport=httpx.HTTPTransport(local_address=f"127.0.0.{n}"))


@pytest.mark.without_library
def test_a_dense_short_text_is_heavy_and_a_brief_is_not():
    assert probable_citations(DENSE) == 2000
    assert is_heavy(DENSE, max_chars=100_000, max_citations=200)  # 99 KB: under the length
    assert not is_heavy(SAMPLE, max_chars=100_000, max_citations=200)
    assert is_heavy(SAMPLE * 60, max_chars=100_000, max_citations=10_000)  # long


def test_a_check_in_a_child_process_gives_the_report_a_thread_gives(library):
    runner = CheckRunner.for_library(library)
    assert runner.library_path == library.origin().path
    document = document_from_text(SAMPLE, "sample.md")
    seen: list[tuple[int, int]] = []
    report, details = runner.run(
        document,
        Task(lambda _: None, True, 60),
        Limits(),
        heavy=True,
        details=True,
        progress=lambda *p: seen.append(p),
    )
    assert report.to_json() == check_document(document, library).to_json()
    assert details is not None and set(details) == {v.citation.id for v in report.verdicts}
    assert seen and seen[-1] == (15, 15)  # its progress came back from the child
    assert multiprocessing.active_children() == []


def test_a_limit_passed_in_the_child_is_raised_here(library):
    runner = CheckRunner.for_library(library)
    with pytest.raises(LimitExceeded, match=r"citations found: [\d,]+ is over the limit of 10"):
        runner.run(
            document_from_text(DENSE),
            Task(lambda _: None, True, 60),
            Limits(max_citations=10),
            heavy=True,
            details=False,
        )


def test_a_cancelled_heavy_check_is_killed_at_once(library):
    runner = CheckRunner.for_library(library)
    task = Task(lambda _: None, True, 600)
    threading.Timer(1.0, task.cancel, ("the client disconnected",)).start()
    with pytest.raises(Cancelled, match="the client disconnected"):
        runner.run(document_from_text(DENSE * 5), task, Limits(max_citations=0), heavy=True, details=True)
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert multiprocessing.active_children() == []  # the child was killed, not left to finish


def test_a_heavy_job_past_its_deadline_fails_and_its_process_is_gone(library, tmp_path):
    with serving(library, tmp_path, job_deadline=1.0) as client:
        job = client.post(f"{API}/jobs", data={"text": DENSE * 5}).json()
        done = _wait_for_job(client, job["links"]["self"])
        assert done["status"] == "failed" and "deadline" in done["error"]
        assert multiprocessing.active_children() == []  # killed at its deadline, not left to run


def test_one_client_gets_one_long_check_at_a_time_and_the_others_are_served(library, tmp_path):
    with serving(library, tmp_path, workers=2, job_deadline=60) as local:
        url = str(local.base_url)
        with _client(2, url) as greedy, _client(3, url) as other, _client(4, url) as honest:
            first = greedy.post(f"{API}/jobs", data={"text": DENSE})
            assert first.status_code == 202
            second = greedy.post(f"{API}/check", data={"text": DENSE})
            assert second.status_code == 503 and "already has a long check" in second.json()["detail"]
            assert int(second.headers["Retry-After"]) >= 1
            assert honest.post(f"{API}/check", data={"text": SHORT}).status_code == 200  # the light lane
            assert other.post(f"{API}/jobs", data={"text": DENSE}).status_code == 202  # its own share
            assert _wait_for_job(greedy, first.json()["links"]["self"])["status"] == "done"


@pytest.mark.without_library
def test_each_client_address_has_its_share_of_the_queue():
    from citeproof.web.pool import Busy, WorkerPool

    pool = WorkerPool(workers=1, queue=16, per_client=4, heavy_per_client=1)
    gate = threading.Event()
    try:
        held = [pool.submit(lambda _: gate.wait(10), client="10.0.0.1") for _ in range(2)]
        pool.submit(lambda _: None, heavy=True, client="10.0.0.1")
        with pytest.raises(Busy, match="already has a long check"):
            pool.submit(lambda _: None, heavy=True, client="10.0.0.1")
        pool.submit(lambda _: None, client="10.0.0.1")
        with pytest.raises(Busy, match="this client already has 4 checks waiting or running"):
            pool.submit(lambda _: None, client="10.0.0.1")
        assert pool.full("10.0.0.1") and not pool.full("10.0.0.2") and not pool.full()
        other = pool.submit(lambda _: "served", client="10.0.0.2")
        # the share comes back before the answer: the client may send its next at once
        again: list[object] = []
        held[0].future.add_done_callback(lambda _: again.append(pool.submit(lambda _: 1, client="10.0.0.1")))
        gate.set()
        assert other.future.result(timeout=10) == "served"
        held[0].future.result(timeout=10)
        assert len(again) == 1
    finally:
        gate.set()
        pool.shutdown(5)

"""After a download: coverage from the data, fabrications caught with evidence, a suggested
real case, a next step for every unverifiable citation (the fake bulk and API paths)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from citeproof.bench.fabrications import CITED, SNAPSHOT, brief, dump_cases
from citeproof.core.models import Coverage, ReporterCite, Status
from citeproof.core.output.report import render_html, render_markdown, render_text
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.bulk.coverage import complete_ranges, dense_volumes
from citeproof.library.courtlistener.bulk.download import download_snapshot
from citeproof.library.courtlistener.bulk.importer import import_bulk
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import FakeCourtListener
from citeproof.library.courtlistener.fakes.bucket import DumpCase, FakeBucket, dump_files
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.library.sqlite import SQLiteLibrary


@pytest.fixture(scope="module")
def offline(tmp_path_factory: pytest.TempPathFactory) -> SQLiteLibrary:
    """The fabrications' dump, downloaded from a fake bucket and imported as a full dump."""
    folder = tmp_path_factory.mktemp("dump")
    fake = FakeBucket(dump_files(dump_cases(), SNAPSHOT))
    with fake.serve() as url, httpx.Client() as client:
        _, paths = download_snapshot(client, url, folder)
    out = folder / "courtlistener.sqlite"
    import_bulk(paths, out, snapshot_date=SNAPSHOT, complete=True)
    return SQLiteLibrary(out)


@pytest.fixture
def online(offline: SQLiteLibrary) -> Iterator[CourtListenerLibrary]:
    fake = FakeCourtListener(offline, token="t")
    with fake.serve():
        client = CourtListenerClient(fake.base_url, "t", policy=RetryPolicy(retries=0), sleep=lambda _s: None)
        yield CourtListenerLibrary(client)
        client.close()


def _verdicts(library):  # type: ignore[no-untyped-def]
    report = check_document(document_from_text(brief()), library)
    return report, {c.cite: next(v for v in report.verdicts if v.citation.cite == c.cite) for c in CITED}


def test_volumes_are_complete_by_density_and_runs_not_by_a_list() -> None:
    counts = {v: 200 for v in range(1, 11)} | {5: 40}  # volume 5 holds a fifth of its neighbours' cases
    assert dense_volumes(counts) == set(range(1, 11)) - {5}
    assert complete_ranges("F.3d", counts) == [(1, 4), (6, 10)]
    assert complete_ranges("F.3d", {1: 200, 2: 200}) == []  # too short a run
    assert complete_ranges("WL", {v: 500 for v in range(1, 20)}) == []  # not a case reporter
    assert complete_ranges("F.3d", {v: 3 for v in range(1, 20)}) == []  # too thin


def test_coverage_after_a_full_dump_follows_the_data(offline: SQLiteLibrary, tmp_path: Path) -> None:
    assert offline.coverage("F.3d", "925") is Coverage.COMPLETE
    assert offline.coverage("A.D.3d", "114") is Coverage.COMPLETE
    assert offline.coverage("F.3d", "930") is Coverage.NOT_COVERED
    assert offline.meta()["coverage_rules"].startswith("case reporter in the citator")
    thin = [DumpCase(1, "A v. B", "2019-01-01", (ReporterCite("925", "F.3d", "1"),))]
    partial = tmp_path / "partial.sqlite"
    files = dump_files(thin, SNAPSHOT)
    for key, data in files.items():
        (tmp_path / key.rsplit("/", 1)[1]).write_bytes(data)
    import_bulk(sorted(tmp_path.glob("*.bz2")), partial, complete=True)
    assert SQLiteLibrary(partial).coverage("F.3d", "925") is Coverage.PARTIAL


@pytest.mark.parametrize("path", ["bulk", "api"])
def test_each_fabrication_is_caught_and_each_real_case_verified(path: str, offline, online) -> None:  # type: ignore[no-untyped-def]
    _, verdicts = _verdicts(offline if path == "bulk" else online)
    for cited in CITED:
        v = verdicts[cited.cite]
        if not cited.fabricated:
            assert v.status is Status.VERIFIED, cited.cite
        elif cited.vendor:
            assert v.status is Status.UNVERIFIABLE and v.reason is not None, cited.cite
            assert v.reason.value == "vendor_cite"
        elif (
            path == "bulk" or cited.cite != "114 A.D.3d 947"
        ):  # the API path: A.D.3d is not a covered reporter
            assert v.status is Status.HALLUCINATED, cited.cite
            assert [e.kind.value for e in v.errors] == ["nonexistent"]


def test_the_evidence_names_the_index_its_date_and_the_nearest_cases(offline: SQLiteLibrary) -> None:
    _, verdicts = _verdicts(offline)
    (error,) = verdicts["925 F.3d 1339"].errors
    assert error.evidence.startswith(
        f"no case at 925 F.3d 1339 in CourtListener's citation index of {SNAPSHOT}"
    )
    assert "nearest cases: Generated Party" in error.evidence
    assert "925 F.3d 1262" in error.evidence and "925 F.3d 1359" in error.evidence
    assert error.suggestion == (
        "Varghese v. China Southern Airlines Co. is not at 925 F.3d 1339; "
        "the library has no case of that name in F.3d within 30 years of 2019"
    )


def test_a_misplaced_real_case_is_suggested_by_its_name(offline: SQLiteLibrary) -> None:
    report = check_document(
        document_from_text("Zicherman v. Korean Air Lines Co., 516 U.S. 218 (1996).\n"), offline
    )
    (v,) = report.verdicts
    assert v.status is Status.HALLUCINATED
    assert v.errors[0].suggestion == (
        "a case named Zicherman v. Korean Air Lines Co. is "
        "Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996)"
    )


def test_every_unverifiable_citation_has_its_remedy_in_every_format(offline: SQLiteLibrary) -> None:
    text = brief() + "\nShaboon v. Egyptair, 2013 IL App (1st) 111279-U.\n"
    report = check_document(document_from_text(text), offline)
    steps = {s["group"]: s for s in report.to_json()["next_steps"]}
    assert steps["vendor_cite"]["count"] == 2
    assert steps["vendor_cite"]["remedy"].startswith("2 citations are Westlaw or Lexis numbers")
    unverifiable = [c for c in report.to_json()["citations"] if c["status"] == "unverifiable"]
    assert unverifiable and all(c["next_step"] for c in unverifiable)
    for rendered in (render_text(report), render_markdown(report), render_html(report)):
        for step in steps.values():
            assert step["remedy"].replace("`", "") in rendered.replace("`", "").replace("&#x27;", "'")


def test_a_case_confirmed_to_exist_is_shown_as_confirmed(offline: SQLiteLibrary) -> None:
    quoted = (
        'The carrier is liable "only for bodily injury." '
        "Eastern Airlines, Inc. v. Floyd, 499 U.S. 530, 552 (1991).\n"
    )
    report = check_document(document_from_text(quoted), offline)
    (v,) = report.verdicts
    assert v.status is Status.UNVERIFIABLE and v.authority is not None  # no opinion text offline
    (c,) = report.to_json()["citations"]
    assert c["confirmed"] is True and c["next_step"]["group"] == "exists_no_text"
    assert '<mark class="unverifiable confirmed"' in render_html(report)
    assert "case confirmed: Eastern Airlines, Inc. v. Floyd (1991)" in render_text(report)


def test_with_courtlistener_the_search_api_suggests_the_real_case(online: CourtListenerLibrary) -> None:
    text = "Ehrlich v. American Airlines, Inc., 360 F.3d 367 (2004).\n"
    report = check_document(document_from_text(text), online)
    (v,) = report.verdicts
    assert v.status is Status.HALLUCINATED  # CourtListener has no case beginning at 360 F.3d 367
    assert v.errors[0].suggestion == (
        "a case named Ehrlich v. American Airlines, Inc. is "
        "Ehrlich v. American Airlines, Inc., 360 F.3d 366 (2004)"
    )
    requests = online.client.requests
    assert online.cases_named("Ehrlich v. American Airlines, Inc.")  # answered from memory: no new request
    assert online.client.requests == requests
    assert online.cases_named("Petersen v. Iran Air") == ()


def test_search_answers_are_cached_across_runs(offline: SQLiteLibrary, tmp_path: Path) -> None:
    fake = FakeCourtListener(offline, token="t")
    with fake.serve():
        for _ in range(2):
            client = CourtListenerClient(fake.base_url, "t", policy=RetryPolicy(retries=0))
            remote = CourtListenerLibrary(client, RemoteCache(tmp_path / "cache.sqlite"))
            assert [a.name_abbreviation for a in remote.cases_named("Zicherman v. Korean Air Lines Co.")] == [
                "Zicherman v. Korean Air Lines Co."
            ]
            client.close()
    assert sum(1 for method, path, _ in fake.state.log if "search" in path) == 1

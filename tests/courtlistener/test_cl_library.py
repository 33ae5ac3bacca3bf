"""CourtListener as a library: verdicts over loopback, pin pages, cache, chain, star pages."""

from __future__ import annotations

import pytest

from citeproof.core.models import Authority, Coverage, ReporterCite, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.chain import ChainLibrary
from citeproof.library.courtlistener.cache import RemoteCache
from citeproof.library.courtlistener.library import CourtListenerLibrary

MATA = (
    "Courts have tolled the Convention's limitations period during bankruptcy. Varghese v. "
    "China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019). See also Miller v. United "
    "Airlines, Inc., 174 F.3d 366 (2d Cir. 1999); Martinez v. Delta Airlines, Inc., "
    "2019 WL 4639462 (Tex. App. Sept. 25, 2019).\n"
)
BROWN_QUOTE = '"Separate educational facilities are inherently unequal."'


def _check(text: str, library):
    return {v.citation.text: v for v in check_document(document_from_text(text), library).verdicts}


def _lookups(fake) -> int:
    return sum(1 for method, _, _ in fake.state.log if method == "POST")


def _by_cite(verdicts, cite: str):
    return next(v for text, v in verdicts.items() if cite in text)


def test_mata_fabrications_are_nonexistent_and_westlaw_unverifiable(library, remote, fake):
    verdicts = _check(MATA, ChainLibrary(library, remote))
    varghese = _by_cite(verdicts, "925 F.3d 1339")
    assert varghese.status is Status.HALLUCINATED
    assert [e.kind.value for e in varghese.errors] == ["nonexistent"]
    assert _by_cite(verdicts, "174 F.3d 366").status is Status.HALLUCINATED
    westlaw = _by_cite(verdicts, "2019 WL 4639462")
    assert westlaw.status is Status.UNVERIFIABLE
    assert westlaw.reason.value == "vendor_cite"
    assert _lookups(fake) == 1  # the whole document in one batched request


def test_a_westlaw_number_is_unverifiable_even_when_remote_says_404(remote):
    verdicts = _check("Smith v. Jones, 2019 WL 1234567, at *2 (S.D.N.Y. Mar. 1, 2019).\n", remote)
    (verdict,) = verdicts.values()
    assert verdict.status is Status.UNVERIFIABLE
    assert verdict.reason is not None and verdict.reason.value == "vendor_cite"
    assert remote.coverage("WL", "2019") is Coverage.NOT_COVERED


def test_a_pin_page_answer_is_not_a_case_beginning_there(remote):
    verdicts = _check("Brown v. Board of Education, 347 U.S. 490 (1954).\n", remote)
    (verdict,) = verdicts.values()
    assert verdict.status is Status.HALLUCINATED
    (error,) = verdict.errors
    assert error.kind.value == "nonexistent"
    assert "inside Brown v. Board of Education, 347 U.S. 483" in error.evidence
    assert remote.cases_at("347", "U.S.", 490) == ()


def test_ambiguous_cite_is_settled_by_the_name_written(remote, fake):
    name = "Smith v. Jones Holding Co."
    fake.add_case(
        "347 U.S. 483",
        Authority("planted:1", name, name, "1954-06-01", "", (ReporterCite("347", "U.S.", "483"),)),
    )
    assert len(remote.cases_at("347", "U.S.", 483)) == 2
    verdicts = _check("Brown v. Board of Education, 347 U.S. 483 (1954).\n", remote)
    (verdict,) = verdicts.values()
    assert verdict.status is Status.VERIFIED
    assert verdict.authority.name_abbreviation == "Brown v. Board of Education"


@pytest.mark.parametrize("style", ["span", "page"])
def test_quotes_and_pin_pages_are_checked_on_star_paginated_text(remote, fake, style):
    fake.state.star_style = style
    text = (
        f"The Court held that {BROWN_QUOTE} Brown v. Board of Education, 347 U.S. 483, 495 "
        '(1954).\n\nAs Justice Black wrote, "lawyers in criminal courts are necessities, not '
        'luxuries." Gideon v. Wainwright, 372 U.S. 335, 340 (1963).\n\n"Society wins not only '
        'when the guilty are convicted but when criminal trials are unfair." Brady v. '
        "Maryland, 373 U.S. 83, 87 (1963).\n"
    )
    verdicts = _check(text, remote)
    assert _by_cite(verdicts, "347 U.S. 483").status is Status.VERIFIED
    gideon = _by_cite(verdicts, "372 U.S. 335")
    assert [e.kind.value for e in gideon.errors] == ["wrong_pincite"]
    assert "is on page 344" in gideon.errors[0].evidence
    brady = _by_cite(verdicts, "373 U.S. 83")
    assert "misquote" in [e.kind.value for e in brady.errors]
    opinion = remote.opinion(_by_cite(verdicts, "347 U.S. 483").authority.id)
    assert [b.page for b in opinion.breaks_for("U.S.")][:3] == [483, 484, 485]


def test_second_run_of_the_same_brief_sends_no_request(library, make_client, fake, cache_path):
    text = MATA + f"\nBrown v. Board of Education, 347 U.S. 483, 495 (1954): {BROWN_QUOTE}\n"
    first = _check(text, CourtListenerLibrary(make_client(), RemoteCache(cache_path)))
    sent = fake.request_count
    assert sent >= 2  # one lookup, one opinion
    second = _check(text, CourtListenerLibrary(make_client(), RemoteCache(cache_path)))
    assert fake.request_count == sent
    assert [v.status for v in second.values()] == [v.status for v in first.values()]


def test_faults_are_unverifiable_and_never_cached(make_client, fake, cache_path):
    fake.fail_next(503, times=3)
    brief = "Brown v. Board of Education, 347 U.S. 483 (1954).\n"
    (failed,) = _check(brief, CourtListenerLibrary(make_client(), RemoteCache(cache_path))).values()
    assert failed.status is Status.UNVERIFIABLE
    assert failed.reason.value == "backend_error"
    (later,) = _check(brief, CourtListenerLibrary(make_client(), RemoteCache(cache_path))).values()
    assert later.status is Status.VERIFIED


def test_throttling_that_outlasts_patience_is_rate_limited(make_client, fake, cache_path):
    fake.fail_next(429, {"Retry-After": "86400"})
    remote = CourtListenerLibrary(make_client(), RemoteCache(cache_path))
    (verdict,) = _check(
        "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019).\n", remote
    ).values()
    assert verdict.status is Status.UNVERIFIABLE
    assert verdict.reason.value == "rate_limited"


def test_chain_asks_the_remote_only_what_the_local_library_cannot_settle(library, remote, fake):
    text = (
        "Brown v. Board of Education, 347 U.S. 483 (1954); Varghese v. China Southern "
        "Airlines Co., 925 F.3d 1339 (11th Cir. 2019).\n"
    )
    verdicts = _check(text, ChainLibrary(library, remote))
    assert fake.state.lookup_sizes == [1]
    brown = _by_cite(verdicts, "347 U.S. 483")
    assert brown.status is Status.VERIFIED and not brown.authority.id.startswith("courtlistener-cluster:")


def test_statutes_are_checked_in_the_local_librarys_tables_and_never_asked_remotely(library, remote, fake):
    verdicts = _check("See 42 U.S.C. § 1983 and Fed. R. Evid. 416.", ChainLibrary(library, remote))
    assert _by_cite(verdicts, "1983").status is Status.VERIFIED
    assert _by_cite(verdicts, "416").status is Status.HALLUCINATED
    assert _lookups(fake) == 0
    alone = _check("See 42 U.S.C. § 1983.", remote)  # CourtListener holds no statute tables
    assert remote.statute_tables() == () and remote.federal_rules("Fed. R. Evid.") == ()
    assert _by_cite(alone, "1983").reason.value == "statute_not_in_registry"


def test_an_overruled_case_is_flagged_from_the_local_table_under_a_chain(library, remote, fake):
    verdicts = _check("Roe v. Wade, 410 U.S. 113 (1973).\n", ChainLibrary(library, remote))
    roe = _by_cite(verdicts, "410 U.S. 113")
    assert roe.status is Status.VERIFIED and roe.treatment.overruled_by == "597 U.S. 215"
    assert remote.treatment("410", "U.S.", 113) is None  # CourtListener keeps no such table


def test_unknown_reporter_is_not_covered(remote, fake):
    fake.state.unknown_reporters.add("So. 3d")
    assert remote.cases_at("100", "So. 3d", 200) == ()
    assert remote.coverage("So. 3d", "100") is Coverage.NOT_COVERED
    assert remote.coverage("F.3d", "925") is Coverage.COMPLETE


def test_opinion_links_naming_another_host_are_fetched_from_the_base_url(remote, fake):
    (brown,) = remote.cases_at("347", "U.S.", 483)
    assert remote.opinion(brown.id) is not None
    fake.base_url = "https://elsewhere.example/api/rest/v4/"  # links in later JSON
    (gideon,) = remote.cases_at("372", "U.S.", 335)
    assert remote.opinion(gideon.id) is not None
    assert fake.state.log[-1] == ("GET", "/api/rest/v4/opinions/21/", 200)


def test_chain_fetches_remote_text_for_a_local_case_without_text(tmp_path, remote, fake):
    from citeproof.library.build import build_library
    from citeproof.library.default import bundled_data_dir
    from citeproof.library.sqlite import SQLiteLibrary

    catalogue_only = tmp_path / "catalogue.sqlite"  # Brady is catalogued here, without text
    build_library([bundled_data_dir() / "scdb_2014_01.csv.gz"], catalogue_only)
    local = SQLiteLibrary(catalogue_only)
    assert local.cases_at("373", "U.S.", 83) and not local.cases_at("373", "U.S.", 83)[0].has_text
    brief = (
        '"Society wins not only when the guilty are convicted but when criminal trials are '
        'unfair." Brady v. Maryland, 373 U.S. 83, 87 (1963).\n'
    )
    (offline,) = _check(brief, local).values()
    assert offline.status is Status.UNVERIFIABLE and offline.reason.value == "no_text"
    (chained,) = _check(brief, ChainLibrary(local, remote)).values()
    assert [e.kind.value for e in chained.errors] == ["misquote"]
    assert chained.authority.name_abbreviation.lower().startswith("brady")


def test_a_failing_remote_leaves_a_local_case_as_it_is_offline(tmp_path, remote, fake):
    from citeproof.library.build import build_library
    from citeproof.library.default import bundled_data_dir
    from citeproof.library.sqlite import SQLiteLibrary

    catalogue_only = tmp_path / "catalogue.sqlite"  # Brady is catalogued here, without text
    build_library([bundled_data_dir() / "scdb_2014_01.csv.gz"], catalogue_only)
    local = SQLiteLibrary(catalogue_only)
    brief = "Brady v. Maryland, 373 U.S. 83, 87 (1963).\n"
    (offline,) = _check(brief, local).values()
    assert offline.status is Status.VERIFIED
    fake.fail_next(503, times=50)  # CourtListener down for the whole check
    (chained,) = _check(brief, ChainLibrary(local, remote)).values()
    assert (chained.status, chained.reason) == (offline.status, offline.reason)
    assert fake.state.log and fake.state.log[-1][2] == 503  # it was asked, and failed

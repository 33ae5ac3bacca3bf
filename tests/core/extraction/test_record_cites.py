"""A brief's cites to its own record are not case citations, even where eyecite reads them as
one (``1 App. 12`` as Ohio App., ``3 R. 45`` as Rawle, ``4 A. 123`` as the Atlantic Reporter,
``2 P. 45`` as the Pacific); real case cites in those reporters stay. The last tests check a
brief against a CourtListener index whose volumes are complete, downloaded over loopback."""

from __future__ import annotations

import pytest

from citeproof.bench.record_index import PAGE_STEP, record_index
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.extraction.record_cites import RECORD_SHAPES
from citeproof.core.models import Citation, CiteForm, Reason, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.client import CourtListenerClient, RetryPolicy
from citeproof.library.courtlistener.fakes.api import FakeCourtListener
from citeproof.library.courtlistener.library import CourtListenerLibrary
from citeproof.library.sqlite import SQLiteLibrary

FACT = "The jury was instructed on self-defense."
CASE = "Brown v. Board of Education, 347 U.S. 483, 495 (1954)."


def cites(text: str) -> list[Citation]:
    return list(extract_citations(document_from_text(text + "\n")))


def written(found: list[Citation]) -> list[str]:
    return [c.text for c in found]


def reason(c: Citation) -> Reason | None:
    return c.abstention.reason if c.abstention else None


# -- record cites eyecite reads as cases: no citation ------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        "(1 App. 12; 3 R. 45.)",  # appendix and record volumes, one parenthetical
        "(1 App. 12.)",  # a variant reporter name alone in a parenthetical
        "(3 R. 45.)",
        "(2 C. 45.)",  # Cowen's variant
        "(1 A.R. 12.)",  # an administrative record, the Atlantic's variant
        "(Add. 12.)",  # an addendum, Addison's Reports (1790s)
        "(4 A. 123; 2 RT 45.)",  # beside a record cite no reporter shares
        "(2 P. 45; ER 301.)",
        "(4 A. 123; 2 P. 45.)",  # two bare cites of record abbreviations, one parenthetical
        "(3 R. 45:3-9.)",  # a page and line, as a transcript's
        "J.A. 45; 4 A. 123.",  # a federal cite sentence
        "(1 App. 12, 15.)",  # with a pin
        "(2 App. 2-3; 2 P. 67.)",  # a page range eyecite leaves half of
    ],
)
def test_a_record_cite_read_as_a_reporter_is_no_citation(record: str) -> None:
    assert cites(f"{FACT} {record} The officer saw the car.") == []


def test_a_bare_atlantic_cite_is_the_record_where_the_brief_cites_its_record() -> None:
    assert cites(f"{FACT} (4 A. 123.) The officer saw the car. (2 CT 301.)") == []
    # its record cited elsewhere in a form a reporter shares, but surely the record there
    assert cites(f"{FACT} (4 A. 123.) The officer saw the car. (1 App. 12; 3 R. 45.)") == []


def test_an_id_after_a_record_cite_with_no_case_before_repeats_the_record() -> None:
    (id_,) = cites(f"{FACT} JA 878. The instructions said so. Id. at 879.")
    assert reason(id_) is Reason.NOT_A_CASE_CITATION and id_.antecedent_id is None


@pytest.mark.parametrize(
    "record",
    [
        "(ER 45.)",
        "(2 CT 301; 3 RT 455:4-9.)",
        "(4 RR 12.)",
        "(CP 45.)",
        "(2 VRP 45.)",
        "(2 AA 345.)",
        "J.A. 45.",
        "Pet. App. 5a.",
        "Tr. 45:3-9.",
        "ECF No. 45 at 3.",
        "Doc. 45 at 3.",
        "ROA.123.",
        "Appx123.",
        "(R.R. 123a.)",
        "(N.T. 45.)",
        "(Da12.)",
        "(1T45-3.)",
        "(2-ER-345.)",
        "(R. 45, PageID #123.)",
        "(PX 12.)",
        "A606.",  # the Second Circuit's joint appendix
        "(A-606.)",
        "(3 R. 45.)",
    ],
)
def test_an_id_after_a_record_cite_repeats_the_record(record: str) -> None:
    """Not the case cited before the record: ``Id. at 46`` would be a wrong pin of Brown."""
    found = cites(f"The standard is settled. {CASE} {FACT} {record} Id. at 46.")
    assert written(found) == ["347 U.S. 483, 495", "Id. at 46"]
    (brown, id_) = found
    assert id_.antecedent_id is None and reason(id_) is Reason.NOT_A_CASE_CITATION
    assert "the record" in (id_.abstention.note if id_.abstention else "")
    assert brown.case_name == "Brown v. Board of Education" and brown.year == 1954


def test_the_record_shapes_do_not_take_reporter_series_or_statutes() -> None:
    for text in (
        "31 A.F.T.R. 2d 73-436",
        "Fed. R. Civ. P. 12(b)(6)",
        "28 U.S.C. § 1291",
        "Tex. R. App. P. 33.1",
    ):
        assert RECORD_SHAPES.search(text) is None, text


def test_no_name_year_or_pin_bleeds_across_a_dropped_record_cite() -> None:
    text = f"{FACT} (3 R. 45.) Smith v. Jones, 100 F.3d 200, 205 (9th Cir. 1999)."
    (smith,) = cites(text)
    assert (smith.case_name, smith.year, smith.pin_pages) == ("Smith v. Jones", 1999, (205,))
    text = f"The officer saw the car (4 A. 123; 2 RT 45), and {CASE}"
    (brown,) = cites(text)
    assert brown.case_name == "Brown v. Board of Education" and brown.pin_pages == (495,)


# -- real case cites in those reporters stay ---------------------------------------------


def test_a_named_case_in_the_atlantic_and_its_short_form_stay() -> None:
    found = cites("Smith v. Jones, 4 A. 123 (Pa. 1886), held so. Later, 4 A. at 125.")
    assert written(found) == ["4 A. 123", "4 A. at 125"]
    smith, short = found
    assert (smith.case_name, smith.year, smith.abstention) == ("Smith v. Jones", 1886, None)
    assert short.form is CiteForm.SHORT and short.antecedent_id == smith.id and short.pin_pages == (125,)


def test_a_string_cite_of_named_cases_stays() -> None:
    text = (
        "See Doe v. Roe, 2 P. 45 (Cal. 1883); Brown v. Green, 3 Ohio App. 12 (1914); "
        "Penn v. Ross, 3 Rawle 45."
    )
    found = cites(text)
    assert [(c.volume, c.reporter, c.page, c.abstention) for c in found] == [
        ("2", "P.", "45", None),
        ("3", "Ohio App.", "12", None),
        ("3", "Rawle", "45", None),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "People v. Langtree, 64 Cal. 256, 259 [30 P. 813].",  # California's bracketed parallel
        "Bowman v. State, 193 Pa. 1 (4 A. 123).",  # a parallel in parentheses
        "Smith v. Jones, 100 Pa. 50, 4 A. 123 (1886).",  # a parallel after a comma
        "Smith v. Jones, 10 Pa. D. 4 (C.P. 1885), aff'd, 4 A. 123 (Pa. 1886).",  # later history
    ],
)
def test_a_parallel_or_later_history_in_those_reporters_stays(text: str) -> None:
    (atlantic,) = [c for c in cites(text) if c.reporter in ("A.", "P.")]
    assert atlantic.abstention is None and atlantic.page in ("123", "813")


def test_a_bare_cite_with_one_sign_of_the_record_is_unverifiable_not_dropped() -> None:
    """``3 R. 45`` as a sentence of its own: only its variant name says record; it stays, is
    checked as no case (ambiguous), and an id. after it repeats that doubt."""
    found = cites(f"{FACT} 3 R. 45. Id. at 46.")
    assert written(found) == ["3 R. 45", "Id. at 46"]
    record, id_ = found
    assert reason(record) is Reason.AMBIGUOUS and "record" in (
        record.abstention.note if record.abstention else ""
    )
    assert reason(id_) is Reason.AMBIGUOUS and id_.antecedent_id is None


def test_a_bare_pacific_cite_with_no_sign_of_the_record_is_a_citation() -> None:
    (cite,) = cites(f"{FACT} 2 P. 45.")
    assert cite.abstention is None and (cite.volume, cite.reporter, cite.page) == ("2", "P.", "45")


# -- against a CourtListener index whose volumes are complete ------------------------------


@pytest.fixture(scope="module")
def complete_index(tmp_path_factory: pytest.TempPathFactory) -> SQLiteLibrary:
    return SQLiteLibrary(record_index(tmp_path_factory.mktemp("record-index")))


def test_record_cites_are_not_called_fabrications_by_a_complete_index(complete_index: SQLiteLibrary) -> None:
    assert complete_index.coverage("A.", "4").value == "complete"
    assert complete_index.coverage("Rawle", "3").value == "complete"
    brief = (
        f"The standard is settled. {CASE} {FACT} (1 App. 12; 3 R. 45.) The officer saw the car. "
        "(4 A. 123.) He stopped it. (2 P. 45; 2 RT 45.) Id. at 46. He fled. 3 R. 50.\n"
    )
    report = check_document(document_from_text(brief), complete_index)
    assert [v.citation.text for v in report.verdicts] == ["347 U.S. 483, 495", "Id. at 46"]
    assert report.verdicts[1].status is Status.UNVERIFIABLE
    assert report.verdicts[1].reason is Reason.NOT_A_CASE_CITATION
    # with no other sign of a record in the brief, a bare variant cite is a doubt, not a fabrication
    (doubt,) = check_document(document_from_text(f"{FACT} 3 R. 50.\n"), complete_index).verdicts
    assert doubt.status is Status.UNVERIFIABLE and doubt.reason is Reason.AMBIGUOUS


def test_the_same_cites_with_case_names_are_checked_against_the_index(complete_index: SQLiteLibrary) -> None:
    """A named cite in a complete volume where no case begins is still a fabrication, and one
    where a case begins is verified: the index's evidence is kept for real citations."""
    real = 1 + PAGE_STEP  # a case begins there
    (case,) = complete_index.cases_at("4", "A.", real)
    brief = f"See {case.name}, 4 A. {real} (Pa. 1886); Penn v. Ross, 4 A. 123 (Pa. 1886).\n"
    report = check_document(document_from_text(brief), complete_index)
    assert [v.status for v in report.verdicts] == [Status.VERIFIED, Status.HALLUCINATED]
    assert [e.kind.value for e in report.verdicts[1].errors] == ["nonexistent"]


def test_through_the_api_a_doubtful_cite_is_not_sent_and_a_record_cite_not_called_fabricated(
    complete_index: SQLiteLibrary,
) -> None:
    """The same index served by the fake CourtListener API over loopback: the Atlantic is a
    covered reporter there, so a 404 inside it is a fabrication; record cites are not asked."""
    (case,) = complete_index.cases_at("4", "A.", 1 + PAGE_STEP)
    fake = FakeCourtListener(complete_index, token="t")
    brief = f"{FACT} (4 A. 123.) He fled. 3 R. 50. See {case.name}, 4 A. {1 + PAGE_STEP} (Pa. 1886).\n"
    with fake.serve():
        client = CourtListenerClient(fake.base_url, "t", policy=RetryPolicy(retries=0), sleep=lambda _s: None)
        report = check_document(document_from_text(brief), CourtListenerLibrary(client))
        client.close()
    assert [(v.citation.text, v.status, v.reason) for v in report.verdicts] == [
        ("4 A. 123", Status.UNVERIFIABLE, Reason.AMBIGUOUS),
        ("3 R. 50", Status.UNVERIFIABLE, Reason.AMBIGUOUS),
        (f"4 A. {1 + PAGE_STEP}", Status.VERIFIED, None),
    ]
    assert fake.state.lookup_sizes == [1]  # only the named case was asked about

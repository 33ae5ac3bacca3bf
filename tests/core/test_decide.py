"""decide(): findings → one verdict, with the precedence of its docstring, on real citations."""

from __future__ import annotations

import pytest

from citeproof.core.decide import decide
from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    CiteForm,
    Coverage,
    ErrorKind,
    Finding,
    Outcome,
    Reason,
    ReporterCite,
    Resolution,
    ResolutionStatus,
    Span,
    Status,
)

K, R = ErrorKind, Reason

BROWN = Authority(
    id="courtlistener:105221",
    name="BROWN et al. v. BOARD OF EDUCATION OF TOPEKA et al.",
    name_abbreviation="Brown v. Board of Education",
    decision_date="1954-05-17",
    court="U.S. Supreme Court",
    citations=(
        ReporterCite(volume="347", reporter="U.S.", page="483"),
        ReporterCite(volume="74", reporter="S. Ct.", page="686"),
    ),
    has_text=True,
)
RAECHARLA = Authority(
    id="cap:5594507",
    name="In re ESTATE OF PRASAD L. MUPPAVARAPU, Deceased",
    name_abbreviation="Raecharla v. Kudaravalli",
    decision_date="2005-08-31",
    court="Ill. App. Ct.",
    citations=(ReporterCite(volume="359", reporter="Ill. App. 3d", page="925"),),
    last_page=930,
    has_text=True,
)

BROWN_CITE = Citation(
    id="c1",
    type=CitationType.CASE,
    form=CiteForm.FULL,
    text="Brown v. Board of Education, 347 U.S. 483, 495",
    span=Span(0, 46),
    volume="347",
    reporter="U.S.",
    page="483",
    pin_pages=(495,),
    pin_text="495",
    case_name="Brown v. Board of Education",
    year=1954,
)
# A real page of a real volume, inside Raecharla v. Kudaravalli (925-930): no case begins there.
HARMON_CITE = Citation(
    id="c1",
    type=CitationType.CASE,
    form=CiteForm.FULL,
    text="Harmon v. Lakeview Holdings, Inc., 359 Ill. App. 3d 927",
    span=Span(0, 55),
    volume="359",
    reporter="Ill. App. 3d",
    page="927",
    case_name="Harmon v. Lakeview Holdings, Inc.",
    year=2005,
)
STATUTE = Citation(
    id="c1",
    type=CitationType.STATUTE,
    form=CiteForm.FULL,
    text="42 U.S.C. § 1983",
    span=Span(0, 16),
    statute_title="42",
    statute_code="U.S.C.",
    statute_section="1983",
)

FOUND = Resolution(
    citation_id="c1", status=ResolutionStatus.FOUND, authority=BROWN, coverage=Coverage.COMPLETE_OPINIONS
)
INSIDE_RAECHARLA = Resolution(
    citation_id="c1",
    status=ResolutionStatus.NOT_FOUND,
    coverage=Coverage.COMPLETE,
    containing=RAECHARLA,
    note="page 927 lies inside Raecharla v. Kudaravalli, 359 Ill. App. 3d 925, which runs to at "
    "least page 930",
)


def f(kind: ErrorKind, outcome: Outcome, reason: Reason | None = None) -> Finding:
    return Finding(kind=kind, outcome=outcome, explanation=f"{kind.value} {outcome.value}", reason=reason)


EXISTS, NAME_OK = f(K.NONEXISTENT, Outcome.PASS), f(K.NAME_MISMATCH, Outcome.PASS)
QUOTE_OK, PIN_OK = f(K.MISQUOTE, Outcome.PASS), f(K.WRONG_PINCITE, Outcome.PASS)
SUPPORT_UNDECIDED = f(K.MISREPRESENTATION, Outcome.UNKNOWN, R.NOT_CHECKED)


# --- 1. any failed check → hallucinated, every failure listed -----------------------------


@pytest.mark.parametrize(
    "findings, failed",
    [
        ([EXISTS, NAME_OK, f(K.MISQUOTE, Outcome.FAIL), PIN_OK], [K.MISQUOTE]),
        ([EXISTS, f(K.NAME_MISMATCH, Outcome.FAIL)], [K.NAME_MISMATCH]),
        ([EXISTS, NAME_OK, QUOTE_OK, f(K.WRONG_PINCITE, Outcome.FAIL), SUPPORT_UNDECIDED], [K.WRONG_PINCITE]),
        ([EXISTS, NAME_OK, f(K.MISREPRESENTATION, Outcome.FAIL)], [K.MISREPRESENTATION]),
        # a swapped word on the wrong page: both failures are reported, in the order checked
        (
            [EXISTS, NAME_OK, f(K.MISQUOTE, Outcome.FAIL), f(K.WRONG_PINCITE, Outcome.FAIL)],
            [K.MISQUOTE, K.WRONG_PINCITE],
        ),
        # a failure outranks an undecided quote check that would otherwise make it unverifiable
        (
            [EXISTS, f(K.NAME_MISMATCH, Outcome.FAIL), f(K.MISQUOTE, Outcome.UNKNOWN, R.NO_TEXT)],
            [K.NAME_MISMATCH],
        ),
    ],
    ids=["misquote", "name", "pincite", "misrepresentation", "misquote+pincite", "fail-over-no-text"],
)
def test_a_failed_check_on_a_real_case_is_hallucinated(findings, failed):
    v = decide(BROWN_CITE, FOUND, findings)
    assert v.status is Status.HALLUCINATED and v.reason is None
    assert [e.kind for e in v.errors] == failed
    assert all(e.outcome is Outcome.FAIL for e in v.errors)
    assert v.authority == BROWN and v.findings == tuple(findings)


@pytest.mark.parametrize(
    "findings",
    [
        [f(K.NONEXISTENT, Outcome.FAIL)],
        # nonexistent beats an unchecked quote: there is no text to check it against
        [f(K.NONEXISTENT, Outcome.FAIL), f(K.MISQUOTE, Outcome.UNKNOWN, R.NO_TEXT)],
        [f(K.NONEXISTENT, Outcome.FAIL), f(K.WRONG_PINCITE, Outcome.UNKNOWN, R.NO_PAGE_MARKERS)],
    ],
    ids=["alone", "over-no-text", "over-no-markers"],
)
def test_a_page_inside_another_case_is_hallucinated_whatever_else_is_undecided(findings):
    v = decide(HARMON_CITE, INSIDE_RAECHARLA, findings)
    assert v.status is Status.HALLUCINATED and v.reason is None
    assert [e.kind for e in v.errors] == [K.NONEXISTENT]
    assert v.authority is None  # the cite resolved to nothing; Raecharla only contains the page


def test_nonexistent_and_a_misquote_are_both_listed():
    findings = [f(K.NONEXISTENT, Outcome.FAIL), f(K.MISQUOTE, Outcome.FAIL)]
    v = decide(HARMON_CITE, INSIDE_RAECHARLA, findings)
    assert v.status is Status.HALLUCINATED
    assert {e.kind for e in v.errors} == {K.NONEXISTENT, K.MISQUOTE}


# --- 2. not resolved to a real case → unverifiable, with the existence check's reason --------


@pytest.mark.parametrize(
    "status, reason",
    [
        (ResolutionStatus.NOT_FOUND, R.NOT_IN_COVERAGE),
        (ResolutionStatus.AMBIGUOUS, R.AMBIGUOUS),
        (ResolutionStatus.ERROR, R.BACKEND_ERROR),
        (ResolutionStatus.ERROR, R.RATE_LIMITED),
        (ResolutionStatus.UNRESOLVED, R.UNRESOLVED_SHORT_FORM),
        (ResolutionStatus.UNRESOLVED, R.INCOMPLETE_CITE),
    ],
)
def test_an_unresolved_citation_is_unverifiable_with_the_existence_reason(status, reason):
    r = Resolution(citation_id="c1", status=status, coverage=Coverage.PARTIAL)
    v = decide(HARMON_CITE, r, [f(K.NONEXISTENT, Outcome.UNKNOWN, reason)])
    assert v.status is Status.UNVERIFIABLE and v.reason is reason
    assert v.errors == () and v.authority is None


def test_an_unresolved_citation_without_an_existence_reason_is_not_in_coverage():
    r = Resolution(citation_id="c1", status=ResolutionStatus.NOT_FOUND)
    for findings in ([], [f(K.NONEXISTENT, Outcome.UNKNOWN)], [f(K.MISQUOTE, Outcome.UNKNOWN, R.NO_TEXT)]):
        v = decide(HARMON_CITE, r, findings)
        assert (v.status, v.reason) == (Status.UNVERIFIABLE, R.NOT_IN_COVERAGE), findings


@pytest.mark.parametrize(
    "status",
    [
        ResolutionStatus.ERROR,
        ResolutionStatus.NOT_FOUND,
        ResolutionStatus.AMBIGUOUS,
        ResolutionStatus.UNRESOLVED,
    ],
)
def test_an_unresolved_citation_is_never_verified_even_if_every_finding_passed(status):
    r = Resolution(citation_id="c1", status=status)
    v = decide(BROWN_CITE, r, [EXISTS, NAME_OK, QUOTE_OK, PIN_OK])
    assert v.status is Status.UNVERIFIABLE and v.reason is R.NOT_IN_COVERAGE


# --- 3. a quote that could not be checked → unverifiable ---------------------------------


@pytest.mark.parametrize(
    "blocking",
    [
        f(K.MISQUOTE, Outcome.UNKNOWN, R.NO_TEXT),
        f(K.WRONG_PINCITE, Outcome.UNKNOWN, R.NO_PAGE_MARKERS),
    ],
)
def test_a_quote_that_could_not_be_checked_makes_a_real_case_unverifiable(blocking):
    v = decide(BROWN_CITE, FOUND, [EXISTS, NAME_OK, blocking, SUPPORT_UNDECIDED])
    assert v.status is Status.UNVERIFIABLE and v.reason is blocking.reason
    assert v.authority == BROWN and v.errors == ()


# --- 4. otherwise verified ------------------------------------------------------------------


@pytest.mark.parametrize(
    "findings",
    [
        [EXISTS, NAME_OK, QUOTE_OK, PIN_OK, SUPPORT_UNDECIDED],
        [EXISTS, NAME_OK],
        # no written name to compare: the name check is undecided, not blocking
        [EXISTS, f(K.NAME_MISMATCH, Outcome.UNKNOWN, R.NOT_CHECKED), PIN_OK],
        # support undecided offline does not block (docstring rule 4)
        [EXISTS, NAME_OK, f(K.MISREPRESENTATION, Outcome.UNKNOWN, R.NO_TEXT)],
        # a pin page that lies in the case but whose content was not checked carries no reason
        [EXISTS, NAME_OK, f(K.WRONG_PINCITE, Outcome.UNKNOWN)],
    ],
    ids=["all-pass", "bare-cite", "no-name", "support-no-text", "pin-not-checked"],
)
def test_a_real_case_whose_checks_pass_or_stay_undecided_is_verified(findings):
    v = decide(BROWN_CITE, FOUND, findings)
    assert v.status is Status.VERIFIED and v.reason is None
    assert v.authority == BROWN and v.errors == () and v.findings == tuple(findings)


@pytest.mark.parametrize("reason", [R.BACKEND_ERROR, R.RATE_LIMITED])
def test_a_check_the_backend_could_not_answer_never_yields_verified(reason):
    v = decide(BROWN_CITE, FOUND, [EXISTS, NAME_OK, f(K.MISREPRESENTATION, Outcome.UNKNOWN, reason)])
    assert (v.status, v.reason) == (Status.UNVERIFIABLE, reason)


# --- statutes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "finding, status, reason",
    [
        (
            f(K.STATUTE_NONEXISTENT, Outcome.UNKNOWN, R.STATUTE_NOT_IN_REGISTRY),
            Status.UNVERIFIABLE,
            R.STATUTE_NOT_IN_REGISTRY,
        ),
        (f(K.STATUTE_NONEXISTENT, Outcome.UNKNOWN), Status.UNVERIFIABLE, R.STATUTE_NOT_IN_REGISTRY),
        (f(K.STATUTE_NONEXISTENT, Outcome.UNKNOWN, R.BACKEND_ERROR), Status.UNVERIFIABLE, R.BACKEND_ERROR),
        (f(K.STATUTE_NONEXISTENT, Outcome.PASS), Status.VERIFIED, None),
        (f(K.STATUTE_NONEXISTENT, Outcome.FAIL), Status.HALLUCINATED, None),
        (f(K.STATUTE_REPEALED, Outcome.FAIL), Status.HALLUCINATED, None),
    ],
)
def test_a_statute_is_verified_only_when_found_in_force(finding, status, reason):
    r = Resolution(citation_id="c1", status=ResolutionStatus.UNRESOLVED)
    v = decide(STATUTE, r, [finding])
    assert (v.status, v.reason) == (status, reason)
    assert v.authority is None
    assert v.errors == ((finding,) if status is Status.HALLUCINATED else ())

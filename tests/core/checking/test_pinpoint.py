"""Pin pages for propositions without a quote: does the pin page print what the brief says?"""

from __future__ import annotations

import pytest
from tests.pack import opinion_of

from citeproof.core.checking.checks import check_pincite, check_quotes
from citeproof.core.checking.pinpoint import _content, check_proposition_pin, proposition_pages
from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    CiteForm,
    Confidence,
    ErrorKind,
    Opinion,
    Outcome,
    Quote,
    Reason,
    ReporterCite,
    Resolution,
    ResolutionStatus,
    Span,
)

opinion = opinion_of


BRADY = "373 U.S. 83"
RIVERA = "944 N.E.2d 1119"  # = 16 N.Y.3d 757 = 919 N.Y.S.2d 480, each with its own page breaks

# Brady, 373 U.S. at 87, nearly word for word.
BRADY_HOLDING = (
    "The suppression by the prosecution of evidence favorable to an accused upon request "
    "violates due process where the evidence is material either to guilt or to punishment."
)
# Brady, printed across 373 U.S. 87-88.
BRADY_87_88 = (
    "A prosecution that withholds evidence on demand of an accused which, if made "
    "available, would tend to exculpate him or reduce the penalty helps shape a trial that "
    "bears heavily on the defendant."
)
# Rivera: N.E.2d 1119, N.Y.3d 758, N.Y.S.2d 480.
SURGERIES = (
    "These surgeries, performed two weeks apart, entailed cutting and repositioning the "
    "bones that join at the hip and fixing them with a plate and a hip screw."
)
# Rivera: N.E.2d 1119-1120, N.Y.3d 758-759, N.Y.S.2d 480-481.
SCREW = (
    "She ultimately focused on a claim that the doctor had improperly positioned the screw "
    "implanted in the infant's left hip, causing pain and suffering."
)


def pinned(
    proposition: str | None, written: str, pin: str | None, *, quotes: tuple[str, ...] = ()
) -> Citation:
    volume, *reporter, page = written.split()
    text = written + (f", {pin}" if pin else "")
    pins: tuple[int, ...] = ()
    if pin:
        first, _, last = pin.partition("-")
        pins = tuple(range(int(first), int(last or first) + 1))
    return Citation(
        id="c1",
        type=CitationType.CASE,
        form=CiteForm.FULL,
        text=text,
        span=Span(200, 200 + len(text)),
        volume=volume,
        reporter=" ".join(reporter),
        page=page,
        pin_pages=pins,
        pin_text=pin,
        quotes=tuple(Quote(text=q, span=Span(0, len(q))) for q in quotes),
        proposition=proposition,
    )


@pytest.mark.parametrize(
    "at, proposition, written, pin",
    [
        (BRADY, BRADY_HOLDING, BRADY, "87"),
        (BRADY, BRADY_HOLDING, BRADY, "86-87"),
        (BRADY, BRADY_87_88, BRADY, "87"),
        (BRADY, BRADY_87_88, BRADY, "88"),
        (RIVERA, SURGERIES, "944 N.E.2d 1119", "1119"),
        (RIVERA, SURGERIES, "16 N.Y.3d 757", "758"),
        (RIVERA, SURGERIES, "919 N.Y.S.2d 480", "480"),
        (RIVERA, SCREW, "944 N.E.2d 1119", "1120"),
        (RIVERA, SCREW, "16 N.Y.3d 757", "759"),
    ],
)
def test_a_pin_page_that_prints_the_proposition_holds(at, proposition, written, pin):
    c = pinned(proposition, written, pin)
    pages, sentence = proposition_pages(c, opinion(at))
    assert set(c.pin_pages) & pages
    assert check_proposition_pin(c, opinion(at)) is None


@pytest.mark.parametrize(
    "at, proposition, written, pin, where",
    [
        (BRADY, BRADY_HOLDING, BRADY, "86", "on page 87 of 373 U.S."),
        (BRADY, BRADY_HOLDING, BRADY, "90-91", "on page 87 of 373 U.S."),
        (BRADY, BRADY_87_88, BRADY, "90", "on page 87, 88 of 373 U.S."),
        # one sentence, three reporters: the same pin offset is right in one and wrong in two
        (RIVERA, SURGERIES, "944 N.E.2d 1119", "1120", "on page 1119 of 944 N.E.2d"),
        (RIVERA, SURGERIES, "919 N.Y.S.2d 480", "481", "on page 480 of 919 N.Y.S.2d"),
        (RIVERA, SCREW, "16 N.Y.3d 757", "757", "on page 758, 759 of 16 N.Y.3d"),
    ],
)
def test_a_pin_page_that_does_not_print_the_proposition_is_a_wrong_pincite(
    at, proposition, written, pin, where
):
    c = pinned(proposition, written, pin)
    f = check_proposition_pin(c, opinion(at))
    assert f is not None
    assert (f.kind, f.outcome) == (ErrorKind.WRONG_PINCITE, Outcome.FAIL)
    assert f.explanation == f"the proposition is not on page {pin}"
    assert f.confidence == Confidence.PRINTED_ELSEWHERE
    assert (f.fragment, f.span) == (c.text, c.span)
    assert f.evidence.startswith(f'the opinion says it {where}: "')


def test_the_evidence_quotes_the_opinion_not_the_brief():
    f = check_proposition_pin(pinned(SURGERIES, RIVERA, "1120"), opinion(RIVERA))
    assert f is not None and "(with side screws)" in f.evidence  # the brief left it out


def test_without_page_markers_nothing_is_decided():
    brady = opinion(BRADY)
    bare = Opinion(case_id=brady.case_id, text=brady.text, page_breaks=())
    assert check_proposition_pin(pinned(BRADY_HOLDING, BRADY, "86"), bare) is None


def test_a_cite_to_a_reporter_the_text_has_no_markers_for_is_not_decided():
    # Brady's text carries U.S. pages only; 83 S. Ct. 1194 is its real parallel cite
    c = pinned(BRADY_HOLDING, "83 S. Ct. 1194", "1196")
    assert proposition_pages(c, opinion(BRADY)) is None
    assert check_proposition_pin(c, opinion(BRADY)) is None


@pytest.mark.parametrize(
    "proposition",
    [
        # a paraphrase: offline, it cannot be placed on any page
        "The prosecution must disclose evidence favorable to the accused that is material to guilt or "
        "punishment.",
        # the holding buried in a claim twice its length: most of the claim is not in the sentence
        BRADY_HOLDING[:-1] + ", and a conviction obtained after such suppression must always be vacated "
        "without any inquiry into prejudice, harmlessness, materiality or the weight of other evidence.",
        "Due process forbids suppression.",  # too few content words to place
    ],
)
def test_a_proposition_not_repeated_nearly_verbatim_is_not_placed(proposition):
    c = pinned(proposition, BRADY, "86")
    assert proposition_pages(c, opinion(BRADY)) is None
    assert check_proposition_pin(c, opinion(BRADY)) is None


@pytest.mark.parametrize(
    "c, has_opinion",
    [
        (pinned(BRADY_HOLDING, BRADY, None), True),  # no pin page
        (pinned(BRADY_HOLDING, BRADY, "86", quotes=(BRADY_HOLDING,)), True),  # the quote check decides
        (pinned(None, BRADY, "86"), True),  # nothing offered
        (pinned(BRADY_HOLDING, BRADY, "86"), False),  # no opinion text
    ],
)
def test_nothing_to_place_or_another_check_decides(c, has_opinion):
    assert check_proposition_pin(c, opinion(BRADY) if has_opinion else None) is None


# --- the same question for a quote, through check_pincite ------------------------------------


def rivera() -> Authority:
    return Authority(
        id="capstone-fastcase:NE2d/944/944ne2d1119",
        name_abbreviation="Rivera v. Kleinman",
        name="Gretchen RIVERA, an Infant by Her Mother and Natural Guardian, Maria Rivera, et al., "
        "Appellants, v. Paul G. KLEINMAN, M.D., et al., Respondents.",
        decision_date="2011-03-03",
        court="N.Y.",
        citations=(
            ReporterCite(volume="944", reporter="N.E.2d", page="1119"),
            ReporterCite(volume="16", reporter="N.Y.3d", page="757"),
            ReporterCite(volume="919", reporter="N.Y.S.2d", page="480"),
        ),
    )


SCREW_QUOTE = "the doctor had improperly positioned the screw implanted in the infant's left hip"


@pytest.mark.parametrize(
    "written, pin, outcome, where",
    [
        ("944 N.E.2d 1119", "1119", Outcome.PASS, None),
        ("16 N.Y.3d 757", "759", Outcome.PASS, None),
        ("919 N.Y.S.2d 480", "480", Outcome.PASS, None),
        ("944 N.E.2d 1119", "1120", Outcome.FAIL, "is on page 1119 of 944 N.E.2d"),
        ("16 N.Y.3d 757", "758", Outcome.FAIL, "is on page 759 of 16 N.Y.3d"),
        ("919 N.Y.S.2d 480", "481", Outcome.FAIL, "is on page 480 of 919 N.Y.S.2d"),
    ],
)
def test_a_quote_is_on_the_pin_page_of_the_reporter_cited(written, pin, outcome, where):
    c = pinned(None, written, pin, quotes=(SCREW_QUOTE,))
    op = opinion(RIVERA)
    _, matches = check_quotes(c, op)
    r = Resolution(citation_id="c1", status=ResolutionStatus.FOUND, authority=rivera())
    f = check_pincite(c, r, op, matches, None, None)
    assert f is not None and (f.kind, f.outcome) == (ErrorKind.WRONG_PINCITE, outcome)
    if where:
        assert f.evidence.endswith(where)


def test_without_page_markers_a_quote_pin_is_unknown_and_a_proposition_pin_undecided():
    op = opinion(RIVERA)
    bare = Opinion(case_id=op.case_id, text=op.text, page_breaks=())
    r = Resolution(citation_id="c1", status=ResolutionStatus.FOUND, authority=rivera())
    quoted = pinned(None, "16 N.Y.3d 757", "758", quotes=(SCREW_QUOTE,))
    _, matches = check_quotes(quoted, bare)
    f = check_pincite(quoted, r, bare, matches, None, None)
    assert f is not None and (f.outcome, f.reason) == (Outcome.UNKNOWN, Reason.NO_PAGE_MARKERS)
    assert check_proposition_pin(pinned(SCREW, "16 N.Y.3d 757", "757"), bare) is None


def test_a_claim_is_read_into_words_as_the_opinion_sentences_are():
    """ "doesn't" stays one word on both sides, so a contraction can be shared."""
    assert _content("The statute doesn’t reach Appellant's claims.") == {
        "statute",
        "doesn't",
        "reach",
        "appellant",
        "claims",
    }

"""The pure checks, called directly on real cites, real opinions and real page breaks."""

from __future__ import annotations

import pytest
from tests.pack import opinion_of, record_by_cite

from citeproof.core.checking.checks import (
    check_existence,
    check_name,
    check_parallel,
    check_pincite,
    check_quotes,
    check_statute,
)
from citeproof.core.models import (
    Authority,
    Citation,
    CitationType,
    CiteForm,
    Confidence,
    Coverage,
    ErrorKind,
    Outcome,
    Quote,
    Reason,
    ReporterCite,
    Resolution,
    ResolutionStatus,
    Span,
)

K, R, S = ErrorKind, Reason, ResolutionStatus


_record = record_by_cite
opinion = opinion_of


def authority(cite: str) -> Authority:
    rec = _record(cite)
    return Authority(
        id=rec["id"],
        name=rec["name"],
        name_abbreviation=rec["name_abbreviation"],
        decision_date=rec["decision_date"],
        court=rec["court"],
        citations=tuple(
            ReporterCite(volume=c["volume"], reporter=c["reporter"], page=c["page"]) for c in rec["citations"]
        ),
        last_page=rec.get("last_page"),
        has_text=True,
    )


BROWN, GIDEON, BRADY = "347 U.S. 483", "372 U.S. 335", "373 U.S. 83"
RAECHARLA, HARRIS = "359 Ill. App. 3d 925", "359 Ill. App. 3d 931"
MIRANDA = Authority(
    id="scdb-2014-01:1965-122",
    name="MIRANDA v. ARIZONA",
    name_abbreviation="Miranda v. Arizona",
    decision_date="1966-06-13",
    court="U.S. Supreme Court",
    citations=(ReporterCite(volume="384", reporter="U.S.", page="436"),),
)
CELOTEX = Authority(
    id="scdb-2014-01:1985-128",
    name="CELOTEX CORP. v. CATRETT, ADMINISTRATRIX OF THE ESTATE OF CATRETT",
    name_abbreviation="Celotex Corp. v. Catrett",
    decision_date="1986-06-25",
    court="U.S. Supreme Court",
    citations=(ReporterCite(volume="477", reporter="U.S.", page="317"),),
)
HOLDING = "Separate educational facilities are inherently unequal"  # 347 U.S. at 495
BRADY_HOLDING = (
    "the suppression by the prosecution of evidence favorable to an accused upon "
    "request violates due process"
)  # 373 U.S. at 87
BRADY_87_88 = (
    "A prosecution that withholds evidence on demand of an accused which, if made "
    "available, would tend to exculpate him"
)  # printed across 373 U.S. 87-88


def cite(
    written: str,
    pin: str | None = None,
    *,
    name: str | None = None,
    quotes: tuple[str, ...] = (),
    proposition: str | None = None,
) -> Citation:
    """A citation as it stands in a brief: ``[proposition ]["quote" ...] Name, cite, pin.``"""
    volume, *reporter, page = written.split()
    brief = (proposition + " ") if proposition else ""
    spans = []
    for q in quotes:
        brief += 'The Court said "'
        spans.append(Span(len(brief), len(brief) + len(q)))
        brief += q + '." '
    if name:
        brief += name + ", "
    start = len(brief)
    text = written + (f", {pin}" if pin else "")
    pins: tuple[int, ...] = ()
    if pin:
        first, _, last = pin.partition("-")
        last = (first[: len(first) - len(last)] + last) if last else first
        pins = tuple(range(int(first), int(last) + 1))
    return Citation(
        id="c1",
        type=CitationType.CASE,
        form=CiteForm.FULL,
        text=text,
        span=Span(start, start + len(text)),
        volume=volume,
        reporter=" ".join(reporter),
        page=page,
        pin_pages=pins,
        pin_text=pin,
        case_name=name,
        quotes=tuple(Quote(text=q, span=s) for q, s in zip(quotes, spans, strict=True)),
        proposition=proposition,
        proposition_span=Span(0, len(proposition)) if proposition else None,
    )


def found(at: str) -> Resolution:
    return Resolution(
        citation_id="c1", status=S.FOUND, authority=authority(at), coverage=Coverage.COMPLETE_OPINIONS
    )


def test_the_cite_helper_reads_pins_as_a_brief_writes_them():
    c = cite(BROWN, "494-95", name="Brown v. Board of Education")
    assert (c.volume, c.reporter, c.page, c.pin_pages) == ("347", "U.S.", "483", (494, 495))
    assert c.cite == BROWN and c.text == "347 U.S. 483, 494-95"
    assert cite(RAECHARLA).reporter == "Ill. App. 3d"


# --- check_existence ------------------------------------------------------------------------


def test_a_cite_that_resolves_exists():
    f = check_existence(cite(BROWN, name="Brown v. Board of Education"), found(BROWN))
    assert (f.kind, f.outcome) == (K.NONEXISTENT, Outcome.PASS)
    assert f.explanation == "347 U.S. 483 is Brown v. Board of Education"


HARMON = "359 Ill. App. 3d 927"  # a page printed inside Raecharla v. Kudaravalli (925-930)
INSIDE = (
    "page 927 lies inside Raecharla v. Kudaravalli, 359 Ill. App. 3d 925, which runs to at least page 930"
)
BETWEEN = (
    "page 330 falls between Celotex Corp. v. Catrett (p. 317) and the next opinion (p. 340), "
    "inside the opinions section"
)


@pytest.mark.parametrize(
    "written, resolution, evidence",
    [
        (
            "1200 F.2d 45",
            Resolution(
                citation_id="c1",
                status=S.IMPOSSIBLE,
                coverage=Coverage.NOT_COVERED,
                note="F.2d ended with volume 999; there is no volume 1200",
            ),
            "F.2d ended with volume 999; there is no volume 1200",
        ),
        (
            HARMON,
            Resolution(
                citation_id="c1",
                status=S.NOT_FOUND,
                coverage=Coverage.PARTIAL,
                containing=authority(RAECHARLA),
                note=INSIDE,
            ),
            INSIDE,
        ),
        (
            "477 U.S. 330",
            Resolution(
                citation_id="c1",
                status=S.NOT_FOUND,
                coverage=Coverage.COMPLETE_OPINIONS,
                containing=CELOTEX,
                note=BETWEEN,
                probable=True,
            ),
            BETWEEN,
        ),
        (
            "352 U.S. 843",
            Resolution(citation_id="c1", status=S.NOT_FOUND, coverage=Coverage.COMPLETE),
            "the library covers 352 U.S. completely and no case begins at page 843",
        ),
    ],
    ids=["impossible", "inside-a-case", "probably-inside", "complete-volume"],
)
def test_nonexistent_only_on_evidence(written, resolution, evidence):
    c = cite(written)
    f = check_existence(c, resolution)
    assert (f.kind, f.outcome) == (K.NONEXISTENT, Outcome.FAIL)
    assert f.evidence == evidence
    assert (f.fragment, f.span) == (c.text, c.span)
    assert written in f.explanation


def test_a_page_only_probably_inside_a_case_is_less_certain_than_one_inside_it():
    c = cite(HARMON)
    inside = Resolution(citation_id="c1", status=S.NOT_FOUND, containing=authority(RAECHARLA), note=INSIDE)
    probably = Resolution(
        citation_id="c1", status=S.NOT_FOUND, containing=authority(RAECHARLA), note=INSIDE, probable=True
    )
    assert check_existence(c, inside).confidence == Confidence.RULED_OUT
    assert check_existence(c, probably).confidence == Confidence.PROBABLY_INSIDE
    assert Confidence.PROBABLY_INSIDE < Confidence.RULED_OUT


@pytest.mark.parametrize(
    "written, status, coverage, resolution_reason, reason",
    [
        # the Mata v. Avianca cite: a partial volume proves nothing
        ("925 F.3d 1339", S.NOT_FOUND, Coverage.PARTIAL, None, R.NOT_IN_COVERAGE),
        ("49 F.4th 439", S.NOT_FOUND, Coverage.NOT_COVERED, None, R.NOT_IN_COVERAGE),
        # memorandum orders live in the back of a U.S. volume: complete_opinions is not complete
        ("352 U.S. 843", S.NOT_FOUND, Coverage.COMPLETE_OPINIONS, None, R.NOT_IN_COVERAGE),
        ("359 Ill. App. 3d 921", S.AMBIGUOUS, Coverage.PARTIAL, R.AMBIGUOUS, R.AMBIGUOUS),
        ("359 Ill. App. 3d 921", S.AMBIGUOUS, Coverage.PARTIAL, None, R.AMBIGUOUS),
        (BROWN, S.ERROR, Coverage.NOT_COVERED, R.RATE_LIMITED, R.RATE_LIMITED),
        (BROWN, S.ERROR, Coverage.NOT_COVERED, R.BACKEND_ERROR, R.BACKEND_ERROR),
        (BROWN, S.ERROR, Coverage.NOT_COVERED, None, R.BACKEND_ERROR),
        (BROWN, S.UNRESOLVED, Coverage.NOT_COVERED, R.UNRESOLVED_SHORT_FORM, R.UNRESOLVED_SHORT_FORM),
        (BROWN, S.UNRESOLVED, Coverage.NOT_COVERED, R.INCOMPLETE_CITE, R.INCOMPLETE_CITE),
        (BROWN, S.UNRESOLVED, Coverage.NOT_COVERED, None, R.INCOMPLETE_CITE),
    ],
)
def test_existence_is_unknown_without_evidence(written, status, coverage, resolution_reason, reason):
    r = Resolution(citation_id="c1", status=status, coverage=coverage, reason=resolution_reason)
    f = check_existence(cite(written), r)
    assert (f.kind, f.outcome, f.reason) == (K.NONEXISTENT, Outcome.UNKNOWN, reason)
    assert f.fragment is None and f.span is None


def test_unknown_existence_explains_the_coverage_or_passes_the_library_note_on():
    r = Resolution(citation_id="c1", status=S.NOT_FOUND, coverage=Coverage.PARTIAL)
    assert check_existence(cite("925 F.3d 1339"), r).explanation == (
        "925 F.3d 1339 is not in the library, whose coverage of 925 F.3d is partial"
    )
    r = Resolution(citation_id="c1", status=S.AMBIGUOUS, note="2 cases begin at 359 Ill. App. 3d 921")
    assert check_existence(cite("359 Ill. App. 3d 921"), r).explanation == r.note


# --- check_name -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written, at",
    [
        ("Brown v. Board of Education", BROWN),
        ("Brown v. Bd. of Educ.", BROWN),
        ("Board of Education v. Brown", BROWN),
        ("Gideon v. Wainwright", GIDEON),
        ("People v. Harris", HARRIS),
        # the real caption is "In re ESTATE OF PRASAD L. MUPPAVARAPU ... (Padmaja Raecharla ...)"
        ("In re Estate of Muppavarapu", RAECHARLA),
        ("Raecharla v. Kudaravalli", RAECHARLA),
    ],
)
def test_the_right_name_in_any_common_form_passes(written, at):
    f = check_name(cite(at, name=written), found(at))
    assert (f.kind, f.outcome) == (K.NAME_MISMATCH, Outcome.PASS)
    assert "distinctive part" in f.explanation


@pytest.mark.parametrize(
    "written, at, real",
    [
        ("Miranda v. Arizona", GIDEON, "Gideon v. Wainwright (1963)"),
        ("People v. Dixon", HARRIS, "People v. Harris (2005)"),
        ("Brady v. Maryland", BROWN, "Brown v. Board of Education (1954)"),
    ],
)
def test_a_name_of_another_case_fails_naming_the_case_at_the_cite(written, at, real):
    c = cite(at, name=written)
    f = check_name(c, found(at))
    assert (f.kind, f.outcome) == (K.NAME_MISMATCH, Outcome.FAIL)
    assert f.evidence == f"{at} is {real}"
    assert f.explanation == f"the name written does not match the case at {at}"
    assert f.confidence == Confidence.DIFFERS
    assert (f.fragment, f.span) == (c.text, c.span)


def test_a_name_mismatch_says_where_the_written_name_lives():
    c = cite(GIDEON, name="Miranda v. Arizona")
    # the library's cases named like the written name may include the cited case itself
    f = check_name(c, found(GIDEON), named_elsewhere=(authority(GIDEON), MIRANDA))
    assert f.outcome is Outcome.FAIL
    assert f.evidence == (
        "372 U.S. 335 is Gideon v. Wainwright (1963); a case named Miranda v. "
        "Arizona is Miranda v. Arizona, 384 U.S. 436 (1966)"
    )


@pytest.mark.parametrize(
    "c, r",
    [
        (cite(BROWN), found(BROWN)),  # no name written
        (
            cite(BROWN, name="Brown v. Board of Education"),
            Resolution(citation_id="c1", status=S.NOT_FOUND),
        ),  # nothing to compare with
    ],
)
def test_the_name_is_not_checked_without_both_sides(c, r):
    f = check_name(c, r)
    assert (f.outcome, f.reason) == (Outcome.UNKNOWN, R.NOT_CHECKED)


# --- check_parallel -------------------------------------------------------------------------

BROWN_PRIMARY = cite(BROWN, "495", name="Brown v. Board of Education")


@pytest.mark.parametrize(
    "written, resolution, kind, explanation, evidence",
    [
        (
            "83 S. Ct. 792",
            found(GIDEON),
            K.NAME_MISMATCH,
            "parallel cite 83 S. Ct. 792 is a different case from 347 U.S. 483",
            "83 S. Ct. 792 is Gideon v. Wainwright; 347 U.S. 483 is Brown v. Board of Education",
        ),
        (
            "74 S. Ct. 999",
            Resolution(citation_id="c1", status=S.NOT_FOUND),
            K.NONEXISTENT,
            "Brown v. Board of Education is not reported at 74 S. Ct. 999",
            "its S. Ct. cite is 74 S. Ct. 686",
        ),
    ],
)
def test_a_parallel_cite_must_be_the_same_case(written, resolution, kind, explanation, evidence):
    c = cite(written)
    f = check_parallel(c, resolution, found(BROWN), BROWN_PRIMARY)
    assert f is not None and (f.kind, f.outcome) == (kind, Outcome.FAIL)
    assert (f.explanation, f.evidence) == (explanation, evidence)
    assert f.confidence == Confidence.DIFFERS
    assert (f.fragment, f.span) == (c.text, c.span)


@pytest.mark.parametrize(
    "written, resolution, primary",
    [
        ("74 S. Ct. 686", found(BROWN), found(BROWN)),  # the real parallel cite
        # CourtListener's own bad parallel for Brown: no L. Ed. 2d cite is known to compare with
        ("98 L. Ed. 2d 873", Resolution(citation_id="c1", status=S.NOT_FOUND), found(BROWN)),
        (
            "74 S. Ct. 999",
            Resolution(citation_id="c1", status=S.NOT_FOUND),
            Resolution(citation_id="c0", status=S.NOT_FOUND),
        ),  # the first cite itself unresolved
    ],
)
def test_a_parallel_cite_is_left_alone_without_contrary_evidence(written, resolution, primary):
    assert check_parallel(cite(written), resolution, primary, BROWN_PRIMARY) is None


def test_a_parallel_cite_without_a_first_cite_is_not_checked():
    assert check_parallel(cite("83 S. Ct. 792"), found(GIDEON), None, None) is None


# --- check_quotes ---------------------------------------------------------------------------


def test_a_faithful_quote_passes_and_reports_where_it_is():
    text = opinion(BROWN).text
    findings, matches = check_quotes(cite(BROWN, "495", quotes=("[S]" + HOLDING[1:],)), opinion(BROWN))
    assert [(f.kind, f.outcome) for f in findings] == [(K.MISQUOTE, Outcome.PASS)]
    assert len(matches) == 1 and text[matches[0].start : matches[0].end] == HOLDING


def test_a_changed_word_is_a_misquote_quoting_the_real_words():
    quote = "separate educational facilities are intrinsically unequal"
    c = cite(BROWN, "495", quotes=(quote,))
    findings, matches = check_quotes(c, opinion(BROWN))
    (f,) = findings
    assert (f.kind, f.outcome) == (K.MISQUOTE, Outcome.FAIL)
    assert f.explanation == "the quote alters the opinion's words"
    assert (f.fragment, f.span) == (quote, c.quotes[0].span)
    assert f.evidence.startswith(f'the opinion reads: "{HOLDING}"; changes: ')
    assert "[-inherently-] {+intrinsically+}" in f.evidence
    assert matches[0].real_wording == HOLDING and not matches[0].found


def test_an_invented_quote_is_a_less_certain_misquote_than_an_altered_one():
    invented = "all contracts signed on a Sunday are void as against public policy"
    altered = "separate educational facilities are intrinsically unequal"
    (f_inv,), _ = check_quotes(cite(BROWN, quotes=(invented,)), opinion(BROWN))
    (f_alt,), _ = check_quotes(cite(BROWN, quotes=(altered,)), opinion(BROWN))
    assert (f_inv.outcome, f_inv.explanation) == (Outcome.FAIL, "the quoted words are not in the opinion")
    assert f_inv.evidence.startswith("closest passage scored ") and f_inv.evidence.endswith("/100")
    assert (f_alt.confidence, f_inv.confidence) == (Confidence.DIFFERS, Confidence.NOT_IN_TEXT)
    assert f_inv.confidence < f_alt.confidence


def test_each_quote_is_judged_and_short_ones_are_skipped():
    quotes = (HOLDING, "inherently unequal", "separate educational facilities are intrinsically unequal")
    findings, matches = check_quotes(cite(BROWN, "495", quotes=quotes), opinion(BROWN))
    assert [f.outcome for f in findings] == [Outcome.PASS, Outcome.FAIL]
    assert [m.found for m in matches] == [True, False]


def test_quotes_without_opinion_text_are_unknown_each():
    quotes = (HOLDING, "inherently unequal")
    findings, matches = check_quotes(cite(BROWN, "495", quotes=quotes), None)
    assert [(f.kind, f.outcome, f.reason) for f in findings] == [(K.MISQUOTE, Outcome.UNKNOWN, R.NO_TEXT)] * 2
    assert matches == []


def test_no_quote_no_finding():
    assert check_quotes(cite(BROWN, "495"), opinion(BROWN)) == ([], [])


# --- check_pincite --------------------------------------------------------------------------


def pin_finding(
    at: str,
    pin: str | None,
    quotes: tuple[str, ...] = (),
    *,
    markers: bool = True,
    written: str | None = None,
    last_page: int | None = None,
    next_case_page: int | None = None,
    proposition: str | None = None,
):
    c = cite(written or at, pin, quotes=quotes, proposition=proposition)
    op = opinion(at, markers=markers)
    _, matches = check_quotes(c, op)
    return check_pincite(c, found(at), op, matches, last_page, next_case_page)


@pytest.mark.parametrize(
    "at, pin, quote",
    [
        (BROWN, "495", HOLDING),
        (BROWN, "494-95", HOLDING),
        (BRADY, "87", BRADY_HOLDING),
        (BRADY, "87", BRADY_87_88),  # the quote begins on 87 ...
        (BRADY, "88", BRADY_87_88),  # ... and ends on 88: either page holds it
    ],
)
def test_a_quote_on_the_pin_page_passes(at, pin, quote):
    f = pin_finding(at, pin, (quote,))
    assert f is not None and (f.kind, f.outcome) == (K.WRONG_PINCITE, Outcome.PASS)
    assert f.explanation == "the quote is on the pin page"


@pytest.mark.parametrize(
    "at, pin, quote, where",
    [
        (BROWN, "494", HOLDING, "is on page 495 of 347 U.S."),
        (BRADY, "86", BRADY_HOLDING, "is on page 87 of 373 U.S."),
        (BRADY, "86", BRADY_87_88, "is on page 87-88 of 373 U.S."),
        (BRADY, "89", BRADY_87_88, "is on page 87-88 of 373 U.S."),
    ],
)
def test_a_quote_on_another_page_is_a_wrong_pincite_naming_the_page(at, pin, quote, where):
    f = pin_finding(at, pin, (quote,))
    assert f is not None and (f.kind, f.outcome) == (K.WRONG_PINCITE, Outcome.FAIL)
    assert f.explanation == f"the quoted words are not on page {pin}"
    assert f.confidence == Confidence.RULED_OUT
    assert f.evidence.endswith(where)
    assert f.evidence.startswith('"' + quote[:20])


@pytest.mark.parametrize(
    "at, pin, last_page, next_case_page, evidence",
    [
        (BROWN, "482", None, 497, "begins at page 483 and ends by page 497"),
        (BROWN, "498", None, 497, "begins at page 483 and ends by page 497"),
        (BRADY, "97", None, 96, "begins at page 83 and ends by page 96"),
        (RAECHARLA, "931", 930, 931, "begins at page 925 and ends by page 930"),
        (RAECHARLA, "924", None, None, "begins at page 925"),
    ],
)
def test_a_pin_outside_the_case_is_a_wrong_pincite(at, pin, last_page, next_case_page, evidence):
    f = pin_finding(at, pin, last_page=last_page, next_case_page=next_case_page)
    assert f is not None and (f.kind, f.outcome) == (K.WRONG_PINCITE, Outcome.FAIL)
    assert f.explanation == f"pin page {pin} lies outside the case"
    assert f.confidence == Confidence.RULED_OUT
    assert f.evidence == f"{authority(at).name_abbreviation} {evidence}"


@pytest.mark.parametrize(
    "pin, explanation",
    [
        ("494-99", "the pin range 494-499 runs outside the case (pages 498-499)"),
        ("496-98", "the pin range 496-498 runs outside the case (page 498)"),
    ],
)
def test_a_pin_range_that_runs_past_the_case_says_how_it_was_read(pin, explanation):
    f = pin_finding(BROWN, pin, next_case_page=497)
    assert f is not None and (f.kind, f.outcome) == (K.WRONG_PINCITE, Outcome.FAIL)
    assert f.explanation == explanation


def test_the_next_case_page_itself_may_still_hold_the_end_of_the_case():
    f = pin_finding(BRADY, "96", next_case_page=96)
    assert f is not None and f.outcome is Outcome.PASS


@pytest.mark.parametrize(
    "markers, written, pin",
    [
        (False, BROWN, "495"),  # text without page markers at all
        (True, "74 S. Ct. 686", "692"),  # markers only for U.S., the cite is to S. Ct.
    ],
)
def test_a_located_quote_without_page_markers_for_the_reporter_is_unknown(markers, written, pin):
    f = pin_finding(BROWN, pin, (HOLDING,), markers=markers, written=written)
    assert f is not None and (f.outcome, f.reason) == (Outcome.UNKNOWN, R.NO_PAGE_MARKERS)
    assert f.explanation.endswith(f"for {cite(written).reporter}")


def test_a_pin_within_the_case_without_a_quote_passes_unchecked():
    f = pin_finding(BROWN, "495", next_case_page=497)
    assert f is not None and f.outcome is Outcome.PASS
    assert f.explanation == "pin page lies within the case; content not checked"


def test_a_pin_for_a_misquote_is_left_undecided():
    f = pin_finding(BROWN, "495", ("separate educational facilities are intrinsically unequal",))
    assert f is not None and f.outcome is Outcome.UNKNOWN and f.reason is None


def test_a_proposition_repeated_from_another_page_is_a_wrong_pincite():
    f = pin_finding(
        BRADY,
        "86",
        proposition="We now hold that " + BRADY_HOLDING + " where the "
        "evidence is material either to guilt or to punishment.",
    )
    assert f is not None and f.outcome is Outcome.FAIL
    assert f.explanation == "the proposition is not on page 86"
    assert "on page 87 of 373 U.S." in f.evidence


@pytest.mark.parametrize(
    "c, r",
    [
        (cite(BROWN, name="Brown v. Board of Education"), found(BROWN)),  # no pin
        (cite(BROWN, "495"), Resolution(citation_id="c1", status=S.NOT_FOUND)),  # nothing resolved
    ],
)
def test_no_pin_or_no_case_no_pincite_finding(c, r):
    assert check_pincite(c, r, opinion(BROWN), [], None, 497) is None


# --- check_statute --------------------------------------------------------------------------


def statute(code: str, title: str | None, section: str) -> Citation:
    text = f"{title} {code} § {section}" if title else f"{code} {section}"
    return Citation(
        id="c1",
        type=CitationType.STATUTE,
        form=CiteForm.FULL,
        text=text,
        span=Span(4, 4 + len(text)),
        statute_code=code,
        statute_title=title,
        statute_section=section,
    )


@pytest.mark.parametrize(
    "code, title, section, evidence",
    [
        ("U.S.C.", "60", "12", "Title 60 of the United States Code does not exist"),
        ("U.S.C.", "53", "101", "Title 53 of the United States Code does not exist"),  # reserved
        ("Fed. R. Civ. P.", None, "99", "Fed. R. Civ. P. has no rule 99 (rules run 1-87)"),
        ("Fed. R. Evid.", None, "99", "Fed. R. Evid. has no rule 99 (rules run 101-1103)"),
        ("Fed. R. App. P.", None, "49(a)", "Fed. R. App. P. has no rule 49 (rules run 1-48)"),
    ],
)
def test_an_impossible_statute_or_rule_is_nonexistent(code, title, section, evidence):
    c = statute(code, title, section)
    f = check_statute(c)
    assert (f.kind, f.outcome) == (K.STATUTE_NONEXISTENT, Outcome.FAIL)
    assert f.evidence.startswith(evidence)
    assert f.confidence == Confidence.RULED_OUT
    assert (f.fragment, f.span) == (c.text, c.span)


@pytest.mark.parametrize(
    "code, title, section",
    [
        ("U.S.C.", "42", "1983"),
        ("U.S.C.", "54", "100101"),
        ("Fed. R. Civ. P.", None, "56(a)"),
        ("Fed. R. Evid.", None, "403"),
        ("Fed. R. Crim. P.", None, "16"),
    ],
)
def test_a_possible_statute_is_unverifiable_offline(code, title, section):
    f = check_statute(statute(code, title, section))
    assert (f.kind, f.outcome, f.reason) == (
        K.STATUTE_NONEXISTENT,
        Outcome.UNKNOWN,
        R.STATUTE_NOT_IN_REGISTRY,
    )


def test_a_suggestion_comes_only_from_the_same_jurisdiction_and_era(library):
    """A fabricated U.S. Reports cite named Smith v. Jones is not offered a 1910 Texas case
    of that name; a real U.S. Reports case of the written name is offered."""
    from citeproof.core.checking.suggest import plausible, suggest
    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.reading.read import document_from_text

    (fabricated,) = extract_citations(document_from_text("Smith v. Jones, 999 U.S. 1 (2031)."))
    named = library.cases_named("Smith v. Jones", limit=10)
    assert named and not any(plausible(fabricated, a) for a in named)  # the library has other Smiths
    assert suggest(fabricated, library) == (
        "Smith v. Jones is not at 999 U.S. 1; "
        "the library has no case of that name in U.S. within 30 years of 2031"
    )
    (moved,) = extract_citations(document_from_text("Miranda v. Arizona, 373 U.S. 83 (1966)."))
    expected = "a case named Miranda v. Arizona is Miranda v. Arizona, 384 U.S. 436"
    assert suggest(moved, library).startswith(expected)

"""The offline support check: it flags only a proposition the real opinion states the opposite of."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.pack import opinion_of

from citeproof.core.checking.signatures import (
    _NEGATIONS,
    _NOT_NEGATING,
    _NOT_NEGATING_WORDS,
    _STOP,
    ANTONYMS,
    _sentences_with_phrase,
    signature,
    split_sentences,
)
from citeproof.core.checking.support import check_support
from citeproof.core.models import (
    Citation,
    CitationType,
    CiteForm,
    Confidence,
    ErrorKind,
    Opinion,
    Outcome,
    Reason,
    Span,
)

opinion = opinion_of


BROWN, BRADY = "347 U.S. 483", "373 U.S. 83"
DIXON, HUBBERT = "359 Ill. App. 3d 938", "359 Ill. App. 3d 976"
NAMES = {
    BROWN: "Brown v. Board of Education",
    BRADY: "Brady v. Maryland",
    DIXON: "People v. Dixon",
    HUBBERT: "Hubbert v. Dell Corp.",
    "447 U.S. 207": "Exxon Corp. v. Department of Revenue",
    "946 A.2d 352": "Chatterjee v. MARCC",
}


def offered_for(proposition: str | None, at: str) -> Citation:
    """``proposition Name, cite.`` as a brief writes it."""
    lead = f"{proposition} " if proposition else ""
    name = NAMES[at]
    volume, *reporter, page = at.split()
    start = len(lead) + len(name) + 2
    return Citation(
        id="c1",
        type=CitationType.CASE,
        form=CiteForm.FULL,
        text=at,
        span=Span(start, start + len(at)),
        volume=volume,
        reporter=" ".join(reporter),
        page=page,
        case_name=name,
        proposition=proposition,
        proposition_span=Span(0, len(proposition)) if proposition else None,
    )


# --- the opinion states the opposite -------------------------------------------------------


@pytest.mark.parametrize(
    "at, proposition, page, real",
    [
        # an antonym: the opinion says "unequal"
        (
            BROWN,
            "Brown held that separate educational facilities are inherently equal.",
            495,
            "Separate educational facilities are inherently unequal.",
        ),
        # a negation the opinion does not have
        (
            BRADY,
            "The suppression by the prosecution of evidence favorable to an accused upon request "
            "does not violate due process.",
            87,
            "We now hold that the suppression by the prosecution of evidence favorable to an accused "
            "upon request violates due process",
        ),
        (
            DIXON,
            "The double-enhancement rule is not a statutory construction one.",
            945,
            "The double- enhancement rule is a statutory construction one",
        ),
        # a parenthetical of the opinion's own: "inadmissible" read as "not admissible"
        (
            HUBBERT,
            "The contents of newspaper articles are hearsay and therefore admissible.",
            985,
            "the contents of newspaper articles are hearsay and therefore inadmissible",
        ),
    ],
    ids=["brown-antonym", "brady-negation", "dixon-negation", "hubbert-antonym"],
)
def test_a_reversed_proposition_is_a_misrepresentation_quoting_the_opinion(at, proposition, page, real):
    _assert_reversed(offered_for(proposition, at), at, proposition, page, real)


@pytest.mark.parametrize("negation", ["doesn't", "doesn’t", "does not"])
def test_a_contracted_negation_reverses_a_proposition_as_the_full_one_does(negation):
    """ "doesn't" is one negating word, not "doesn" and "t" (issue 17's review found the
    contraction read as two content words, so the reversal went unflagged)."""
    proposition = (
        "The suppression by the prosecution of evidence favorable to an accused upon request "
        f"{negation} violate due process."
    )
    _assert_reversed(
        offered_for(proposition, BRADY),
        BRADY,
        proposition,
        87,
        "the suppression by the prosecution of evidence favorable to an accused upon request violates",
    )


def _assert_reversed(c: Citation, at: str, proposition: str, page: int, real: str) -> None:
    f = check_support(c, opinion(at))
    assert (f.kind, f.outcome) == (ErrorKind.MISREPRESENTATION, Outcome.FAIL)
    assert f.explanation == "the opinion states the opposite of the proposition (rule: polarity)"
    assert f.rule == "polarity"
    assert f.confidence == Confidence.NEGATED
    assert (f.fragment, f.span) == (proposition, c.proposition_span)
    assert f.evidence.startswith(f'the opinion says (page {page}): "')
    assert real in f.evidence


def test_a_reversed_proposition_about_a_sentence_naming_a_case_is_flagged():
    c = offered_for("Any language in Plessy v. Ferguson contrary to this finding is accepted.", BROWN)
    assert check_support(c, opinion(BROWN)).outcome is Outcome.FAIL


# --- the opinion agrees, or says nothing close ------------------------------------------------


@pytest.mark.parametrize(
    "at, proposition",
    [
        (BROWN, "Brown held that separate educational facilities are inherently unequal."),
        (
            BRADY,
            "The suppression by the prosecution of evidence favorable to an accused upon request "
            "violates due process.",
        ),
        (DIXON, "The double-enhancement rule is a statutory construction one."),
        (HUBBERT, "The contents of newspaper articles are hearsay and therefore inadmissible."),
    ],
)
def test_a_faithful_proposition_is_not_flagged(at, proposition):
    f = check_support(offered_for(proposition, at), opinion(at))
    assert (f.outcome, f.reason) == (Outcome.UNKNOWN, Reason.NOT_CHECKED)
    assert f.explanation == "a passage of the opinion agrees with the proposition"
    assert f.fragment is None and f.evidence == ""


def test_a_proposition_the_opinion_does_not_discuss_is_left_undecided():
    c = offered_for("Contracts signed on Sunday are void as against public policy in Maryland.", BRADY)
    f = check_support(c, opinion(BRADY))
    assert (f.outcome, f.reason, f.explanation) == (
        Outcome.UNKNOWN,
        Reason.NOT_CHECKED,
        "support not decided offline",
    )


def test_when_both_sides_negate_the_words_that_differ_decide():
    # "not ... unequal" against "unequal": two negations against one; the sentences align
    # word for word but for the "not", so the proposition is the opposite
    c = offered_for("Brown held that separate educational facilities are not inherently unequal.", BROWN)
    f = check_support(c, opinion(BROWN))
    assert f.outcome is Outcome.FAIL and f.rule == "polarity"


def test_when_both_sides_negate_in_words_that_do_not_align_the_check_stays_undecided():
    c = offered_for(
        "Brown held that it is not true that facilities kept separate for education are never "
        "inherently unequal in any way.",
        BROWN,
    )
    f = check_support(c, opinion(BROWN))
    assert f.outcome is Outcome.UNKNOWN and f.reason is Reason.NOT_CHECKED


@pytest.mark.parametrize(
    "at, proposition",
    [
        (BROWN, "Separate is fine."),
        # the quoted words are the quote check's business; what is left is too short
        (
            BROWN,
            "The Court adopted the \u201cseparate educational facilities are inherently equal\u201d rule.",
        ),
        # the case's own name is not content: plessy, ferguson and accepted/rejected are all that remain
        (BROWN, "Plessy v. Ferguson was rejected in Brown v. Board of Education."),
    ],
)
def test_a_proposition_too_short_to_compare_is_not_checked(at, proposition):
    f = check_support(offered_for(proposition, at), opinion(at))
    assert (f.outcome, f.reason) == (Outcome.UNKNOWN, Reason.NOT_CHECKED)
    assert f.explanation == "proposition too short to compare offline"


@pytest.mark.parametrize(
    "proposition, has_opinion, reason, explanation",
    [
        (None, True, Reason.NOT_CHECKED, "no proposition found"),
        ("", True, Reason.NOT_CHECKED, "no proposition found"),
        (
            "Brown held that separate educational facilities are inherently equal.",
            False,
            Reason.NO_TEXT,
            "no opinion text",
        ),
    ],
)
def test_without_a_proposition_or_an_opinion_nothing_is_decided(
    proposition, has_opinion, reason, explanation
):
    f = check_support(offered_for(proposition, BROWN), opinion(BROWN) if has_opinion else None)
    assert (f.kind, f.outcome, f.reason, f.explanation) == (
        ErrorKind.MISREPRESENTATION,
        Outcome.UNKNOWN,
        reason,
        explanation,
    )


def test_a_reversal_in_an_opinion_without_page_markers_names_no_page():
    brown = opinion(BROWN)
    bare = Opinion(case_id=brown.case_id, text=brown.text, page_breaks=())
    c = offered_for("Brown held that separate educational facilities are inherently equal.", BROWN)
    f = check_support(c, bare)
    assert f.outcome is Outcome.FAIL
    assert f.evidence.startswith('the opinion says: "Separate educational facilities')


def test_opinion_sentences_cover_the_holding_of_brown_as_one_sentence():
    text = opinion(BROWN).text
    spans = [text[s:e].strip() for s, e in split_sentences(text)]
    assert "Separate educational facilities are inherently unequal." in spans
    # no sentence ends inside a case name or a U. S. cite
    assert not any(s.endswith((" v.", " U.", " U. S.")) for s in spans)
    assert any(
        s.endswith("Any language in Plessy v. Ferguson contrary to this finding is rejected.") for s in spans
    )


def test_opinion_sentences_keep_a_section_number_inside_its_sentence():
    # courtlistener:1881314 (Harris County v. Lawson, dissent): "section 554." is not a sentence end
    text = (
        "The majority incorrectly concludes that employees may simultaneously pursue grievance proceedings "
        "and lawsuits after the 60-day waiting period, and that the limitations provisions contained in "
        "section 554.006(d)'s election provision are not mandatory. Harris County v. Lawson, No. "
        "01-02-00288-CV, 122 S.W.3d 276, 2003 WL 22019734 (Tex. App.-Houston [1st Dist.] August 22, 2003, "
        "n.p.h.)."
    )
    first = text[slice(*split_sentences(text)[0])]
    assert first.strip().endswith("are not mandatory.")


def test_a_negation_inside_a_quotation_counts_on_both_sides_or_neither():
    # courtlistener:110297 (447 U.S. 207) quotes the state court; "within and without" is no
    # negation, and the quoted words stand in the proposition as in the opinion
    c = offered_for(
        "Accordingly, appellant's business during the relevant years \"considered as a whole both within "
        'and without Wisconsin constituted a unitary business" within the meaning of the apportionment '
        "statute.",
        "447 U.S. 207",
    )
    assert check_support(c, opinion("447 U.S. 207")).outcome is not Outcome.FAIL


def test_a_negation_in_reported_words_the_proposition_does_not_repeat_is_not_the_opinions():
    # 946 A.2d 352 at 354: the sentence ends with the witness's words "they don't really post
    # them on that particular date"; the proposition repeats the sentence's first half only
    c = offered_for(
        "When pressed for an explanation of why it took so long for him to receive the form, "
        "Mr. Chatterjee suggested two possibilities.",
        "946 A.2d 352",
    )
    assert check_support(c, opinion("946 A.2d 352")).explanation == (
        "a passage of the opinion agrees with the proposition"
    )


# --- the signature against its plain definition ------------------------------------------------


def _plain_signature(text: str) -> tuple[frozenset[str], int]:
    """Word by word: a negation counts and is dropped; a contraction counts and leaves its
    stem ("doesn't" as "does not"); an antonym counts and becomes its base."""
    negations, content = 0, set()
    for w in re.findall(r"[a-z]+n't|[a-z]+", _NOT_NEGATING.sub(" ", text.lower()).replace("’", "'")):
        if w.endswith("n't"):
            negations += 1
            w = w[:-3]
        elif w in _NEGATIONS:
            negations += 1
            continue
        if w in ANTONYMS:
            negations += 1
            w = ANTONYMS[w]
        if w not in _STOP and len(w) > 2:
            content.add(w)
    return frozenset(content), negations


_VOCABULARY = sorted(
    {
        *_NEGATIONS,
        *list(ANTONYMS)[:12],
        "can't",
        "wasn’t",
        "doesn't",
        "does",
        "not only",
        "the",
        "court",
        "Holding",
        "statute",
        "barred",
        "claims",
        "ab",
        "xyz",
    }
)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(_VOCABULARY), max_size=30), st.sampled_from([" ", ", ", ". "]))
def test_signature_is_its_plain_definition(words, separator):
    text = separator.join(words)
    assert signature(text) == _plain_signature(text)
    assert signature(text) == _plain_signature(text)  # again, from the table of words already seen


@pytest.mark.parametrize("lead", ["", "İ "])  # "İ".lower() is two characters: offsets move
def test_sentences_with_a_not_negating_phrase_are_found_in_the_whole_opinion(lead):
    text = lead + "It is NOT ONLY lawful. It is not. Only then. No doubt it is. It is nothing but"
    ends = [text.index(mark) + len(mark) for mark in ("lawful.", "not.", "then.", "it is.")]
    spans = list(zip([0, *ends], [*ends, len(text)], strict=True))
    by_sentence = {
        n for n, (s, e) in enumerate(spans) if any(p in text[s:e].lower() for p in _NOT_NEGATING_WORDS)
    }
    assert _sentences_with_phrase(text, spans) == by_sentence == {0, 3, 4}  # "not. Only" spans two

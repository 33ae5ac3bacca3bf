"""quotes: normalising a quoted passage and finding it in the real text of an opinion."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.pack import record_by_cite

from citeproof.core.checking.quotes import (
    MIN_WORDS,
    NEAR_MATCH_SCORE,
    fragments,
    locate,
    normalise,
    word_diff,
)


def opinion_text(cite: str) -> str:
    """The text of the bundled opinion whose first citation is ``cite``."""
    return str(record_by_cite(cite)["text"])


BROWN, BRADY = "347 U.S. 483", "373 U.S. 83"
DIXON, HUBBERT = "359 Ill. App. 3d 938", "359 Ill. App. 3d 976"
HOLDING = "Separate educational facilities are inherently unequal"  # 347 U.S. at 495


def test_the_real_sentences_used_here_are_in_the_opinions():
    assert HOLDING in opinion_text(BROWN)
    assert "proscribing all state-imposed discriminations" in opinion_text(BROWN)
    assert "The double- enhancement rule" in opinion_text(DIXON)
    assert "Dell’s Term[s] and Conditions of Sale" in opinion_text(HUBBERT)


# --- normalise -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, joined",
    [
        ("[S]eparate   educational\nfacilities", "separate educational facilities"),
        (
            "the doctrine of \u201cseparate but equal\u201d has no place",
            "the doctrine of separate but equal has no place",
        ),
        ("proscribing all state-imposed discriminations", "proscribing all state imposed discriminations"),
        ("The double- enhancement rule", "the double enhancement rule"),
        ("Dell\u2019s Term[s] and Conditions", "dell s terms and conditions"),
        ("a racial[ly] integrated school system", "a racial ly integrated school system"),
        ("Mooney v. Holohan, 294 U. S. 103.", "mooney v holohan 294 u s 103"),
    ],
)
def test_normalise_keeps_lower_case_words_only(text, joined):
    assert normalise(text).joined == joined


def test_normalise_maps_each_word_back_to_the_original_text():
    text = "Any language in Plessy v. Ferguson contrary to this finding is rejected.\n\n[S]eparate"
    norm = normalise(text)
    words = [text[s:e] for s, e in zip(norm.starts, norm.ends, strict=True)]
    assert words[3:6] == ["Plessy", "v", "Ferguson"]
    assert words[-1] == "[S]eparate"  # the alteration stays part of the word in the original
    assert norm.joined.endswith(" is rejected separate")
    assert norm.word_at(norm.joined.index("ferguson")) == 5
    assert norm.word_at(norm.joined.index(" ferguson")) == 5  # a space belongs to the next word
    assert norm.word_at(len(norm.joined) - 1) == len(words) - 1


# --- fragments -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "quote, pieces",
    [
        (
            "[S]eparate educational facilities are inherently unequal",
            ["separate educational facilities are inherently unequal"],
        ),
        # ellipsis, in spaced periods or as one character, splits the quote into ordered pieces
        (
            "in the field of public education . . . \u201cseparate but equal\u201d has no place",
            ["in the field of public education", "separate but equal has no place"],
        ),
        (
            "in the field of public education\u2026 the doctrine of "
            "\u2018separate but equal\u2019 has no place",
            ["in the field of public education", "the doctrine of separate but equal has no place"],
        ),
        # a four-dot ellipsis ending the quote leaves nothing behind
        (
            "Boblit's was prejudicial to the defendant Brady. . . .",
            ["boblit s was prejudicial to the defendant brady"],
        ),
        # an insertion of more than one letter is the writer's, not the court's
        (
            "a tendency to [retard] the educational and mental development of negro children",
            ["a tendency to", "the educational and mental development of negro children"],
        ),
        ("Dell\u2019s Term[s] and Conditions of Sale", ["dell s terms and conditions of sale"]),
        # citation trailers are not part of the quote
        (HOLDING + " (cleaned up)", ["separate educational facilities are inherently unequal"]),
        (
            HOLDING + " (internal quotation marks omitted)",
            ["separate educational facilities are inherently unequal"],
        ),
        (HOLDING + ". (emphasis added)", ["separate educational facilities are inherently unequal"]),
        (HOLDING + " (alteration in original)", ["separate educational facilities are inherently unequal"]),
    ],
)
def test_fragments(quote, pieces):
    assert fragments(quote) == pieces


# --- locate: faithful quotes are found, at the court's own words ----------------------------


@pytest.mark.parametrize(
    "cite, quote, real",
    [
        (BROWN, "[S]eparate educational facilities are inherently unequal", HOLDING),
        (BROWN, "SEPARATE EDUCATIONAL FACILITIES ARE INHERENTLY UNEQUAL", HOLDING),
        (BROWN, "Separate   educational\nfacilities are inherently unequal (cleaned up)", HOLDING),
        (
            BROWN,
            "the doctrine of \u201cseparate but equal\u201d has no place",
            'the doctrine of "separate but equal" has no place',
        ),
        (
            BROWN,
            "proscribing all state imposed discriminations against the Negro race",
            "proscribing all state-imposed discriminations against the Negro race",
        ),
        (
            BROWN,
            "a tendency to [retard] the educational and mental development of negro children",
            "a tendency to [retard] the educational and mental development of negro children",
        ),
        (
            DIXON,
            "The double-enhancement rule is a statutory construction one",
            "The double- enhancement rule is a statutory construction one",
        ),
        (
            HUBBERT,
            "All sales are subject to Dell's Terms and Conditions of Sale",
            "All sales are subject to Dell\u2019s Term[s] and Conditions of Sale",
        ),
        (
            BRADY,
            "Boblit's was prejudicial to the defendant Brady. . . .",
            "Boblit's was prejudicial to the defendant Brady",
        ),
        (BROWN, "facilities are inherently", "facilities are inherently"),  # MIN_WORDS exactly
    ],
)
def test_a_faithful_quote_is_found_at_the_real_wording(cite, quote, real):
    text = opinion_text(cite)
    m = locate(quote, text)
    assert m is not None and m.found and m.score == 100.0
    assert m.real_wording == real == text[m.start : m.end]
    assert m.diff == ""


def test_a_quote_across_a_page_break_is_found_whole():
    text = opinion_text(BRADY)
    page_88 = 6039  # offset of the page break 87 → 88 in the data pack
    m = locate(
        "A prosecution that withholds evidence on demand of an accused which, if made "
        "available, would tend to exculpate him",
        text,
    )
    assert m is not None and m.found
    assert m.start < page_88 < m.end
    assert m.real_wording.endswith("would tend to exculpate him")


@pytest.mark.parametrize("quote", ["inherently unequal", "Id.", "", "\u201c . . . \u201d"])
def test_a_quote_too_short_to_judge_is_not_judged(quote):
    assert sum(len(p.split()) for p in fragments(quote)) < MIN_WORDS
    assert locate(quote, opinion_text(BROWN)) is None


def test_an_elided_quote_is_located_at_its_nearest_occurrence():
    text = opinion_text(BROWN)
    m = locate("in the field of public education . . . \u201cseparate but equal\u201d has no place", text)
    assert m is not None and m.found
    assert m.start == text.index("in the field of public education the doctrine")


# --- locate: altered quotes are near misses, with the real wording and a word diff ------------


@pytest.mark.parametrize(
    "quote, real, diff",
    [
        (
            "separate educational facilities are intrinsically unequal",
            HOLDING,
            "separate educational facilities are [-inherently-] {+intrinsically+} unequal",
        ),
        (
            "separate educational facilities are unequal",
            HOLDING,
            "separate educational facilities are [-inherently-] unequal",
        ),
        (
            "the doctrine of separate but equal has no place in public education",
            'the doctrine of "separate but equal" has no place',
            "the doctrine of separate but equal has no place {+in public education+}",
        ),
        # elided pieces must keep the court's order
        (
            "has no place . . . in the field of public education",
            "in the field of public education",
            "{+has no place+} in the field of public education",
        ),
    ],
    ids=["changed-word", "dropped-word", "added-words", "reordered-pieces"],
)
def test_an_altered_quote_is_a_near_miss_naming_the_real_words(quote, real, diff):
    text = opinion_text(BROWN)
    m = locate(quote, text)
    assert m is not None and not m.found
    assert m.score >= NEAR_MATCH_SCORE
    assert m.real_wording == real == text[m.start : m.end]
    assert m.diff == diff


@pytest.mark.parametrize(
    "cite, quote",
    [
        (BROWN, "all contracts signed on a Sunday are void as against public policy"),
        (BRADY, "the prosecution has no duty to disclose evidence the defense did not request"),
    ],
)
def test_an_invented_quote_has_no_real_wording(cite, quote):
    m = locate(quote, opinion_text(cite))
    assert m is not None and not m.found
    assert m.score < NEAR_MATCH_SCORE
    assert (m.start, m.end, m.real_wording, m.diff) == (None, None, "", "")


def test_an_empty_opinion_finds_nothing():
    m = locate(HOLDING, "")
    assert m is not None and not m.found and m.score == 0.0 and m.real_wording == ""


@pytest.mark.parametrize(
    "quoted, real, diff",
    [
        (HOLDING, HOLDING, "separate educational facilities are inherently unequal"),
        (
            "the suppression of evidence favorable to an accused",
            "the suppression by the prosecution of evidence favorable to an accused",
            "the suppression [-by the prosecution-] of evidence favorable to an accused",
        ),
        (
            "evidence favorable to a defendant",
            "evidence favorable to an accused",
            "evidence favorable to [-an accused-] {+a defendant+}",
        ),
    ],
)
def test_word_diff_marks_removed_and_added_words(quoted, real, diff):
    assert word_diff(quoted, real) == diff


# --- normalise against the word pattern it implements -----------------------------------------

_WORD_PATTERN = re.compile(r"(?:[A-Za-z0-9]|\[[A-Za-z]\])+")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from("aZ9 [].é\n-’İﬁ\u00a0"), max_size=40))
def test_normalise_finds_exactly_the_words_of_the_pattern(text):
    """The array implementation gives the words of ``_WORD_PATTERN``, lower-cased without
    brackets, at their original offsets, and maps every joined position to its word."""
    words = list(_WORD_PATTERN.finditer(text))
    norm = normalise(text)
    assert norm.joined == " ".join(m.group().replace("[", "").replace("]", "").lower() for m in words)
    spans = [(int(s), int(e)) for s, e in zip(norm.starts, norm.ends, strict=True)]
    assert spans == [m.span() for m in words]
    for index in range(len(norm.joined)):  # a space belongs to the word after it
        assert norm.word_at(index) == norm.joined[: index + 1].count(" ")


@pytest.mark.parametrize(
    "quote, real",
    [
        # the last word changed: the real words run to the end of the passage
        ("lawyers in criminal courts are necessities, not conveniences", "necessities, not luxuries"),
        # the first word changed
        ("attorneys in criminal courts are necessities, not luxuries", "lawyers in criminal courts"),
    ],
)
def test_a_changed_word_at_the_edge_of_a_quote_is_in_the_real_wording(quote, real):
    text = opinion_text("372 U.S. 335")
    m = locate(quote, text)
    assert m is not None and not m.found
    assert real in m.real_wording
    assert m.real_wording == text[m.start : m.end]
    assert len(m.real_wording.split()) == len(quote.split())


# --- a hyphen one side has and the other lacks ------------------------------------------------


def test_normalise_can_join_words_at_a_hyphen_keeping_offsets():
    text = "proscribing all state-imposed discriminations"
    norm = normalise(text, join_hyphens=True)
    assert norm.joined == "proscribing all stateimposed discriminations"
    assert text[norm.starts[2] : norm.ends[2]] == "state-imposed"


@pytest.mark.parametrize(
    "quote",
    [
        "proscribing all stateimposed discriminations",  # a PDF's line-end hyphen closed up
        "proscribing all state\u00adimposed discriminations",
        "proscribing all state imposed discriminations",
    ],
)
def test_a_quote_differing_only_at_a_hyphen_is_found(quote):
    text = opinion_text(BROWN)
    m = locate(quote, text)
    assert m is not None and m.found
    assert text[m.start : m.end] == "proscribing all state-imposed discriminations"


def test_a_quote_joined_at_a_hyphen_is_found_where_the_opinion_has_none():
    m = locate("the double-enhancement rule", "The doubleenhancement rule applies here.")
    assert m is not None and m.found


def test_a_word_changed_next_to_a_hyphen_is_still_a_misquote():
    m = locate("proscribing all state-approved discriminations", opinion_text(BROWN))
    assert m is not None and not m.found and "imposed" in m.diff

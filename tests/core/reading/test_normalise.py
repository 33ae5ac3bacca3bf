"""The normaliser at the door (issue 13): a citation written with the characters word
processors insert is found, and its spans still index the text the user gave."""

from __future__ import annotations

import re

import docx
from hypothesis import given, settings
from hypothesis import strategies as st

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import CiteForm
from citeproof.core.pipeline import check_document
from citeproof.core.reading.layout import reading_text
from citeproof.core.reading.normalise import normalise, normalised_pieces
from citeproof.core.reading.read import document_from_text, read_document

SPACES = ["\u00a0", "\u2009", "\u202f", "\u2007", "\u2002", "\u3000", " ", "  ", " \u00a0"]
INVISIBLE = [
    "\u200b", "\u200c", "\u200d", "\u2060", "\u00ad", "\ufeff", "\u200e", "\u200f", "\u061c",
    "\u202a", "\u202e", "\u2066", "\u2069", "\u034f", "\ufe0f", "\U000e0041", "\U000e0100",
]  # fmt: skip
MIRANDA_NBSP = "Miranda\u00a0v.\u00a0Arizona, 372\u00a0U.S.\u00a0335 (1963)."


@st.composite
def written(draw: st.DrawFn) -> tuple[str, int, int]:
    """``Griffin v. Illinois, 351 U.S. 12, 19 (1956).`` after some prose, with random
    spaces between its words, invisible marks inside them and ligatures for ``ffi``;
    returns the text and where the cite (``351`` to ``19``) starts and ends in it."""
    words = [
        "Gri",
        "ffi",
        "n",
        " ",
        "v.",
        " ",
        "Illinois,",
        " ",
        "351",
        " ",
        "U.",
        "S.",
        " ",
        "12,",
        " ",
        "19",
    ]
    out = [draw(st.sampled_from(["", "See ", "The rule is settled. See\u00a0"]))]
    start = end = 0
    for word in words:
        if word == " ":
            out.append(draw(st.sampled_from(SPACES)))
            continue
        if word == "ffi":
            word = draw(st.sampled_from(["ffi", "\ufb03", "f\ufb01", "\ufb00i"]))
        if word == "351":
            start = len("".join(out))
        chars = []
        for k, ch in enumerate(word):
            if k and draw(st.booleans()):
                chars.append(draw(st.sampled_from(INVISIBLE)))
            chars.append(ch)
        out.append("".join(chars))
        if word == "19":
            end = len("".join(out))
    out.append(draw(st.sampled_from([" (1956).", "\u00a0(1956).", " (1956)\u2029Next paragraph."])))
    return "".join(out), start, end


@settings(max_examples=60, deadline=None)
@given(written())
def test_a_cite_written_with_any_mix_of_these_characters_is_found_where_it_stands(case):
    text, start, end = case
    (c,) = extract_citations(document_from_text(text))
    assert (c.form, c.volume, c.reporter, c.page, c.pin_pages) == (CiteForm.FULL, "351", "U.S.", "12", (19,))
    assert c.case_name == "Griffin v. Illinois" and c.year == 1956
    assert (c.span.start, c.span.end) == (start, end)
    assert " ".join(normalise(c.span.slice(text)).split()) == "351 U.S. 12, 19"
    assert c.case_name_span is not None
    assert " ".join(normalise(c.case_name_span.slice(text)).split()) == "Griffin v. Illinois"


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(
            [*(s for s in SPACES if len(s) == 1), *INVISIBLE, "\ufb01", "\u2029", "a", "1", ".", "\n", "*"]
        )
    )
)
def test_every_offset_of_the_text_read_maps_into_the_original_in_order(text):
    reading = reading_text(text)
    offsets = [reading.offset(i) for i in range(len(reading.text) + 1)]
    assert offsets == sorted(offsets)
    assert all(0 <= o <= len(text) for o in offsets) and offsets[-1] == len(text)
    for i, ch in enumerate(reading.text):  # a letter or digit read comes from the same one
        if ch.isalnum() and ch not in "fi":
            assert text[offsets[i]] == ch


def test_nothing_to_normalise_gives_no_map():
    assert normalised_pieces("Miranda v. Arizona, 384 U.S. 436 (1966).") is None
    assert reading_text("Miranda v. Arizona, 384 U.S. 436 (1966).").source is None


def test_ligatures_quotes_and_spaces_are_read_as_written_ones():
    assert (
        normalise("e\ufb03cient \u201ehold\u2033 1\u00a0U.S.\u202f2 \u00a7\u2009\u00a71")
        == "efficient “hold” 1 U.S. 2 § §1"
    )


def test_windows_1252_characters_read_as_latin_1_are_read_as_meant():
    # a court text decoded as Latin-1: an em dash, an apostrophe, a bullet; NEL stays a line break
    assert normalise("oath\x97and O\x92Brien \x95 a\x85b") == "oath—and O’Brien • a\nb"
    assert normalise("\x81\x8d\x8f\x90\x9d") == "\x81\x8d\x8f\x90\x9d"  # undefined there: kept


def test_a_cite_after_a_windows_1252_dash_is_found_where_it_stands():
    text = "the base\x97Gideon v. Wainwright, 372 U.S. 335, 344 (1963)."
    (cite,) = extract_citations(document_from_text(text))
    assert (cite.cite, cite.case_name, cite.pin_pages) == ("372 U.S. 335", "Gideon v. Wainwright", (344,))
    assert cite.span.slice(text) == "372 U.S. 335, 344"


def test_miranda_with_non_breaking_spaces_is_checked_in_text(library):
    report = check_document(document_from_text(MIRANDA_NBSP), library)
    (v,) = report.verdicts
    assert v.status.value == "hallucinated"  # 372 U.S. 335 is Gideon, not Miranda
    assert v.citation.span.slice(MIRANDA_NBSP) == "372\u00a0U.S.\u00a0335"


def test_miranda_with_non_breaking_spaces_is_checked_in_a_docx(library, tmp_path):
    path = tmp_path / "brief.docx"
    document = docx.Document()
    document.add_paragraph("The warnings are required.")
    document.add_paragraph(MIRANDA_NBSP.replace("Arizona", "Ari\u00adzona").replace("335", "3\u200b35"))
    document.save(str(path))
    doc = read_document(path)
    report = check_document(doc, library)
    (v,) = report.verdicts
    assert v.status.value == "hallucinated"
    assert re.sub(r"\W", "", v.citation.span.slice(doc.text)) == "372US335"
    assert v.citation.span.slice(doc.text).startswith("372\u00a0U.S.")


def test_section_signs_with_word_spaces_are_found_where_they_stand():
    text = (
        "See 42\u00a0U.S.C.\u00a0\u00a7\u00a7\u20091983\u2013\u200b1985, and 28 U.S.C.\u202f\u00a7\u00ad1331."
    )
    cites = [c for c in extract_citations(document_from_text(text)) if c.type.value == "statute"]
    # the range read whole, past where eyecite stops (issue 27)
    assert [(c.statute_title, c.statute_section) for c in cites] == [("42", "1983–1985"), ("28", "1331")]
    assert [normalise(c.span.slice(text)).split()[:2] for c in cites] == [["42", "U.S.C."], ["28", "U.S.C."]]
    assert cites[0].span.start == text.index("42") and cites[1].span.start == text.index("28")


def test_a_mark_that_only_changes_how_text_is_shown_hides_no_citation():
    for mark in ("\u200e", "\u200f", "\u061c", "\u202d", "\u2067", "\u034f", "\ufe0e", "\U000e0020"):
        doc = document_from_text(f"Gideon v. Wainwright, 372 U.S. 3{mark}35 (19{mark}63).")
        (cite,) = extract_citations(doc)
        assert (cite.volume, cite.reporter, cite.page, cite.year) == ("372", "U.S.", "335", 1963), repr(mark)
    (cite,) = extract_citations(document_from_text("Gideon v. Wainwright, 372\u3164U.S. 335 (1963)."))
    assert (cite.volume, cite.page) == ("372", "335")  # a Hangul filler shows as a blank

"""Pin text → pages, on pins written in the data pack's opinions."""

from __future__ import annotations

import pytest

from citeproof.core.text.pins import is_first_page_list, names_a_note, note_pin_at, parse_pin_pages


@pytest.mark.parametrize(
    ("pin", "pages"),
    [
        ("at 10,409", (10409,)),  # courtlistener:110297, a looseleaf service's page
        ("pp. 10,501-10,504", (10501, 10502, 10503, 10504)),
        ("at ¶¶ 37-38, 59", ()),  # courtlistener:2520014, complaint paragraphs
        ("¶ 51", ()),  # capstone NW2d/753: "Kalal, 271 Wis.2d 633, ¶ 51"
        ("note 27", ()),  # capstone NW2d/777: "Dobbert v. Florida, supra note 27"
        ("34-35, fn. 2", (34, 35)),  # courtlistener:1363126
        ("at 3, fn. 2", (3,)),  # courtlistener:1403654
        ("284 n. 6", (284,)),  # courtlistener:1881314
        ("284 nn. 6-7", (284,)),
        ("at p. 2", (2,)),  # courtlistener:2338274
        ("at 2461, 2463", (2461, 2463)),  # capstone NE3d/1
        ("1341, 1343", (1341, 1343)),
    ],
)
def test_pages_of_a_pin(pin, pages):
    assert parse_pin_pages(pin) == pages


def test_a_list_of_first_pages_is_told_from_pins():
    assert is_first_page_list("1", "141, 891")  # courtlistener:105221: "344 U. S. 1, 141, 891"
    assert not is_first_page_list("483", "493, 495")
    assert not is_first_page_list("113", "153")


def test_a_note_pin_is_read_where_eyecite_stops():
    text = (
        "Lawson, 122 S.W.3d at 284 n. 6. Id. at 437 n.9 (1990). Smith, 1 U.S. 1, 5 & nn. 3, 4, 97 S. Ct. 1."
    )
    assert note_pin_at(text, text.index(" n. 6")) == ("", "n. 6", text.index(" n. 6") + 5)
    assert note_pin_at(text, text.index(" at 437"))[:2] == ("at 437", "n.9")
    page, note, end = note_pin_at(text, text.index(", 5 &"))
    assert (page, note, text[end:]) == ("5", "& nn. 3, 4", ", 97 S. Ct. 1.")  # not the next volume
    assert names_a_note("284 n. 6") and names_a_note("note 27") and not names_a_note("at 284")


def test_a_pin_written_before_a_cite_is_not_its_pin():
    # courtlistener:1944986 (a Green v. United States short form eyecite cannot read)
    from citeproof.core.extraction.extract import extract_citations
    from citeproof.core.reading.read import document_from_text

    text = (
        "Green v. United States, 355 U.S. 184, 78 S.Ct. 221 (1957), held so.\n\n"
        'In Green, Justice Black said they are "clearly distinguishable." '
        "355 U.S., at p. 195, n. 15, 78 S.Ct. 221. Doubt continued.\n"
    )
    last = extract_citations(document_from_text(text))[-1]
    assert last.text == "78 S.Ct. 221"
    assert last.pin_pages == ()

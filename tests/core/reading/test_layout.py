"""Citations split across lines and page markers inside pasted opinions.

The texts are the data pack's opinions: wrapped and indented as a PDF or a brief would
wrap them, or with their own page markers put back where the pack's ``page_breaks`` say
the pages begin, in the forms CourtListener (``*484``), CAP (``*582`` glued to the next
word), Lexis (``[*484]``) and Fastcase (``[1 N.E.3d 261]`` in a paragraph of its own) use.
Each must read exactly as the clean text does, and every span must slice the text given.
"""

from __future__ import annotations

import re
import textwrap

import pytest
from tests.pack import all_records, record_by_id

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Span
from citeproof.core.pipeline import check_document
from citeproof.core.reading.layout import page_markers, reading_text
from citeproof.core.reading.read import document_from_text, read_document

opinion = record_by_id


def all_opinions() -> list[dict]:
    return list(all_records())


def reading(text: str) -> list[tuple]:
    """What extraction reads of each citation, without where it stands."""
    return [
        (c.form, c.volume, c.reporter, c.page, c.pin_pages, c.case_name, c.year, len(c.quotes))
        for c in extract_citations(document_from_text(text))
    ]


def with_markers(record: dict, marker) -> str:  # type: ignore[no-untyped-def]
    """The record's text with ``marker(breaks)`` put back at each page break after the first."""
    text, by_offset = record["text"], {}
    for b in record["page_breaks"]:
        if b["offset"] > 0:
            by_offset.setdefault(b["offset"], []).append(b)
    for offset in sorted(by_offset, reverse=True):
        text = text[:offset] + marker(by_offset[offset]) + text[offset:]
    return text


def spans_slice_the_text(text: str) -> None:
    """Each span slices the text given: what it covers reads (markers out) as the citation.
    A quotation may run over a page marker known only from the markers around it (a run of
    bracketed cites), so its span is checked against the whole text's reading."""
    whole = reading_text(text)
    for c in extract_citations(document_from_text(text)):
        assert reading_text(c.span.slice(text)).text == c.text
        if c.case_name_span:
            assert reading_text(c.case_name_span.slice(text)).text == c.case_name
        for q in c.quotes:
            found = [m.start() for m in re.finditer(re.escape(q.text), whole.text)]
            assert any(whole.span(Span(at, at + len(q.text))) == q.span for at in found)


# --- citations split across lines -------------------------------------------------------------

# Brown v. Board of Education, 347 U.S. 483, 491-492 (1954), as a brief might wrap and indent it
BROWN_492 = (
    "In Cumming v. County Board of Education, 175 U. S. 528, and Gong Lum v. Rice, 275 U. S. 78, the "
    "validity of the doctrine itself was not challenged."
)


@pytest.mark.parametrize(
    "split",
    [
        BROWN_492.replace("175 U. S. 528", "175\n      U. S. 528").replace(
            "275 U. S. 78", "275 U.\n   S. 78"
        ),
        BROWN_492.replace("175 U. S. 528", "175 U. S.\n\t528").replace(
            "Gong Lum v. Rice", "Gong Lum\n    v. Rice"
        ),
        BROWN_492.replace(", ", ",  ").replace("U. S.", "U.  S."),  # double spaces, as typed
    ],
)
def test_a_citation_split_across_lines_reads_as_the_unbroken_one(split):
    assert reading(split) == reading(BROWN_492)
    found = extract_citations(document_from_text(split))
    assert [(c.volume, c.page, c.case_name) for c in found] == [
        ("175", "528", "Cumming v. County Board of Education"),
        ("275", "78", "Gong Lum v. Rice"),
    ]
    spans_slice_the_text(split)


def test_a_pdf_wrapped_paragraph_reads_as_the_paragraph():
    paragraphs = opinion("capstone-fastcase:NE3d/1/1ne3d259")["text"].split("\n\n")
    paragraph = next(p for p in paragraphs if "Griffith v. Kentucky" in p)  # six cites, a supra
    wrapped = textwrap.fill(paragraph, width=58, initial_indent="      ", subsequent_indent="    ")
    found = extract_citations(document_from_text(wrapped))
    assert any("\n" in c.span.slice(wrapped) for c in found)  # the wrap does split citations
    assert reading(wrapped) == reading(paragraph)
    assert len(found) >= 6
    spans_slice_the_text(wrapped)


def test_a_split_citation_in_a_text_file_is_checked(library, tmp_path):
    path = tmp_path / "brief.txt"
    path.write_text(
        "Segregation of white and colored children in public schools has a detrimental effect upon the\n"
        "colored children. Brown v. Board of Education, 347\n        U.S. 483, 494 (1954).\n"
    )
    document = read_document(path)
    verdicts = check_document(document, library).verdicts
    assert [(v.citation.cite, v.status.value) for v in verdicts] == [("347 U.S. 483", "verified")]
    assert verdicts[0].citation.span.slice(document.text).startswith("347")


def test_every_offset_maps_back_to_its_character():
    text = "See Grutter v. Bollinger, 539\n      U. S. 306, 326 (2003);\n\n\n  Gratz,  539 U.S.\t244."
    read = reading_text(text)
    assert read.text == "See Grutter v. Bollinger, 539 U. S. 306, 326 (2003);\n\nGratz, 539 U.S. 244."
    for i, ch in enumerate(read.text):
        assert ch.isspace() or text[read.offset(i)] == ch


# --- star-page markers ------------------------------------------------------------------------


def fastcase(breaks: list[dict]) -> str:
    cites = " , ".join(f"{b['volume']} {b['reporter']} {b['page']}" for b in breaks)
    return f"\n\n        [{cites}]\n\n"


MARKERS = {
    "courtlistener": lambda breaks: f"*{breaks[0]['page']} ",
    "cap": lambda breaks: f"*{breaks[0]['page']}",  # glued to the next word, as CAP's HTML reads
    "lexis": lambda breaks: f"[*{breaks[0]['page']}] ",
    "fastcase": fastcase,
}


@pytest.mark.parametrize("style", sorted(MARKERS))
@pytest.mark.parametrize(
    "record_id",
    [
        "capstone-fastcase:NE3d/1/1ne3d259",  # 1 N.E.3d 259: cites 1 N.E.3d 270 among its own markers
        "capstone-fastcase:NE2d/944/944ne2d1119",  # two paginated reporters
        "courtlistener:1195834",  # California's bracketed parallel cites
    ],
)
def test_page_markers_put_back_read_as_the_clean_opinion(record_id, style):
    record = opinion(record_id)
    marked = with_markers(record, MARKERS[style])
    assert len(marked) > len(record["text"])
    assert reading(marked) == reading(record["text"])
    spans_slice_the_text(marked)


@pytest.mark.parametrize(
    "record_id", ["capstone-fastcase:NE3d/1/1ne3d259", "capstone-fastcase:A3d/100/100a3d1004_Replace2"]
)
def test_bracketed_markers_inside_the_lines_are_known_by_their_run_of_pages(record_id):
    """Fastcase markers pasted into running text: consecutive pages of one volume."""
    record = opinion(record_id)
    marked = with_markers(record, lambda breaks: fastcase(breaks).strip() + " ")
    assert reading(marked) == reading(record["text"])
    spans_slice_the_text(marked)


def test_an_ordinary_citation_among_the_markers_is_still_checked(library):
    record = opinion("capstone-fastcase:NE3d/1/1ne3d259")
    marked = with_markers(record, fastcase)
    assert "[1 N.E.3d 261]" in marked and "[1 N.E.3d 270]" in marked  # a marker of the very page cited
    report = check_document(document_from_text(marked), library)
    cited = [v.citation.text for v in report.verdicts]
    assert cited.count("1 N.E.3d 270") == 5  # Diatchenko, cited five times, each still checked
    markers = page_markers(marked)
    assert len(markers) == len(re.findall(r"\[1 N\.E\.3d \d+\]", marked))
    for v in report.verdicts:
        assert not any(s < v.citation.span.end and v.citation.span.start < e for s, e in markers)


def test_a_quote_across_a_star_page_verifies(library):
    # Brown, 347 U.S. at 492-493, pasted from CourtListener with its star page inside the quote
    text = (
        'The Court refused to look back: "We must consider public education in the light of its full '
        'development and its present place in American life throughout *493 the Nation." Brown v. Board '
        "of Education, 347 U.S. 483, 492-93 (1954).\n"
    )
    verdicts = check_document(document_from_text(text), library).verdicts
    assert [v.status.value for v in verdicts] == ["verified"]
    assert "*493" not in verdicts[0].citation.quotes[0].text


@pytest.mark.parametrize(
    "text",
    [
        # courtlistener:1654745: a bracketed pin reference, not a marker
        "when it said [78 S. Ct. 478]:",
        # courtlistener:2290766 and 1947820: Westlaw star pins
        "Tiffany, 1992 WL 67358 at *6 (citing SCFC ILC, Inc. v. Visa USA, Inc",
        "Ragland v. Crawford, No. 95-10069, 1997 WL 53279, at *3 (S.D.N.Y. Feb. 7, 1997).",
        "Ballard v. Nat'l City Mortgage Co., 2005 WL 147075, *1 (E.D.Pa. Jan.21, 2005)",
    ],
)
def test_star_pins_and_bracketed_cites_are_no_markers(text):
    assert page_markers(text) == []


def test_no_citation_of_the_data_pack_is_taken_for_a_page_marker():
    """The pack's texts have their markers taken out; what looks like one is a citation or a
    pin, but for one CourtListener star range left in the text."""
    found = [
        (record["id"], record["text"][s:e])
        for record in all_opinions()
        for s, e in page_markers(record["text"])
    ]
    assert found == [("courtlistener:1377146", "*515-521")]

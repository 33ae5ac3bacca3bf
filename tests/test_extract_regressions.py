"""Extraction and pin checks the phantom benchmark showed to be missing."""

from __future__ import annotations

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def cites(text):
    return extract_citations(document_from_text(text))


def test_quote_before_a_name_with_a_comma_belongs_to_the_cite():
    c = cites(
        'The point is settled. "This bond provides security for the appeal." Tri-Star '
        "Pictures, Inc. v. Unger, 32 F. Supp. 2d 144, 150 (S.D.N.Y. 1999)."
    )[0]
    assert [q.text for q in c.quotes] == ["This bond provides security for the appeal."]


def test_quote_before_a_name_the_splitter_breaks():
    c = cites(
        'It is settled. "The wording of the policy did not help in this regard." Houston '
        "Fire & Cas. Ins. Co. v. C and H Const. & Pav. Co., 487 P.2d 908, 910 (N.M. 1971)."
    )[0]
    assert [q.text for q in c.quotes] == ["The wording of the policy did not help in this regard."]


def test_parallel_short_form_keeps_its_reporter_and_id_follows_the_first():
    found = cites(
        "Summary judgment is proper. Celotex Corp. v. Catrett, 477 U.S. 317, 322, "
        "106 S. Ct. 2548, 2552 (1986). The movant bears the burden. Celotex, 106 "
        "S. Ct. at 2553. It may do so by pointing out an absence. Id. at 325."
    )
    short = next(c for c in found if c.text.startswith("106 S. Ct. at"))
    assert (short.volume, short.reporter, short.page) == ("106", "S. Ct.", "2548")
    id_cite = next(c for c in found if c.text.startswith("Id."))
    assert (id_cite.volume, id_cite.reporter) == ("477", "U.S.")


def test_a_proposition_printed_on_another_page_is_a_wrong_pin(library):
    # Brown, 347 U.S. 483: this sentence is printed on page 493 of the opinion.
    text = (
        "In these days, it is doubtful that any child may reasonably be expected to "
        "succeed in life if he is denied the opportunity of an education. Brown v. Board "
        "of Education, 347 U.S. 483, {pin} (1954)."
    )
    right = check_document(document_from_text(text.format(pin=493)), library).to_json()
    wrong = check_document(document_from_text(text.format(pin=488)), library).to_json()
    assert right["citations"][0]["status"] == "verified"
    assert [e["kind"] for e in wrong["citations"][0]["errors"]] == ["wrong_pincite"]

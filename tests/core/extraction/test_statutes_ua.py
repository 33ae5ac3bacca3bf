"""Ukrainian statute citations inside `citeproof check`, against the shipped registry."""

from __future__ import annotations

import time

import pytest

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text


def _verdicts(text: str, library):
    return {v.citation.text: v for v in check_document(document_from_text(text), library).verdicts}


def test_ukrainian_articles_get_verdicts_beside_case_citations(library):
    text = (
        "Позивач посилається на ст. 625 ЦК України, на статтю 9999 Цивільного кодексу "
        "України та на статтю 81 Кодексу законів про працю України. "
        "Brady v. Maryland, 373 U.S. 83, 87 (1963)."
    )
    found = _verdicts(text, library)
    assert found["ст. 625 ЦК України"].status.value == "verified"
    fabricated = next(v for t, v in found.items() if "9999" in t)
    assert fabricated.status.value == "hallucinated"
    assert fabricated.errors[0].kind.value == "statute_nonexistent"
    assert "1308" in fabricated.errors[0].evidence  # the code's last article
    repealed = next(v for t, v in found.items() if t.startswith("статтю 81"))
    assert repealed.errors[0].kind.value == "statute_repealed"
    assert "2352-IX" in repealed.errors[0].evidence
    assert found["373 U.S. 83, 87"].status.value == "verified"
    starts = [v.citation.span.start for v in found.values()]
    assert starts == sorted(starts)


def test_text_without_cyrillic_has_no_ukrainian_citations(library):
    report = check_document(document_from_text("See 42 U.S.C. § 1983."), library)
    assert [v.citation.statute_code for v in report.verdicts] == ["U.S.C."]


def test_ukrainian_articles_are_extracted_with_the_cases_in_order_of_place():
    text = (
        "Brady v. Maryland, 373 U.S. 83, 87 (1963); ст. 625 ЦК України; "
        "See 42 U.S.C. § 1983; ст.ст. 16, 203 ЦК"
    )
    cites = extract_citations(document_from_text(text))
    assert [c.id for c in cites] == ["c1", "ua0", "c2", "ua1", "ua2"]
    assert [c.statute_section for c in cites if c.statute_registry == "ua"] == ["625", "16", "203"]
    assert cites[3].span.slice(text) == "ст.ст. 16, 203 ЦК"


def test_ukrainian_articles_count_toward_the_citation_limit(library):
    many = document_from_text("Див. ст. " + ", ".join(str(n) for n in range(1, 21)) + " ЦК України.")
    assert len(check_document(many, library, limits=Limits(max_citations=20)).verdicts) == 20
    with pytest.raises(LimitExceeded, match="citations found: 20 is over the limit of 19"):
        check_document(many, library, limits=Limits(max_citations=19))


def test_ukrainian_articles_are_checked_under_the_deadline(library):
    document = document_from_text("Див. ст. 625 ЦК України та ст. 81 КЗпП.")
    check_document(document, library)  # the registry loaded before the clock starts

    def slow(done: int, total: int) -> None:
        time.sleep(1.1)  # the first verdict alone spends the whole budget

    with pytest.raises(LimitExceeded, match="deadline .*checking citation ua1"):
        check_document(document, library, progress=slow, limits=Limits(deadline_seconds=1.0))

"""Ukrainian statute citations inside `citeproof check`, against the shipped registry."""

from __future__ import annotations

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

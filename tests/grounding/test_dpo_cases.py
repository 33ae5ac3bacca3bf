"""Preference pairs from decision texts: real citations of the library's opinions, each
corrupted in a way the library settles."""

from __future__ import annotations

import logging
from collections import Counter

import pytest

from citeproof.bench.grounding.dpo_cases import (
    CaseStrategy,
    Catalogue,
    case_surface_features,
    clean_name,
    make_case_pairs,
)
from citeproof.bench.phantom.parties import share_a_party
from citeproof.core.models import Coverage
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text

EXPECTED_KIND = {
    CaseStrategy.CASE_SWAP: "name_mismatch",
    CaseStrategy.NAME_SWAP: "name_mismatch",
    CaseStrategy.PAGE_INSIDE: "nonexistent",
    CaseStrategy.PIN_PAST_END: "wrong_pincite",
}


@pytest.fixture(scope="module")
def pairs(library):
    return make_case_pairs(library, seed=0)


@pytest.fixture(scope="module")
def catalogue(library):
    return Catalogue(library)


def _cite(text: str) -> tuple[str, str, str, int, int | None]:
    """(name, volume, reporter, page, pin) of a pair's citation ``Name, VOL REP PAGE[, PIN] (...)``."""
    head = text.split(" (")[0]
    name, rest = head.split(", ", 1) if ", " in head else (head, "")
    while not rest[:1].isdigit():  # a comma inside the name ("Ltd., Inc. v. ...")
        more, rest = rest.split(", ", 1)
        name += ", " + more
    parts = rest.split(", ")
    volume, *reporter, page = parts[0].split(" ")
    return name, volume, " ".join(reporter), int(page), int(parts[1]) if len(parts) > 1 else None


def test_every_strategy_yields_pairs_from_real_citations(pairs, library):
    counts = Counter(p.strategy for p in pairs)
    assert set(counts) == set(CaseStrategy) and min(counts.values()) >= 100
    assert all(p.origin == "decision_text" and p.chosen != p.rejected for p in pairs)
    for p in pairs[::25]:
        opinion = library.opinion(p.source.split("#")[0])
        name = _cite(p.chosen)[0]
        assert p.prompt + name in opinion.text  # the opinion wrote this name right after the prompt
        after = opinion.text.index(p.prompt + name) + len(p.prompt)
        assert p.cited in opinion.text[after : after + 200]  # and this cite with it


def test_each_rejected_citation_is_wrong_by_the_librarys_tables(pairs, library, catalogue):
    for p in pairs:
        name, volume, reporter, page, pin = _cite(p.rejected)
        real_name, real_volume, _, real_page, real_pin = _cite(p.chosen)
        at = library.cases_at(volume, reporter, page)
        if p.strategy is CaseStrategy.CASE_SWAP:
            assert name == real_name and len(at) == 1 and not share_a_party(name, at[0].name_abbreviation), p
        elif p.strategy is CaseStrategy.NAME_SWAP:
            assert (volume, page) == (real_volume, real_page) and not share_a_party(name, real_name), p
            assert share_a_party(real_name, at[0].name_abbreviation)  # the cite still names the real case
        elif p.strategy is CaseStrategy.PAGE_INSIDE:
            assert not at and volume == real_volume and page != real_page, p  # no case begins there
            inside = library.case_around(volume, reporter, page)
            complete = library.coverage(reporter, volume) in (Coverage.COMPLETE, Coverage.COMPLETE_OPINIONS)
            assert complete or (inside is not None and inside.last_page >= page), p
        else:
            last, past_end = catalogue.pages(library.cases_at(volume, reporter, page)[0].id, volume, reporter)
            assert (volume, page) == (real_volume, real_page) and pin is not None and real_pin is not None
            assert real_pin < past_end <= pin and last is not None and last < pin, p


def test_the_checker_flags_the_rejected_and_passes_the_chosen(pairs, library):
    logging.getLogger("eyecite").setLevel(logging.ERROR)
    flagged, chosen_flagged, n = 0, 0, 0
    for strategy in CaseStrategy:
        for p in [q for q in pairs if q.strategy is strategy][::12]:
            verdicts = {}
            for side, cont in (("chosen", p.chosen), ("rejected", p.rejected)):
                report = check_document(document_from_text(p.prompt + cont + "."), library)
                verdicts[side] = next(
                    v for v in report.verdicts if v.citation.span.start >= len(p.prompt) - 1
                )
            n += 1
            flagged += EXPECTED_KIND[strategy] in {str(e.kind) for e in verdicts["rejected"].errors}
            chosen_flagged += str(verdicts["chosen"].status) == "hallucinated"
    assert n >= 100 and chosen_flagged == 0
    assert flagged / n >= 0.95  # measured on all pairs: 1,756 of 1,770 rejected are flagged


def test_pairs_are_reproducible_from_their_seed(library, pairs):
    assert make_case_pairs(library, seed=0) == pairs
    other = make_case_pairs(library, seed=1, strategies=(CaseStrategy.NAME_SWAP,))
    assert {p.rejected for p in other} != {p.rejected for p in pairs if p.strategy is CaseStrategy.NAME_SWAP}


@pytest.mark.without_library
@pytest.mark.parametrize(
    ("name", "clean"),
    [
        ("Connick v. Suzuki Motor Co.", True),
        ("Miller-El v. Dretke", True),
        ("Supreme Court. Hutto v. Davis", False),  # a sentence run into the name
        ("JAMES M. WHITE, ETC. v. UNITED STATES et al.", False),
        ("Inc. v. Kirkingburg", False),  # cut after the comma of "Albertson's, Inc."
        ("Alabama v. United States", False),  # governments only: no distinctive party
        ("In re Gault", False),
    ],
)
def test_clean_names(name, clean):
    assert clean_name(name) is clean


@pytest.mark.without_library
def test_case_surface_features_read_the_cite_numbers():
    celotex = "Celotex Corp. v. Catrett, 477 U.S. 317, 323 (1986)"
    assert case_surface_features(celotex).tolist() == [477, 317, 323, len(celotex)]
    assert case_surface_features("Brown v. Board, 347 U.S. 483 (1954)").tolist()[:3] == [347, 483, 0]

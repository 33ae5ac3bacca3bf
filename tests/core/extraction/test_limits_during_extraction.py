"""The deadline and the citation cap bound extraction and attribution too (issue 30): a
document packed with citations is stopped inside those stages, not after them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citeproof.core.extraction.attribution import _ATTRIBUTION, _STRING_JOIN, _clause_ends, attribute
from citeproof.core.extraction.clauses import build_units
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.limits import Budget, Deadline, LimitExceeded, Limits
from citeproof.core.pipeline import check_document
from citeproof.core.reading.layout import reading_text
from citeproof.core.reading.read import document_from_text
from citeproof.core.text.context import Sentences

CITE = "Miranda v. Arizona, 384 U.S. 436 (1966)."
PARAGRAPHS = "\n\n".join(f"The warnings are required. {CITE}" for _ in range(400))


class Clock:
    """A clock that moves on a second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 1.0
        return self.now


def _budget(seconds: float, clock: Clock, limits: Limits | None = None) -> Budget:
    return Budget(limits or Limits(), "brief.txt", Deadline(seconds, now=clock).start())


@pytest.mark.without_library
def test_the_deadline_stops_extraction_between_paragraphs():
    clock = Clock()
    with pytest.raises(LimitExceeded, match=r"10-second deadline \(extracting citations;"):
        extract_citations(document_from_text(PARAGRAPHS), _budget(10, clock))
    assert clock.reads <= 12  # stopped at the eleventh paragraph, not after the 400th


@pytest.mark.without_library
def test_the_deadline_stops_attribution():
    doc = document_from_text(PARAGRAPHS)
    citations = extract_citations(doc)
    text = reading_text(doc.text).text
    clock = Clock()
    with pytest.raises(LimitExceeded, match="attributing quotations and propositions"):
        attribute(text, citations, Sentences(text), budget=_budget(5, clock))
    assert clock.reads <= 7


@pytest.mark.without_library
def test_the_citation_cap_stops_extraction_as_soon_as_it_is_passed():
    limits = Limits(max_citations=100)
    with pytest.raises(LimitExceeded, match="brief.txt: citations found: 101 is over the limit of 100"):
        extract_citations(document_from_text(PARAGRAPHS), Budget(limits, "brief.txt"))


def test_a_check_refuses_a_packed_document_during_extraction(library):
    with pytest.raises(LimitExceeded, match="citations found: 101 is over the limit of 100"):
        check_document(document_from_text(PARAGRAPHS, "brief.txt"), library, limits=Limits(max_citations=100))
    report = check_document(document_from_text(PARAGRAPHS), library, limits=Limits(max_citations=400))
    assert len(report.verdicts) == 400  # at the cap, checked whole


JOINERS = [
    ", ",
    "; ",
    " and ",
    "; see ",
    ", see also ",
    " (1966), which held that the warnings are due, ",
    " ",
]


def _ends_by_scan(text, mine, k, units):  # type: ignore[no-untyped-def]
    """The clause end as it was found before (a scan from each unit: quadratic time)."""
    for j in range(k + 1, len(mine)):
        gap = text[units[mine[j - 1]].end : units[mine[j]].start]
        after = units[mine[j]].end
        if _STRING_JOIN.fullmatch(gap) or _ATTRIBUTION.match(text, after, after + 200):
            return j
    return len(mine)


@pytest.mark.without_library
@settings(max_examples=60)
@given(st.lists(st.sampled_from(JOINERS), min_size=1, max_size=12))
def test_clause_ends_found_in_one_pass_are_those_a_scan_finds(joiners):
    text = "The rule is settled. Miranda v. Arizona, 384 U.S. 436 (1966)" + "".join(
        f"{joiner}Gideon v. Wainwright, 372 U.S. {335 + k}" for k, joiner in enumerate(joiners)
    )
    cites = extract_citations(document_from_text(text + "."))
    read = reading_text(text + ".").text
    units = build_units(read, cites)
    mine = list(range(len(units)))
    assert len(units) >= 2
    assert _clause_ends(read, mine, units) == [_ends_by_scan(read, mine, k, units) for k in mine]


@pytest.mark.without_library
@settings(max_examples=200)
@given(
    given_spans=st.lists(st.tuples(st.integers(0, 200), st.integers(1, 30)), max_size=12),
    queries=st.lists(st.tuples(st.integers(0, 200), st.integers(1, 30)), max_size=12),
)
def test_statute_overlaps_in_log_time_are_those_a_scan_finds(given_spans, queries):
    """A statute is placed where no citation stands: what a scan of every span taken so far
    found (quadratic in statutes), found by binary search."""
    from citeproof.core.extraction.statute_citations import _Overlaps
    from citeproof.core.models import Span

    taken = [Span(a, a + n) for a, n in given_spans]
    overlaps = _Overlaps(list(taken))
    for a, n in sorted(queries):  # our statutes come in order of their starts
        span = Span(a, a + n)
        scanned = any(span.start < t.end and t.start < span.end for t in taken)
        assert overlaps.any(span) == scanned
        if not scanned:
            taken.append(span)
            overlaps.add_later(span)


ONE_PARAGRAPH = " ".join(f"The warnings were required in case {n}. {CITE}" for n in range(3000))


@pytest.mark.without_library
def test_the_citation_cap_stops_extraction_inside_one_long_paragraph():
    """A document of one paragraph is read in pieces: the cap is passed after the first
    piece, not after eyecite has read all 3,000 citations."""
    with pytest.raises(LimitExceeded, match=r"citations found: (\d+)") as caught:
        extract_citations(
            document_from_text(ONE_PARAGRAPH), _budget(10**9, Clock(), Limits(max_citations=50))
        )
    found = int(caught.value.args[0].split("citations found: ")[1].split()[0].replace(",", ""))
    assert 50 < found < 1000


@pytest.mark.without_library
def test_pieces_of_a_long_paragraph_lose_no_citation_and_no_name():
    citations = extract_citations(document_from_text(ONE_PARAGRAPH))
    assert len(citations) == 3000
    assert {c.case_name for c in citations} == {"Miranda v. Arizona"}
    assert {c.year for c in citations} == {1966}

"""The agent's lookups, each read as one outcome, on the bundled library."""

from __future__ import annotations

from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.llm.likelihoods import COURTLISTENER, LIBRARY_BY_NAME, PASSAGES, QUOTES
from citeproof.llm.retrieve import Passage
from citeproof.llm.tools import AgentTools, closeness, share_in_passages

from .models import BROWN_SUPPORTED

QUOTED = (
    'The Court held that "in the field of public education the doctrine of separate but equal '
    'has no place." Brown v. Board of Education, 347 U.S. 483, {pin} (1954).'
)


def _verdict(library, text):
    return check_document(document_from_text(text), library).verdicts[0]


def test_how_much_of_the_proposition_the_passages_hold():
    passages = (
        Passage("U.S.", 495, "We conclude that in public education separate but equal has no place. Next."),
    )
    share = share_in_passages(
        "In the field of public education the doctrine of separate but equal has no place.", "", passages
    )
    assert share is not None and 0.6 <= share <= 1.0 and closeness(share) == "close"
    assert share_in_passages("A contractor has an insurable interest in buildings.", "", passages) == 0.0
    assert share_in_passages("It is so.", "", passages) is None and closeness(None) == "partial"
    assert closeness(0.1) == "unrelated" and closeness(0.4) == "partial"


def test_text_search_of_the_cited_opinion(library):
    v = _verdict(library, BROWN_SUPPORTED.format(pin=495))
    obs = AgentTools(library).search_opinion(v.citation, v.authority.id, v.authority.name_abbreviation)
    assert obs.outcome == "close" and obs.outcome in PASSAGES
    assert obs.passages and obs.passages[0].page == 495 and "[U.S. page 495]" in obs.text


def test_quote_search_found_off_the_pin_or_missing(library):
    tools = AgentTools(library)
    v = _verdict(library, QUOTED.format(pin=495))
    assert tools.search_quote(v.citation, v.authority.id).outcome == "found"
    v = _verdict(library, QUOTED.format(pin=488))
    off = tools.search_quote(v.citation, v.authority.id)
    assert off.outcome == "off_pin" and "495" in off.text and off.fragment == v.citation.text
    v = _verdict(library, QUOTED.format(pin=495).replace("has no place", "has a rightful place"))
    missing = tools.search_quote(v.citation, v.authority.id)
    assert missing.outcome == "missing" and missing.fragment and "rightful" in missing.fragment
    assert {"found", "off_pin", "missing"} <= set(QUOTES)


def test_library_lookup_by_the_written_name(library):
    v = _verdict(library, "Segregation was unlawful. Brown v. Board of Education, 349 U.S. 999 (1955).")
    obs = AgentTools(library).search_library(v.citation)
    assert obs.outcome in LIBRARY_BY_NAME and obs.outcome == "other_cite" and "347 U.S. 483" in obs.text
    v = _verdict(library, "It is so. Qwerty v. Zxcvbn, 999 F.3d 1 (2021).")
    assert AgentTools(library).search_library(v.citation).outcome == "none"
    assert "found_same" in COURTLISTENER

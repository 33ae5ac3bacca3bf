"""Rules on what a claim says the cited court did: its disposition and the side that prevailed,
against the opinion's own disposition (read at build, `structure`), never its procedural
history. A claim that tells what happened later ("on appeal", "subsequently"), what would
happen ("if", "only when"), or what another case did (a name with "v.", a cite) gives no
disposition.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from citeproof.core.checking.misrep import COUNTERPART, Hit
from citeproof.core.checking.signatures import signature
from citeproof.core.checking.structure import FAMILY, GRANT, OPPOSITE, REVERSE, Structure

_LOWER_COURT = (
    r"trial|district|lower|appellate|appeals|intermediate|circuit|superior|county|state|federal|bankruptcy|"
    r"supreme|high|highest|probate|family|juvenile|municipal|tax|claims|chancery|magistrate|habeas|"
    r"reviewing|sentencing|motion"
)
_CLAIM_VERBS = r"affirmed|reversed|vacated|upheld|set aside|overturned|granted|denied"
_CLAIM_DISPOSITION = re.compile(
    rf"^(?:[^,]{{0,60}},\s*)?(?P<lead>affirming|reversing|vacating|upholding|overturning|setting aside|"
    rf"granting|denying)\b|\b(?:the|that)\s+(?!(?:{_LOWER_COURT})\b)(?:[a-z][\w.'-]*\s+)?"
    rf"(?:court|panel|majority)\s+(?:(?:ultimately|thus|therefore|also|nonetheless|properly|correctly|"
    rf"summarily|unanimously|accordingly|,)\s*)*(?P<verb>{_CLAIM_VERBS})\b|"
    rf"\b(?:(?:{_LOWER_COURT})\s+court's\s+)(?:judgment|order|decree|conviction|decision|ruling|sentence|"
    rf"verdict|award|dismissal)s?\s+(?:was|were)\s+(?P<passive>affirmed|reversed|vacated|upheld|set aside|"
    rf"overturned)\b(?!\s+(?:by|on appeal)\b)|"
    rf"\b(?:judgment|order|decree|conviction|decision|ruling|sentence|verdict|award|dismissal)s?"
    rf"(?:\s+below|\s+appealed from|\s+of\s+the\s+(?:{_LOWER_COURT})\s+court)\s+(?:was|were)\s+"
    rf"(?P<below>affirmed|reversed|vacated|upheld|set aside|overturned)\b(?!\s+(?:by|on appeal)\b)"
)
# A claim that tells what happened later or elsewhere, or what would happen, gives no disposition.
_NOT_THE_DISPOSITION = re.compile(
    r"\b(?:on appeal|previously|later|subsequently|earlier|prior appeal|if|unless|whether|would|should|"
    r"could|might|only when|where|when)\b|\sv\.\s|\d+\s+[a-z.]+\s*\d*[a-z.]*\s+\d+"  # or of another case
)
_AS_FAMILY = {
    "affirming": "affirmed",
    "upholding": "affirmed",
    "upheld": "affirmed",
    "reversing": "reversed",
    "vacating": "reversed",
    "overturning": "reversed",
    "overturned": "reversed",
    "setting aside": "reversed",
    "granting": "granted",
    "denying": "denied",
}
_SIDE = r"appellants?|appellees?|petitioners?|respondents?|plaintiffs?|defendants?"
_CLAIM_WINNER = re.compile(
    rf"\b(?:the\s+)?(?P<a>{_SIDE})\s+(?:ultimately\s+|thus\s+|therefore\s+)?(?:prevailed|won|succeeded)\b|"
    rf"\b(?:ruled|found|decided|held|entered judgment|granted (?:summary )?judgment)\s+(?:for|in favor of)\s+"
    rf"(?:the\s+)?(?P<b>{_SIDE})\b|\b(?:ruled|found|decided|held|entered judgment|rendered judgment)\s+"
    rf"(?:[\w'-]+\s+){{0,3}}?in (?:the\s+)?(?P<c>{_SIDE})['’]?s?\s+favor\b"
)


def claimed_families(text: str) -> frozenset[str]:
    """The disposition families the claim gives the cited court itself."""
    low = " ".join(text.lower().replace("’", "'").split())
    found: set[str] = set()
    if _NOT_THE_DISPOSITION.search(low):
        return frozenset()
    for m in _CLAIM_DISPOSITION.finditer(low):
        word = m.group("lead") or m.group("verb") or m.group("passive") or m.group("below")
        found.update(FAMILY.get(_AS_FAMILY.get(word, word), ()))
    return frozenset(found)


_GENERIC = frozenset({"motion", "motions", "court", "request", "petition", "order", "judgment", "relief"})


def _same_object(claim: str, structure: Structure, spans: Sequence[tuple[int, int]], text: str) -> bool:
    """Whether the claim's grant or denial concerns what the opinion's disposition decides:
    a word of what follows the claim's verb (not "motion", "court") in a disposition sentence."""
    low = " ".join(claim.lower().split())
    m = re.search(r"\b(?:granted|denied|granting|denying)\b", low)
    if m is None:
        return False
    wanted = signature(" ".join(low[m.end() :].split()[:8]))[0] - _GENERIC
    said: set[str] = set()
    for n in structure.disposition.sentences:
        if n < len(spans):
            said |= signature(text[slice(*spans[n])])[0]
    return bool(wanted & said)


def _disposition_spans(structure: Structure, spans: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple(spans[n] for n in structure.disposition.sentences[-2:] if n < len(spans))


def disposition_rule(
    text: str, structure: Structure, spans: Sequence[tuple[int, int]], opinion_text: str
) -> Hit | None:
    """The claim gives the court a disposition its own disposition excludes: affirmed for
    reversed (or the reverse); granted for denied only in an opinion that decides motions
    alone, and only of the same thing ("summary judgment")."""
    claimed = claimed_families(text)
    held = structure.disposition.families
    if len(claimed) != 1 or not held:
        return None
    said = next(iter(claimed))
    if said in held or OPPOSITE[said] not in held:
        return None
    if said in (GRANT, OPPOSITE[GRANT]) and (
        not held <= {GRANT, OPPOSITE[GRANT]} or not _same_object(text, structure, spans, opinion_text)
    ):
        return None
    did = "reversed" if OPPOSITE[said] == REVERSE else OPPOSITE[said]
    return Hit(
        "disposition",
        f"the opinion {did}; the brief says it {said}",
        _disposition_spans(structure, spans),
    )


def prevailing_rule(text: str, structure: Structure, spans: Sequence[tuple[int, int]]) -> Hit | None:
    """The claim says a side prevailed that lost by the opinion's own disposition."""
    low = " ".join(text.lower().replace("’", "'").split())
    if _NOT_THE_DISPOSITION.search(low):
        return None
    sides = set()
    for m in _CLAIM_WINNER.finditer(low):
        side = (m.group("a") or m.group("b") or m.group("c")).removesuffix("s")
        sides.add(side)
    d = structure.disposition
    if len(sides) != 1:
        return None
    side = sides.pop()
    if side not in d.losers or side in d.winners:
        return None
    winner = next((w for w in sorted(d.winners) if w in COUNTERPART and COUNTERPART[w] == side), "other side")
    return Hit(
        "prevailing_party",
        f"by the opinion's disposition the {winner} prevailed; the brief says the {side} did",
        _disposition_spans(structure, spans),
    )

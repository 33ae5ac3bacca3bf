"""Rules on what a claim says the cited court did: its disposition and the side that prevailed,
against the opinion's own disposition (read at build, `structure`), never its procedural
history. A claim that tells what happened later ("on appeal", "subsequently"), what would
happen ("if", "only when"), or what another case did (a name with "v.", a cite) gives no
disposition.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from citeproof.core.checking.alignment import Lowered
from citeproof.core.checking.misrep import COUNTERPART, Hit
from citeproof.core.checking.roles import Role
from citeproof.core.checking.signatures import signature
from citeproof.core.checking.structure import AFFIRM, FAMILY, GRANT, OPPOSITE, REVERSE, Structure
from citeproof.core.text.context import QUOTATION

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


# --- outcomes as briefs state them ("(reversing ...)", "the court upheld the award") ------------

_OUTCOME_LEAD = re.compile(
    r"^(?P<verb>affirming|upholding|sustaining|reversing|vacating|overturning|setting aside|reinstating|"
    r"ordering a new trial|remanding for a new trial)\b"
)
_ELSEWHERE = re.compile(r"\b(?:on appeal|previously|later|subsequently|earlier|prior appeal)\b|\sv\.\s")
_OUTCOME_VERB = re.compile(
    r"\b(?P<subject>[\w.'-]+(?:\s+[\w.'-]+){0,3})\s+(?:(?:ultimately|thus|therefore|also|nonetheless|"
    r"summarily|unanimously|accordingly|instead)\s+)?(?P<verb>affirmed|upheld|reversed|vacated|"
    r"overturned|reinstated|ordered a new trial)\b(?P<object>(?:\s+[\w.'$,-]+){0,4})"
)
_JUDGMENT_NOUN = re.compile(  # what a court affirms or reverses, not a finding or a statute
    r"\b(?:judgment|order|decree|conviction|decision|ruling|sentence|verdict|award|dismissal|denial|"
    r"injunction|divorce)s?\b"
)
_OUTCOME_FAMILY = {
    "affirming": AFFIRM, "upholding": AFFIRM, "sustaining": AFFIRM, "affirmed": AFFIRM, "upheld": AFFIRM,
    "sustained": AFFIRM, "reversing": REVERSE, "vacating": REVERSE, "overturning": REVERSE,
    "setting aside": REVERSE, "reinstating": REVERSE, "ordering a new trial": REVERSE,
    "remanding for a new trial": REVERSE, "reversed": REVERSE, "vacated": REVERSE, "overturned": REVERSE,
    "set aside": REVERSE, "reinstated": REVERSE, "ordered a new trial": REVERSE,
}  # fmt: skip
_OWN_SUBJECT = re.compile(
    rf"^(?:the|this|that)\s+(?!(?:{_LOWER_COURT})\b)(?:[a-z][\w.'-]*\s+){{0,2}}(?:court|panel|majority|"
    rf"circuit|district|division)$"
)
_NO_ERROR = re.compile(r"^(?:there (?:is|was) )?no (?:reversible )?error\.?$")


def stated_outcome(proposition: str, parentheticals: Sequence[str]) -> tuple[str, str] | None:
    """``(family, words)`` of the one outcome a brief gives the cited court itself: a
    parenthetical that opens with it ("reversing the Ninth Circuit"), or "the court upheld the
    award"; None when it gives none, several, or one another court (or a condition) bears."""
    found: list[tuple[str, str]] = []
    for paren in parentheticals:
        low = " ".join(paren.lower().split())
        m = _OUTCOME_LEAD.match(low)
        if m and not _ELSEWHERE.search(low):  # what follows the verb are facts ("... where the defendant")
            found.append((_OUTCOME_FAMILY[m.group("verb")], m.group(0)))
    low = " ".join(QUOTATION.sub(" ", proposition.lower().replace("’", "'")).split())  # not what it quotes
    for m in _OUTCOME_VERB.finditer(low):
        subject, verb = m.group("subject"), m.group("verb")
        own = _OWN_SUBJECT.search(subject) is not None
        if not own or _NOT_THE_DISPOSITION.search(low[: m.end()]):
            return None  # an outcome another court, or a condition, bears
        if verb != "reinstated" and not _JUDGMENT_NOUN.search(m.group("object")):
            continue  # "upheld the statute" is no disposition
        found.append((_OUTCOME_FAMILY[verb], m.group(0)))
    families = {f for f, _ in found}
    return found[0] if len(families) == 1 else None


def held_families(structure: Structure, sentences: Lowered, roles: Sequence[int]) -> frozenset[str]:
    """The opinion's own disposition families; where the structure read none, "There is no
    error." (Connecticut's affirmance) among the majority's last sentences counts as affirmed."""
    if structure.disposition.families:
        return structure.disposition.families
    majority = (
        n for n in range(len(sentences) - 1, -1, -1) if not Role(roles[n]) & (Role.SEPARATE | Role.NOTE)
    )
    tail = list(islice(majority, 5))
    if any(_NO_ERROR.match(" ".join(sentences[n].split()).strip()) for n in tail):
        return frozenset({AFFIRM})
    return frozenset()


def outcome_rule(
    proposition: str,
    parentheticals: Sequence[str],
    structure: Structure,
    sentences: Lowered,
    roles: Sequence[int],
    spans: Sequence[tuple[int, int]],
) -> Hit | None:
    """The brief gives the court an outcome its own disposition excludes (affirmed for reversed)."""
    stated = stated_outcome(proposition, parentheticals)
    held = held_families(structure, sentences, roles) & {AFFIRM, REVERSE}
    if stated is None or not held:
        return None
    said, words = stated
    if said in held or OPPOSITE[said] not in held:
        return None
    did = "reversed" if OPPOSITE[said] == REVERSE else OPPOSITE[said]
    evidence = (
        _disposition_spans(structure, spans)
        or tuple(
            spans[n] for n in range(len(sentences)) if _NO_ERROR.match(" ".join(sentences[n].split()).strip())
        )[-1:]
    )
    return Hit("disposition", f'the opinion {did}; the brief says "{words}"', evidence)


_SIDE_WON = re.compile(
    rf"\bthe\s+(?:[\w'-]+\s+){{0,2}}?(?P<a>{_SIDE})\s+(?:ultimately\s+|thus\s+)?(?:prevailed|won|succeeded)\b|"
    rf"\bsided with (?:the\s+)?(?P<b>{_SIDE})\b"
)
_CRIMINAL_CAPTION = re.compile(r"^(?!(?:state|people|commonwealth|united states)\b).+\sv\.\s+(?:the\s+)?"
                               r"(?:state|people|commonwealth|united states)\b", re.I)  # fmt: skip


def side_rule(
    proposition: str,
    case_name: str,
    families: frozenset[str],
    structure: Structure,
    spans: Sequence[tuple[int, int]],
) -> Hit | None:
    """The brief says a side prevailed that lost: by the disposition's own words, or, in an
    appeal captioned "Name v. State", where the defendant is the one who appealed."""
    low = " ".join(proposition.lower().replace("’", "'").split())
    sides = {(m.group("a") or m.group("b")).removesuffix("s") for m in _SIDE_WON.finditer(low)}
    if len(sides) != 1 or _NOT_THE_DISPOSITION.search(low):
        return None
    side = sides.pop()
    winners, losers = set(structure.disposition.winners), set(structure.disposition.losers)
    appellate = families & {AFFIRM, REVERSE}
    if _CRIMINAL_CAPTION.match(case_name or "") and len(appellate) == 1:
        (losers if appellate == {AFFIRM} else winners).add("defendant")
    if side not in losers or side in winners:
        return None
    return Hit(
        "prevailing_party",
        f"by the opinion's disposition the {side} lost; the brief says the {side} prevailed",
        _disposition_spans(structure, spans),
    )

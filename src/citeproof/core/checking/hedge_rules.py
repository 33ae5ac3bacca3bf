"""Dicta sold as a holding and a hedge made firm: the claim states as held, or as required,
what the opinion only left open or allowed (``dicta_as_holding``, ``modal_strengthening``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from difflib import SequenceMatcher

from citeproof.core.checking.misrep import SCOPE_SHARE, Claim, Hit, Near, clause_from, share
from citeproof.core.checking.structure import DICTA_MARKER, Role

_CLAIM_HEDGES = re.compile(
    r"\b(?:may|might|could|can|whether|if|assum\w*|arguendo|open|suggest\w*|dict\w*|noted|observed|"
    r"hypothetical\w*|perhaps|possibly|arguably|likely|unclear|undecided|reserved)\b"
)


_FIRST_PERSON = re.compile(r"\b(?:we|us|i|this court|the court)\W+(?:\w+\W+){0,2}$")


def spoken_role(sentence: str, role: int) -> int:
    """The sentence's role, without ``DICTA`` when its only dicta markers are a rule's "need
    not" ("a court need not consider X", "the employer need not show X"): the court leaves a
    question open only in its own person ("we need not decide whether X")."""
    if not role & Role.DICTA:
        return role
    low = " ".join(sentence.lower().replace("’", "'").split())
    for m in DICTA_MARKER.finditer(low):
        before = low[max(0, m.start() - 40) : m.start()]
        if not m.group(0).startswith("need not") or _FIRST_PERSON.search(before):
            return role
    return role & ~Role.DICTA


def _dicta_scope(near: Near) -> str | None:
    """The words a dicta marker leaves undecided: from the marker to the end of its clause
    ("even if X," up to the comma)."""
    low = " ".join(near.text.lower().replace("’", "'").split())
    m = DICTA_MARKER.search(low)
    if m is None:
        return None
    if m.group(0).startswith("even"):
        comma = low.find(",", m.end())
        return low[m.end() : comma if comma > 0 else len(low)]
    return clause_from(low, m.end())


def dicta_rule(claim: Claim, near: Sequence[Near]) -> Hit | None:
    """The claim states as held what the opinion's only close sentences leave undecided."""
    if claim.framed or _CLAIM_HEDGES.search(claim.text) or DICTA_MARKER.search(claim.text):
        return None
    undecided: list[Near] = []
    for s in near:
        scope = _dicta_scope(s) if s.role & Role.DICTA else None
        if scope is not None and share(claim.content, scope) >= SCOPE_SHARE:
            if not s.role & (Role.REPORTED | Role.SEPARATE):
                undecided.append(s)
        elif s.courts_voice():
            return None  # the court says it elsewhere
    if not undecided:
        return None
    low = " ".join(undecided[0].text.lower().split())
    marker = m.group(0) if (m := DICTA_MARKER.search(low)) else "a dicta marker"
    return Hit(
        "dicta_as_holding",
        f'the opinion leaves this undecided ("{marker}"); the brief presents it as held',
        tuple((s.start, s.end) for s in undecided[:2]),
    )


# A hedged word of an opinion → the firmer words that overstate it.
FIRMER = {
    "may": {"must", "shall", "required", "requires", "mandatory", "obligated", "will"},
    "might": {"will", "must", "would", "necessarily"},
    "could": {"would", "will", "must"},
    "can": {"must", "shall"},
    "perhaps": {"plainly", "clearly", "certainly", "necessarily", "undoubtedly"},
    "arguably": {"clearly", "plainly", "certainly", "undoubtedly"},
    "possibly": {"necessarily", "certainly", "clearly"},
    "likely": {"certainly", "necessarily", "clearly"},
    "probably": {"certainly", "clearly", "necessarily"},
    "suggests": {"establishes", "holds", "requires", "mandates", "compels", "proves"},
    "suggest": {"establish", "hold", "require", "mandate", "compel", "prove"},
    "suggested": {"established", "held", "required", "mandated", "compelled", "proved"},
    "permits": {"requires", "mandates", "compels", "obligates"},
    "permit": {"require", "mandate", "compel", "obligate"},
    "permitted": {"required", "mandated", "compelled", "obligated"},
    "allows": {"requires", "mandates", "compels"},
    "allow": {"require", "mandate", "compel"},
    "generally": {"always", "invariably"},
    "ordinarily": {"always", "invariably"},
    "usually": {"always", "invariably"},
    "typically": {"always", "invariably"},
    "sometimes": {"always", "invariably"},
}
_KEEPS_FIRM = {"not", "never", "only", "no"}  # "may not", "may only": already firm


def _strengthened(near: Near, claim: Claim) -> tuple[str, str] | None:
    """``(hedge, firm)`` where the claim puts a firmer word in place of the sentence's hedge."""
    a, b = list(near.words), list(claim.words)
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "replace":
            continue
        for k in range(i1, i2):
            hedge = a[k]
            firm = next((w for w in b[j1:j2] if w in FIRMER.get(hedge, ())), None)
            firmed = hedge in ("may", "can") and _KEEPS_FIRM & set(a[k + 1 : k + 3])
            if firm and a.count(hedge) > b.count(hedge) and not firmed:  # the hedge itself gone
                return hedge, firm
    return None


def modal_rule(claim: Claim, near: Sequence[Near]) -> Hit | None:
    """Every close sentence in the court's voice says with a hedge what the claim says firmly."""
    voiced = [s for s in near if s.courts_voice() or s.role & Role.DICTA]
    if claim.framed or not voiced:
        return None
    found = [_strengthened(s, claim) for s in voiced]
    if any(f is None for f in found):
        return None
    hedge, firm = found[0]  # type: ignore[misc]
    return Hit(
        "modal_strengthening",
        f'the opinion says "{hedge}" where the brief says "{firm}"',
        tuple((s.start, s.end) for s in voiced[:2]),
    )

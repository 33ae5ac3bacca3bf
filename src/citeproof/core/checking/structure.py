"""What an opinion does, read once from its text: the part each sentence plays and the court's
own disposition.

Each sentence gets role flags (`Role`): a holding ("we hold"), dicta ("we need not decide",
"assuming without deciding", "even if"), the court rejecting a view ("we reject the
argument"), a party's or witness's words ("the defendant argues"), procedural history ("the
trial court granted", "on appeal this Court reversed": what other courts, or this court
earlier, did), this court's disposition ("Affirmed.", "the judgment is reversed", "we
vacate"), a separate opinion (after "J., dissenting") and the notes. The disposition is read
only from the court's own disposition sentences of the majority's text, never from history;
which party prevailed follows from it (affirmed: the appellee; reversed: the appellant; a
motion granted: its movant). A library reads this at build time (`pack_structure`); a check
unpacks it, or reads it now.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.core.checking.memo import per_opinion
from citeproof.core.checking.roles import (
    DICTA_MARKER,
    REJECTING_MARKER,
    ROLE_PATTERNS,
    Role,
    disposition_words,
    sentence_roles,
)
from citeproof.core.checking.signatures import opinion_sentences
from citeproof.core.models import Opinion

AFFIRM, REVERSE, GRANT, DENY = "affirmed", "reversed", "granted", "denied"
OPPOSITE = {AFFIRM: REVERSE, REVERSE: AFFIRM, GRANT: DENY, DENY: GRANT}
# A disposition word → the family it belongs to (modified: partly each; remanded, dismissed: neither).
FAMILY = {
    "affirmed": (AFFIRM,),
    "affirm": (AFFIRM,),
    "reversed": (REVERSE,),
    "reverse": (REVERSE,),
    "vacated": (REVERSE,),
    "vacate": (REVERSE,),
    "set aside": (REVERSE,),
    "annulled": (REVERSE,),
    "granted": (GRANT,),
    "grant": (GRANT,),
    "denied": (DENY,),
    "deny": (DENY,),
    "modified": (AFFIRM, REVERSE),
    "remanded": (),
    "remand": (),
    "dismissed": (),
    "dismiss": (),
}
# Who prevails on each appellate outcome; a petitioner stands as an appellant does.
_APPELLATE_WINNER = {AFFIRM: ("appellee", "respondent"), REVERSE: ("appellant", "petitioner")}
_SIDES = {"appellee": "appellant", "respondent": "petitioner", "plaintiff": "defendant"}
OTHER_SIDE = {**_SIDES, **{v: k for k, v in _SIDES.items()}}

_SEPARATE_HEAD = re.compile(  # "HARLAN, J., dissenting." "DISSENTING OPINION" (not a note, not a cite)
    r"(?im)^(?![\[\d])(?![^\n]*\bv\.)[^\n]{0,120}\b(?:dissenting|concurring|dissent|concurrence)\b[^\n]{0,60}$"
)
_NOTES_HEAD = re.compile(r"(?m)^\s*(?:NOTES|Notes:?|FOOTNOTES|Footnotes:?)\s*$")
_MOVANT = re.compile(
    r"\b(plaintiff|defendant|petitioner|respondent)s?['’]?s?\b[^.;]{0,60}?\bmotions?\b[^.;]{0,160}?"
    r"\b(?:is|are|shall be|must be|will be)\s+(?:hereby\s+|,\s*)*(granted|denied)\b"
)
_JUDGMENT_FOR = re.compile(
    r"\bjudgment\b[^.;]{0,40}?\b(?:in favor of|for)\s+(?:the\s+)?"
    r"(plaintiff|defendant|petitioner|respondent)s?\b"
)
_APPELLANT = re.compile(
    r"\b(plaintiff|defendant|petitioner|respondent)s?[- ](appellant|appellee|respondent|petitioner)s?\b|"
    r"\b(plaintiff|defendant)s?\s+(?:now\s+)?(?:appeals|appealed|brings this appeal)\b"
)


@dataclass(frozen=True, slots=True)
class Disposition:
    """This court's own disposition: its families (`AFFIRM`, `REVERSE`, `GRANT`, `DENY`), the
    words it used, the sentences that say it, and the sides that prevailed and lost."""

    families: frozenset[str] = frozenset()
    words: tuple[str, ...] = ()
    sentences: tuple[int, ...] = ()
    winners: frozenset[str] = frozenset()
    losers: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Structure:
    """Role flags per sentence (in the order of `opinion_sentences`) and the disposition."""

    roles: tuple[int, ...]
    disposition: Disposition


def _regions(text: str) -> tuple[int, int]:
    """Where the notes begin and where a separate opinion begins (``len(text)`` when none)."""
    notes = next((m.start() for m in _NOTES_HEAD.finditer(text) if m.start() > len(text) * 0.3), len(text))
    separate = next(
        (m.start() for m in _SEPARATE_HEAD.finditer(text, 0, notes) if m.start() > len(text) * 0.2), notes
    )
    return notes, separate


def read_structure(text: str, spans: Sequence[tuple[int, int]]) -> Structure:
    """The roles of each sentence and this court's disposition."""
    notes, separate = _regions(text)
    roles: list[int] = []
    found: list[tuple[int, tuple[str, ...]]] = []
    for number, (start, end) in enumerate(spans):
        role = sentence_roles(text[start:end])
        if start >= notes:
            role |= Role.NOTE
        elif start >= separate:
            role |= Role.SEPARATE
        if role & Role.DISPOSITION and not role & (Role.NOTE | Role.SEPARATE | Role.REPORTED):
            words = disposition_words(" ".join(text[start:end].lower().replace("’", "'").split()))
            found.append((number, words))
        roles.append(int(role))
    return Structure(tuple(roles), _disposition(text, spans, found))


def _disposition(
    text: str, spans: Sequence[tuple[int, int]], found: list[tuple[int, tuple[str, ...]]]
) -> Disposition:
    words = tuple(dict.fromkeys(w for _, ws in found for w in ws))
    families = frozenset(f for w in words for f in FAMILY.get(w, ()))
    winners: set[str] = set()
    losers: set[str] = set()
    appellate = families & {AFFIRM, REVERSE}
    if len(appellate) == 1:
        outcome = next(iter(appellate))
        winners.update(_APPELLATE_WINNER[outcome])
        losers.update(_APPELLATE_WINNER[OPPOSITE[outcome]])
        appellant = _appellant(text)
        if appellant:
            (losers if outcome == AFFIRM else winners).add(appellant)
            (winners if outcome == AFFIRM else losers).add(OTHER_SIDE.get(appellant, ""))
    for number, _ in found:
        sentence = " ".join(text[slice(*spans[number])].lower().replace("’", "'").split())
        for m in _MOVANT.finditer(sentence):
            side, verb = m.group(1), m.group(2)
            (winners if verb == GRANT else losers).add(side)
            (losers if verb == GRANT else winners).add(OTHER_SIDE[side])
        for m in _JUDGMENT_FOR.finditer(sentence):
            winners.add(m.group(1))
            losers.add(OTHER_SIDE[m.group(1)])
    winners.discard("")
    losers.discard("")
    both = winners & losers  # a side said to win and lose: nothing is known of it
    return Disposition(
        families,
        words,
        tuple(n for n, _ in found),
        frozenset(winners - both),
        frozenset(losers - both),
    )


def _appellant(text: str) -> str:
    """The side (plaintiff, defendant) that brought the appeal, when the opinion says so in
    its opening ("defendant-appellant"); "" when it does not, or says both."""
    sides = set()
    for m in _APPELLANT.finditer(text[:4000].lower()):
        side, stands = m.group(1) or m.group(3), m.group(2) or "appellant"
        if side in ("plaintiff", "defendant"):
            sides.add(side if stands in ("appellant", "petitioner") else OTHER_SIDE[side])
    return sides.pop() if len(sides) == 1 else ""


_RULES = 1  # bump when the reading changes in a way the patterns below do not show
STRUCTURE_KEY = hashlib.sha256(
    repr(
        (
            _RULES,
            ROLE_PATTERNS,
            DICTA_MARKER.pattern,
            REJECTING_MARKER.pattern,
            _SEPARATE_HEAD.pattern,
            _NOTES_HEAD.pattern,
            _MOVANT.pattern,
            _APPELLANT.pattern,
        )
    ).encode()
).hexdigest()[:16]  # what a library's stored structure was read under (`pack_structure`)


def pack_structure(structure: Structure) -> bytes:
    """The structure as a library keeps it: compressed JSON, read under ``STRUCTURE_KEY``."""
    d = structure.disposition
    data = {
        "roles": bytes(structure.roles).hex(),  # one byte a sentence: every role fits in eight bits
        "families": sorted(d.families),
        "words": list(d.words),
        "sentences": list(d.sentences),
        "winners": sorted(d.winners),
        "losers": sorted(d.losers),
    }
    return zlib.compress(json.dumps(data, separators=(",", ":")).encode())


@functools.lru_cache(maxsize=64)
def unpack_structure(blob: bytes, sentences: int) -> Structure | None:
    """A stored structure for an opinion of ``sentences`` sentences; None when damaged or
    read for other sentences. Kept unpacked for the next check of the same opinion (keyed by
    the stored bytes: never taken for another opinion's)."""
    try:
        data = json.loads(zlib.decompress(blob).decode())
        roles = tuple(bytes.fromhex(data["roles"]))
        if len(roles) != sentences:
            return None
        disposition = Disposition(
            frozenset(data["families"]),
            tuple(data["words"]),
            tuple(int(n) for n in data["sentences"]),
            frozenset(data["winners"]),
            frozenset(data["losers"]),
        )
    except (zlib.error, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    return Structure(roles, disposition)


@per_opinion
def opinion_structure(opinion: Opinion) -> Structure:
    """The opinion's structure: as read when the library was built, else now."""
    spans = opinion_sentences(opinion)
    if opinion.structure is not None:
        stored = unpack_structure(opinion.structure, len(spans))
        if stored is not None:
            return stored
    return read_structure(opinion.text, spans)


__all__ = ["DICTA_MARKER", "REJECTING_MARKER", "Role", "Structure", "opinion_structure", "read_structure"]

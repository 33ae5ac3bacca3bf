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

import hashlib
import json
import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntFlag

from citeproof.core.checking.memo import per_opinion
from citeproof.core.checking.signatures import opinion_sentences
from citeproof.core.models import Opinion


class Role(IntFlag):
    """The parts a sentence of an opinion can play (several at once)."""

    HOLDING = 1
    DICTA = 2
    REJECTING = 4
    REPORTED = 8
    HISTORY = 16
    DISPOSITION = 32
    SEPARATE = 64  # in a dissent or a concurrence
    NOTE = 128  # in the notes (footnotes) section

    @classmethod
    def not_the_courts(cls) -> Role:
        """Sentences that do not say what this court holds."""
        return cls.DICTA | cls.REJECTING | cls.REPORTED | cls.HISTORY | cls.SEPARATE


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

_VERBS = r"affirmed|reversed|vacated|annulled|remanded|granted|denied|dismissed|modified|set aside"
_NOUNS = (
    r"judgments?|orders?|decrees?|convictions?|sentences?|decisions?|rulings?|awards?|petitions?|writs?|"
    r"motions?|appeals?|applications?|requests?|complaints?|cause|case|matter|claims?|counts?|verdicts?|"
    r"opinion|rule|demurrer|objections?|exceptions?|relief"
)
_STANDALONE = re.compile(
    rf"^(?:[\w.'’,-]+\s+){{0,6}}?(?:{_VERBS})\b[^.]{{0,140}}\.?$"  # "Judgment affirmed." "Order reversed."
)
_STANDALONE_LEAD = re.compile(rf"^(?:(?:the|unpublished|final)\s+)?(?:{_NOUNS}|{_VERBS})\b")
_PASSIVE = re.compile(
    rf"\b(?:{_NOUNS})\b[^.;]{{0,160}}?\b(?:is|are|shall be|must be|will be|be,? and (?:the same )?(?:is|are))"
    rf"(?:\s+|,\s*)(?:(?:hereby|therefore|accordingly|thus|in all respects|in part|in its entirety|"
    rf"respectfully|,)\s*)*(?P<verb>{_VERBS})\b"
)
_WE = re.compile(
    r"\b(?:we|i)\s+(?:(?:therefore|thus|accordingly|hereby|must|now|respectfully|,)\s*)*"
    r"(?P<verb>affirm|reverse|vacate|remand|grant|deny|dismiss)\b"
)
_MORE_VERBS = re.compile(
    rf"\b(?:is|are|be)\s+(?:hereby\s+|further\s+|,\s*)*(?P<verb>{_VERBS})\b|\band\s+"
    rf"(?P<and>{_VERBS}|remand|reverse|vacate|affirm)\b"
)
_HEDGED = re.compile(r"\b(?:if|unless|whether|would|should|could|might|when|where|once|until|were we)\b")
_CONDITION_AFTER = re.compile(r"\b(?:if|unless|whenever|only when)\b")

_HOLDING = re.compile(
    r"\b(?:we|i|this court|the court)\s+(?:(?:therefore|thus|now|accordingly|also|further|,)\s+)*"
    r"(?:hold|holds|conclude|concludes)\b|\bit is held\b"
)
DICTA_MARKER = re.compile(
    r"\bneed not (?:\w+ )?(?:decide|reach|address|determine|consider|resolve|rule)\b|\bwithout deciding\b|"
    r"\barguendo\b|\beven if\b|\beven assuming\b|\bexpress(?:es)? no (?:view|opinion)\b|"
    r"\b(?:do|does|did) not (?:decide|reach)\b|\bleaves? (?:open|for another day)\b|\bleft open\b|"
    r"\bwe are not called upon\b|\bobiter\b|\bdict(?:um|a)\b|\bassuming,? for the sake of argument\b|"
    r"\bwe (?:will |shall )?assume\b"
)
REJECTING_MARKER = re.compile(
    r"\b(?:we|i|this court|the court)\s+(?:(?:therefore|thus|also|further|accordingly|respectfully|,)\s+)*"
    r"(?:reject|rejects|decline|declines|refuse|refuses|disagree|disagrees|disapprove|disapproves|"
    r"(?:are|am|is) (?:not|un)persuaded|cannot (?:accept|agree)|do not (?:agree|accept))\b|"
    r"\b(?:is|are|was|were) (?:without merit|unpersuasive|not persuasive|meritless|unavailing)\b|"
    r"\blacks? merit\b|\bwe find no merit\b"
)
_REPORTED = re.compile(
    r"\b(?:plaintiffs?|defendants?|appellants?|appellees?|petitioners?|respondents?|claimants?|"
    r"movants?|the (?:state|government|commonwealth|people|prosecution|prosecutor|defense|city|county)|"
    r"he|she|they|counsel|[a-z]+['’]s counsel)\s+(?:(?:also|further|now|next|first|essentially|"
    r"apparently|nevertheless|instead|alternatively|,)\s+)*(?:argues?|argued|contends?|contended|"
    r"asserts?|asserted|urges?|urged|maintains?|maintained|insists?|insisted|(?:claims?|claimed)(?= that)|"
    r"complains?|complained|posits?|submits?|suggests?|suggested)\b|"
    r"\baccording to\b|\b(?:argument|contention|position|theory) (?:is|was) that\b"
)
_LOWER = (
    r"trial|district|lower|circuit|superior|county|municipal|bankruptcy|family|probate|juvenile|chancery|"
    r"magistrate|appellate|intermediate|common pleas|city|criminal|civil|tax|claims|hearing|motion"
)
_PAST = (
    r"granted|denied|dismissed|entered|found|ruled|held|concluded|awarded|sustained|overruled|affirmed|"
    r"reversed|vacated|rendered|convicted|sentenced|determined|refused|certified|agreed|rejected"
)
_HISTORY = re.compile(
    rf"\b(?:{_LOWER})\s+(?:court|judge|justice)\b[^.;]{{0,80}}?"
    rf"(?<!\bis )(?<!\bare )(?<!\bbe )\b(?:{_PAST})\b|"
    rf"\bcourt below\b|\bon appeal\b|"
    rf"\b(?:court of (?:civil |criminal |special )?appeals?|appeals court|appellate division|"
    rf"commonwealth court)\b[^.;]{{0,60}}?\b(?:{_PAST})\b|"
    rf"\b(?:jury|board|commission|referee|hearing officer|arbitrators?|agency|administrative law judge|"
    rf"alj|commissioner|master|examiner)\b[^.;]{{0,60}}?\b(?:{_PAST}|returned)\b|"
    rf"\b(?:was|were|had been|has been|have been)\s+(?:\w+\s+){{0,3}}?(?:affirmed|reversed|vacated|granted|"
    rf"denied|dismissed|remanded)\b|"
    rf"\b(?:rehearing|certiorari|cert\.|review|transfer|leave to appeal)\b[^.;]{{0,40}}?"
    rf"\b(?:denied|granted|dismissed)\b|\b(?:denied|granted|dismissed|filed)\s+(?:on\s+)?(?:jan|feb|mar|apr|may|"
    rf"jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|"
    rf"\bthis court (?:previously |earlier |then )?(?:affirmed|reversed|vacated|remanded)\b|"
    rf"\b(?:prior|earlier|previous|first|former) appeal\b"
)
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


# Words without one of which a pattern cannot match: tested first, at C speed (an opinion
# has thousands of sentences, and most match none of the patterns).
_GATES: tuple[tuple[Role, tuple[str, ...], re.Pattern[str]], ...] = (
    (Role.HOLDING, (" hold", "conclude", "it is held"), _HOLDING),
    (
        Role.DICTA,
        (
            "need not",
            "deciding",
            "arguendo",
            "even ",
            "express",
            "not decide",
            "not reach",
            "leave",
            "left open",
            "called upon",
            "obiter",
            "dict",
            "argument",
            "assum",
        ),
        DICTA_MARKER,
    ),
    (
        Role.REJECTING,
        (
            "reject",
            "declin",
            "refus",
            "disagree",
            "disapprove",
            "persua",
            "cannot",
            "not agree",
            "not accept",
            "merit",
            "unavailing",
        ),
        REJECTING_MARKER,
    ),
    (
        Role.REPORTED,
        (
            "argu",
            "contend",
            "assert",
            "urge",
            "maintain",
            "insist",
            "claim",
            "complain",
            "posit",
            "submit",
            "suggest",
            "according to",
            "contention",
            "position",
            "theory",
        ),
        _REPORTED,
    ),
    (
        Role.HISTORY,
        (
            "court",
            "judge",
            "justice",
            "below",
            "appeal",
            "jury",
            "board",
            "commission",
            "referee",
            "hearing",
            "arbitrat",
            "agency",
            "alj",
            "master",
            "examiner",
            "affirm",
            "revers",
            "vacat",
            "grant",
            "deni",
            "dismiss",
            "remand",
            "certiorari",
            "cert.",
            "review",
            "transfer",
            "filed",
        ),
        _HISTORY,
    ),
)
_DISPOSITION_GATE = (
    "affirm",
    "revers",
    "vacat",
    "annul",
    "remand",
    "grant",
    "deni",
    "deny",
    "dismiss",
    "modif",
    "set aside",
)


def sentence_roles(sentence: str) -> Role:
    """The roles one sentence's own words give it (not SEPARATE or NOTE: those depend on
    where it stands)."""
    low = " ".join(sentence.lower().replace("’", "'").split())
    role = Role(0)
    for flag, gate, pattern in _GATES:
        if any(word in low for word in gate) and pattern.search(low):
            role |= flag
    if any(word in low for word in _DISPOSITION_GATE) and disposition_words(low):
        role |= Role.DISPOSITION
    return role


def disposition_words(low: str) -> tuple[str, ...]:
    """The disposition words of a lower-cased sentence that states this court's own
    disposition, or () when it does not (history, a hypothesis, another court)."""
    low = low.strip().rstrip(")")
    if len(low) <= 160 and _STANDALONE_LEAD.match(low) and _STANDALONE.match(low):
        if _HISTORY.search(low):
            return ()
        return tuple(m.group(0) for m in re.finditer(_VERBS, low))
    for pattern in (_PASSIVE, _WE):
        m = pattern.search(low)
        if (
            m
            and len(low) <= 500
            and not _HEDGED.search(low[: m.start("verb")])
            and not _CONDITION_AFTER.search(low, m.end("verb"))
        ):
            rest = [x.group("verb") or x.group("and") for x in _MORE_VERBS.finditer(low, m.end("verb"))]
            return (m.group("verb"), *rest)
    return ()


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
            _STANDALONE.pattern,
            _PASSIVE.pattern,
            _WE.pattern,
            _HOLDING.pattern,
            DICTA_MARKER.pattern,
            REJECTING_MARKER.pattern,
            _REPORTED.pattern,
            _HISTORY.pattern,
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


def unpack_structure(blob: bytes, sentences: int) -> Structure | None:
    """A stored structure for an opinion of ``sentences`` sentences; None when damaged or
    read for other sentences."""
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

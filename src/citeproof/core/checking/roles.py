"""The part a sentence of an opinion plays, read from its own words: a holding, dicta, the
court rejecting a view, a party's argument, procedural history, this court's disposition
(`structure` adds where it stands: a separate opinion, the notes). Each pattern is tried
only on sentences holding one of its gate words (`_GATES`): most sentences match none.
"""

from __future__ import annotations

import re
from enum import IntFlag


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


# What a library's stored roles were read under (part of ``structure.STRUCTURE_KEY``).
ROLE_PATTERNS = tuple(
    p.pattern
    for p in (_STANDALONE, _PASSIVE, _WE, _HOLDING, DICTA_MARKER, REJECTING_MARKER, _REPORTED, _HISTORY)
) + tuple(" ".join(gate) for _, gate, _ in _GATES)

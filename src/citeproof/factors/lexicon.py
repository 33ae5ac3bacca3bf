"""How arguments name CATO factors: codes, factor names and plain-English paraphrases.

``PATTERNS`` maps a factor id to regexes (case-insensitive). ``SUPPRESSES`` lists the
more specific factor whose match hides an overlapping match of a general one
("took no security measures" is F19, not F6).
"""

from __future__ import annotations

import re
from functools import cache

from citeproof.factors.data import load_factors

_GAP = r"(?:\s+\S+){0,%d}?\s+"


def _gap(n: int) -> str:
    return _GAP % n


_DISCLOSE = r"(?:disclos\w*|reveal\w*|shar(?:e|ed|ing)|gave|giv\w*|show\w*|sold|conve\w*)"
_OUTSIDERS = (r"(?:outsiders|outside\s+parties|third\s+parties|customers|suppliers|"
              r"contractors|licensees|the\s+public)")

PARAPHRASES: dict[str, tuple[str, ...]] = {
    "F1": (_DISCLOSE + _gap(6) + r"(?:during|in|while|when|in\s+the\s+course\s+of)\s+"
           r"(?:\w+\s+){0,3}?negotiat\w*",
           r"\bnegotiations?\s+disclosure", r"\bdisclosure\s+(?:made\s+)?(?:during|in)\s+"
           r"(?:\w+\s+){0,2}?negotiat\w*"),
    "F2": (r"\bbrib\w*", r"\b(?:paid|pay\w*|offer\w*|induc\w*|lur\w*|entic\w*|poach\w*)\b"
           + _gap(5) + r"(?:employee|engineer|worker|staff)\w*"),
    "F3": (r"\bsole\s+developer", r"\bemployee[- ]developer",
           r"\bonly\s+(?:person|one|employee)\s+(?:who\s+)?develop\w*",
           r"\bdeveloped\b" + _gap(4) + r"(?:alone|single-handedly|on\s+(?:his|her)\s+own)"),
    "F4": (r"\bnon-?disclosure\s+(?:agreement|contract|covenant)",
           r"\bconfidentiality\s+(?:agreement|contract|covenant)", r"\bNDA\b",
           r"\bagreed\s+not\s+to\s+disclose"),
    "F5": (r"\bagreement\b" + _gap(3) + r"(?:did\s+not|didn't|failed\s+to|does\s+not)\s+"
           r"(?:specify|identify|say|define|state|describe)",
           r"\bagreement\s+(?:was|is)\s+(?:not\s+specific|vague|too\s+general|unspecific)",
           r"\b(?:vague|non-?specific|unspecific|general)\s+(?:nondisclosure\s+|non-disclosure\s+|"
           r"confidentiality\s+)?agreement"),
    "F6": (r"\bsecurity\s+(?:measures|precautions|procedures|protocols?|steps)",
           r"\brestrict\w*\s+access", r"\block\s+and\s+key", r"\bclosely\s+guarded",
           r"\bguard\w*\s+(?:the|its|their)\s+\w+",
           r"\bkept\b" + _gap(3) + r"(?:secret|confidential|closely\s+guarded)",
           r"\b(?:took|take|taken|taking)\s+(?:active\s+|reasonable\s+)?(?:steps|measures|"
           r"precautions)\s+to\s+(?:keep|protect|maintain|safeguard)"),
    "F7": (r"\b(?:brought|bringing|bring|brings|took|taking|carried|carrying)\b" + _gap(5)
           + r"(?:tools|drawings|documents|blueprints|designs|files|notes|prototypes|"
           r"product[- ]development\s+materials?)",),
    "F8": (r"\bcompetitive\s+advantage", r"\bhead\s+start",
           r"\b(?:saved|saving|saves|save)\b" + _gap(4)
           + r"(?:development|research|time|money|expense|effort|costs?)"),
    "F10": (_DISCLOSE + _gap(5) + r"to\s+" + _OUTSIDERS, r"\bdisclosures?\s+to\s+" + _OUTSIDERS,
            r"\bto\s+outside\s+parties"),
    "F11": (r"\bvertical\s+knowledge",
            r"\b(?:information|info|data|knowledge|lists?)\s+(?:about|concern\w*|regarding|on)\s+"
            r"(?:[\w']+\s+){0,2}?(?:customers|suppliers|clients)",
            r"\bcustomer\s+(?:information|lists?|data|identities)",
            r"\bconcern\w*\s+(?:its\s+|the\s+|their\s+)?(?:customers|suppliers|clients)"),
    "F12": (r"\b(?:disclos\w*|reveal\w*)\b" + _gap(6) + r"(?:only\s+)?(?:under|subject\s+to|with)"
            r"\s+(?:\w+\s+){0,2}?(?:confidentiality|restrictions|nondisclosure)",
            r"\bdisclosures?\b" + _gap(4) + r"(?:were|was)\s+(?:\w+\s+)?restricted"),
    "F13": (r"\bnon-?competition\s+(?:agreement|clause|covenant)", r"\bnon-?compete\b",
            r"\bcovenant\s+not\s+to\s+compete", r"\bagreed\s+not\s+to\s+compete"),
    "F14": (r"\brestricted\s+materials?",
            r"\bused\s+(?:\w+\s+){0,2}?materials?\b" + _gap(5)
            + r"(?:in\s+confidence|under\s+(?:\w+\s+){0,2}?restrictions?|under\s+confidentiality"
            r"|subject\s+to\s+(?:\w+\s+)?restrictions?)"),
    "F15": (r"\bunique\s+(?:product|design|formula|device|in\s+the\s+market)",
            r"\b(?:product|design|formula)\s+(?:was|is)\s+unique", r"\bwas\s+unique\b",
            r"\bonly\s+(?:maker|manufacturer|producer|supplier|source|one\s+of\s+its\s+kind)",
            r"\bonly\s+company\s+(?:making|producing|that\s+made)",
            r"\bsole\s+(?:manufacturer|maker|producer|supplier)"),
    "F16": (r"\breverse[- ]engineerab\w*",
            r"\b(?:could|can|might)\s+(?:have\s+)?(?:been\s+|be\s+)?(?:reverse[- ]engineered|"
            r"(?:discovered|learned|obtained|duplicated)\s+(?:by|through)\s+"
            r"reverse[- ]engineering)",
            r"\bsusceptible\s+to\s+reverse[- ]engineering"),
    "F17": (r"\bindependent(?:ly)?\s+(?:develop\w*|generat\w*|research|creat\w*|deriv\w*|"
            r"invent\w*|design\w*)", r"\bdeveloped\b" + _gap(4) + r"independently",
            r"\bits\s+own\s+(?:independent\s+)?research"),
    "F18": (r"\bidentical\s+(?:products?|designs?|cop(?:y|ies)|devices?|tools?)",
            r"\b(?:was|were|is|are)\s+(?:\w+\s+)?identical\b", r"\bidentical\s+to\s+the",
            r"\b(?:was|is)\s+a\s+(?:\w+\s+)?copy\s+of"),
    "F19": (r"\bno\s+(?:\w+\s+){0,1}?(?:security\s+)?(?:measures|precautions|steps|efforts?)\b",
            r"\b(?:complete|total|utter)\s+lack\s+of\s+(?:any\s+)?security",
            r"\bfailed\s+to\s+(?:take|adopt)\s+(?:any\s+)?(?:security\s+)?(?:measures|precautions)",
            r"\bdid\s+nothing\s+to\s+(?:protect|keep|maintain)"),
    "F20": (r"\bknown\s+(?:to|by|among|in|throughout)\s+(?:\w+\s+){0,2}?(?:competitors|"
            r"industry|trade|rivals)", r"\bcompetitors\s+(?:\w+\s+)?(?:knew|know|were\s+aware)",
            r"\bcompetitor\s+knowledge", r"\bgenerally\s+known"),
    "F21": (r"\bknew\b" + _gap(4) + r"(?:was\s+|were\s+)?confidential",
            r"\bknew\s+of\s+(?:the\s+|its\s+)?confidentiality",
            r"\baware\s+(?:of\s+)?(?:its|the|their)\s+confidential\w*",
            r"\bon\s+notice\s+(?:that|of)\s+(?:\w+\s+){0,3}?confidential\w*"),
    "F22": (r"\bespionage", r"\btrespass\w*", r"\binvasive\s+(?:means|techniques|methods)",
            r"\bwiretap\w*", r"\bbroke\s+into"),
    "F23": (r"\bwaiv(?:e|ed|es|ing)\b" + _gap(3) + r"confidentiality",
            r"\bwaiver\s+of\s+(?:\w+\s+)?confidentiality",
            r"\bgave\s+up\s+(?:\w+\s+)?confidentiality"),
    "F24": (r"\bobtainable\s+(?:\w+\s+){0,4}?(?:elsewhere|sources)",
            r"\bavailable\s+(?:from|in|through)\s+(?:\w+\s+){0,2}?(?:public|other|legitimate)\s+"
            r"(?:\w+\s+)?sources", r"\bpublicly\s+available", r"\bavailable\s+elsewhere",
            r"\bcould\s+(?:have\s+been|be)\s+obtained\s+(?:elsewhere|from\s+public)"),
    "F25": (r"\breverse[- ]engineered\b",
            r"\b(?:obtained|learned|acquired|got)\b" + _gap(3) + r"by\s+reverse[- ]engineering"),
    "F26": (r"\bdecei\w*", r"\bdecepti\w*", r"\bdeceit\w*", r"\blied\b", r"\blying\b",
            r"\bmisrepresent\w*", r"\bfraud\w*", r"\btricked\b"),
    "F27": (r"\bpublic\s+(?:forum|disclosure|announcement|conference|presentation)",
            r"\bpublish\w*", r"\btrade\s+show", r"\b(?:disclos\w*|reveal\w*|announc\w*|"
            r"present\w*)\s+(?:\w+\s+){0,2}?publicly", r"\bat\s+a\s+(?:public\s+)?(?:conference|"
            r"seminar|symposium)"),
}

SUPPRESSES: dict[str, tuple[str, ...]] = {
    "F19": ("F6",), "F12": ("F10",), "F5": ("F4",), "F16": ("F25",), "F14": ("F12",),
}

CODE = re.compile(r"\bF\s?(\d{1,3})\b")


def _name_regex(name: str) -> str:
    parts = [re.escape(p) for p in name.split("-")]
    return r"(?<![\w-])" + r"[-\s]+".join(parts) + r"(?![\w-])"


@cache
def compiled() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """(factor id, pattern) pairs: names first, then paraphrases."""
    out: list[tuple[str, re.Pattern[str]]] = []
    for factor in load_factors():
        out.append((factor.id, re.compile(_name_regex(factor.name), re.IGNORECASE)))
    for fid, patterns in PARAPHRASES.items():
        out.extend((fid, re.compile(p, re.IGNORECASE)) for p in patterns)
    return tuple(out)

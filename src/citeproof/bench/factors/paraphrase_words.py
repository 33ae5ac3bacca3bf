"""The building blocks of the factor paraphrases: word classes and gaps shared by many patterns.

``paraphrases.PARAPHRASES`` combines them into one tuple of regexes per factor. Patterns are
matched case-insensitively; gaps between words never cross a sentence end.
"""

from __future__ import annotations


def gap(n: int) -> str:
    """Up to n words (lazily) between two parts of a pattern, within one sentence."""
    return r"(?:\s+[^\s.;:!?]+){0," + str(n) + r"}?\s+"


def any_of(*words: str) -> str:
    return "(?:" + "|".join(words) + ")"


W = r"(?:[\w'-]+\s+)"  # one word and the space after it
DISCLOSE = any_of(
    r"disclos\w*",
    r"reveal\w*",
    r"shar(?:e|ed|es|ing)",
    "gave",
    r"giv\w*",
    r"show(?:ed|n|ing)?",
    r"conve\w*",
    r"divulg\w*",
    r"releas\w*",
    r"provid\w*",
    "sent",
    r"hand(?:ed|ing)",
    r"distribut\w*",
    r"circulat\w*",
    r"leak\w*",
    r"(?:had\s+)?(?:gone|went|came|come)\s+out",
    r"passed\s+(?:on|along)",
    r"made\s+(?:\w+\s+)?available",
)
OWNERS = r"(?:(?:its|their|the|his|her|various|several|many|some|potential)\s+)?"
OUTSIDERS = OWNERS + any_of(
    r"outsiders",
    r"outside\s+(?:parties|firms|companies)",
    r"third\s+parties",
    "customers",
    "clients",
    "suppliers",
    "vendors",
    r"(?:sub)?contractors",
    "licensees",
    "distributors",
    "dealers",
    "consultants",
    "purchasers",
    r"the\s+public",
    r"other\s+(?:companies|firms|businesses)",
)
AGREEMENT = r"(?:agreement|contract|NDA|clause|covenant|undertaking)s?\b"
SECRET = any_of(r"confidential\w*", "secret", "proprietary", r"trade\s+secrets?")
MODAL = r"(?:could|can|might|may|would)\s+"
PRODUCT = any_of(
    "product",
    "design",
    "formula",
    "device",
    "machine",
    "process",
    "recipe",
    "tool",
    "system",
    "item",
    "technology",
    "invention",
    "compound",
    "software",
)

NEGOTIATION = any_of(
    r"negotiat\w*",
    r"(?:licen[cs]\w*|sale|merger|acquisition|"
    r"joint[- ]venture|partnership|business|deal)\s+(?:talks|discussions)",
)
PROSPECT = any_of(
    "licensee",
    "buyer",
    "purchaser",
    "partner",
    "investor",
    "acquirer",
    r"joint[- ]venturer",
    r"business\s+partner",
)
STAFF = any_of(
    r"employees?",
    r"engineers?",
    r"workers?",
    "staff",
    "personnel",
    r"chemists?",
    r"technicians?",
    r"programmers?",
    r"sales(?:m[ae]n|people)",
    r"managers?",
)
MATERIALS = any_of(
    r"tools?",
    "tooling",
    "drawings",
    "documents",
    "blueprints",
    "designs",
    "files",
    r"notes(?:books)?",
    "prototypes",
    "plans",
    "schematics",
    "specifications",
    "manuals",
    "software",
    r"source\s+code",
    "disks",
    "samples",
    "papers",
    "molds",
    "moulds",
    "sketches",
    r"materials?",
    r"product[- ]development\s+materials?",
)
SAVING = any_of(
    "development",
    "research",
    r"R&D",
    "time",
    "money",
    r"expenses?",
    "effort",
    r"costs?",
    "years",
    "months",
    r"design\s+work",
)
COMPETITORS = any_of(
    r"competitors?",
    r"rivals?",
    r"rival\s+(?:firms|companies|makers|"
    r"manufacturers)",
    r"others\s+in\s+the\s+(?:industry|trade|field)",
)
PLACE = any_of(
    "laboratory",
    "lab",
    "room",
    "safe",
    "vault",
    r"cabinets?",
    r"drawers?",
    "facility",
    "building",
    "area",
    "plant",
    "office",
    r"files?",
)
SOURCES = any_of(
    "sources",
    r"catalogu?es",
    "literature",
    "publications",
    "journals",
    "directories",
    "records",
    "manuals",
    "handbooks",
    "textbooks",
    "references",
)
VENUE = any_of(
    "exhibition",
    "exhibit",
    "expo",
    "exposition",
    r"trade\s+(?:show|fair)",
    "fair",
    "convention",
    "symposium",
    "seminar",
    "conference",
    "lecture",
)
PRINT = any_of(
    "journal",
    "magazine",
    "article",
    "paper",
    "brochure",
    r"catalogu?e",
    "publication",
    "textbook",
    r"advertis\w*",
    "patent",
    "newsletter",
    "website",
    r"press\s+release",
)
# "... to keep its design secret" after "no measures": part of the F19 phrase, not F6
TO_PROTECT = (
    r"(?:\s+to\s+(?:keep|protect|maintain|safeguard|secure|guard|preserve)\b"
    r"(?:\s+[^\s.;:!?]+){0,4}?(?:\s+(?:secret|confidential|safe|private))?)?"
)
RESTRICTED = (
    r"(?:in\s+confidence|confidentially|in\s+trust|(?:subject\s+to|under|"
    r"pursuant\s+to)\s+" + W + r"{0,2}?(?:confidentiality|restrictions?|"
    r"non-?disclosure|secrecy|an?\s+NDA))"
)

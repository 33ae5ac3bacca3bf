"""A case's name as a citation shows it, Bluebook style: ``NLRB v. Katz``, ``Brown v. Bd.
of Educ.``, from the library's name (or the catalogue's all-caps one).

Words are abbreviated by Bluebook table T6 (as reporters-db ships it), agencies known by
their initials are written so (a small table), "et al." and procedural tails go, and a
party that is a single word keeps it whole. Display only: names are matched in `names.py`.
"""

from __future__ import annotations

import re

_INITIALS = {
    "national labor relations board": "NLRB",
    "securities and exchange commission": "SEC",
    "federal trade commission": "FTC",
    "federal communications commission": "FCC",
    "equal employment opportunity commission": "EEOC",
    "environmental protection agency": "EPA",
    "internal revenue service": "IRS",
    "immigration and naturalization service": "INS",
    "federal energy regulatory commission": "FERC",
    "interstate commerce commission": "ICC",
    "federal power commission": "FPC",
    "national collegiate athletic association": "NCAA",
    "federal deposit insurance corporation": "FDIC",
    "commissioner of internal revenue": "Commissioner",
    "united states of america": "United States",
}
_BUSINESS = re.compile(r"(?:Inc|Ltd|L\.?L\.?C|LLC|L\.?P|N\.?A|Co|Corp|P\.?C|S\.?A)\b\.?", re.I)
_MORE_T6 = {"american": "Am.", "americans": "Ams."}  # words T6 has that reporters-db lacks
_SMALL = {"v.", "of", "the", "and", "for", "in", "on", "to", "ex", "rel.", "a", "an", "by", "de", "la"}
_TAILS = re.compile(
    r",?\s+(?:et\s+al\.?|et\s+ux\.?|petitioners?|respondents?|appellants?|appellees?)\b\.?", re.I
)


def _t6() -> dict[str, str]:
    """Each word of Bluebook T6 → its abbreviation (``Association`` → ``Ass'n``)."""
    from reporters_db import CASE_NAME_ABBREVIATIONS

    table: dict[str, str] = {}
    for abbreviation, words in CASE_NAME_ABBREVIATIONS.items():
        for word in words:
            if " " in word or not word[:1].isupper():
                continue
            known = table.get(word.lower())
            if known is None or (not known.endswith(".") and "'" not in known):
                table[word.lower()] = abbreviation
    return table | _MORE_T6


_T6 = _t6()


_VERSUS = re.compile(r"\s+[Vv][Ss]?\.\s*(?=[A-Z0-9\"“])")


def short_name(name: str) -> str:
    """``NATIONAL LABOR RELATIONS BOARD v. KATZ et al.`` → ``NLRB v. Katz``."""
    name = _TAILS.sub("", " ".join(name.split())).strip(" ,")
    if not re.search(r"\sv\.\s", name):  # a catalogue's "et al. V.WILLIAM TWOMBLY", "Smith vs. Jones"
        name = _VERSUS.sub(" v. ", name, count=1)
    if re.sub(r"\bv\.", "", name).isupper():
        name = _title_case(name)
    parties = re.split(r"\s+v\.\s+", name, maxsplit=1)
    return " v. ".join(_short_party(_without_description(p)) for p in parties)


def _without_description(party: str) -> str:
    """``Wainwright, Corrections Director`` → ``Wainwright``; ``Acme, Inc.`` stays."""
    head, comma, rest = party.partition(", ")
    if comma and not _BUSINESS.match(rest):
        return head
    return party


def _title_case(name: str) -> str:
    words = []
    for i, word in enumerate(name.split()):
        lowered = word.lower()
        if i and lowered in _SMALL:
            words.append(lowered)
        elif re.fullmatch(r"(?:[A-Z]\.){2,}", word):  # U.S., N.Y.
            words.append(word)
        else:
            words.append(re.sub(r"[A-Za-z]+", lambda m: m.group().capitalize(), lowered, count=1))
    return " ".join(words)


def _short_party(party: str) -> str:
    lowered = party.lower().strip(" ,")
    for full, initials in _INITIALS.items():
        if lowered == full or lowered.startswith(full + " ") or lowered.startswith(full + ","):
            party = initials + party.strip(" ,")[len(full) :]
            break
    words = party.split()
    if len(words) < 2:
        return party
    return " ".join(_abbreviate(w) for w in words)


def _abbreviate(word: str) -> str:
    core = word.rstrip(",;")
    tail = word[len(core) :]
    key = core.lower()
    if key in _T6:
        return _T6[key] + tail
    if len(key) > 3 and key.endswith("s") and key[:-1] in _T6:  # Associations → Ass'ns
        abbreviation = _T6[key[:-1]]
        plural = abbreviation[:-1] + "s." if abbreviation.endswith(".") else abbreviation + "s"
        return plural + tail
    return word


def same_short_name(a: str, b: str) -> bool:
    """Do two names read the same once both are abbreviated (case and spacing aside)?"""
    return _folded(a) == _folded(b)


def _folded(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", short_name(name).lower())

"""Case-name normalisation and matching (Bluebook abbreviations, party order, generic parties)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from rapidfuzz import fuzz

# Bluebook T6-style abbreviations and their full words, both mapped to one canonical token.
_ABBREVIATIONS = {
    "acad": "academy",
    "admin": "administration",
    "admr": "administrator",
    "am": "american",
    "assn": "association",
    "assoc": "associate",
    "atty": "attorney",
    "auth": "authority",
    "bd": "board",
    "bhd": "brotherhood",
    "bros": "brothers",
    "bldg": "building",
    "bus": "business",
    "cas": "casualty",
    "ctr": "center",
    "cent": "central",
    "chem": "chemical",
    "cmty": "community",
    "co": "company",
    "commn": "commission",
    "commr": "commissioner",
    "comm": "committee",
    "cnty": "county",
    "corp": "corporation",
    "dept": "department",
    "dev": "development",
    "dist": "district",
    "div": "division",
    "educ": "education",
    "elec": "electric",
    "emp": "employment",
    "engg": "engineering",
    "envtl": "environmental",
    "equip": "equipment",
    "exch": "exchange",
    "fed": "federal",
    "fin": "financial",
    "govt": "government",
    "hosp": "hospital",
    "hous": "housing",
    "indep": "independent",
    "indus": "industries",
    "info": "information",
    "ins": "insurance",
    "intl": "international",
    "inv": "investment",
    "lab": "laboratory",
    "mach": "machine",
    "mfg": "manufacturing",
    "mgmt": "management",
    "mkt": "market",
    "mut": "mutual",
    "natl": "national",
    "nw": "northwest",
    "org": "organization",
    "pac": "pacific",
    "pharm": "pharmaceutical",
    "prods": "products",
    "prop": "property",
    "pub": "public",
    "rd": "road",
    "ry": "railway",
    "rr": "railroad",
    "sav": "savings",
    "sch": "school",
    "sec": "securities",
    "serv": "service",
    "servs": "services",
    "soc": "society",
    "sys": "system",
    "tel": "telephone",
    "transp": "transportation",
    "twp": "township",
    "univ": "university",
    "util": "utility",
    "se": "southeast",
    "sw": "southwest",
    "ne": "northeast",
}
_CANONICAL = {
    **{full: abbr for abbr, full in _ABBREVIATIONS.items()},
    **{abbr: abbr for abbr in _ABBREVIATIONS},
}
_STOP = {
    "the",
    "of",
    "and",
    "a",
    "an",
    "in",
    "re",
    "ex",
    "parte",
    "matter",
    "inc",
    "llc",
    "ltd",
    "lp",
    "llp",
    "pc",
    "na",
    "sa",
    "et",
    "al",
    "rel",
    "on",
    "for",
    "to",
    "by",
    "its",
    "his",
    "her",
    "petitioner",
    "respondent",
    "appellant",
    "appellee",
    "plaintiff",
    "defendant",
    "estate",
    "dba",
    "aka",
    "jr",
    "sr",
    "city",
    "doing",
    "business",
    "as",
    "vs",
    "v",
}
GENERIC_PARTIES = {
    "united states",
    "us",
    "usa",
    "america",
    "state",
    "people",
    "commonwealth",
    "commissioner",
    "commr",
    "internal revenue",
    "government",
    "nlrb",
    "sec",
    "ftc",
}
_STATE_NAMES = {
    "alabama",
    "alaska",
    "arizona",
    "arkansas",
    "california",
    "colorado",
    "connecticut",
    "delaware",
    "florida",
    "georgia",
    "hawaii",
    "idaho",
    "illinois",
    "indiana",
    "iowa",
    "kansas",
    "kentucky",
    "louisiana",
    "maine",
    "maryland",
    "massachusetts",
    "michigan",
    "minnesota",
    "mississippi",
    "missouri",
    "montana",
    "nebraska",
    "nevada",
    "ohio",
    "oklahoma",
    "oregon",
    "pennsylvania",
    "tennessee",
    "texas",
    "utah",
    "vermont",
    "virginia",
    "washington",
    "wisconsin",
    "wyoming",
    "new york",
    "new jersey",
    "new mexico",
    "new hampshire",
    "north carolina",
    "north dakota",
    "south carolina",
    "south dakota",
    "rhode island",
    "west virginia",
}


@dataclass(frozen=True, slots=True)
class NameMatch:
    matches: bool
    score: float
    explanation: str


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"['’`]", "", text.lower())


def parties(name: str) -> tuple[str, ...]:
    """Split a case name into its parties (``v.``, ``In re``, ``Ex parte``)."""
    folded = _fold(name)
    folded = re.sub(r"^(?:in re|ex parte|in the matter of|matter of)\s+", "", folded)
    folded = re.sub(r",?\s+et al\.?", "", folded)
    return tuple(p.strip(" ,.") for p in re.split(r"\s+vs?\.?\s+", folded) if p.strip(" ,."))


def party_tokens(party: str) -> frozenset[str]:
    """Distinctive words of a party; docket numbers and parentheticals are not names."""
    party = re.sub(r"\([^)]*\)", " ", party)
    tokens = re.findall(r"[a-z0-9]+", party.replace(".", ""))
    return frozenset(
        _CANONICAL.get(t, t) for t in tokens if t not in _STOP and not any(ch.isdigit() for ch in t)
    )


def is_generic(party: str) -> bool:
    text = re.sub(r"[^a-z ]", "", party).strip()
    text = re.sub(r"^(?:the )?(?:state|people|commonwealth) of ", "", text)
    return text in GENERIC_PARTIES or text in _STATE_NAMES or not party_tokens(party)


def distinctive_parties(name: str) -> tuple[frozenset[str], ...]:
    return tuple(party_tokens(p) for p in parties(name) if not is_generic(p))


def name_key(tokens: frozenset[str]) -> str:
    return " ".join(sorted(tokens))


def _token_overlap(written: frozenset[str], real: frozenset[str]) -> float:
    if not written:
        return 0.0
    hits = 0.0
    for token in written:
        if token in real or len(token) > 4 and any(fuzz.ratio(token, r) >= 85 for r in real):
            hits += 1
    return hits / len(written)


def compare_names(written: str, *real_names: str) -> NameMatch:
    """Does the name as written belong to the case known by ``real_names``?

    Conservative: it is a mismatch only when no distinctive party of the written name
    is found among the real case's parties.
    """
    written_parties = distinctive_parties(written)
    if not written_parties:
        return NameMatch(True, 1.0, "only generic parties written; nothing distinctive to compare")
    real_tokens: frozenset[str] = frozenset()
    for real in real_names:
        for tokens in distinctive_parties(real):
            real_tokens |= tokens
    if not real_tokens:
        return NameMatch(True, 1.0, "the real case has only generic parties")
    scores = [_token_overlap(p, real_tokens) for p in written_parties]
    best = max(scores)
    matched = sum(1 for s in scores if s >= 0.5)
    if matched:
        return NameMatch(True, best, f"{matched} of {len(scores)} distinctive parties match")
    return NameMatch(False, best, "no distinctive party of the written name appears in the case")


SAME_NAME = 90.0


def same_name_score(written: str, real: str) -> float:
    """0-100: how nearly two case names are the same name (all parties, generic included)."""
    a = " ".join(sorted(t for p in parties(written) for t in party_tokens(p)))
    b = " ".join(sorted(t for p in parties(real) for t in party_tokens(p)))
    return float(fuzz.token_sort_ratio(a, b)) if a and b else 0.0

"""Case-name normalisation and matching (Bluebook abbreviations, party order, generic parties)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

# Abbreviations that courts write and Bluebook T6 lacks (or gives another meaning).
_MORE_ABBREVIATIONS = {
    "am": "american",
    "atty": "attorney",
    "comr": "commissioner",
    "emp": "employment",
    "soc": "society",
}


def _canonical_tokens() -> dict[str, str]:
    """Each Bluebook T6 abbreviation (reporters-db's table: ``Soc'y``, ``Prof'l``,
    ``Eng'r``) and each word it stands for → one token shared by all of them."""
    from reporters_db import CASE_NAME_ABBREVIATIONS

    pairs = [(a, f) for a, fulls in CASE_NAME_ABBREVIATIONS.items() for f in fulls]
    pairs += list(_MORE_ABBREVIATIONS.items())
    group_of: dict[str, set[str]] = {}
    for abbr, full in pairs:
        words = {re.sub(r"[^a-z]", "", w.lower()) for w in (abbr, full)}
        if "" in words or " " in full:
            continue
        merged = set(words).union(*(group_of.get(w, set()) for w in words))
        for word in merged:
            group_of[word] = merged
    return {word: min(group, key=lambda w: (len(w), w)) for word, group in group_of.items()}


_CANONICAL = _canonical_tokens()


def _canonical(token: str) -> str:
    """The shared token of an abbreviation or its word; plurals fold to the singular."""
    if token in _CANONICAL:
        return _CANONICAL[token]
    if len(token) > 3 and token.endswith("s") and token[:-1] in _CANONICAL:
        return _CANONICAL[token[:-1]]
    return token


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
    party = re.sub(r"\([^)]*\d[^)]*\)", " ", party)  # "(SCRAP)" is a name, "(La.3/4/98)" is not
    tokens = re.findall(r"[a-z0-9]+", party.replace(".", ""))
    return frozenset(_canonical(t) for t in tokens if t not in _STOP and not any(ch.isdigit() for ch in t))


def is_generic(party: str) -> bool:
    text = re.sub(r"[^a-z ]", "", party).strip()
    text = re.sub(r"^(?:the )?(?:state|people|commonwealth) of ", "", text)
    return text in GENERIC_PARTIES or text in _STATE_NAMES or not party_tokens(party)


@lru_cache(maxsize=16384)  # pure, and a brief compares the same names again and again
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
    is found among the real case's parties, no real party is written whole inside a
    written one ("Superior Court of Los Angeles County" for "Superior Court"), and no
    written party is a real one split by a stray space ("Das calakis").
    """
    written_parties = distinctive_parties(written)
    if not written_parties:
        return NameMatch(True, 1.0, "only generic parties written; nothing distinctive to compare")
    real_parties = [tokens for real in real_names for tokens in distinctive_parties(real)]
    real_tokens = frozenset().union(*real_parties)
    if not real_tokens:
        return NameMatch(True, 1.0, "the real case has only generic parties")
    scores = [_token_overlap(p, real_tokens) for p in written_parties]
    best = max(scores)
    matched = sum(1 for s in scores if s >= 0.5)
    if matched:
        return NameMatch(True, best, f"{matched} of {len(scores)} distinctive parties match")
    if any(_token_overlap(r, w) == 1.0 for r in real_parties for w in written_parties):
        return NameMatch(True, best, "a real party is written in full, with more words")
    if _joined(written) & _joined(*real_names):
        return NameMatch(True, best, "a party matches once a stray space is removed")
    if acronyms(written) & real_tokens or acronyms(*real_names) & frozenset().union(*written_parties):
        return NameMatch(True, best, "a party is written as the initials of the other's words")
    return NameMatch(False, best, "no distinctive party of the written name appears in the case")


_NOT_INITIALED = frozenset({"of", "and", "the", "for", "on", "in", "to", "at", "&"})


@lru_cache(maxsize=16384)
def _party_acronyms(party: str) -> frozenset[str]:
    words = [w for w in re.findall(r"[a-z]+", party) if w not in _NOT_INITIALED]
    whole = "".join(w[0] for w in words)
    # "Federal Communications Commission, et al." and "FCC"; an office after a comma is not
    # part of the party's own name ("Lewis, Director, Arizona Department of Corrections")
    first = [w for w in re.findall(r"[a-z]+", party.split(",")[0]) if w not in _NOT_INITIALED]
    return frozenset(a for a in (whole, "".join(w[0] for w in first)) if len(a) >= 3)


def acronyms(*names: str) -> frozenset[str]:
    """The initials of each distinctive party of ``names`` (three letters or more):
    ``FERC`` for Federal Energy Regulatory Commission, ``NAACP`` for National Association
    for the Advancement of Colored People."""
    return frozenset().union(
        *(_party_acronyms(party) for name in names for party in parties(name) if not is_generic(party))
    )


def _joined(*names: str) -> set[str]:
    """Each distinctive party's letters without spaces (at least six of them)."""
    return {
        joined
        for name in names
        for party in parties(name)
        if not is_generic(party) and len(joined := re.sub(r"[^a-z]", "", party)) >= 6
    }


SAME_NAME = 90.0


def same_name_score(written: str, real: str) -> float:
    """0-100: how nearly two case names are the same name (all parties, generic included)."""
    a = " ".join(sorted(t for p in parties(written) for t in party_tokens(p)))
    b = " ".join(sorted(t for p in parties(real) for t in party_tokens(p)))
    return float(fuzz.token_sort_ratio(a, b)) if a and b else 0.0

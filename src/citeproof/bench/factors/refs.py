"""Where an argument refers to a case of its triple: names, short names, role phrases."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citeproof.bench.factors.triples import Role, Triple

_GENERIC = frozenset(
    {
        "inc",
        "corp",
        "co",
        "ltd",
        "llc",
        "company",
        "the",
        "services",
        "service",
        "products",
        "industries",
        "systems",
        "group",
        "associates",
        "instruments",
        "instrument",
        "labs",
        "tool",
        "chemical",
        "manufacturing",
        "dynamics",
        "electric",
        "capital",
        "motors",
        "international",
        "memory",
        "data",
        "telecommunications",
        "ind",
        "and",
        "of",
        "usa",
        "corporation",
        "laboratories",
        "oil",
    }
)

ROLE_PHRASES: dict[Role, tuple[str, ...]] = {
    Role.CURRENT: (
        r"the\s+(?:current|present|instant)\s+(?:case|dispute|matter|facts)",
        r"(?:current|present|instant)\s+case",
        r"this\s+case",
        r"the\s+case\s+at\s+(?:hand|bar)",
        r"here",
    ),
    Role.P1: (r"precedent\s+(?:1|one)", r"P1", r"the\s+first\s+precedent"),
    Role.P2: (r"precedent\s+(?:2|two)", r"P2", r"the\s+second\s+precedent"),
}


@dataclass(frozen=True, slots=True)
class Ref:
    """A stretch of text naming one case of the triple."""

    role: Role
    start: int
    end: int


def _significant(token: str) -> bool:
    bare = token.strip(".,()").lower()
    return len(bare) >= 3 and bare not in _GENERIC and not re.fullmatch(r"(?:\w\.)+", token)


def _party_aliases(party: str) -> set[str]:
    tokens = party.split()
    while tokens and tokens[0].lower() == "the":
        tokens = tokens[1:]
    out: set[str] = set()
    for i in range(1, len(tokens) + 1):
        last = tokens[i - 1]
        ampersand = i >= 3 and tokens[i - 2] == "&" and len(last) == 1
        if _significant(last) or ampersand:
            out.add(" ".join(tokens[:i]).rstrip(".,"))
    significant = [t for t in tokens if _significant(t)]
    if significant:
        out.add(significant[0].strip(".,()"))
        out.add(significant[-1].strip(".,()"))
    return out


def case_aliases(name: str) -> set[str]:
    """The full name, each party, its leading words and first and last distinctive word."""
    parties = re.split(r"\s+v\.?\s+", name)
    out = {name}
    for party in parties:
        out |= _party_aliases(party)
    return {a for a in out if a}


def alias_table(triple: Triple) -> dict[str, Role]:
    """Aliases unique to one role of the triple (shared ones are dropped as ambiguous)."""
    seen: dict[str, set[Role]] = {}
    for role in Role:
        for alias in case_aliases(triple.case(role).name):
            seen.setdefault(alias, set()).add(role)
    return {a: next(iter(roles)) for a, roles in seen.items() if len(roles) == 1}


_ROLE_PATTERNS = tuple(
    (role, re.compile(r"\b" + phrase + r"\b", 0 if phrase in ("P1", "P2") else re.IGNORECASE))
    for role, phrases in ROLE_PHRASES.items()
    for phrase in phrases
)


@lru_cache(maxsize=256)
def _alias_patterns(triple: Triple) -> tuple[tuple[Role, str, re.Pattern[str]], ...]:
    """Each alias of the triple's cases, with its role and compiled pattern (made once a triple)."""
    return tuple(
        (role, alias, re.compile(r"(?<![\w-])" + re.escape(alias) + r"(?![\w-])"))
        for alias, role in alias_table(triple).items()
    )


def one_edit_apart(a: str, b: str) -> bool:
    """Whether two different words differ by one inserted, deleted or replaced letter."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    return a[i + (len(a) == len(b)) :] == b[i + 1 :]


_CAPITALISED = re.compile(r"(?<![\w-])[A-Z][a-z]{5,}(?![\w-])")
_FUZZY_MIN = 6  # "Ecolgix" for "Ecologix", not "Emery" for "Every"


@lru_cache(maxsize=256)
def _fuzzy_aliases(triple: Triple) -> tuple[tuple[Role, str], ...]:
    return tuple(
        (role, alias)
        for alias, role in alias_table(triple).items()
        if " " not in alias and len(alias) >= _FUZZY_MIN and alias.isalpha()
    )


def _misspelt(text: str, triple: Triple) -> list[Ref]:
    """Names spelt one letter apart from a one-word alias: the data's "Ecolgix v Fantsteel"
    is the reported "Ecologix v Fansteel", and an argument may use either spelling."""
    aliases = _fuzzy_aliases(triple)
    out: list[Ref] = []
    for m in _CAPITALISED.finditer(text):
        roles = {role for role, alias in aliases if one_edit_apart(m.group(), alias)}
        if len(roles) == 1:
            out.append(Ref(roles.pop(), m.start(), m.end()))
    return out


def find_refs(text: str, triple: Triple) -> tuple[Ref, ...]:
    """Non-overlapping case references, longest match first, in text order."""
    candidates: list[Ref] = []
    for role, alias, pattern in _alias_patterns(triple):
        if alias in text:
            candidates += [Ref(role, m.start(), m.end()) for m in pattern.finditer(text)]
    candidates += _misspelt(text, triple)
    for role, pattern in _ROLE_PATTERNS:
        candidates += [Ref(role, m.start(), m.end()) for m in pattern.finditer(text)]
    chosen: list[Ref] = []
    taken: list[tuple[int, int]] = []
    for ref in sorted(candidates, key=lambda r: (r.start - r.end, r.start)):
        if all(ref.end <= s or ref.start >= e for s, e in taken):
            chosen.append(ref)
            taken.append((ref.start, ref.end))
    return _merged(text, sorted(chosen, key=lambda r: r.start))


def _merged(text: str, refs: list[Ref]) -> tuple[Ref, ...]:
    """Adjacent references to one case, with only spaces between them, as one reference
    ("College Watercolor": the alias "College" and the misspelt "Watercolour")."""
    out: list[Ref] = []
    for ref in refs:
        if out and out[-1].role == ref.role and not text[out[-1].end : ref.start].strip():
            out[-1] = Ref(ref.role, out[-1].start, ref.end)
        else:
            out.append(ref)
    return tuple(out)

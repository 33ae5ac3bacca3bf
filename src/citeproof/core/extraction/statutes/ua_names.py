"""Names of Ukrainian codes as written: inflected full titles and short forms.

Full titles are turned into patterns that accept any grammatical case: every word up
to and including "кодекс" / "Конституція" is stemmed (``Цивільн\\w*``), the rest is
literal ("законів про працю"). Short forms come from the registry's abbreviations.
A short form shared by two codes (``ВК України``) resolves to both: ambiguous.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.core.extraction.statutes.ua_registry import Code, Registry

TAX_CODE = "tax"
_YEAR_SUFFIX = re.compile(r"\s*\(\d{4}\)$")
_APOS = "['’ʼ]"

# Forms that the registry does not list but that courts write (citation_forms.md §5).
EXTRA_ALIASES: tuple[tuple[str, str], ...] = (
    (r"Податков\w*\s+кодекс\w*\s+України", TAX_CODE),
    (r"ПК\s+України|ПКУ|ПК", TAX_CODE),
    (r"Житлов\w*\s+кодекс\w*\s+Української\s+РСР", "housing"),
    (r"Кодекс\w*\s+законів\s+про\s+працю\s+Української\s+РСР", "labour"),
    (r"Кодекс\w*\s+Української\s+РСР\s+про\s+адміністративні\s+правопорушення", "admin_offences"),
    (r"АПК\s+України|АПК", "commercial_procedure"),
)


@dataclass(frozen=True, slots=True)
class Alias:
    pattern: str
    codes: tuple[str, ...]
    short: bool

    @property
    def regex(self) -> re.Pattern[str]:
        return re.compile(self.pattern)


def _stem(word: str) -> str:
    low = word.lower()
    if low.startswith("кодекс") or low.startswith("конституці"):
        head = "[Кк]одекс" if low.startswith("кодекс") else "[Кк]онституці"
        return head + r"\w*"
    if low.endswith(("ий", "ій")):
        return f"[{word[0]}{word[0].lower()}]" + re.escape(word[1:-2]) + r"\w*"
    return re.escape(word).replace("'", _APOS)


def title_pattern(title: str) -> str:
    """Case-insensitive-by-ending pattern for a code title (year suffix dropped)."""
    words = _YEAR_SUFFIX.sub("", title).split()
    anchor = next((i for i, w in enumerate(words) if w.lower().startswith(("кодекс", "конституці"))), -1)
    parts = [_stem(w) if i <= anchor else re.escape(w).replace("'", _APOS) for i, w in enumerate(words)]
    return r"\s+".join(parts)


def _abbrev_pattern(abbrev: str) -> str:
    return r"\s+".join(re.escape(w) for w in abbrev.split())


def family_head(registry: Registry, code: Code) -> Code:
    """The newest code of a chain of successors (``customs_1991`` → ``customs``)."""
    seen = {code.code_id}
    while code.replaced_by in registry.codes and code.replaced_by not in seen:
        code = registry.codes[code.replaced_by]
        seen.add(code.code_id)
    return code


def build_aliases(registry: Registry) -> tuple[Alias, ...]:
    """Every written name the extractor knows, longest pattern first."""
    full: dict[str, set[str]] = {}
    short: dict[str, set[str]] = {}
    for code in registry.codes.values():
        full.setdefault(title_pattern(code.title_uk), set()).add(code.code_id)
        for abbrev in code.abbreviations:
            target = short if len(abbrev.split()[0]) <= 6 else full
            pattern = _abbrev_pattern(abbrev)
            if target is full:
                continue  # full-length abbreviations are covered by the title pattern
            short.setdefault(pattern, set()).add(code.code_id)
    aliases = [
        Alias(p, tuple(sorted(_family_heads(registry, c) if len(c) > 1 else c)), False)
        for p, c in full.items()
    ]
    aliases += [Alias(p, tuple(sorted(c)), True) for p, c in short.items()]
    aliases += [Alias(p, (c,), True) for p, c in EXTRA_ALIASES]
    return tuple(sorted(aliases, key=lambda a: -len(a.pattern)))


def _family_heads(registry: Registry, ids: set[str]) -> set[str]:
    return {family_head(registry, registry.codes[i]).code_id for i in ids}


def names_regex(aliases: tuple[Alias, ...]) -> str:
    """One alternation of all names, ending at a word boundary."""
    return "(?:" + "|".join(f"(?:{a.pattern})" for a in aliases) + r")(?![\w])"


def match_alias(aliases: tuple[Alias, ...], text: str) -> Alias | None:
    """The alias whose pattern matches the whole name ``text``."""
    return next((a for a in aliases if re.fullmatch(a.pattern, text)), None)

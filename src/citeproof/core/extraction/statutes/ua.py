"""Extract Ukrainian statute citations in their written forms, normalised to (code, article).

Handles full names in any case (``статтею 625 Цивільного кодексу України``), short
forms (``ч. 1 ст. 42 КПК України``, ``ст.ст. 16, 203, 215 ЦК``), inserted articles in
every spelling (``96 -2``, ``96-2``, ``96²``), ranges (``461–466``, ``255-255 -3``),
lists, chains of article groups sharing one code name, a year (``КК України 1960 р.``)
or a portal id (``( 1003-05 )``) naming an old code, and gazette references
(``ВВР …, № 3, ст. 10``), which are skipped because no code name follows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from citeproof.core.extraction.statutes.ua_names import (
    TAX_CODE,
    Alias,
    build_aliases,
    match_alias,
    names_regex,
)
from citeproof.core.extraction.statutes.ua_registry import (
    CiteStatus,
    Registry,
    RegistryCheck,
    article_key,
    load_registry,
)
from citeproof.core.models import Citation, CitationType, CiteForm, Span

_SUP = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_ORD = (
    r"(?:перш|друг|трет|четверт|п['’ʼ]?ят|шост|сьом|восьм|дев['’ʼ]?ят|десят"
    r"|\w+надцят|двадцят)\w*"
)
NUM = r"\d+(?:[⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\d+|\s?-\d+)*"
_SEP = r"\s*(?:,|;|\bі\b|\bта\b|[–—]|\s-\s|-(?=\s))\s*"
_PIN_UNIT = (
    r"(?<![\w.])(?:(?:під)?пункт\w*|пп?\.|ч\.|частин\w*|абзац\w*|речення\w*)\s*"
    rf"(?:[\"«][а-яіїє][\"»]|\d+(?:[.\-]\d+)*|{_ORD})"
    rf"(?:\s*(?:,|і|та|–|—|-)\s*(?:\d+(?:[.\-]\d+)*|{_ORD}))*\s*,?\s*"
)
_HEAD = r"(?<![\w.])(?:стат(?:тя|ті|тю|тею|тям|тями|тях|ей)|ст\.\s*ст\.|ст\.)\s*"
_GROUP = re.compile(rf"(?P<pin>(?:{_PIN_UNIT})*){_HEAD}(?P<nums>{NUM}(?:{_SEP}{NUM})*)")
_CHAIN = re.compile(r"\s*[,;]?\s*(?:(?:і|та|а\s+також)\s+)?")
_YEAR = re.compile(r"\s+(?P<year>1[89]\d\d|20\d\d)\s*(?:року|р\.|р\b)")
_RADA = re.compile(r"\s*\(\s*(?P<rada>[\w/.\-]+)\s*\)")
_SELF = re.compile(
    r"\s*(?:(?:цього|цим|цьому|цей)\s+[Кк]одекс\w*|(?:цієї|цією|цій|ця)\s+"
    r"Конституці\w*)(?![\w])"
)
MAX_RANGE = 200
_CYRILLIC = re.compile(r"[а-яіїєґА-ЯІЇЄҐ]")
UA_REGISTRY = "ua"  # a citation's ``statute_registry``: checked in this module's registry


@dataclass(frozen=True, slots=True)
class StatuteCite:
    """One (code, article) cited in a text, with the phrase it was read from."""

    text: str
    span: Span
    code: str | None
    article: str
    pin: str | None = None
    name: str = ""
    candidates: tuple[str, ...] = ()
    note: str = ""

    def to_citation(self, index: int, title: str | None = None) -> Citation:
        return Citation(
            id=f"ua{index}",
            type=CitationType.STATUTE,
            form=CiteForm.FULL,
            text=self.text,
            span=self.span,
            statute_code=self.code,
            statute_section=self.article,
            statute_title=title,
            statute_registry=UA_REGISTRY,
            statute_note=self.note,
            pin_text=self.pin,
        )


@dataclass(frozen=True, slots=True)
class CheckedCite:
    cite: StatuteCite
    check: RegistryCheck

    def to_dict(self) -> dict[str, object]:
        return {
            "text": self.cite.text,
            "span": self.cite.span.as_list(),
            "code": self.cite.code,
            "article": self.cite.article,
            "status": str(self.check.status),
            "evidence": self.check.evidence,
        }


@dataclass(frozen=True, slots=True)
class _Extractor:
    registry: Registry
    aliases: tuple[Alias, ...]
    name_re: re.Pattern[str]


@cache
def _extractor(registry: Registry) -> _Extractor:
    aliases = build_aliases(registry)
    return _Extractor(registry, aliases, re.compile(r"\s*" + names_regex(aliases)))


def normalise_number(raw: str) -> str:
    """``"96 -2"``, ``"96-2"``, ``"96²"``, ``"96^2"`` → ``"96-2"``."""
    raw = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: "-" + m.group(1).translate(_SUP), raw)
    return "-".join(re.findall(r"\d+", raw))


def split_numbers(nums: str) -> list[tuple[str, str | None]]:
    """Parse a number list into ``(first, last_or_None)`` items (ranges and singles).

    Within a token an unspaced ``-k`` is an inserted-article suffix when ``k`` is below
    the base number (``96-2``) and a range otherwise (``183-186``, ``255-255 -3``);
    `` -k`` (space before only) is always a suffix; dashes and spaced hyphens are ranges.
    """
    items: list[tuple[str, str | None]] = []
    pending_range = False
    for piece, sep in _pieces(nums):
        for first, last in _token(piece):
            if pending_range and items and items[-1][1] is None:
                items[-1] = (items[-1][0], first)
                first = ""
            if first:
                items.append((first, last))
            pending_range = False
        pending_range = sep in ("-", "–", "—")
    return items


def _pieces(nums: str) -> list[tuple[str, str]]:
    parts = re.split(rf"({_SEP})", nums)
    out = []
    for i in range(0, len(parts), 2):
        sep = parts[i + 1].strip() if i + 1 < len(parts) else ""
        out.append((parts[i], sep))
    return out


def _token(token: str) -> list[tuple[str, str | None]]:
    token = re.sub(r"\^(\d+)", r" -\1", token)
    numbers: list[list[str]] = []
    for m in re.finditer(r"(\s?-)?(\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)", token):
        sep, digits = m.group(1), m.group(2).translate(_SUP)
        is_sup = not m.group(2).isascii()
        if not numbers:
            numbers.append([digits])
        elif is_sup or (sep and sep.startswith(" ")) or int(digits) < int(numbers[-1][0]):
            numbers[-1].append(digits)
        else:
            numbers.append([digits])
    joined = ["-".join(n) for n in numbers]
    return [(joined[0], joined[1] if len(joined) > 1 else None)]


def expand(registry: Registry, code: str | None, first: str, last: str | None) -> list[str]:
    """Articles of a range: integers for plain ranges, registry order for suffixed ends."""
    if last is None:
        return [first]
    lo, hi = article_key(first), article_key(last)
    if hi < lo:
        return [first, last]
    if len(lo) == 1 and len(hi) == 1 and hi[0] - lo[0] <= MAX_RANGE:
        return [str(n) for n in range(lo[0], hi[0] + 1)]
    entry = registry.code(code or "")
    if entry is None:
        return [first, last]
    inside = [a.number for a in entry.articles if lo <= article_key(a.number) <= hi]
    return inside if 0 < len(inside) <= MAX_RANGE else [first, last]


@dataclass(frozen=True, slots=True)
class _Name:
    end: int
    codes: tuple[str, ...]
    name: str
    note: str = ""


def _resolve_name(ex: _Extractor, text: str, start: int, date: str | None) -> _Name | None:
    m = ex.name_re.match(text, start)
    if m is None:
        return None
    name = m.group().strip()
    alias = match_alias(ex.aliases, name)
    if alias is None:  # pragma: no cover - the alternation is built from the aliases
        return None
    found = _Name(m.end(), alias.codes, name)
    year = _YEAR.match(text, found.end)
    if year and len(found.codes) == 1:
        found = _by_year(ex.registry, found, year.group("year"), year.end())
    rada = _RADA.match(text, found.end)
    if rada:
        found = _by_rada(ex.registry, found, rada.group("rada"))
    return _by_date(ex.registry, found, date) if date else found


def _family(registry: Registry, code_id: str) -> list[str]:
    members, frontier = [code_id], [code_id]
    while frontier:
        frontier = [c.code_id for c in registry.predecessors(frontier.pop())]
        members += frontier
    return members


def _by_year(registry: Registry, found: _Name, year: str, end: int) -> _Name:
    for member in _family(registry, found.codes[0]):
        code = registry.code(member)
        if code and code.adopted.startswith(year):
            return _Name(end, (member,), found.name, f"year {year} names {member}")
    return found


def _by_rada(registry: Registry, found: _Name, rada: str) -> _Name:
    for code in registry.codes.values():
        if rada in code.rada_ids:
            return _Name(found.end, (code.code_id,), found.name, f"portal id {rada}")
    return found


def _by_date(registry: Registry, found: _Name, date: str) -> _Name:
    """A name whose code was not yet in force at ``date`` means its predecessor then."""
    code = registry.code(found.codes[0]) if len(found.codes) == 1 else None
    if code is None or found.note or date >= registry.valid_from(code):
        return found
    for old in registry.predecessors(code.code_id):
        if registry.in_force_on(old, date):
            note = f"on {date} {found.name} meant {old.title_uk}"
            return _Name(found.end, (old.code_id,), found.name, note)
    return found


def extract_ua(
    text: str, registry: Registry | None = None, date: str | None = None, self_code: str | None = None
) -> list[StatuteCite]:
    """All (code, article) citations in ``text``.

    ``date`` picks the era of a code name (``КПК`` before 2012-11-20 is the 1960 code);
    ``self_code`` resolves internal references ("статті 100 цього Кодексу").
    """
    ex = _extractor(registry or load_registry())
    groups = list(_GROUP.finditer(text))
    names: list[_Name | None] = [None] * len(groups)
    for i in reversed(range(len(groups))):
        names[i] = _resolve_name(ex, text, groups[i].end(), date)
        own = _SELF.match(text, groups[i].end()) if self_code else None
        if names[i] is None and own and self_code:
            names[i] = _Name(own.end(), (self_code,), own.group().strip(), "internal reference")
        if names[i] is None and i + 1 < len(groups):
            chain = _CHAIN.match(text, groups[i].end())
            if chain and chain.end() == groups[i + 1].start():
                names[i] = names[i + 1]
    cites: list[StatuteCite] = []
    for group, name in zip(groups, names, strict=True):
        if name is not None:
            cites += _cites_of(ex.registry, text, group, name)
    return cites


def _cites_of(registry: Registry, text: str, group: re.Match[str], name: _Name) -> list[StatuteCite]:
    span = Span(group.start(), name.end)
    code = name.codes[0] if len(name.codes) == 1 else None
    note = name.note or ("" if code else "ambiguous short name: " + ", ".join(name.codes))
    pin = " ".join(group.group("pin").split()).rstrip(",") or None
    out = []
    for first, last in split_numbers(group.group("nums")):
        for number in expand(registry, code, first, last):
            out.append(
                StatuteCite(
                    text=span.slice(text),
                    span=span,
                    code=code,
                    article=normalise_number(number),
                    pin=pin,
                    name=name.name,
                    candidates=name.codes,
                    note=note,
                )
            )
    return out


def check_cite(cite: StatuteCite, registry: Registry, date: str | None = None) -> RegistryCheck:
    """Registry status of one extracted citation at the context ``date``."""
    return check_article(cite.code, cite.article, cite.note, registry, date)


def check_article(
    code: str | None, article: str, note: str, registry: Registry, date: str | None = None
) -> RegistryCheck:
    """Registry status of article ``article`` of ``code`` (None: the name was ambiguous,
    ``note`` says how) at ``date``, with ``note`` on its evidence."""
    if code is None:
        return RegistryCheck(CiteStatus.UNKNOWN, note)
    if code == TAX_CODE:
        return RegistryCheck(CiteStatus.UNKNOWN, "the Tax Code (Податковий кодекс) is not in this registry")
    result = registry.check(code, article, date)
    if note:
        return RegistryCheck(result.status, f"{result.evidence} ({note})")
    return result


def check_text(text: str, registry: Registry | None = None, date: str | None = None) -> list[CheckedCite]:
    """Extract and check every statute citation of ``text`` at ``date``."""
    reg = registry or load_registry()
    return [CheckedCite(c, check_cite(c, reg, date)) for c in extract_ua(text, reg, date)]


def to_citations(cites: list[StatuteCite], registry: Registry | None = None) -> list[Citation]:
    """The project's ``Citation`` objects (type STATUTE) for extracted citations."""
    reg = registry or load_registry()
    titles = {c.code_id: c.title_uk for c in reg.codes.values()}
    return [c.to_citation(i, titles.get(c.code or "")) for i, c in enumerate(cites)]


def ua_citations(text: str, date: str | None = None) -> list[Citation]:
    """Every (code, article) citation of ``text`` as a ``Citation`` (ids ``ua0``, ``ua1``, …
    in order of reading), to be checked in the shipped registry; none, and the registry
    not loaded, for a text without Cyrillic."""
    if not _CYRILLIC.search(text):
        return []
    registry = load_registry()
    return to_citations(extract_ua(text, registry, date), registry)

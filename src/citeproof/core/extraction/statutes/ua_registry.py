"""The registry of Ukrainian codes: articles, repeal status, dates and known gaps.

Loads the pack shipped in ``citeproof/data/ua/registry.json.gz`` (built from the
shared data pack by :mod:`citeproof.bench.grounding.pack`) and answers one question per
citation: does article N of code C exist, and was it in force at a date?
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any


class CiteStatus(StrEnum):
    """Registry status of one (code, article) at a context date."""

    EXISTS = "exists"
    NONEXISTENT = "nonexistent"
    REPEALED = "repealed"
    UNKNOWN = "unknown"
    CODE_NOT_IN_FORCE = "code_not_in_force"


_KEY_RE = re.compile(r"\d+")


def article_key(number: str) -> tuple[int, ...]:
    """Sortable key of an article number: ``"96-10-1"`` → ``(96, 10, 1)``."""
    parts = tuple(int(p) for p in _KEY_RE.findall(number))
    if not parts:
        raise ValueError(f"not an article number: {number!r}")
    return parts


@dataclass(frozen=True, slots=True)
class Article:
    number: str
    status: str
    title: str = ""
    repeal_date: str | None = None
    repealed_by: str | None = None


@dataclass(frozen=True, slots=True)
class Gap:
    """A run of base article numbers absent from the source (unknown, not nonexistent)."""

    first: int
    last: int
    stub: str | None = None


@dataclass(frozen=True, slots=True)
class Code:
    code_id: str
    title_uk: str
    title_en: str
    abbreviations: tuple[str, ...]
    adopted: str
    effective: str | None
    lost_force: str | None
    replaced_by: str | None
    in_force: bool
    last_article: str
    rada_ids: tuple[str, ...]
    articles: tuple[Article, ...]
    gaps: tuple[Gap, ...]
    _index: dict[str, Article] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({a.number: a for a in self.articles})

    def article(self, number: str) -> Article | None:
        return self._index.get(number)

    @property
    def last_base(self) -> int:
        return article_key(self.last_article)[0]

    def gap_for(self, base: int) -> Gap | None:
        return next((g for g in self.gaps if g.first <= base <= g.last), None)

    def in_force_articles(self) -> tuple[Article, ...]:
        return tuple(a for a in self.articles if a.status == "in_force")

    def repealed_articles(self) -> tuple[Article, ...]:
        return tuple(a for a in self.articles if a.status == "repealed")


@dataclass(frozen=True, slots=True)
class RegistryCheck:
    status: CiteStatus
    evidence: str


@dataclass(frozen=True, slots=True, eq=False)
class Registry:
    """All codes of the pack, with the date of the snapshot they were taken from."""

    codes: dict[str, Code]
    snapshot: str
    source: str

    def code(self, code_id: str) -> Code | None:
        return self.codes.get(code_id)

    def valid_from(self, code: Code) -> str:
        return code.effective or code.adopted

    def valid_until(self, code: Code) -> str | None:
        """The date a code lost force: curated, else its successor's start, else None."""
        if code.lost_force:
            return code.lost_force
        successor = self.codes.get(code.replaced_by or "")
        return self.valid_from(successor) if successor else None

    def in_force_on(self, code: Code, on: str) -> bool:
        until = self.valid_until(code)
        return self.valid_from(code) <= on and (until is None or on < until)

    def predecessors(self, code_id: str) -> tuple[Code, ...]:
        return tuple(c for c in self.codes.values() if c.replaced_by == code_id)

    def check(self, code_id: str, number: str, on: str | None = None) -> RegistryCheck:
        """Status of article ``number`` of ``code_id`` at ``on`` (default: the snapshot)."""
        code = self.codes.get(code_id)
        if code is None:
            return RegistryCheck(CiteStatus.UNKNOWN, f"code {code_id!r} is not in the registry")
        on = on or self.snapshot
        article = code.article(number)
        if article is None:
            return _missing(code, number)
        if not self.in_force_on(code, on):
            return RegistryCheck(CiteStatus.CODE_NOT_IN_FORCE, self._code_dates(code, on))
        if article.status == "repealed" and (article.repeal_date or "") <= on:
            return RegistryCheck(CiteStatus.REPEALED, _repeal_evidence(code, article))
        note = f"; {article.title}" if article.title else ""
        return RegistryCheck(CiteStatus.EXISTS, f"{code.title_uk}, ст. {number}{note}")

    def _code_dates(self, code: Code, on: str) -> str:
        until = self.valid_until(code) or "?"
        return f"{code.title_uk} in force {self.valid_from(code)} to {until}; not in force on {on}"


def _missing(code: Code, number: str) -> RegistryCheck:
    key = article_key(number)
    if key[0] > code.last_base or key[0] == 0:
        return RegistryCheck(
            CiteStatus.NONEXISTENT,
            f"{code.title_uk} ends at article {code.last_article}; article {number} "
            "is beyond its last provision",
        )
    gap = code.gap_for(key[0])
    if gap is not None:
        stub = f" ({gap.stub})" if gap.stub else ""
        return RegistryCheck(
            CiteStatus.UNKNOWN,
            f"articles {gap.first}–{gap.last} of {code.title_uk} are missing from the "
            f"source (known gap){stub}; possibly repealed",
        )
    return RegistryCheck(
        CiteStatus.UNKNOWN,
        f"inserted article {number} is not in the registry of {code.title_uk}; "
        "gaps are recorded for base numbers only",
    )


def _repeal_evidence(code: Code, article: Article) -> str:
    by = f" by {article.repealed_by}" if article.repealed_by else ""
    return (
        f"{code.title_uk}, ст. {article.number} repealed{by} of {article.repeal_date} "
        "(date of the repealing act)"
    )


def _code_from_json(d: dict[str, Any]) -> Code:
    articles = tuple(
        Article(number=a[0], status=a[1], title=a[2], repeal_date=a[3], repealed_by=a[4])
        for a in d["articles"]
    )
    gaps = tuple(Gap(int(g["first"]), int(g["last"]), g.get("adjacent_stub")) for g in d["gaps"])
    return Code(
        code_id=d["code_id"],
        title_uk=d["title_uk"],
        title_en=d["title_en"],
        abbreviations=tuple(d["abbreviations"]),
        adopted=d["adopted"],
        effective=d.get("effective"),
        lost_force=d.get("lost_force"),
        replaced_by=d.get("replaced_by"),
        in_force=d["in_force"],
        last_article=d["last_article"],
        rada_ids=tuple(d["rada_ids"]),
        articles=articles,
        gaps=gaps,
    )


def load_registry(path: str | Path | None = None) -> Registry:
    """Load a registry pack; the shipped one when ``path`` is None (cached)."""
    if path is None:
        return _shipped()
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return _from_dict(json.load(fh))


def _from_dict(d: dict[str, Any]) -> Registry:
    codes = {c["code_id"]: _code_from_json(c) for c in d["codes"]}
    return Registry(codes=codes, snapshot=d["snapshot"], source=d["source"])


@cache
def _shipped() -> Registry:
    ref = resources.files("citeproof").joinpath("data/ua/registry.json.gz")
    with ref.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
        return _from_dict(json.load(fh))

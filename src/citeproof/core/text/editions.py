"""Citations to an edition a reporter series never had ("446 Cal. Rptr. 4th 183").

eyecite extracts only reporters it knows, so a cite to a series' fifth edition when the
series has three is silently skipped. This module finds such strings on purpose, with one
small pattern: a volume, the name of a known series whose editions are numbered
(``Cal. Rptr.``, ``Cal. Rptr. 2d``, ``Cal. Rptr. 3d``), an ordinal that series' list of
editions lacks, and a page. reporters-db's list of each series' editions is known as of a
date (``editions_known_as_of``); whether a new edition could have begun since is for
`impossible.py` to weigh.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citeproof.core.models import Span
from citeproof.core.text.reporter_facts import editions_facts

_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|d|th)", re.I)
# Series whose list of editions in reporters-db is complete (checked against the
# publishers' own lists, as of ``editions_known_as_of``). Others are left alone: reporters-db
# lists A.L.R. only to its 6th series, but A.L.R.7th has been published since 2015.
VERIFIED_EDITION_LISTS = frozenset(
    {
        "A.", "Cal.", "Cal. App.", "Cal. Rptr.", "F.", "F. Supp.", "Ill.", "Ill. App.", "L. Ed.",
        "N.E.", "N.W.", "N.Y.S.", "Ohio St.", "P.", "S.W.", "So.",
    }
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class UnlistedEdition:
    """An edition name built from a known series and an ordinal it never had."""

    reporter: str  # as citeproof names it: the series' style with the ordinal ("Cal. Rptr. 4th")
    series: str
    ordinal: int
    editions: tuple[str, ...]  # the series' editions, oldest first


@dataclass(frozen=True, slots=True)
class EditionCite:
    """A citation-shaped string to an unlisted edition, with its place in the text."""

    span: Span
    volume: str
    page: str
    edition: UnlistedEdition


@dataclass(frozen=True, slots=True)
class _Series:
    base: str
    spaced: bool  # "Cal. Rptr. 2d" (spaced) or "F.2d"
    ordinals: frozenset[int]
    editions: tuple[str, ...]


def _ordinal_of(suffix: str) -> int | None:
    m = _ORDINAL.fullmatch(suffix.strip())
    return int(m.group(1)) if m else None


@lru_cache(maxsize=1)
def _numbered_series() -> dict[str, _Series]:
    """The verified series, with the ordinals of their editions ("F.2d" → 2)."""
    out: dict[str, _Series] = {}
    for base in sorted(VERIFIED_EDITION_LISTS):
        editions = editions_facts().series[base]
        numbered = [n for n in editions[1:] if n.startswith(base) and _ordinal_of(n[len(base) :])]
        ordinals = frozenset({1, *(_ordinal_of(n[len(base) :]) or 1 for n in numbered)})
        spaced = bool(numbered) and numbered[0][len(base) : len(base) + 1] == " "
        out[base] = _Series(base, spaced, ordinals, editions)
    return out


def _suffix(n: int) -> str:
    return {2: "2d", 3: "3d"}.get(n, f"{n}th" if 10 < n % 100 < 14 or n % 10 not in (1, 2, 3) else f"{n}st")


def unlisted_edition(reporter: str) -> UnlistedEdition | None:
    """``reporter`` as a numbered edition its known series never had, else None."""
    for base, series in _numbered_series().items():
        if not reporter.startswith(base):
            continue
        ordinal = _ordinal_of(reporter[len(base) :])
        if (
            ordinal is not None
            and ordinal not in series.ordinals
            and reporter not in editions_facts().editions
        ):
            name = f"{base}{' ' if series.spaced else ''}{_suffix(ordinal)}"
            return UnlistedEdition(name, base, ordinal, series.editions)
    return None


@lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    names = sorted(_numbered_series(), key=len, reverse=True)
    bases = "|".join(r"\s*".join(re.escape(part) for part in name.split()) for name in names)
    return re.compile(
        rf"(?<![\w.])(?P<volume>\d{{1,4}})\s+(?P<base>{bases})\s*(?P<ordinal>\d{{1,2}}(?:st|nd|rd|d|th))"
        rf"\s+(?P<page>\d{{1,5}})\b"
    )


@lru_cache(maxsize=1)
def _series_by_letters() -> dict[str, str]:
    """Each numbered series by its name without spaces (the first of those that share one)."""
    by_letters: dict[str, str] = {}
    for name in _numbered_series():
        by_letters.setdefault(re.sub(r"\s", "", name), name)
    return by_letters


def find_unlisted_editions(text: str) -> list[EditionCite]:
    """Every ``volume series ordinal page`` in ``text`` whose ordinal the series lacks."""
    found = []
    for m in _pattern().finditer(text):
        base = _series_by_letters()[re.sub(r"\s", "", m["base"])]
        edition = unlisted_edition(f"{base} {m['ordinal']}")
        if edition is not None:
            found.append(EditionCite(Span(m.start(), m.end()), m["volume"], m["page"], edition))
    return found

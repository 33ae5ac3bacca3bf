"""Preference pairs from decision texts: real case citations in the library's opinions.

Each pair keeps a real citation of a real case as an opinion wrote it: ``prompt`` is the
text before it (its sentence, and the sentence before when the citation opens its own),
``chosen`` the citation reduced to its first reporter cite — ``Name, VOL REPORTER PAGE[,
PIN] (COURT YEAR)``, parallel cites dropped so that none is left pointing at the real
case — and ``rejected`` the same citation with one field corrupted by a ``strategy``:

- ``case_swap``: the cite of another real case of the same reporter (a near volume where
  one exists), the pin moved with it: the name and the cite point to two real cases;
- ``name_swap``: the name of another case of the same volume (else a near one) sharing no
  party with it: a name mismatch the other way round;
- ``page_inside``: a first page inside the cited case (before the pin), where no case
  begins: a nonexistent cite;
- ``pin_past_end``: a pin past the case's last page: a wrong pincite.

Only citations that name exactly one catalogued case, by a name sharing a party with it,
are used; every corruption is one the library's tables settle.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

import numpy as np

from citeproof.bench.grounding.dpo import Features, Pair
from citeproof.bench.phantom.cites import FoundCite, find_cites, library_reporters
from citeproof.bench.phantom.parties import share_a_party
from citeproof.bench.phantom.sources import in_library, paragraph_spans, sentence_spans
from citeproof.core.models import Coverage
from citeproof.core.text.names import distinctive_parties
from citeproof.library.sqlite import SQLiteLibrary

ORIGIN = "decision_text"
MAX_PROMPT = 800  # characters of context kept before the citation
_YEAR_PAREN = re.compile(
    r"(?:,? \d{1,5}(?:[-–]\d{1,5})?)*\s*(?P<paren>\([^()]{0,40}?\b(?:1[6-9]\d\d|20\d\d)\))"
)
_CLEAN_NAME = re.compile(r"[A-Z][A-Za-z.,'’&\- ]{1,40} v\. [A-Z][A-Za-z.,'’&\- ]{1,40}")
_CAPITALS = re.compile(r"[A-Z]{3,}|\bet al\b")
_RUN_IN = re.compile(r"[a-z]{2,}\. [A-Z]")  # "Supreme Court. Hutto": a sentence run into the name
_SUFFIX_ONLY = re.compile(r"(?:Inc|Ltd|Co|Corp|Bros|LLC|L\.L\.C)\.?")  # "Inc. v. Kirkingburg": name cut


def clean_name(name: str) -> bool:
    """A whole case name as a brief writes it: ``Party v. Party``, no run of capitals, no
    "et al.", no sentence run into it, not cut after a comma; and a party that is not a
    government ("Alabama v. United States" could be written for several cases)."""
    first = name.split(" v. ")[0]
    return (
        bool(_CLEAN_NAME.fullmatch(name))
        and bool(distinctive_parties(name))
        and not _CAPITALS.search(name)
        and not _RUN_IN.search(first)
        and not _SUFFIX_ONLY.fullmatch(first)
    )


class CaseStrategy(StrEnum):
    CASE_SWAP = "case_swap"
    NAME_SWAP = "name_swap"
    PAGE_INSIDE = "page_inside"
    PIN_PAST_END = "pin_past_end"


@dataclass(frozen=True, slots=True)
class CaseCite:
    """A real citation as the pair writes it, and what the library knows of its case."""

    name: str
    volume: str
    reporter: str
    page: int
    pin: int | None
    paren: str  # "(1996)", "(7th Cir. 2008)", or ""
    case_id: str
    last_inside: int | None  # the last page surely inside the case (or before the next case)
    past_end: int | None  # the first page surely past the case's end

    @property
    def cite(self) -> str:
        return f"{self.volume} {self.reporter} {self.page}"

    def text(self) -> str:
        pin = f", {self.pin}" if self.pin is not None else ""
        paren = f" {self.paren}" if self.paren else ""
        return f"{self.name}, {self.cite}{pin}{paren}"


@dataclass(frozen=True, slots=True)
class Context:
    source: str  # "opinion id#paragraph offset"
    prompt: str
    cite: CaseCite


class Catalogue:
    """The library's case cites per reporter, read once, for choosing corruptions."""

    def __init__(self, library: SQLiteLibrary) -> None:
        self.library = library
        rows = library.conn.execute(
            "SELECT ci.reporter, ci.volume, ci.page_num, c.id, c.name_abbreviation FROM citations ci "
            "JOIN cases c ON c.id = ci.case_id WHERE ci.page_num IS NOT NULL ORDER BY ci.reporter, "
            "ci.volume, ci.page_num, c.id"
        ).fetchall()
        self.by_reporter: dict[str, list[tuple[str, int, str, str]]] = {}
        self.starts: dict[tuple[str, str, int], int] = {}
        for reporter, volume, page, case_id, name in rows:
            self.by_reporter.setdefault(reporter, []).append((str(volume), int(page), case_id, name))
            key = (reporter, str(volume), int(page))
            self.starts[key] = self.starts.get(key, 0) + 1

        self._near: dict[tuple[str, str, int], list[tuple[str, int, str, str]]] = {}

    def begins_at(self, volume: str, reporter: str, page: int) -> int:
        return self.starts.get((reporter, volume, page), 0)

    def near(self, reporter: str, volume: str, spread: int) -> list[tuple[str, int, str, str]]:
        """The reporter's case cites within ``spread`` volumes of ``volume`` (all if none)."""
        key = (reporter, volume, spread)
        if key not in self._near:
            rows = self.by_reporter.get(reporter, [])
            v = int(volume) if volume.isdigit() else 0
            self._near[key] = [r for r in rows if r[0].isdigit() and abs(int(r[0]) - v) <= spread] or rows
        return self._near[key]

    def complete(self, reporter: str, volume: str) -> bool:
        return self.library.coverage(reporter, volume) in (Coverage.COMPLETE, Coverage.COMPLETE_OPINIONS)

    def pages_before(self, volume: str, reporter: str, page: int) -> list[int]:
        """Pages strictly between the previous case's first page and ``page`` (at most ten)
        where no case begins, in a volume the library holds completely; else none."""
        if not self.complete(reporter, volume):
            return []
        starts = [p for v, p, _, _ in self.near(reporter, volume, 0) if v == volume and p < page]
        if not starts:
            return []
        low = max(max(starts) + 1, page - 10)
        return [p for p in range(low, page) if not self.begins_at(volume, reporter, p)]

    def pages(self, case_id: str, volume: str, reporter: str) -> tuple[int | None, int | None]:
        """(last page surely inside, first page surely past the end) of a case: from its
        last page, else, in a volume the library holds completely, from the next case's
        first page (which the case may share)."""
        row = self.library.conn.execute(
            "SELECT coalesce(last_page, last_star_page), next_case_page FROM cases "
            "WHERE id = ? AND pages_reporter = ?",
            (case_id, reporter),
        ).fetchone()
        if row is None:
            return None, None
        last, next_page = row
        if last is not None:
            return int(last), int(last) + 1
        if next_page is not None and self.complete(reporter, volume):
            return int(next_page) - 1, int(next_page) + 1
        return None, None


def _case_swap(c: CaseCite, cat: Catalogue, rng: np.random.Generator) -> tuple[CaseCite, str] | None:
    pool = cat.near(c.reporter, c.volume, 30)
    for i in rng.permutation(len(pool))[:40]:
        volume, page, case_id, name = pool[int(i)]
        if (
            case_id != c.case_id
            and cat.begins_at(volume, c.reporter, page) == 1
            and bool(distinctive_parties(name))  # a case a different name can be told from
            and not share_a_party(c.name, name)
        ):
            pin = None if c.pin is None else page + (c.pin - c.page)
            moved = replace(c, volume=volume, page=page, pin=pin)
            return moved, f"{moved.cite} ({case_id})"
    return None


def _name_swap(c: CaseCite, cat: Catalogue, rng: np.random.Generator) -> tuple[CaseCite, str] | None:
    for spread in (0, 5):
        names = sorted(
            {
                r[3]
                for r in cat.near(c.reporter, c.volume, spread)
                if r[2] != c.case_id and clean_name(r[3]) and not share_a_party(c.name, r[3])
            },
            key=lambda n: (abs(len(n) - len(c.name)), n),
        )
        if names:  # one of the five closest in length, so that length gives nothing away
            name = names[int(rng.integers(min(5, len(names))))]
            return replace(c, name=name), name
    return None


def _page_inside(c: CaseCite, cat: Catalogue, rng: np.random.Generator) -> tuple[CaseCite, str] | None:
    """A page inside the case, or (in a volume held completely, half the time) inside the
    case before it: so that the wrong page is not always the later one."""
    after: list[int] = []
    if c.last_inside is not None:
        top = min(c.pin - 1, c.last_inside) if c.pin is not None else c.last_inside
        after = [p for p in range(c.page + 1, top + 1) if not cat.begins_at(c.volume, c.reporter, p)]
    before = cat.pages_before(c.volume, c.reporter, c.page)
    pages = before if before and (not after or rng.random() < 0.5) else after
    if not pages:
        return None
    moved = replace(c, page=pages[int(rng.integers(len(pages)))])
    return moved, moved.cite


def _pin_past_end(c: CaseCite, cat: Catalogue, rng: np.random.Generator) -> tuple[CaseCite, str] | None:
    if c.pin is None or c.past_end is None or c.pin >= c.past_end:
        return None
    moved = replace(c, pin=c.past_end + int(rng.integers(0, 10)))
    return moved, f"{c.cite}, {moved.pin} (ends before {c.past_end})"


CASE_CORRUPTORS = {
    CaseStrategy.CASE_SWAP: _case_swap,
    CaseStrategy.NAME_SWAP: _name_swap,
    CaseStrategy.PAGE_INSIDE: _page_inside,
    CaseStrategy.PIN_PAST_END: _pin_past_end,
}


def _prompt(para: str, start: int) -> str:
    spans = list(sentence_spans(para))
    i = next((k for k, (s, e) in enumerate(spans) if s <= start < max(e, s + 1)), len(spans) - 1)
    begin = spans[i][0]
    if start - begin < 40 and i > 0:  # the citation opens its own sentence: add the one before
        begin = spans[i - 1][0]
    text = para[begin:start]
    if len(text) > MAX_PROMPT:
        cut = text.find(" ", len(text) - MAX_PROMPT)
        text = text[cut + 1 :]
    return text


def _case_cite(found: FoundCite, para: str, cat: Catalogue) -> CaseCite:
    (case_id,) = [
        r[0]
        for r in cat.library.conn.execute(
            "SELECT case_id FROM citations WHERE volume = ? AND reporter = ? AND page_num = ?",
            (found.volume, found.reporter, found.page),
        )
    ]
    paren = _YEAR_PAREN.match(para, found.whole_span[1])
    return CaseCite(
        found.name,
        found.volume,
        found.reporter,
        found.page,
        found.pin,
        paren["paren"] if paren else "",
        case_id,
        *cat.pages(case_id, found.volume, found.reporter),
    )


def contexts(cat: Catalogue) -> Iterator[Context]:
    """Every usable citation of the library's opinions, with the text before it."""
    reporters = library_reporters(cat.library)
    ids = [r[0] for r in cat.library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id")]
    for opinion_id in ids:
        opinion = cat.library.opinion(opinion_id)
        if opinion is None:
            continue
        for offset, para in paragraph_spans(opinion.text):
            for found in find_cites(para, reporters):
                prompt = _prompt(para, found.span[0])
                if len(prompt.strip()) >= 40 and clean_name(found.name) and in_library(found, cat.library):
                    yield Context(f"{opinion_id}#{offset}", prompt, _case_cite(found, para, cat))


def make_case_pairs(
    library: SQLiteLibrary, seed: int = 0, strategies: tuple[CaseStrategy, ...] = tuple(CaseStrategy)
) -> tuple[Pair, ...]:
    """One pair per (citation in an opinion, strategy) where the strategy applies."""
    rng = np.random.default_rng(seed)
    cat = Catalogue(library)
    pairs = []
    for ctx in contexts(cat):
        for strategy in strategies:
            got = CASE_CORRUPTORS[strategy](ctx.cite, cat, rng)
            if got is not None:
                bad, note = got
                pairs.append(
                    Pair(
                        ctx.prompt,
                        ctx.cite.text(),
                        bad.text(),
                        strategy,
                        ctx.source,
                        ctx.cite.cite,
                        note,
                        ORIGIN,
                    )
                )
    return tuple(pairs)


def case_surface_features(text: str) -> np.ndarray:
    """What a trivial classifier sees of a citation: volume, page, pin (0 if none), length."""
    numbers = [int(n) for n in re.findall(r"\b\d+\b", text.split(" (")[0])[:3]]
    numbers += [0] * (3 - len(numbers))
    return np.array([*numbers, len(text)], dtype=float)


CASE_FEATURES: Features = (case_surface_features, ("volume", "page", "pin", "length"))

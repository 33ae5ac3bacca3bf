"""The five injected error kinds, each made to be a real error against the library.

Every function is pure given its inputs and an ``rng`` (numpy Generator); none
returns an error the library could not prove or that the opinion text does not show.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from citeproof.bench.phantom.sources import CaseRef, FullTextCase, Passage
from citeproof.bench.phantom.words import ANTONYM_OF, AUXILIARIES, SYNONYMS
from citeproof.core.names import compare_names, is_generic
from citeproof.core.reporter_facts import CLOSED_SERIES_LAST_VOLUME
from citeproof.library.sqlite import SQLiteLibrary

_WORD = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True, slots=True)
class Slot:
    """One authority cited in a templated excerpt, with what the excerpt says about it."""

    ref: CaseRef
    role: str  # "fulltext" (quote/proposition from its text), "catalog", "distractor"
    pin: int | None = None
    quote: str | None = None
    proposition: str | None = None
    passage: Passage | None = None
    source: FullTextCase | None = None
    kind: str | None = None  # injected error kind
    note: str = ""  # how the error was made

    @property
    def short_name(self) -> str:
        parties = [p.split(",")[0].strip() for p in self.ref.name.split(" v. ")]
        return next((p for p in parties if not is_generic(p.lower())), parties[-1])


@dataclass(frozen=True, slots=True)
class InsideTarget:
    """A page strictly inside a known case: no case can begin there."""

    volume: str
    reporter: str
    first: int
    last: int
    case_id: str


def inside_targets(library: SQLiteLibrary) -> dict[str, list[InsideTarget]]:
    rows = library.conn.execute(
        "SELECT ci.volume, ci.reporter, ci.page_num, coalesce(c.last_page, c.last_star_page), "
        "c.id FROM citations ci JOIN cases c ON c.id = ci.case_id WHERE "
        "c.pages_reporter = ci.reporter AND coalesce(c.last_page, c.last_star_page) >= "
        "ci.page_num + 2 ORDER BY c.id"
    ).fetchall()
    out: dict[str, list[InsideTarget]] = {}
    for volume, reporter, first, last, case_id in rows:
        out.setdefault(reporter, []).append(InsideTarget(volume, reporter, first, last, case_id))
    return out


def nonexistent_cite(
    ref: CaseRef, targets: dict[str, list[InsideTarget]], library: SQLiteLibrary, rng: np.random.Generator
) -> tuple[CaseRef, str]:
    """Move the cite to a page no case can begin on (inside another case, or a volume
    the series never reached)."""
    if ref.reporter not in targets and ref.reporter in CLOSED_SERIES_LAST_VOLUME:
        volume = CLOSED_SERIES_LAST_VOLUME[ref.reporter] + int(rng.integers(1, 300))
        return replace(ref, volume=str(volume)), "impossible volume"
    others = [r for r in sorted(targets) if r != ref.reporter]
    order = [ref.reporter] * (ref.reporter in targets) + [
        others[int(i)] for i in rng.permutation(len(others))
    ]
    for reporter in order:
        pool = targets[reporter]
        for _ in range(20):
            t = pool[int(rng.integers(len(pool)))]
            page = int(rng.integers(t.first + 1, t.last))  # strictly inside: a case may begin on `last`
            if t.case_id != ref.case_id and not library.cases_at(t.volume, t.reporter, page):
                return (
                    replace(ref, volume=t.volume, reporter=t.reporter, page=page),
                    f"page {page} is inside {t.case_id}",
                )
    raise LookupError(f"no page inside a known case for {ref.reporter}")


def mismatched_name(ref: CaseRef, names: list[CaseRef], rng: np.random.Generator) -> str:
    """The name of another real case, sharing no distinctive party with ``ref``."""
    for _ in range(200):
        other = names[int(rng.integers(len(names)))]
        if (
            other.case_id != ref.case_id
            and not compare_names(other.name, ref.name).matches
            and not compare_names(ref.name, other.name).matches
        ):
            return other.name
    raise LookupError(f"no mismatching name for {ref.name}")


def wrong_pin(slot: Slot, rng: np.random.Generator) -> int:
    """Another marked page of the same case (not its first), where the passage is not."""
    assert slot.source is not None and slot.passage is not None
    pages = [p for p in slot.source.pages[1:] if p != slot.passage.page]
    if not pages:
        raise LookupError("no other page to pin")
    return pages[int(rng.integers(len(pages)))]


def misquote(quote: str, rng: np.random.Generator) -> str | None:
    """Swap one or two words for near synonyms; None when no word has one."""
    words = list(_WORD.finditer(quote))
    swappable = [m for m in words if m.group().lower() in SYNONYMS]
    if not swappable:
        return None
    count = min(len(swappable), 1 + int(rng.random() < 0.5))
    picks = sorted(rng.choice(len(swappable), size=count, replace=False))
    out, cursor = [], 0
    for i in picks:
        m = swappable[int(i)]
        new = SYNONYMS[m.group().lower()]
        new = new.capitalize() if m.group()[0].isupper() else new
        out += [quote[cursor : m.start()], new]
        cursor = m.end()
    return "".join(out) + quote[cursor:]


def negate(sentence: str) -> str | None:
    """The sentence with its polarity reversed (an antonym, or ``not`` after the verb)."""
    for m in _WORD.finditer(sentence):
        word = m.group().lower()
        if word in ANTONYM_OF:
            new = ANTONYM_OF[word]
            new = new.capitalize() if m.group()[0].isupper() else new
            return sentence[: m.start()] + new + sentence[m.end() :]
    for m in _WORD.finditer(sentence):
        if m.group().lower() in AUXILIARIES:
            rest = sentence[m.end() :]
            if re.match(r"\s+(?:not|never|no)\b", rest) or "not" in sentence.lower().split():
                return None
            return sentence[: m.end()] + " not" + rest
    return None


def transplanted(slot: Slot, cases: list[FullTextCase], rng: np.random.Generator) -> str:
    """A proposition taken from a different opinion."""
    for _ in range(100):
        other = cases[int(rng.integers(len(cases)))]
        if slot.source is None or other.ref.case_id != slot.source.ref.case_id:
            return other.passages[int(rng.integers(len(other.passages)))].text
    raise LookupError("no other opinion to take a proposition from")

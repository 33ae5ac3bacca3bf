"""Citation-level errors a real draft contains, each made to be a real error that the
library can settle, in LePhantomCite's taxonomy: a fabricated cite is one at which no case
begins (a page inside a case, or the wrong reporter series where nothing begins); a case-
name mismatch is a name and a cite that point to two real cases (another case's name on
the cite, or the cite of another real case under the name: its slot in the same reporter,
or the sibling series where it begins); and pins a few pages off or on a page where the
words are not.

Independent of the detector: built from the library's tables and the injector's own
reading of names (`parties`), never from its checks. Every function is pure given its
inputs and an ``rng`` (numpy Generator).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from citeproof.bench.phantom.parties import share_a_party, short_name
from citeproof.bench.phantom.sources import CaseRef, FullTextCase, Passage, cases_at, inside_a_case
from citeproof.core.models import Coverage
from citeproof.library.sqlite import SQLiteLibrary

# Reporter series a drafter confuses: the same volume and page in the sibling series.
SIBLING_SERIES = {
    "F.2d": ("F.3d", "F."),
    "F.3d": ("F.2d",),
    "F. Supp. 2d": ("F. Supp.",),
    "L. Ed.": ("L. Ed. 2d",),
    "L. Ed. 2d": ("L. Ed.",),
    "So. 2d": ("So. 3d", "So."),
    "So. 3d": ("So. 2d",),
    "N.E.2d": ("N.E.3d", "N.E."),
    "N.W.2d": ("N.W.",),
    "S.E.2d": ("S.E.",),
    "S.W.2d": ("S.W.3d", "S.W."),
    "S.W.3d": ("S.W.2d",),
    "P.2d": ("P.3d", "P."),
    "P.3d": ("P.2d",),
    "A.2d": ("A.3d", "A."),
    "A.3d": ("A.2d",),
    "Ill. App. 3d": ("Ill. App. 2d",),
    "Ill. App. 2d": ("Ill. App. 3d",),
    "Cal. App. 4th": ("Cal. App. 3d",),
    "Cal. App. 3d": ("Cal. App. 4th", "Cal. App. 2d"),
    "Ohio App. 3d": ("Ohio App. 2d",),
    "Ohio St. 3d": ("Ohio St. 2d",),
    "N.Y.2d": ("N.Y.3d",),
    "N.Y.S.2d": ("N.Y.S.",),
}


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
    position: str = "before"  # where the claim stands: before, after, parenthetical, id

    @property
    def short_name(self) -> str:
        return short_name(self.ref.name)


@dataclass(frozen=True, slots=True)
class InsideTarget:
    """A case whose pages run past its first: its inner pages can begin no case."""

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


def another_case_begins(
    library: SQLiteLibrary, volume: str, reporter: str, page: int, name: str
) -> str | None:
    """The id of a real case other than ``name``'s (sharing no party with it) that begins
    at ``volume reporter page``, else None."""
    found = cases_at(library, volume, reporter, page)
    if not found or any(share_a_party(name, n) for _, n in found):
        return None
    return found[0][0]


def nothing_begins(library: SQLiteLibrary, volume: str, reporter: str, page: int) -> str | None:
    """How the library proves that no case begins at ``volume reporter page``: the page is
    inside a case, or the volume is complete and no case begins there; None if it cannot
    (or a case does begin there)."""
    if cases_at(library, volume, reporter, page):
        return None
    inside = inside_a_case(library, volume, reporter, page)
    if inside is not None:
        return f"page {page} is inside {inside}"
    if library.coverage(reporter, volume) in (Coverage.COMPLETE, Coverage.COMPLETE_OPINIONS):
        return "no case begins there in a complete volume"
    return None


def _page_inside(
    ref: CaseRef, targets: dict[str, list[InsideTarget]], library: SQLiteLibrary, rng: np.random.Generator
) -> tuple[CaseRef, str] | None:
    others = [r for r in sorted(targets) if r != ref.reporter]
    order = [ref.reporter] * (ref.reporter in targets) + [
        others[int(i)] for i in rng.permutation(len(others))
    ]
    for reporter in order[:6]:
        pool = targets[reporter]
        for _ in range(20):
            t = pool[int(rng.integers(len(pool)))]
            page = int(rng.integers(t.first + 1, t.last))  # strictly inside
            if t.case_id != ref.case_id and not cases_at(library, t.volume, t.reporter, page):
                moved = replace(ref, volume=t.volume, reporter=t.reporter, page=page)
                return moved, f"page {page} is inside {t.case_id}"
    return None


def _other_slot(ref: CaseRef, library: SQLiteLibrary, rng: np.random.Generator) -> tuple[CaseRef, str] | None:
    """The cite of another real case of the same reporter, written with this case's name."""
    rows = library.conn.execute(
        "SELECT ci.volume, ci.page_num, c.id, c.name_abbreviation FROM citations ci JOIN cases c "
        "ON c.id = ci.case_id WHERE ci.reporter = ? AND ci.page_num IS NOT NULL AND c.id != ? "
        "ORDER BY ci.volume, ci.page_num",
        (ref.reporter, ref.case_id),
    ).fetchall()
    for i in rng.permutation(len(rows))[:40]:
        volume, page, case_id, name = rows[int(i)]
        if not share_a_party(ref.name, name) and len(cases_at(library, volume, ref.reporter, page)) == 1:
            return replace(ref, volume=str(volume), page=int(page)), f"the slot of {case_id}"
    return None


def _wrong_series(ref: CaseRef, library: SQLiteLibrary, onto_a_case: bool) -> tuple[CaseRef, str] | None:
    """The same volume and page in a sibling series: where another real case begins
    (``onto_a_case``), or where the library proves nothing begins."""
    for series in SIBLING_SERIES.get(ref.reporter, ()):
        if onto_a_case:
            other = another_case_begins(library, ref.volume, series, ref.page, ref.name)
            why = None if other is None else f"{other} begins there"
        else:
            why = nothing_begins(library, ref.volume, series, ref.page)
        if why is not None:
            return replace(ref, reporter=series), f"series {series} for {ref.reporter}: {why}"
    return None


Made = tuple[CaseRef, str]


def _first_made(makers: list[Callable[[], Made | None]], rng: np.random.Generator) -> Made | None:
    """The first maker, in a seeded order, that makes something."""
    for k in rng.permutation(len(makers)):
        made = makers[int(k)]()
        if made is not None:
            return made
    return None


def nonexistent_cite(
    ref: CaseRef, targets: dict[str, list[InsideTarget]], library: SQLiteLibrary, rng: np.random.Generator
) -> tuple[CaseRef, str]:
    """A fabricated but plausible cite at which no case begins, that the library can
    settle: the wrong reporter series (nothing begins there), or a page inside a case. A
    cite at the first page of another real case is a name mismatch
    (:func:`misdirected_cite`), never this."""
    made = _first_made(
        [
            lambda: _wrong_series(ref, library, onto_a_case=False),
            lambda: _page_inside(ref, targets, library, rng),
        ],
        rng,
    )
    if made is None:
        raise LookupError(f"no settleable fabricated cite for {ref.cite}")
    return made


def misdirected_cite(ref: CaseRef, library: SQLiteLibrary, rng: np.random.Generator) -> tuple[CaseRef, str]:
    """The cite of another real case under ``ref``'s name (LePhantomCite's case-name
    mismatch: the name and the reporter point to two real cases): another case's slot in
    the same reporter, or the same volume and page in a sibling series where another case
    begins."""
    made = _first_made(
        [lambda: _wrong_series(ref, library, onto_a_case=True), lambda: _other_slot(ref, library, rng)], rng
    )
    if made is None:
        raise LookupError(f"no other real case's cite for {ref.cite}")
    return made


def mismatched_name(ref: CaseRef, library: SQLiteLibrary, rng: np.random.Generator) -> tuple[str, str]:
    """The name of another case from the same volume, or else of the same court and
    year (else any other case), sharing no party with ``ref``; and a note saying which."""
    same_volume = library.conn.execute(
        "SELECT c.name_abbreviation FROM citations ci JOIN cases c ON c.id = ci.case_id "
        "WHERE ci.volume = ? AND ci.reporter = ? AND c.id != ? ORDER BY c.id",
        (ref.volume, ref.reporter, ref.case_id),
    ).fetchall()
    same_court = library.conn.execute(
        "SELECT c2.name_abbreviation FROM cases c1 JOIN cases c2 ON c2.court = c1.court AND "
        "substr(c2.decision_date, 1, 4) = substr(c1.decision_date, 1, 4) AND c2.id != c1.id "
        "WHERE c1.id = ? ORDER BY c2.id LIMIT 500",
        (ref.case_id,),
    ).fetchall()
    top = library.conn.execute("SELECT max(rowid) FROM cases").fetchone()[0] or 0
    anywhere = (
        [
            library.conn.execute("SELECT name_abbreviation FROM cases WHERE rowid = ?", (int(i),)).fetchone()
            for i in rng.integers(1, top + 1, size=30)
        ]
        if top
        else []
    )
    pools = ((same_volume, "same volume"), (same_court, "same court and year"), (anywhere, "another case"))
    for pool, note in pools:
        names = [
            str(r[0]) for r in pool if r and " v. " in str(r[0]) and not share_a_party(str(r[0]), ref.name)
        ]
        if names:
            return names[int(rng.integers(len(names)))], note
    raise LookupError(f"no other case's name for {ref.cite}")


def wrong_pin(slot: Slot, rng: np.random.Generator) -> tuple[int, str]:
    """A pin a few pages off the passage's page, or another marked page of the case; never
    the page the words are printed on, nor the first page."""
    assert slot.source is not None and slot.passage is not None
    right = slot.passage.page
    pages = [p for p in slot.source.pages[1:] if p != right]
    if not pages:
        raise LookupError("no other page to pin")
    near = [p for p in pages if 0 < abs(p - right) <= 3]
    if near and rng.random() < 0.5:
        pin = near[int(rng.integers(len(near)))]
        return pin, f"{abs(pin - right)} page(s) off the right page {right}"
    return pages[int(rng.integers(len(pages)))], f"right page {right}"

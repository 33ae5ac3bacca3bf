"""The `Library` seam every backend (embedded SQLite, CourtListener, chains) implements."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from citeproof.core.models import Authority, Citation, Coverage, Opinion, Reason, Snapshot, Treatment
from citeproof.core.text.reporter_facts import VolumeYears


@dataclass(frozen=True, slots=True)
class CasePages:
    """Pages a known case occupies in one reporter: what is certain and what is bounded.

    ``in_opinions_section`` is true when no long gap (an orders section) precedes the
    case in its volume, so the next catalogued case's first page bounds it closely.
    ``next_start`` is the first page of the next case the library knows in the volume
    (``next_case_page`` is the next case of the catalogue the case came from).
    ``listed_pages``: every first page a table of the volume's decisions lists (U.S.
    Reports), ``argued_pages`` those of argued cases; empty where no table lists them.
    """

    authority: Authority
    first_page: int
    last_known_page: int
    last_page_exact: bool
    next_case_page: int | None
    in_opinions_section: bool = False
    next_start: int | None = None
    listed_pages: tuple[int, ...] = ()
    argued_pages: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a library's answers come from, as a run manifest and the evidence name it.

    ``path``: the local library file; ``host``: the remote service asked for what the file
    cannot settle (its host only, never a token); a chain has both. ``copy_of``: the service
    whose citation index the local file is a copy of, as of the snapshot's date
    ("CourtListener" for a library imported from its bulk data); None for any other data.
    """

    path: Path | None = None
    host: str | None = None
    copy_of: str | None = None


USC_TABLE = "usc_sections"
RULES_TABLE = "federal_rules"


@dataclass(frozen=True, slots=True)
class StatuteTable:
    """One statute table of a library: what it holds (``describes``), where it comes from,
    the date of its data (``as_of``: "as of early 2023", "editions 2005–2025") and its rows.
    The library's table of overrulings is listed in the same form."""

    name: str  # USC_TABLE or RULES_TABLE (or the overrulings' table)
    describes: str
    source: str
    as_of: str
    rows: int


@dataclass(frozen=True, slots=True)
class CodeSection:
    """A section of the U.S. Code as the library's table holds it. ``status`` is "current"
    for a section with its own heading, else the word its stub opens with ("repealed",
    "transferred", "omitted", ...)."""

    title: str
    section: str
    heading: str
    status: str


@dataclass(frozen=True, slots=True)
class FederalRule:
    """A rule of one set of federal rules (``Fed. R. Civ. P.``), with the first and last
    edition years that print it. ``status``: in_force, abrogated, reserved or transferred."""

    rule_set: str
    rule: str
    title: str
    first_year: int
    last_year: int
    status: str


class LibraryError(Exception):
    """A backend could not answer (I/O, HTTP, throttling); never read as 'not found'."""

    def __init__(self, message: str, reason: Reason = Reason.BACKEND_ERROR) -> None:
        super().__init__(message)
        self.reason = reason


class Library(Protocol):
    """What the checks ask of a library; each backend answers every question honestly,
    with an empty answer where it has nothing to offer."""

    @property
    def fetches_text(self) -> bool:
        """True when `opinion` may find text for a case whose ``has_text`` is False (a
        chain asks its remote library): the pipeline then asks for text of every case."""
        ...

    def snapshot(self) -> Snapshot: ...

    def origin(self) -> Origin:
        """The local file, the remote host, or both (a chain); see `Origin`."""
        ...

    def answered(self) -> list[str]:
        """The remote lookups (cites) answered so far, from the network or a cache, for a
        run manifest; [] for a library that asks no remote service."""
        ...

    def kept_answers(self, lookups: Sequence[str]) -> frozenset[str] | None:
        """Of ``lookups`` (as `answered` lists them), those whose answers a cache here still
        keeps, so that a re-run asks no network; None when no remote answers are kept here."""
        ...

    def prefetch(self, citations: Iterable[Citation]) -> None:
        """Batch the lookups a document will need before resolution (a no-op locally)."""
        ...

    def cases_at(self, volume: str, reporter: str, page: int) -> tuple[Authority, ...]:
        """Cases whose first page in ``reporter`` is ``page``."""
        ...

    def case_around(self, volume: str, reporter: str, page: int) -> CasePages | None:
        """The known case that starts closest before ``page`` in the same volume."""
        ...

    def coverage(self, reporter: str, volume: str) -> Coverage: ...

    def coverage_table(self) -> list[tuple[str, str, int, int]]:
        """``(reporter, status, volumes, ranges)`` per reporter and status; [] when the
        library keeps no volume table."""
        ...

    def case(self, case_id: str) -> Authority | None:
        """The case with this id, or None when the library does not know it."""
        ...

    def volume_years(self, reporter: str) -> frozenset[VolumeYears]:
        """Per volume of ``reporter``, the decision years of the cases the library holds:
        real data that extends the shipped reporter facts. Return the same set for the same
        reporter (it is a cache key); empty when the library cannot tell."""
        ...

    def opinion(self, case_id: str) -> Opinion | None: ...

    def passages(self, case_id: str, query: str, limit: int = 5) -> list[tuple[str, int, str]]:
        """Best-matching passages of one opinion, ``(reporter, page, text)``; [] without a
        full-text index (callers then search the opinion text themselves)."""
        ...

    def cases_named(self, name: str, limit: int = 5) -> tuple[Authority, ...]:
        """Cases whose distinctive parties match the name as written."""
        ...

    def statute_tables(self) -> tuple[StatuteTable, ...]:
        """The statute tables the library holds (the U.S. Code, the federal rules) with
        their sources and dates; () when it holds none."""
        ...

    def usc_section(self, title: str, section: str) -> CodeSection | None:
        """The row of ``section`` (as numbered in the Code: "1983", "2000e-2") of ``title``;
        None when the table has no such row or the library has no Code table."""
        ...

    def usc_sections_near(self, title: str, section: str, n: int) -> tuple[CodeSection, ...]:
        """Up to ``n`` current sections of ``title`` nearest ``section`` in the Code's
        order, half before it and half after where there are; () without a Code table."""
        ...

    def federal_rules(self, rule_set: str) -> tuple[FederalRule, ...]:
        """Every rule of ``rule_set`` ("Fed. R. Evid.") the library's table holds, in the
        set's order; () for a set it does not hold or without a rules table."""
        ...

    def treatment(self, volume: str, reporter: str, page: int) -> Treatment | None:
        """The decision that overruled the case whose first page this cite is, from the
        library's table of overrulings (keyed by U.S. cites; a case overruled more than once
        gives its first overruling in whole, else in part); None when the table does not list
        it or the library holds no such table. Absence is no proof of good law."""
        ...

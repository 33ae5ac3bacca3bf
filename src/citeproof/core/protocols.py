"""The `Library` seam every backend (embedded SQLite, CourtListener, chains) implements."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from citeproof.core.models import Authority, Coverage, Opinion, Snapshot


@dataclass(frozen=True, slots=True)
class CasePages:
    """Pages a known case occupies in one reporter: what is certain and what is bounded.

    ``in_opinions_section`` is true when no long gap (an orders section) precedes the
    case in its volume, so the next catalogued case's first page bounds it closely.
    """

    authority: Authority
    first_page: int
    last_known_page: int
    last_page_exact: bool
    next_case_page: int | None
    in_opinions_section: bool = False


class LibraryError(Exception):
    """A backend could not answer (I/O, HTTP, throttling); never read as 'not found'."""

    def __init__(self, message: str, reason: str = "backend_error") -> None:
        super().__init__(message)
        self.reason = reason


class Library(Protocol):
    def snapshot(self) -> Snapshot: ...

    def cases_at(self, volume: str, reporter: str, page: int) -> tuple[Authority, ...]:
        """Cases whose first page in ``reporter`` is ``page``."""
        ...

    def case_around(self, volume: str, reporter: str, page: int) -> CasePages | None:
        """The known case that starts closest before ``page`` in the same volume."""
        ...

    def coverage(self, reporter: str, volume: str) -> Coverage: ...

    def opinion(self, case_id: str) -> Opinion | None: ...

    def cases_named(self, name: str, limit: int = 5) -> tuple[Authority, ...]:
        """Cases whose distinctive parties match the name as written."""
        ...

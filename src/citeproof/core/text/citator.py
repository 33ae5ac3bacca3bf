"""What CourtListener's citator (eyecite with reporters-db) knows of a reporter: its type.

reporters-db, the reporter database CourtListener's citator parses citations with, types
every edition: ``federal``, ``state``, ``state_regional``, ``scotus_early`` (published case
reporters), ``neutral`` (public-domain numbers), ``specialty`` (topical services),
``specialty_west`` and ``specialty_lexis`` (Westlaw and Lexis database numbers).
"""

from __future__ import annotations

from functools import lru_cache

CASE_REPORTER_TYPES = frozenset({"federal", "state", "state_regional", "scotus_early"})
VENDOR_TYPES = frozenset({"specialty_west", "specialty_lexis"})


@lru_cache(maxsize=1)
def edition_types() -> dict[str, frozenset[str]]:
    """Every edition name (``F.3d``, ``WL``, ``U.S. Dist. LEXIS``) → its reporter types."""
    from reporters_db import REPORTERS

    types: dict[str, set[str]] = {}
    for variants in REPORTERS.values():
        for variant in variants:
            for edition in variant.get("editions", {}):
                types.setdefault(edition, set()).add(variant["cite_type"])
            for alias in variant.get("variations", {}):
                types.setdefault(alias, set()).add(variant["cite_type"])
    return {name: frozenset(kinds) for name, kinds in types.items()}


def is_vendor_cite(reporter: str) -> bool:
    """A Westlaw or Lexis database number (``2019 WL 1234567``): no printed reporter holds it."""
    kinds = edition_types().get(reporter, frozenset())
    return bool(kinds & VENDOR_TYPES) or reporter.endswith("LEXIS") or reporter == "WL"


def is_case_reporter(reporter: str) -> bool:
    """A published case reporter the citator knows (not neutral, topical or a vendor's)."""
    kinds = edition_types().get(reporter, frozenset())
    return bool(kinds) and kinds <= CASE_REPORTER_TYPES

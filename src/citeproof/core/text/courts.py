"""Court parentheticals → courts-db ids, from a table precomputed once.

eyecite's ``get_court_by_paren`` scans all ~2,800 courts with two regex
substitutions per court on every call; on briefs that is most of its run time.
`court_by_paren` gives the same answers from a dict and a cache.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.core.text.swap import Swap

_NON_WORD = re.compile(r"[^\w]")


@lru_cache(maxsize=1)
def _court_table() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    from eyecite.helpers import courts  # type: ignore[attr-defined]

    exact: dict[str, str] = {}
    ordered: list[tuple[str, str]] = []
    for court in courts:
        key = _NON_WORD.sub("", court["citation_string"]).lower()
        exact.setdefault(key, str(court["id"]))
        ordered.append((key, str(court["id"])))
    return exact, tuple(ordered)


@lru_cache(maxsize=8192)
def court_by_paren(paren_string: str) -> str | None:
    """Same contract as eyecite's helper: exact match first, else the last prefix match."""
    court_str = _NON_WORD.sub("", paren_string).lower()
    if not court_str:
        return None
    exact, ordered = _court_table()
    if court_str in exact:
        return exact[court_str]
    found = None
    for key, court_id in ordered:
        if key.startswith(court_str):
            found = court_id
    return found


# eyecite 2.6 calls the module-level ``eyecite.helpers.get_court_by_paren``; inside this
# scope that name points at `court_by_paren`. Both give the same answers (a property test
# checks it); only the speed differs.
eyecite_court_lookup = Swap("eyecite.helpers", "get_court_by_paren", court_by_paren)

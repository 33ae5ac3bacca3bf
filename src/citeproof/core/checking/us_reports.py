"""Where no U.S. Reports decision can begin, read from a table of a volume's decisions.

The table lists every decision with an opinion, per curiam memoranda included
(`CasePages.listed_pages`). In a volume's opinion section decisions follow each other
page after page, so a page strictly between two listed first pages lies inside the first
decision. The orders section at the back of a volume (certiorari denied, summary orders,
in-chambers opinions) is not listed page by page: a page there proves nothing.

Where the orders section begins is not in the data, and the Supreme Court Database lists
some per curiam decisions printed among the orders (Sugden v. United States, 351 U.S. 916),
so the rule is cautious: pages from ``ORDERS_FROM`` on are taken for the orders section,
though long volumes print opinions past it; a gap is read as one decision's only when it is
short (``MAX_GAP``), or runs from one argued case to the next (``MAX_ARGUED_GAP``: Furman
v. Georgia's 233 pages). Before the 1946 Term (``FIRST_VOLUME``) memorandum decisions
without an opinion stand among the opinions and no list here holds them (General Petroleum
Corp. v. County of Kern, 273 U.S. 640): those volumes prove nothing.
"""

from __future__ import annotations

import bisect

from citeproof.core.protocols import CasePages
from citeproof.core.text.short_names import short_name

ORDERS_FROM = 801
FIRST_VOLUME = 329  # the 1946 Term: from here the Supreme Court Database lists every decision
MAX_GAP = 100
MAX_ARGUED_GAP = 250


def _listed(around: CasePages | None, volume: str) -> bool:
    return (
        around is not None and bool(around.listed_pages) and volume.isdigit() and int(volume) >= FIRST_VOLUME
    )


def inside_listed(around: CasePages, volume: str, page: int) -> str | None:
    """Why no decision begins at ``page`` of U.S. ``volume``: it lies between the first
    page of the decision ``around`` and the next listed one, in the opinion section."""
    if not _listed(around, volume):
        return None
    pages = around.listed_pages
    i = bisect.bisect_right(pages, page) - 1
    if i < 0 or i + 1 >= len(pages) or pages[i] != around.first_page or pages[i] == page:
        return None
    first, following = pages[i], pages[i + 1]
    argued = around.argued_pages
    short = following - first <= MAX_GAP
    long_argued = first in argued and following in argued and following - first <= MAX_ARGUED_GAP
    if following >= ORDERS_FROM or not (short or long_argued):
        return None
    a = around.authority
    return (
        f"page {page} lies inside {a.name_abbreviation}, {a.citation}; the next decision "
        f"begins at page {following} (every decision with an opinion in the volume is listed)"
    )


def in_orders_section(around: CasePages | None, volume: str, page: int) -> str | None:
    """A page past the decisions a volume's table can vouch for (from `ORDERS_FROM`, or after
    ``around``, the last decision listed before it): what it may be."""
    if around is None or not _listed(around, volume):
        return None
    if page >= ORDERS_FROM:
        return (
            f"page {page} may be in the volume's orders section (taken to begin by page {ORDERS_FROM}), "
            "where orders and summary dispositions are printed that no table lists"
        )
    pages = around.listed_pages
    i = bisect.bisect_right(pages, page) - 1
    if i < 0 or pages[i] != around.first_page or pages[i] == page:
        return None
    if i + 1 < len(pages) and pages[i + 1] < ORDERS_FROM:
        return None  # another decision follows in the opinion section: `inside_listed` decides
    a = around.authority
    return (
        f"page {page} follows the last decision listed before the orders, {short_name(a.name_abbreviation)}, "
        f"{a.citation}: "
        "it lies inside that decision or in the orders section after it, where orders and summary "
        "dispositions are printed that no table lists"
    )

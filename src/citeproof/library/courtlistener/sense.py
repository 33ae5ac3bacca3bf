"""CourtListener's citation lookups checked for sense before they are believed.

An answer can have the documented shape (`courtlistener_shapes`) and still make no sense:

- a cite the request asked about is missing from the answer (an empty or cut list): nothing
  was said of it, so the client answers it `UNTRUSTED` (`client.CourtListenerClient.lookup`);
- a found (200 / 300) cluster does not carry the cite: none of its citations lies in the
  volume and reporter asked (or a spelling the answer normalised the cite to) at or before
  the page asked (a pin page may lie inside a case that begins earlier).

An untrusted cite is unverifiable (``backend_error``) with a warning: never "not found", never
cached. A cluster without a case name is believed for existence, but the name written
beside its cite cannot be compared (`nameless`; the name check is then unverifiable).
"""

from __future__ import annotations

import re

from citeproof.library.courtlistener.client import UNTRUSTED, ClusterInfo, Lookup

FOUND = frozenset({200, 300})
LEFT_OUT = "left out of CourtListener's answer"
_CITE = re.compile(r"^(\d+) (.+) (\d+)$")


def _squash(reporter: str) -> str:
    return reporter.replace(" ", "").lower()


def cluster_pages(lookup: Lookup, volume: str, reporter: str) -> list[tuple[ClusterInfo, int]]:
    """Each cluster of ``lookup`` with its first page in ``volume reporter`` (or a variant the
    answer normalised the cite to)."""
    names = {_squash(reporter)} | {_squash(n.split(" ", 1)[-1].rsplit(" ", 1)[0]) for n in lookup.normalized}
    return [
        (cl, int(c.page))
        for cl in lookup.clusters
        for c in cl.citations
        if c.volume == volume and _squash(c.reporter) in names and c.page.isdigit()
    ]


def checked(lookup: Lookup) -> Lookup:
    """``lookup``, or an `UNTRUSTED` one saying why when a cluster does not carry its cite."""
    match = _CITE.match(lookup.cite)
    if lookup.status not in FOUND or match is None:
        return lookup
    volume, reporter, page = match.group(1), match.group(2), int(match.group(3))
    carried = {cl.id for cl, first in cluster_pages(lookup, volume, reporter) if first <= page}
    strays = [cl for cl in lookup.clusters if cl.id not in carried]
    if not strays:
        return lookup
    stray = strays[0]
    cites = "; ".join(str(c) for c in stray.citations[:3]) or "no citations"
    return Lookup(
        lookup.cite,
        UNTRUSTED,
        message=f"answered with cluster {stray.id} ({stray.case_name or 'no name'}), which does not carry "
        f"it ({cites})",
    )


def nameless(lookup: Lookup) -> list[ClusterInfo]:
    """The clusters of ``lookup`` with no case name at all."""
    return [cl for cl in lookup.clusters if not (cl.case_name.strip() or cl.case_name_full.strip())]


def warning(untrusted: list[Lookup]) -> str:
    """One line for the cites of one batch whose answers made no sense."""
    shown = "; ".join(f"{lk.cite}: {lk.message}" for lk in untrusted[:3])
    more = f"; and {len(untrusted) - 3} more" if len(untrusted) > 3 else ""
    count = f"{len(untrusted)} citation{'s' if len(untrusted) != 1 else ''}"
    return (
        f"CourtListener's answer made no sense for {count} ({shown}{more}); "
        f"{'they are' if len(untrusted) != 1 else 'it is'} unverifiable (backend_error), not cached"
    )

"""A brief of publicly reported fabrications beside real citations, and a dump to check it by.

The fabrications are those of sanctions orders: *Mata v. Avianca, Inc.*, 678 F. Supp. 3d 443
(S.D.N.Y. 2023) (Varghese, Petersen, Miller, Martinez, Durden, Shaboon) and *Park v. Kim*,
91 F.4th 610 (2d Cir. 2024) (Bourguignon). The real cases are those the same briefs cited
correctly. `dump_cases` is a generated CourtListener dump holding the real cases at their
real cites among generated neighbours, so that the volumes are as dense as the real ones:
checking the brief against it runs the real import, coverage rules and checks offline.
"""

from __future__ import annotations

from dataclasses import dataclass

from citeproof.core.models import ReporterCite
from citeproof.library.courtlistener.fakes.bucket import DumpCase

SNAPSHOT = "2024-12-31"
MATA = "Mata v. Avianca"


@dataclass(frozen=True, slots=True)
class Cited:
    """One citation of the brief: what is written, and what it truly is."""

    text: str
    cite: str
    fabricated: bool
    source: str  # where it was reported (fabrications) or what it is (real cases)
    vendor: bool = False  # a Westlaw/Lexis number: unverifiable by design, with its remedy


CITED = (
    Cited(
        "Varghese v. China Southern Airlines Co., 925 F.3d 1339 (11th Cir. 2019)",
        "925 F.3d 1339",
        True,
        MATA,
    ),
    Cited("Petersen v. Iran Air, 905 F. Supp. 2d 121 (D.D.C. 2012)", "905 F. Supp. 2d 121", True, MATA),
    Cited("Miller v. United Airlines, Inc., 174 F.3d 366 (2d Cir. 1999)", "174 F.3d 366", True, MATA),
    Cited(
        "Martinez v. Delta Airlines, Inc., 2019 WL 4639462 (Tex. App. Sept. 25, 2019)",
        "2019 WL 4639462",
        True,
        MATA,
        vendor=True,
    ),
    Cited(
        "Estate of Durden v. KLM Royal Dutch Airlines, 2017 WL 2418825 (Ga. Ct. App. June 5, 2017)",
        "2017 WL 2418825",
        True,
        MATA,
        vendor=True,
    ),
    Cited(
        "Matter of Bourguignon v. Coordinated Behavioral Health Servs., Inc., 114 A.D.3d 947 (3d Dep't 2014)",
        "114 A.D.3d 947",
        True,
        "Park v. Kim",
    ),
    Cited("Zicherman v. Korean Air Lines Co., 516 U.S. 217 (1996)", "516 U.S. 217", False, "real"),
    Cited(
        "El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng, 525 U.S. 155 (1999)", "525 U.S. 155", False, "real"
    ),
    Cited("Ehrlich v. American Airlines, Inc., 360 F.3d 366 (2d Cir. 2004)", "360 F.3d 366", False, "real"),
    Cited("Eastern Airlines, Inc. v. Floyd, 499 U.S. 530 (1991)", "499 U.S. 530", False, "real"),
)


def _real(cluster: int, name: str, date: str, volume: str, reporter: str, page: str) -> DumpCase:
    return DumpCase(cluster, name, date, (ReporterCite(volume, reporter, page),))


REAL = (
    _real(117989, "Zicherman v. Korean Air Lines Co.", "1996-01-16", "516", "U.S.", "217"),
    _real(118263, "El Al Israel Airlines, Ltd. v. Tsui Yuan Tseng", "1999-01-12", "525", "U.S.", "155"),
    _real(785431, "Ehrlich v. American Airlines, Inc.", "2004-02-27", "360", "F.3d", "366"),
    _real(112575, "Eastern Airlines, Inc. v. Floyd", "1991-04-17", "499", "U.S.", "530"),
)
# (reporter, volume, year) of every volume the brief cites, and two on each side of it.
VOLUMES = (
    ("F.3d", 925, 2019),
    ("F. Supp. 2d", 905, 2012),
    ("F.3d", 174, 1999),
    ("A.D.3d", 114, 2014),
    ("U.S.", 516, 1996),
    ("U.S.", 525, 1999),
    ("F.3d", 360, 2004),
    ("U.S.", 499, 1991),
)
NEIGHBOURS = 2
CASES_PER_VOLUME = 16
PAGE_STEP = 97


def brief() -> str:
    """A short argument citing each entry of CITED once."""
    lines = ["The Convention's limitations period is tolled, as courts have long held."]
    lines += [f"See {c.text}." for c in CITED]
    return "\n\n".join(lines) + "\n"


def dump_cases() -> list[DumpCase]:
    """The real cases, and generated cases filling every page step of each volume around them."""
    taken = {(c.reporter, c.volume, c.page) for case in REAL for c in case.citations}
    cases = list(REAL)
    cluster = 9_000_000
    for reporter, volume, year in VOLUMES:
        for v in range(volume - NEIGHBOURS, volume + NEIGHBOURS + 1):
            for k in range(CASES_PER_VOLUME):
                page = str(1 + PAGE_STEP * k)
                if (reporter, str(v), page) in taken:
                    continue
                taken.add((reporter, str(v), page))
                cluster += 1
                name = f"Generated Party {cluster} v. Other Party {cluster}"
                cases.append(_real(cluster, name, f"{year}-06-01", str(v), reporter, page))
    return cases

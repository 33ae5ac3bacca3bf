"""Citations that cannot exist, each with the evidence that rules it out.

The facts come from real data (`reporter_facts.py`); the rules and their margins are here.
A rule fires only on evidence, never on absence, and each margin is wider than what the
real catalogue shows (the catalogue sweep test holds every one of its ~82k rows possible):

1. an edition the series never had (``446 Cal. Rptr. 4th``), when no edition begun since
   the list was known could have reached that volume by the date of the check;
2. a decision year after the date of the check;
3. a volume past the last of a closed edition (F.2d ended with volume 999);
4. a volume not yet printed by the date of the check, at twice the reporter's recent pace;
5. a decision year after the volume was printed (``24 L. Ed. 72 (1969)``): later observed
   volumes hold nothing newer than AFTER_PRINTING_YEARS before it;
6. a decision year long before the volume was printed: LATE_PRINTING_YEARS, because old
   opinions do get printed late (United States ex rel. McNamara v. Henkel (S.D.N.Y. 1912)
   is in 46 F.2d, printed in 1930);
7. a decision year before a fresh edition began, in one of the volumes printed in its
   first year (``5 F.4th 100 (2019)``).
"""

from __future__ import annotations

import datetime as dt
import math

from citeproof.core.models import Citation
from citeproof.core.text.editions import UnlistedEdition, unlisted_edition
from citeproof.core.text.reporter_facts import (
    CONTINUED_BY,
    YEAR_NUMBERED_FROM,
    ReporterHistory,
    editions_facts,
    reporter_history,
)

AFTER_PRINTING_YEARS = 2  # a volume's cases are decided by the time the next ones are printed
LATE_PRINTING_YEARS = 25  # the longest gap between decision and printing the data shows is 18 years
EDITION_START_SLACK = 1  # a fresh edition's first volumes hold cases from the year before it began
PACE_FACTOR = 2  # a reporter may print up to twice its recent pace
SPARE_VOLUMES = 10
UNKNOWN_PACE = 100  # volumes a year, when a reporter's pace is unknown: more than any prints


def impossible_cite(citation: Citation, history: ReporterHistory, as_of: dt.date | None) -> str | None:
    """Why ``citation`` cannot exist, from its reporter's history; None when it can."""
    reporter, volume_text = citation.reporter or "", citation.volume or ""
    if not volume_text.isdigit():
        return None
    volume, year = int(volume_text), citation.year
    unlisted = unlisted_edition(reporter)
    if unlisted is not None:
        return _never_had(unlisted, volume, as_of)
    if year is not None and as_of is not None and year > as_of.year:
        return f"the decision year {year} is after the date of this check ({as_of.isoformat()})"
    if history.last_volume is not None and volume > history.last_volume:
        continued = CONTINUED_BY.get(reporter)
        if continued is None:
            return f"{reporter} ended with volume {history.last_volume}; there is no volume {volume}"
        history = reporter_history(continued)
    if _numbered_by_year(history, volume, year) or (history.edition and history.edition.shared):
        return None
    return (
        _not_yet_printed(history, volume, as_of)
        or (_after_printing(history, volume, year) if year else None)
        or (_before_printing(history, volume, year) if year else None)
        or (_before_edition(history, volume, year) if year else None)
    )


def _numbered_by_year(history: ReporterHistory, volume: int, year: int | None) -> bool:
    """A volume that is a year ("2012-Ohio-779", "2009 Ark. App. 160"): the reporter is known
    to number by year, or the volume is the decision year itself, or no year is given."""
    if volume < YEAR_NUMBERED_FROM:
        return False
    return history.year_numbered or year is None or abs(volume - year) <= 1


def _never_had(edition: UnlistedEdition, volume: int, as_of: dt.date | None) -> str | None:
    """A series that lacked this edition when its list was known could have begun it since,
    but not have printed ``volume`` volumes of it by the date of the check."""
    known = editions_facts().known_as_of
    pace = _pace(edition.editions[-1]) or UNKNOWN_PACE
    years = max(0.0, ((as_of or known) - known).days / 365.25)
    reachable = math.ceil(PACE_FACTOR * pace * years) + SPARE_VOLUMES
    if volume <= reachable:
        return None
    listed = ", ".join(edition.editions)
    return (
        f"{edition.series} has no edition {edition.reporter}: its editions are {listed} "
        f"(reporters-db, as of {known.isoformat()}); a new edition begun since could not have "
        f"reached volume {volume} by {(as_of or known).isoformat()}"
    )


def _not_yet_printed(history: ReporterHistory, volume: int, as_of: dt.date | None) -> str | None:
    newest, edition = history.newest(), history.edition
    if newest is None or as_of is None or volume <= newest.volume:
        return None
    until = as_of.year
    if edition is not None and edition.end is not None and edition.end_trusted:
        until = min(until, edition.end)
    pace = history.volumes_per_year() or UNKNOWN_PACE
    reachable = newest.volume + math.ceil(PACE_FACTOR * pace * (until - newest.last_year + 1)) + SPARE_VOLUMES
    if volume <= reachable:
        return None
    return (
        f"{history.reporter} volume {volume} has not been printed by {as_of.isoformat()}: the newest "
        f"volume in the real catalogue is {newest.volume} ({newest.last_year}), at about "
        f"{pace:.0f} volumes a year, so no later than volume {reachable} by {until}"
    )


def _after_printing(history: ReporterHistory, volume: int, year: int) -> str | None:
    bound = history.latest_year(volume)
    edition = history.edition
    if bound is None and edition is not None and edition.end is not None and edition.end_trusted:
        if year > edition.end + AFTER_PRINTING_YEARS:
            return f"{history.reporter} stopped publishing in {edition.end}; nothing in it dates from {year}"
        return None
    if bound is None or year <= bound.year + AFTER_PRINTING_YEARS:
        return None
    seen = _volumes(history.reporter, bound.first_volume, bound.last_volume)
    return (
        f"{volume} {history.reporter} was printed before {seen}, whose real cases were all "
        f"decided by {bound.year}; nothing in it dates from {year}"
    )


def _before_printing(history: ReporterHistory, volume: int, year: int) -> str | None:
    bound = history.earliest_year(volume)
    if bound is None or year >= bound.year - LATE_PRINTING_YEARS:
        return None
    seen = _volumes(history.reporter, bound.first_volume, bound.last_volume)
    return (
        f"{volume} {history.reporter} was printed after {seen}, whose real cases date from "
        f"{bound.year} on; no case {bound.year - year} years older is printed that late"
    )


def _before_edition(history: ReporterHistory, volume: int, year: int) -> str | None:
    """A fresh edition's first-year volumes hold no case older than the year before it began."""
    edition = history.edition
    if not (history.fresh and edition and edition.start and edition.start_trusted):
        return None
    if year >= edition.start - EDITION_START_SLACK:
        return None
    first_year_volumes = _first_year_volumes(history)
    if first_year_volumes is None or volume > first_year_volumes:
        return None
    return (
        f"{history.reporter} began publishing in {edition.start}; volume {volume} is among its "
        f"first year's {first_year_volumes} volumes, and nothing in them dates from {year}"
    )


def _first_year_volumes(history: ReporterHistory) -> int | None:
    """How many volumes the edition printed in its first year: the last observed volume
    whose cases all date from that year (or the one before); for an edition with no
    observations yet, half a year's volumes at the pace of the edition before it."""
    start = history.edition.start if history.edition else None
    if start is None:
        return None
    if history.volumes:
        first_year = [
            v.volume
            for v in history.volumes
            if start - EDITION_START_SLACK <= v.first_year and v.last_year <= start
        ]
        return max(first_year) if first_year else None
    pace = _pace(history.reporter)
    return math.floor(pace / 2) if pace and pace >= 2 else None


def _pace(reporter: str) -> float | None:
    """Volumes a year: the edition's own observed pace, else that of the edition before it."""
    own = reporter_history(reporter).volumes_per_year()
    previous = _previous_edition(reporter) if own is None else None
    return own if previous is None else reporter_history(previous).volumes_per_year()


def _previous_edition(reporter: str) -> str | None:
    for editions in editions_facts().series.values():
        if reporter in editions[1:]:
            return editions[editions.index(reporter) - 1]
    return None


def _volumes(reporter: str, first: int, last: int) -> str:
    return f"{reporter} {first}" if first == last else f"{reporter} {first}-{last}"

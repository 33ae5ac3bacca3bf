"""A realistic brief for speed and memory benchmarks: real cases, real quotes on their real pages.

    python benchmarks/realistic_brief.py --citations 10000 --opinions 382 --seed 17 > brief.txt

Every citation names an opinion of the library that has text and page markers. A quotation
is copied from a sentence printed wholly on the pin page; an explanatory parenthetical
paraphrases nothing (it repeats a sentence of that page, so the support and pin checks
read it); short forms (`Id. at P`, `Name, V Rep. at P`) follow their full cite; string
cites join two to four authorities. The brief therefore exercises every content check,
and a correct checker finds almost every citation verified. ``--opinions`` bounds how
many distinct opinions the brief cites (all 382 by default; each is cited at least once
when the brief is long enough).
"""

from __future__ import annotations

import argparse
import random
import re
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

_SENTENCE = re.compile(r"[A-Z][a-z][^.!?\"“”'’\[\]()§¶\d]{40,400}?[.]\s")
_GOVERNMENT = {"people", "state", "united states", "commonwealth", "city", "county"}
FILLER = (
    "The district court's ruling cannot be reconciled with settled law.",
    "Appellant preserved this argument below and raises it again here.",
    "The record shows no evidence to the contrary.",
    "We review questions of law de novo.",
    "That principle controls the outcome of this appeal.",
    "Nothing in the statute's text suggests otherwise.",
)
LEADS = ("As the court explained,", "The court observed that", "It is settled that", "The court held that")
SIGNALS = ("See", "See also", "Cf.", "Accord")


@dataclass(frozen=True)
class Page:
    number: int
    sentences: tuple[str, ...]


@dataclass(frozen=True)
class Case:
    name: str
    short: str
    volume: str
    reporter: str
    page: str
    year: str
    pages: tuple[Page, ...]

    def cite(self, pin: int | None) -> str:
        at = f", {pin}" if pin is not None and str(pin) != self.page else ""
        return f"{self.name}, {self.volume} {self.reporter} {self.page}{at} ({self.year})"


def short_name(name: str) -> str:
    first, _, second = name.partition(" v. ")
    party = second if second and first.strip().lower() in _GOVERNMENT else first
    return party.split(",")[0].strip()


def _prose(sentence: str) -> bool:
    """A sentence of running prose: ten words or more, mostly lower case, no list or caption."""
    words = sentence.split()
    capitals = sum(1 for w in words if w[0].isupper())
    return len(words) >= 10 and capitals <= len(words) // 4 and ":" not in sentence and ";" not in sentence


def load_cases(library: Path) -> list[Case]:
    """Every opinion with text, with the quotable sentences of each marked page of its
    primary reporter (none for an opinion without page markers)."""
    conn = sqlite3.connect(f"file:{library}?mode=ro", uri=True)
    rows = conn.execute(
        "SELECT o.case_id, c.name_abbreviation, substr(c.decision_date, 1, 4), ci.volume, ci.reporter,"
        " ci.page, o.text FROM opinions o JOIN cases c ON c.id = o.case_id"
        " JOIN citations ci ON ci.case_id = o.case_id AND ci.position = 0 ORDER BY o.case_id"
    ).fetchall()
    cases = []
    for case_id, name, year, volume, reporter, page, text in rows:
        breaks = conn.execute(
            "SELECT page, offset FROM page_breaks WHERE case_id = ? AND reporter = ? ORDER BY offset",
            (case_id, reporter),
        ).fetchall()
        pages = []
        for i, (number, start) in enumerate(breaks):
            end = breaks[i + 1][1] if i + 1 < len(breaks) else len(text)
            found = tuple(
                sentence
                for m in _SENTENCE.finditer(text, start, end)
                if _prose(sentence := " ".join(m.group().split()))
            )
            if found:
                pages.append(Page(number, found))
        cases.append(Case(name, short_name(name), volume, reporter, page, year, tuple(pages)))
    return cases


def _quote(rng: random.Random, page: Page) -> str:
    words = rng.choice(page.sentences).rstrip(". ").split()
    size = min(len(words), rng.randint(7, 14))
    start = rng.randint(0, len(words) - size)
    return " ".join(words[start : start + size]).strip(",;:")


def _parenthetical(rng: random.Random, page: Page) -> str:
    sentence = rng.choice(page.sentences).rstrip(". ")
    return sentence[0].lower() + sentence[1:]


def paragraph(rng: random.Random, cases: list[Case], first: Case) -> tuple[str, int]:
    """One paragraph and how many citations it holds."""
    if not first.pages:  # nothing to quote: a plain cite, alone or in a string
        group = [first, *rng.sample(cases, rng.randint(0, 2))]
        cites = "; ".join(c.cite(rng.choice(c.pages).number if c.pages else None) for c in group)
        return f"{rng.choice(FILLER)} {rng.choice(SIGNALS)} {cites}.", len(group)
    form = rng.random()
    page = rng.choice(first.pages)
    other = rng.choice(first.pages)
    if form < 0.35:  # quote, cite, then Id. with a quote of another page
        text = (
            f'{rng.choice(LEADS)} "{_quote(rng, page)}." {first.cite(page.number)}. {rng.choice(FILLER)} '
            f'"{_quote(rng, other)}." Id. at {other.number}.'
        )
        return text, 2
    if form < 0.6:  # explanatory parenthetical, then a short form with a quote
        text = (
            f"{rng.choice(SIGNALS)} {first.cite(page.number)} (holding that {_parenthetical(rng, page)}). "
            f'{rng.choice(FILLER)} The court added that "{_quote(rng, other)}." '
            f"{first.short}, {first.volume} {first.reporter} at {other.number}."
        )
        return text, 2
    if form < 0.85:  # a string cite of two to four authorities
        group = [first, *rng.sample(cases, rng.randint(1, 3))]
        cites = "; ".join(c.cite(rng.choice(c.pages).number if c.pages else None) for c in group)
        return f"{rng.choice(FILLER)} {rng.choice(SIGNALS)} {cites}.", len(group)
    text = f'{rng.choice(FILLER)} "{_quote(rng, page)}." {first.cite(page.number)}.'
    return text, 1


def make_brief(library: Path, citations: int, opinions: int | None, seed: int) -> str:
    """About ``citations`` citations to ``opinions`` distinct opinions (all when None)."""
    return brief_from(load_cases(library), citations, opinions, seed)


def brief_from(cases: list[Case], citations: int, opinions: int | None, seed: int) -> str:
    """A brief from cases already loaded (many briefs from one library)."""
    rng = random.Random(seed)
    if opinions is not None and opinions < len(cases):
        cases = rng.sample(cases, opinions)
    order: list[Case] = []
    paragraphs, count = [], 0
    while count < citations:
        if not order:
            order = rng.sample(cases, len(cases))
        text, n = paragraph(rng, cases, order.pop())
        paragraphs.append(text)
        count += n
    return "\n\n".join(paragraphs) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--citations", type=int, default=1000)
    parser.add_argument("--opinions", type=int, default=None, help="distinct opinions cited (default: all)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--library", type=Path, default=None, help="library file (default: the bundled one)")
    args = parser.parse_args()
    if args.library is None:
        from citeproof.library.default import default_library

        args.library = default_library(quiet=True).path
    sys.stdout.write(make_brief(args.library, args.citations, args.opinions, args.seed))


if __name__ == "__main__":
    main()

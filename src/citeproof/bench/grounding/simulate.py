"""A documented simulator of decision → statute citation graphs and of cited answers.

No real decision graph ships with citeproof, so tests and demos draw one over the
real registry's articles. Each domain (an in-force code) gets a heavy-tailed
popularity over its in-force articles: a seeded random order and Zipf weights
``rank^-alpha``. A decision picks a domain, then ``1 + Poisson(mean_cites - 1)``
articles: from its domain with probability ``1 - cross_share``, otherwise from the
Constitution or a procedural code. Simulated systems answer queries by citing from
the same popularity raised to ``head_bias`` (above 1: the head; below 1: the tail),
and sometimes fabricate (an article beyond the code's last), cite a repealed
article, or an article in a registry gap.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from citeproof.bench.grounding.oracle import Oracle, Record
from citeproof.bench.grounding.responses import Cited, Response
from citeproof.core.extraction.statutes.ua_registry import Registry

DOMAINS: tuple[str, ...] = (
    "civil",
    "criminal",
    "criminal_procedure",
    "civil_procedure",
    "labour",
    "admin_offences",
    "family",
    "land",
    "commercial_procedure",
    "admin_procedure",
)
CROSS: tuple[str, ...] = ("constitution", "civil_procedure", "admin_procedure")


@dataclass(frozen=True, slots=True, eq=False)
class Population:
    """Per domain: its code's in-force articles and their citation probabilities."""

    articles: dict[str, tuple[str, ...]]
    weights: dict[str, np.ndarray]

    def draw(self, domain: str, size: int, rng: np.random.Generator, bias: float = 1.0) -> list[str]:
        w = self.weights[domain] ** bias
        picks = rng.choice(len(w), size=size, p=w / w.sum())
        return [self.articles[domain][i] for i in picks]


def population(
    registry: Registry,
    rng: np.random.Generator,
    alpha: float = 1.1,
    domains: tuple[str, ...] = DOMAINS + CROSS,
) -> Population:
    arts, weights = {}, {}
    for code_id in dict.fromkeys(domains):
        code = registry.code(code_id)
        if code is None:
            raise KeyError(code_id)
        numbers = tuple(a.number for a in code.in_force_articles())
        order = rng.permutation(len(numbers))
        arts[code_id] = tuple(numbers[i] for i in order)
        weights[code_id] = np.arange(1, len(numbers) + 1, dtype=float) ** -alpha
    return Population(arts, weights)


@dataclass(frozen=True, slots=True)
class GraphConfig:
    decisions: int = 20_000
    mean_cites: float = 3.0
    cross_share: float = 0.1
    years: tuple[int, int] = (2015, 2025)
    domains: tuple[str, ...] = DOMAINS


def simulate_oracle(
    pop: Population, rng: np.random.Generator, config: GraphConfig, name: str = "simulated"
) -> Oracle:
    """A heavy-tailed citation graph of ``config.decisions`` decisions."""
    n = config.decisions
    dom_idx = rng.integers(0, len(config.domains), n)
    days = rng.integers(0, (config.years[1] - config.years[0] + 1) * 365, n)
    rec_dec = np.repeat(np.arange(n), 1 + rng.poisson(config.mean_cites - 1, n))
    codes = np.asarray(config.domains, dtype=object)[dom_idx[rec_dec]]
    cross = rng.random(rec_dec.size) < config.cross_share
    codes[cross] = np.asarray(CROSS, dtype=object)[rng.integers(0, len(CROSS), cross.sum())]
    articles = np.empty(rec_dec.size, dtype=object)
    for code in np.unique(codes):
        where = np.flatnonzero(codes == code)
        articles[where] = pop.draw(str(code), where.size, rng)
    dates = [_date(config.years[0], int(d)) for d in days]
    records = (
        Record(f"d{d}", str(c), str(a), dates[d], config.domains[dom_idx[d]])
        for d, c, a in zip(rec_dec.tolist(), codes, articles, strict=True)
    )
    return Oracle.from_records(name, records)


def _date(year0: int, day: int) -> str:
    year, rest = divmod(day, 365)
    month, dom = divmod(rest, 31)
    return f"{year0 + year:04d}-{min(month + 1, 12):02d}-{min(dom + 1, 28):02d}"


@dataclass(frozen=True, slots=True)
class SystemProfile:
    name: str
    head_bias: float = 1.0
    fabricate: float = 0.0
    repealed: float = 0.0
    gap: float = 0.0
    cites: int = 4


SYSTEMS: tuple[SystemProfile, ...] = (
    SystemProfile("head", head_bias=1.4, fabricate=0.015, repealed=0.01),
    SystemProfile("broad", head_bias=0.35),
    SystemProfile("fabricator", head_bias=1.0, fabricate=0.06, repealed=0.01),
    SystemProfile("stale", head_bias=0.9, fabricate=0.005, repealed=0.05, gap=0.01),
)


def simulate_responses(
    registry: Registry,
    pop: Population,
    rng: np.random.Generator,
    queries: int = 100,
    systems: tuple[SystemProfile, ...] = SYSTEMS,
    domains: tuple[str, ...] = DOMAINS,
    date: str = "2025-06-01",
) -> tuple[Response, ...]:
    """Every system answers the same ``queries`` (each with a domain)."""
    q_domains = [domains[i] for i in rng.integers(0, len(domains), queries)]
    out = []
    for profile in systems:
        for q, domain in enumerate(q_domains):
            cites = tuple(_cite(registry, pop, rng, profile, domain) for _ in range(profile.cites))
            out.append(Response(profile.name, f"q{q}", cites, domain, date))
    return tuple(out)


def _cite(
    registry: Registry, pop: Population, rng: np.random.Generator, profile: SystemProfile, domain: str
) -> Cited:
    code = registry.codes[domain]
    u = rng.random()
    if u < profile.fabricate:
        return Cited(domain, str(code.last_base + int(rng.integers(1, 200))))
    u -= profile.fabricate
    repealed = code.repealed_articles()
    if u < profile.repealed and repealed:
        return Cited(domain, repealed[rng.integers(len(repealed))].number)
    u -= profile.repealed
    if u < profile.gap and code.gaps:
        gap = code.gaps[rng.integers(len(code.gaps))]
        return Cited(domain, str(int(rng.integers(gap.first, gap.last + 1))))
    return Cited(domain, pop.draw(domain, 1, rng, profile.head_bias)[0])

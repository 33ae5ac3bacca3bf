"""Preference pairs from real citing text, and a leakage report on them.

Each pair keeps a real sentence from the registry's article texts: ``prompt`` is the
sentence up to the citation, ``chosen`` the real continuation, ``rejected`` the same
continuation with the citation corrupted by one ``strategy``:

- ``article_swap``: another in-force article of the same code;
- ``code_swap``: the same article number in another code that has it (the code name
  is re-inflected by swapping the adjective stem: "Цивільного" → "Земельного");
- ``out_of_range``: an article beyond the code's last one (a fabrication);
- ``anachronism``: a really repealed article of the code (repealed before the date
  of the citing text's version, the registry snapshot);
- ``adjacent``: the neighbouring in-force article (a hard corruption; the registry
  keeps no chapters, so "same chapter" is approximated by the next article in order).

Leakage: a trivial classifier that sees only the surface of the two continuations
(the cited number's value and digit count, a suffix, the length) picks, on a train
half, the single feature and direction that best tells chosen from rejected, and is
scored on the other half. Accuracy near 0.5 means no surface shortcut.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources

import numpy as np

from citeproof.core.extraction.statutes.ua import StatuteCite, extract_ua
from citeproof.core.extraction.statutes.ua_registry import CiteStatus, Code, Registry, article_key
from citeproof.core.stats import Estimate, wilson


class Strategy(StrEnum):
    ARTICLE_SWAP = "article_swap"
    CODE_SWAP = "code_swap"
    OUT_OF_RANGE = "out_of_range"
    ANACHRONISM = "anachronism"
    ADJACENT = "adjacent"


@dataclass(frozen=True, slots=True)
class Pair:
    prompt: str
    chosen: str
    rejected: str
    strategy: str  # a `Strategy` here, a `dpo_cases.CaseStrategy` for decision texts
    source: str  # the text it comes from: "code:article", or "opinion id#paragraph offset"
    cited: str
    corrupted: str
    origin: str = "statute_text"  # or "decision_text"

    def to_dict(self) -> dict[str, str]:
        return {
            "prompt": self.prompt,
            "chosen": self.chosen,
            "rejected": self.rejected,
            "strategy": str(self.strategy),
            "source": self.source,
            "cited": self.cited,
            "corrupted": self.corrupted,
            "origin": self.origin,
        }


def load_citing() -> tuple[dict[str, str], ...]:
    """The real citing sentences shipped with citeproof (see ``grounding.pack``)."""
    ref = resources.files("citeproof").joinpath("data/ua/citing.jsonl.gz")
    with ref.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
        return tuple(json.loads(line) for line in fh)


_ADJ_TITLE = re.compile(r"^(\w+)ий кодекс України$")


def _adj_stem(code: Code) -> str | None:
    m = _ADJ_TITLE.match(code.title_uk)
    return m.group(1) if m else None


def _written_number(cite_text: str, article: str) -> re.Match[str] | None:
    parts = article.split("-")
    pattern = r"(?<![\d\w])" + r"\s?-".join(parts) + r"(?![\d²³¹⁰-⁹]|\s?-\d)"
    return re.search(pattern, cite_text)


def _replace_number(cite: StatuteCite, new: str) -> str | None:
    m = _written_number(cite.text, cite.article)
    if m is None:
        return None
    spaced = " -" in m.group()
    written = new.replace("-", " -") if spaced else new
    return cite.text[: m.start()] + written + cite.text[m.end() :]


Corruptor = Callable[[StatuteCite, Code, Registry, np.random.Generator], tuple[str, str] | None]


def _article_swap(
    cite: StatuteCite, code: Code, reg: Registry, rng: np.random.Generator
) -> tuple[str, str] | None:
    base = article_key(cite.article)[0]
    pool = [a.number for a in code.in_force_articles() if abs(article_key(a.number)[0] - base) > 5]
    return _with_number(cite, pool[rng.integers(len(pool))]) if pool else None


def _out_of_range(
    cite: StatuteCite, code: Code, reg: Registry, rng: np.random.Generator
) -> tuple[str, str] | None:
    return _with_number(cite, str(code.last_base + int(rng.integers(1, 300))))


def _anachronism(
    cite: StatuteCite, code: Code, reg: Registry, rng: np.random.Generator
) -> tuple[str, str] | None:
    pool = [a.number for a in code.repealed_articles() if (a.repeal_date or "") <= reg.snapshot]
    return _with_number(cite, pool[rng.integers(len(pool))]) if pool else None


def _adjacent(
    cite: StatuteCite, code: Code, reg: Registry, rng: np.random.Generator
) -> tuple[str, str] | None:
    numbers = [a.number for a in code.articles]
    i = numbers.index(cite.article)
    near = [
        n
        for n in numbers[max(0, i - 1) : i + 2]
        if n != cite.article and reg.check(code.code_id, n).status is CiteStatus.EXISTS
    ]
    return _with_number(cite, near[rng.integers(len(near))]) if near else None


def _code_swap(
    cite: StatuteCite, code: Code, reg: Registry, rng: np.random.Generator
) -> tuple[str, str] | None:
    stem = _adj_stem(code)
    if stem is None or not cite.name.startswith(stem):
        return None
    others = [
        c
        for c in reg.codes.values()
        if c.in_force
        and c.code_id != code.code_id
        and _adj_stem(c)
        and reg.check(c.code_id, cite.article).status is CiteStatus.EXISTS
    ]
    if not others:
        return None
    other = others[rng.integers(len(others))]
    name = (_adj_stem(other) or "") + cite.name[len(stem) :]
    return cite.text.replace(cite.name, name), f"{other.code_id}:{cite.article}"


def _with_number(cite: StatuteCite, new: str) -> tuple[str, str] | None:
    text = _replace_number(cite, new)
    return (text, f"{cite.code}:{new}") if text else None


CORRUPTORS: dict[Strategy, Corruptor] = {
    Strategy.ARTICLE_SWAP: _article_swap,
    Strategy.CODE_SWAP: _code_swap,
    Strategy.OUT_OF_RANGE: _out_of_range,
    Strategy.ANACHRONISM: _anachronism,
    Strategy.ADJACENT: _adjacent,
}


def expand_internal(row: dict[str, str], reg: Registry) -> str:
    """ "цього Кодексу" → the citing code's full genitive name, when it has one.

    So that chosen and rejected both name a code and a code swap is not betrayed by
    the length of the name."""
    stem = _adj_stem(reg.codes[row["source_code"]])
    return row["text"].replace("цього Кодексу", f"{stem}ого кодексу України") if stem else row["text"]


def _usable(text: str, row: dict[str, str], reg: Registry) -> Iterator[StatuteCite]:
    cites = extract_ua(text, registry=reg, self_code=row["source_code"])
    for cite in cites:
        single = sum(c.span == cite.span for c in cites) == 1
        if single and cite.code and reg.check(cite.code, cite.article).status is CiteStatus.EXISTS:
            yield cite
            return


def make_pairs(
    rows: tuple[dict[str, str], ...],
    registry: Registry,
    seed: int = 0,
    strategies: tuple[Strategy, ...] = tuple(Strategy),
) -> tuple[Pair, ...]:
    """One pair per (citing sentence, strategy) where the strategy applies."""
    rng = np.random.default_rng(seed)
    pairs = []
    for row in rows:
        text = expand_internal(row, registry)
        for cite in _usable(text, row, registry):
            code = registry.codes[cite.code or ""]
            prompt, chosen = text[: cite.span.start], text[cite.span.start :]
            for strategy in strategies:
                got = CORRUPTORS[strategy](cite, code, registry, rng)
                if got is None:
                    continue
                rejected = got[0] + text[cite.span.end :]
                pairs.append(
                    Pair(
                        prompt,
                        chosen,
                        rejected,
                        strategy,
                        f"{row['source_code']}:{row['source_article']}",
                        f"{cite.code}:{cite.article}",
                        got[1],
                    )
                )
    return tuple(pairs)


def surface_features(text: str) -> np.ndarray:
    """What a trivial classifier sees: first cited number, its digits, a suffix, length."""
    m = re.search(r"(?:стат\w*|ст\.)\s*(\d+(?:\s?-\d+)*)", text)
    number = m.group(1) if m else "0"
    base = int(re.findall(r"\d+", number)[0])
    return np.array([base, len(str(base)), float("-" in number), len(text)], dtype=float)


FEATURES = ("number", "digits", "suffix", "length")


@dataclass(frozen=True, slots=True)
class Leakage:
    strategy: str
    feature: str
    accuracy: Estimate

    def to_dict(self) -> dict[str, object]:
        return {"strategy": self.strategy, "feature": self.feature, "accuracy": self.accuracy.to_dict()}


Features = tuple[Callable[[str], np.ndarray], tuple[str, ...]]
STATUTE_FEATURES: Features = (surface_features, FEATURES)


def leakage(
    pairs: tuple[Pair, ...], seed: int = 0, features: Features = STATUTE_FEATURES
) -> tuple[Leakage, ...]:
    """Held-out accuracy of the best decision stump per strategy (and over all pairs)."""
    groups: dict[str, list[Pair]] = {"all": list(pairs)}
    for p in pairs:
        groups.setdefault(str(p.strategy), []).append(p)
    return tuple(_stump(name, group, seed, features) for name, group in groups.items())


def _stump(name: str, group: list[Pair], seed: int, features: Features) -> Leakage:
    if len(group) < 2:
        return Leakage(name, "", wilson(0, 0))
    surface, names = features
    diff = np.array([surface(p.chosen) - surface(p.rejected) for p in group])
    rng = np.random.default_rng(seed)
    flip = rng.random(len(group)) < 0.5  # present chosen first or second at random
    x = np.where(flip[:, None], -diff, diff)
    y = ~flip  # True when the first shown is the chosen one
    order = rng.permutation(len(group))
    train, test = order[: len(group) // 2], order[len(group) // 2 :]
    best = max(
        ((f, s) for f in range(x.shape[1]) for s in (1, -1)),
        key=lambda fs: np.mean((fs[1] * x[train, fs[0]] > 0) == y[train]),
    )
    hits = int(np.sum((best[1] * x[test, best[0]] > 0) == y[test]))
    return Leakage(name, names[best[0]], wilson(hits, len(test)))

"""Which excerpts go to the test split and which carry an injected error, decided before
any excerpt is made, so that the proportions hold by construction: the test split is
``round(test_fraction × n)`` excerpts, and in each split exactly ``round(injected_fraction ×
size)`` excerpts carry at least one injected error (the builder retries an excerpt whose
injection did not take). Pure given the ``rng``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

T = TypeVar("T")
MAX_ATTEMPTS = 25  # draws of an excerpt meant to carry an error before the build gives up


@dataclass(frozen=True, slots=True)
class Allocation:
    test: frozenset[int]
    injected: frozenset[int]

    def split(self, i: int) -> str:
        return "test" if i in self.test else "train"


def allocate(n: int, test_fraction: float, injected_fraction: float, rng: np.random.Generator) -> Allocation:
    """The test indices, then exactly ``round(injected_fraction × size)`` injected indices
    in each split."""
    if not 0.0 <= test_fraction <= 1.0 or not 0.0 <= injected_fraction <= 1.0:
        raise ValueError("test and injected fractions must lie in [0, 1]")
    order = [int(i) for i in rng.permutation(n)]
    test = order[: round(n * test_fraction)]
    train = sorted(set(range(n)) - set(test))
    injected: set[int] = set()
    for members in (sorted(test), train):
        chosen = rng.permutation(len(members))[: round(len(members) * injected_fraction)]
        injected |= {members[int(k)] for k in chosen}
    return Allocation(frozenset(test), frozenset(injected))


def until(make: Callable[[], T], ok: Callable[[T], bool], what: str) -> T:
    """``make()`` until ``ok`` holds, at most `MAX_ATTEMPTS` times; a clear error
    after that (the library is too small to carry the injection)."""
    for _ in range(MAX_ATTEMPTS):
        made = make()
        if ok(made):
            return made
    raise ValueError(
        f"{what}: no injected error took in {MAX_ATTEMPTS} attempts (is the library too small? "
        "the benchmark needs full-text opinions and catalogued cases to inject into)"
    )

"""Pluggable detectors for the runner: a registry of name → factory(library).

Other packages add systems with :func:`register_system`, or through the
``citeproof.bench.systems`` entry-point group (a callable ``factory(library)``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from importlib.metadata import entry_points

from ...library.base import Library
from ...pipeline import check_document
from ...read import document_from_text
from ..systems import Detection, Detector
from .scorer import unique_predictions

DetectorFactory = Callable[[Library], Detector]
SYSTEMS: dict[str, DetectorFactory] = {}


def register_system(name: str, factory: DetectorFactory) -> None:
    SYSTEMS[name] = factory


def available_systems() -> dict[str, DetectorFactory]:
    found = dict(SYSTEMS)
    for ep in entry_points(group="citeproof.bench.systems"):
        found.setdefault(ep.name, ep.load())
    return found


def make_system(name: str, library: Library) -> Detector:
    systems = available_systems()
    if name not in systems:
        raise KeyError(f"unknown system {name!r}; known: {', '.join(sorted(systems))}")
    return systems[name](library)


class RulesDetector:
    """citeproof's offline rules: every error of every hallucinated verdict, by its fragment."""

    name = "rules"

    def __init__(self, library: Library) -> None:
        self.library = library

    def detect(self, text: str) -> Detection:
        started = time.perf_counter()
        report = check_document(document_from_text(text), self.library)
        fragments = [e.fragment or v.citation.text for v in report.verdicts for e in v.errors]
        return Detection(unique_predictions(fragments),
                         seconds=time.perf_counter() - started)


register_system("rules", RulesDetector)

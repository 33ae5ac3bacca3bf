"""Pluggable detectors for the runner: a registry of name → factory(library).

Other packages add systems with :func:`register_system`, or through the
``citeproof.bench.systems`` entry-point group (a callable ``factory(library)``).
A family (:func:`register_family`) answers every ``PREFIX:VARIANT`` name, e.g.
``agent:gpt-4.1``. A run may pass options (``make_system(..., options)``): they reach
the factory as keywords, and a factory that takes none refuses them. The LLM systems
(`citeproof.bench.phantom.llm_bench`) are built in.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from inspect import signature
from typing import Any

from citeproof.bench.phantom.scorer import unique_predictions
from citeproof.bench.systems import Detection, Detector
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text

DetectorFactory = Callable[..., Detector]  # factory(library, **options)
SYSTEMS: dict[str, DetectorFactory] = {}
FAMILIES: dict[str, Callable[[str], DetectorFactory]] = {}
_BUILT_IN = ("citeproof.bench.phantom.llm_bench",)


def register_system(name: str, factory: DetectorFactory) -> None:
    SYSTEMS[name] = factory


def register_family(prefix: str, make: Callable[[str], DetectorFactory]) -> None:
    """``make(variant)`` gives the factory of ``prefix:variant``."""
    FAMILIES[prefix] = make


def _load_built_in() -> None:
    for module in _BUILT_IN:
        importlib.import_module(module).register()


def available_systems() -> dict[str, DetectorFactory]:
    _load_built_in()
    found = dict(SYSTEMS)
    for ep in entry_points(group="citeproof.bench.systems"):
        found.setdefault(ep.name, ep.load())
    return found


def make_system(name: str, library: Library, options: Mapping[str, Any] | None = None) -> Detector:
    systems = available_systems()
    prefix, _, variant = name.partition(":")
    factory = systems.get(name) or (FAMILIES[prefix](variant) if variant and prefix in FAMILIES else None)
    if factory is None:
        families = [f"{p}:VARIANT" for p in sorted(FAMILIES)]
        raise KeyError(f"unknown system {name!r}; known: {', '.join([*sorted(systems), *families])}")
    if not options:
        return factory(library)
    try:
        signature(factory).bind(library, **options)
    except TypeError as exc:
        raise ValueError(f"system {name!r} takes no options {sorted(options)}") from exc
    return factory(library, **options)


class RulesDetector:
    """citeproof's offline rules: every error of every hallucinated verdict, by its fragment."""

    name = "rules"

    def __init__(self, library: Library) -> None:
        self.library = library

    def detect(self, text: str) -> Detection:
        started = time.perf_counter()
        report = check_document(document_from_text(text), self.library)
        fragments = [e.fragment or v.citation.text for v in report.verdicts for e in v.errors]
        return Detection(unique_predictions(fragments), seconds=time.perf_counter() - started)


register_system("rules", RulesDetector)

"""The phantom runner's registry of detectors: name → factory(library, **options).

Every built-in system is imported here, plainly: ``rules`` and the LLM systems of
`llm_bench` (``rules+judge``, ``single-call``, ``agent``, each also ``NAME:scripted``,
and a family answering every ``NAME:MODEL``). Other packages add systems with
:func:`register_system`, or through the ``citeproof.bench.systems`` entry-point group
(a callable ``factory(library)``); a family (:func:`register_family`) answers every
``PREFIX:VARIANT`` name. A run may pass options (``make_system(..., options)``): they
reach the factory as keywords, and a factory that takes none refuses them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from inspect import signature
from typing import Any

from citeproof.bench.phantom import llm_bench
from citeproof.bench.phantom.llm_systems import RulesDetector
from citeproof.bench.systems import Detector
from citeproof.core.protocols import Library
from citeproof.llm.scripted import SCRIPTED

DetectorFactory = Callable[..., Detector]  # factory(library, **options)
SYSTEMS: dict[str, DetectorFactory] = {}
FAMILIES: dict[str, Callable[[str], DetectorFactory]] = {}


def register_system(name: str, factory: DetectorFactory) -> None:
    SYSTEMS[name] = factory


def register_family(prefix: str, make: Callable[[str], DetectorFactory]) -> None:
    """``make(variant)`` gives the factory of ``prefix:variant``."""
    FAMILIES[prefix] = make


def _register_built_in() -> None:
    register_system("rules", RulesDetector)
    for kind in llm_bench.KINDS:
        register_system(kind, llm_bench.factory(kind))
        register_system(f"{kind}:{SCRIPTED}", llm_bench.factory(kind, SCRIPTED))
        register_family(kind, llm_bench.family(kind))


_register_built_in()


def available_systems() -> dict[str, DetectorFactory]:
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


def is_stand_in(name: str, detector: Detector | None = None) -> bool:
    """Whether a run's figures come from the scripted stand-in model, so that its report is a
    plumbing check, not a model result: the system is ``NAME:scripted``, or the detector
    answers through the scripted endpoint."""
    return name.partition(":")[2] == SCRIPTED or bool(getattr(detector, "stand_in", False))

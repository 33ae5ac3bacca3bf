"""The injector is independent of the detector: no module that builds the phantom
benchmark imports, directly or through others, any module of the detector's checks.

Read from the source (every import at any depth, as ``tests/test_architecture.py``
reads it). The walk stops at the library layer: the library is the shared record of
facts both sides read, not the detector's judgment.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location(
    "architecture_walker", Path(__file__).resolve().parents[1] / "test_architecture.py"
)
assert _spec and _spec.loader
_walker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_walker)
GRAPH: dict[str, set[str]] = _walker.GRAPH

INJECTOR = tuple(
    f"citeproof.bench.phantom.{m}"
    for m in (
        "builder",
        "injections",
        "textual",
        "words",
        "parties",
        "cites",
        "sources",
        "compose",
        "templated",
        "judicial",
        "schema",
    )
)
# The detector: extraction and resolution of citations, their checks and the verdict.
DETECTOR = tuple(
    f"citeproof.core.{m}"
    for m in (
        "checking.checks",
        "checking.resolve",
        "checking.support",
        "text.names",
        "checking.quotes",
        "checking.pinpoint",
        "decide",
        "pipeline",
        "checking.impossible",
        "text.reporter_facts",
        "extraction.extract",
        "extraction.short_forms",
        "text.context",
        "extraction.attribution",
        "extraction.clauses",
    )
)
# What of the core the injector may use: the data types, and the document reader (for
# --from-briefs) with whatever reading a file takes, provided none of it is the detector.
ALLOWED_CORE = {"citeproof.core", "citeproof.core.models"}
READER = "citeproof.core.reading.read"


def closure(starts: tuple[str, ...]) -> dict[str, str]:
    """Every module reached from ``starts`` (not through the library), with one importer."""
    seen: dict[str, str] = {s: s for s in starts}
    todo = list(starts)
    while todo:
        module = todo.pop()
        if module.startswith("citeproof.library"):
            continue
        for dep in GRAPH.get(module, ()):
            if dep not in seen:
                seen[dep] = module
                todo.append(dep)
    return seen


def test_every_injector_module_exists():
    assert all(m in GRAPH for m in INJECTOR)
    assert all(m in GRAPH for m in DETECTOR)


def test_the_injector_imports_nothing_of_the_detector():
    reached = closure(INJECTOR)
    bad = {m: reached[m] for m in reached if m in DETECTOR}
    assert not bad, f"the injector reaches the detector (module: imported by): {bad}"
    reading = set(closure((READER,)))
    assert not reading & set(DETECTOR), f"reading a document reaches the detector: {reading & set(DETECTOR)}"
    core = {
        m: reached[m]
        for m in reached
        if m.startswith("citeproof.core") and m not in ALLOWED_CORE and m not in reading
    }
    assert not core, f"the injector reaches core modules beyond models and the reader: {core}"
    higher = {m for m in reached if m.startswith(("citeproof.llm", "citeproof.bench.phantom.systems"))}
    assert not higher


def test_the_walker_would_see_a_detector_import():
    fake = {**GRAPH, "citeproof.bench.phantom.words": {"citeproof.core.checking.support"}}
    original = dict(GRAPH)
    GRAPH.clear()
    GRAPH.update(fake)
    try:
        assert "citeproof.core.checking.support" in closure(INJECTOR)
    finally:
        GRAPH.clear()
        GRAPH.update(original)

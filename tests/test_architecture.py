"""The import rules of docs/architecture.md: layers point down only, and nothing imports in a cycle.

Read from the source itself (every ``import`` and ``from ... import``, at any depth, lazy
ones inside functions included), so a new module is checked the day it is written.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
pytestmark = pytest.mark.without_library  # it reads source files only

# Lowest first. A module may import its own layer and the ones before it, never a later one.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("citeproof.core",)),
    ("net", ("citeproof.net",)),
    ("library", ("citeproof.library",)),
    ("llm", ("citeproof.llm",)),
    ("bench", ("citeproof.bench",)),
    (
        "interfaces",
        (
            "citeproof.api",
            "citeproof.audit",
            "citeproof.lookup",
            "citeproof.mcp",
            "citeproof.cli",
            "citeproof.web",
            "citeproof.__main__",
            "citeproof",
        ),
    ),
)


# Inside ``citeproof.core``, the stages of the data flow, lowest first, under the same rule.
CORE_STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("core.models", "core.limits", "core.stats", "core.version")),
    ("reading", ("core.reading",)),
    ("text", ("core.text", "core.protocols")),
    ("extraction", ("core.extraction",)),
    ("checking", ("core.checking",)),
    ("decide", ("core.decide",)),
    ("output", ("core.output",)),
    ("pipeline", ("core.pipeline", "core")),
)
MAX_CORE_ENTRIES = 16


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """The ``citeproof`` modules a file imports, resolved to the deepest module that exists."""
    is_package = path.name == "__init__.py"
    own = module_name(path).split(".")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = own if is_package else own[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            names = [f"{base}.{a.name}" if _exists(f"{base}.{a.name}") else base for a in node.names]
        else:
            continue
        found.update(n for n in names if n == "citeproof" or n.startswith("citeproof."))
    return found


def _exists(module: str) -> bool:
    path = SRC.joinpath(*module.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def layer_of(module: str, layers: tuple[tuple[str, tuple[str, ...]], ...] = LAYERS) -> int:
    best, best_len = -1, -1
    for rank, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = rank, len(prefix)
    if best < 0:
        raise AssertionError(f"{module} belongs to no layer: add it to docs/architecture.md")
    return best


def import_graph() -> dict[str, set[str]]:
    return {module_name(p): imported_modules(p) for p in sorted(SRC.rglob("*.py"))}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one member (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def package_of(module: str) -> str:
    """The package a module sits in (``citeproof.bench.phantom`` for its modules)."""
    return (
        module
        if _exists(module) and SRC.joinpath(*module.split("."), "__init__.py").is_file()
        else module.rpartition(".")[0]
    )


GRAPH = import_graph()


def test_the_graph_is_read_from_the_source():
    assert "citeproof.core.pipeline" in GRAPH
    assert "citeproof.core.extraction.extract" in GRAPH["citeproof.core.pipeline"]


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_no_module_imports_a_higher_layer(module: str):
    own = layer_of(module)
    upward = sorted(m for m in GRAPH[module] if layer_of(m) > own)
    assert not upward, f"{module} ({LAYERS[own][0]}) imports a higher layer: {upward}"


CORE = {
    m.removeprefix("citeproof."): {d.removeprefix("citeproof.") for d in deps if d.startswith(core)}
    for m, deps in GRAPH.items()
    for core in ("citeproof.core.",)
}


def core_stage(module: str) -> int:
    return layer_of(module, CORE_STAGES)


@pytest.mark.parametrize("module", sorted(m for m in CORE if m == "core" or m.startswith("core.")))
def test_no_core_module_imports_a_later_stage(module: str):
    own = core_stage(module)
    later = sorted(m for m in CORE[module] if core_stage(m) > own)
    assert not later, f"{module} ({CORE_STAGES[own][0]}) imports a later stage: {later}"


def test_core_reads_as_its_stages():
    entries = sorted(
        p.stem if p.is_file() else p.name
        for p in (SRC / "citeproof" / "core").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    )
    assert len(entries) <= MAX_CORE_ENTRIES, entries
    for entry in entries:
        core_stage(f"core.{entry}")  # each belongs to a stage


def test_the_stage_rule_catches_an_upward_import():
    assert core_stage("core.reading.pdf") < core_stage("core.extraction.extract")
    assert core_stage("core.checking.checks") > core_stage("core.text.names")
    assert core_stage("core.output.report") > core_stage("core.decide")


def test_no_module_cycle():
    graph = {m: {d for d in deps if d != m} for m, deps in GRAPH.items()}
    assert cycles(graph) == []


IMPORTS_BY_NAME = {"citeproof.core.text.swap"}  # imports the eyecite module it patches, never ours


def test_no_module_is_imported_by_a_name_the_graph_cannot_read():
    """``importlib.import_module(name)`` hides its edge from the graph, and with it a cycle."""
    calls = sorted(
        module_name(p)
        for p in SRC.rglob("*.py")
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and (getattr(node.func, "attr", None) or getattr(node.func, "id", None))
        in ("import_module", "__import__")
    )
    assert set(calls) <= IMPORTS_BY_NAME, calls


def test_no_package_cycle():
    packages: dict[str, set[str]] = {}
    for module, deps in GRAPH.items():
        own = package_of(module)
        packages.setdefault(own, set()).update(
            package_of(d)
            for d in deps
            if package_of(d) != own
            and not own.startswith(package_of(d) + ".")
            and package_of(d) != "citeproof"
        )
    assert cycles(packages) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_importing_the_core_does_not_import_the_libraries():
    import subprocess
    import sys

    probe = (
        "import sys, citeproof.core.pipeline, citeproof.core.reading.read;"
        "print(sorted(m for m in sys.modules if m.startswith(('citeproof.library', 'citeproof.api'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

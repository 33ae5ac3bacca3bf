"""Common law: the coverage and separability analysis on an opinion → cited-case graph.

Reads the US data pack (``../shared/data/us/opinions/*.jsonl[.gz]``, or any files of
that schema): an edge per reporter citation found in an opinion's text (volume,
reporter, page), plus CAP's own ``cites_to`` list where a record has one. Case nodes
are ``us:<volume> <reporter without spaces> <page>``. Simulated systems cite cases
with probability ∝ k(v)^head_bias over the graph's nodes, and fabricate cites that
name no case of the graph; the sweep and the bootstrap are the statute ones.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from citeproof.bench.grounding.oracle import Oracle, Record
from citeproof.bench.grounding.responses import Cited, Response
from citeproof.bench.grounding.simulate import SystemProfile

CASE_CITE = re.compile(
    r"(?<![\w.])(?P<vol>\d{1,4})\s+(?P<rep>(?:[A-Z][A-Za-z']{0,9}\.\s?)+(?:[2-4](?:d|th)\s?)?)"
    r"(?P<page>\d{1,5})(?![\d])"
)
CODE = "us"
SYSTEMS: tuple[SystemProfile, ...] = (
    SystemProfile("head", head_bias=1.5, fabricate=0.02),
    SystemProfile("broad", head_bias=0.2),
    SystemProfile("fabricator", head_bias=1.0, fabricate=0.08),
    SystemProfile("mixed", head_bias=0.8, fabricate=0.03),
)


def normalise_cite(volume: str, reporter: str, page: str) -> str:
    """``"561", "N.E. 2d", "1201"`` → ``"561 N.E.2d 1201"``."""
    compact = re.sub(r"\s+", "", reporter)
    return f"{int(volume)} {compact} {int(page)}"


def cites_in(text: str) -> list[str]:
    return [normalise_cite(m["vol"], m["rep"], m["page"]) for m in CASE_CITE.finditer(text)]


def _read(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _own_cites(op: dict[str, Any]) -> set[str]:
    own = op.get("citations") or []
    return {
        cites_in(str(c.get("cite", "")))[0]
        for c in own
        if isinstance(c, dict) and cites_in(str(c.get("cite", "")))
    }


def case_records(paths: list[Path]) -> Iterator[Record]:
    """One record per (opinion, cited case), self-citations (star pages) removed."""
    for path in paths:
        for op in _read(path):
            own = _own_cites(op)
            found = set(cites_in(str(op.get("text", ""))))
            listed = op.get("cites_to") or []
            found |= {c for raw in listed if isinstance(raw, str) for c in cites_in(raw)}
            for cite in sorted(found - own):
                yield Record(str(op["id"]), CODE, cite, str(op.get("decision_date") or ""))


def load_case_graph(directory: str | Path, name: str = "us-opinions") -> Oracle:
    """The opinion → cited-case graph of a directory of opinion JSONL files."""
    paths = sorted(Path(directory).glob("*.jsonl")) + sorted(Path(directory).glob("*.jsonl.gz"))
    return Oracle.from_records(name, case_records(paths))


def simulate_case_responses(
    oracle: Oracle,
    rng: np.random.Generator,
    queries: int = 100,
    systems: tuple[SystemProfile, ...] = SYSTEMS,
    cites: int = 3,
) -> tuple[Response, ...]:
    """Systems citing the graph's cases by popularity, or fabricating a cite."""
    k = oracle.record_counts().astype(float)
    nodes = [key.split(":", 1)[1] for key in oracle.statute_keys]
    out = []
    for profile in systems:
        w = k**profile.head_bias
        w /= w.sum()
        for q in range(queries):
            picks = rng.choice(len(nodes), size=cites, p=w)
            fake = rng.random(cites) < profile.fabricate
            cited = tuple(
                Cited(CODE, _fabricated(rng) if f else nodes[i])
                for i, f in zip(picks.tolist(), fake.tolist(), strict=True)
            )
            out.append(Response(profile.name, f"q{q}", cited))
    return tuple(out)


def _fabricated(rng: np.random.Generator) -> str:
    return f"{int(rng.integers(900, 999))} F.3d {int(rng.integers(1, 1500))}"

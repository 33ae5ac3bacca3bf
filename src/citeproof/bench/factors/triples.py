"""Case triples (current case, precedent 1, precedent 2) for 3-ply arguments.

Three modes, each with a defining property checked by the tests:

- ``arguable``: the current case shares at least one factor with each precedent, and
  the precedents were decided for opposite sides (precedent 1 for the plaintiff);
- ``reordered``: an arguable triple with the precedents' roles swapped;
- ``non_arguable``: the current case shares no factor with either precedent.

Synthetic triples draw factor sets at random; real triples come from the real cases
of the shipped CATO pack. Every generator takes a ``random.Random``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from citeproof.bench.factors.data import Case, Side, factor_index, factor_sort_key, load_cases


class Role(StrEnum):
    """The position a case holds in a triple."""

    CURRENT = "current"
    P1 = "p1"
    P2 = "p2"


class Mode(StrEnum):
    ARGUABLE = "arguable"
    REORDERED = "reordered"
    NON_ARGUABLE = "non_arguable"


@dataclass(frozen=True, slots=True)
class CaseFacts:
    """A case as given to the model: name, factors and (for precedents) outcome."""

    name: str
    factors: tuple[str, ...]
    outcome: Side | None = None
    case_id: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "factors": list(self.factors),
            "outcome": self.outcome.value if self.outcome else None,
            "case_id": self.case_id,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CaseFacts:
        outcome = Side(d["outcome"]) if d.get("outcome") else None
        return cls(d["name"], tuple(d["factors"]), outcome, d.get("case_id"))


@dataclass(frozen=True, slots=True)
class Triple:
    id: str
    mode: Mode
    source: str
    current: CaseFacts
    p1: CaseFacts
    p2: CaseFacts

    def case(self, role: Role) -> CaseFacts:
        return {Role.CURRENT: self.current, Role.P1: self.p1, Role.P2: self.p2}[role]

    def shared(self, role: Role) -> frozenset[str]:
        """Factors the current case shares with a precedent."""
        return frozenset(self.current.factors) & frozenset(self.case(role).factors)

    @property
    def arguable(self) -> bool:
        return self.mode is not Mode.NON_ARGUABLE

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "mode": self.mode.value,
            "source": self.source,
            "current": self.current.to_dict(),
            "p1": self.p1.to_dict(),
            "p2": self.p2.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Triple:
        return cls(
            d["id"],
            Mode(d["mode"]),
            d.get("source", "synthetic"),
            CaseFacts.from_dict(d["current"]),
            CaseFacts.from_dict(d["p1"]),
            CaseFacts.from_dict(d["p2"]),
        )


_SURNAMES = (
    "Abbott",
    "Barlow",
    "Calloway",
    "Dunmore",
    "Ellison",
    "Fairbanks",
    "Garland",
    "Hadley",
    "Ingram",
    "Jessup",
    "Kendrick",
    "Lockwood",
    "Merriweather",
    "Norcross",
    "Oakley",
    "Pemberton",
    "Quimby",
    "Radcliffe",
    "Sherwood",
    "Thackeray",
    "Underhill",
    "Vance",
    "Whitlock",
    "Yardley",
    "Zeller",
    "Ashcombe",
    "Brannigan",
    "Corwin",
    "Delacroix",
    "Everly",
)
_BUSINESSES = (
    "Tool Co.",
    "Instruments Inc.",
    "Chemical Corp.",
    "Systems Inc.",
    "Manufacturing Co.",
    "Labs Inc.",
    "Industries Corp.",
    "Dynamics Inc.",
)


def _name(rng: random.Random, used: set[str]) -> str:
    while True:
        owner, other = rng.sample(_SURNAMES, 2)
        if owner not in used and other not in used:
            used.update((owner, other))
            return f"{owner} {rng.choice(_BUSINESSES)} v. {other}"


def _sorted(factors: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(factors), key=factor_sort_key))


def _by_side() -> dict[Side, list[str]]:
    out: dict[Side, list[str]] = {Side.PLAINTIFF: [], Side.DEFENDANT: []}
    for f in factor_index().values():
        out[f.favors].append(f.id)
    return out


def _precedent(
    rng: random.Random, current: Sequence[str], anchor: str, outcome: Side, name: str
) -> CaseFacts:
    """A precedent sharing ``anchor`` (and maybe more) with ``current``, plus own factors."""
    others = [f for f in current if f != anchor]
    shared = {anchor, *rng.sample(others, rng.randint(0, min(2, len(others))))}
    pool = [f for f in factor_index() if f not in current]
    own = rng.sample(pool, rng.randint(1, 3))
    return CaseFacts(name, _sorted(shared | set(own)), outcome)


def _synthetic_arguable(rng: random.Random, index: int) -> Triple:
    sides = _by_side()
    used: set[str] = set()
    current = {rng.choice(sides[Side.PLAINTIFF]), rng.choice(sides[Side.DEFENDANT])}
    current.update(rng.sample(list(factor_index()), rng.randint(1, 4)))
    cur = _sorted(current)
    pro_p = rng.choice([f for f in cur if f in sides[Side.PLAINTIFF]])
    pro_d = rng.choice([f for f in cur if f in sides[Side.DEFENDANT]])
    return Triple(
        f"syn-arguable-{index:03d}",
        Mode.ARGUABLE,
        "synthetic",
        CaseFacts(_name(rng, used), cur),
        _precedent(rng, cur, pro_p, Side.PLAINTIFF, _name(rng, used)),
        _precedent(rng, cur, pro_d, Side.DEFENDANT, _name(rng, used)),
    )


def reorder(triple: Triple) -> Triple:
    """The same triple with the two precedents' roles swapped."""
    new_id = triple.id.replace(Mode.ARGUABLE.value, Mode.REORDERED.value)
    return replace(triple, id=new_id, mode=Mode.REORDERED, p1=triple.p2, p2=triple.p1)


def _synthetic_non_arguable(rng: random.Random, index: int) -> Triple:
    used: set[str] = set()
    cur = _sorted(rng.sample(list(factor_index()), rng.randint(2, 5)))
    pool = [f for f in factor_index() if f not in cur]
    p1 = _sorted(rng.sample(pool, rng.randint(2, 5)))
    p2 = _sorted(rng.sample(pool, rng.randint(2, 5)))
    return Triple(
        f"syn-non_arguable-{index:03d}",
        Mode.NON_ARGUABLE,
        "synthetic",
        CaseFacts(_name(rng, used), cur),
        CaseFacts(_name(rng, used), p1, Side.PLAINTIFF),
        CaseFacts(_name(rng, used), p2, Side.DEFENDANT),
    )


def synthetic_triples(rng: random.Random, n: int = 30) -> tuple[Triple, ...]:
    """``n`` triples of each mode; reordered ``i`` is arguable ``i`` with roles swapped."""
    arguable = [_synthetic_arguable(rng, i + 1) for i in range(n)]
    reordered = [reorder(t) for t in arguable]
    non_arguable = [_synthetic_non_arguable(rng, i + 1) for i in range(n)]
    return (*arguable, *reordered, *non_arguable)


def _same_matter(a: Case, b: Case) -> bool:
    """The pack holds some disputes twice (e.g. "Bryce" and "M. Bryce & Associates")."""
    short, long = sorted((a.name.lower(), b.name.lower()), key=len)
    return a.id == b.id or short in long


def _facts(case: Case, outcome: Side | None) -> CaseFacts:
    return CaseFacts(case.name, _sorted(case.factors), outcome, case.id)


def _decided(case: Case, field: str) -> Side | None:
    value: Side | None = getattr(case, field)
    return value


def _real_candidates(
    cases: Sequence[Case], field: str, want_shared: bool
) -> Iterator[tuple[Case, Case, Case]]:
    pro_p = [c for c in cases if _decided(c, field) is Side.PLAINTIFF]
    pro_d = [c for c in cases if _decided(c, field) is Side.DEFENDANT]
    for cur in cases:
        for p1 in pro_p:
            for p2 in pro_d:
                if _same_matter(cur, p1) or _same_matter(cur, p2) or _same_matter(p1, p2):
                    continue
                s1 = bool(set(cur.factors) & set(p1.factors))
                s2 = bool(set(cur.factors) & set(p2.factors))
                if (s1 and s2) if want_shared else not (s1 or s2):
                    yield cur, p1, p2


def real_triples(rng: random.Random, n: int = 30, outcome_field: str = "outcome") -> tuple[Triple, ...]:
    """Up to ``n`` triples of each mode from the real cases of the pack.

    ``outcome_field`` is ``outcome`` (the source's label) or ``court_outcome`` (ours).
    The current case's outcome is withheld. Fewer than ``n`` are returned only when
    the case base holds fewer distinct triples of a mode.
    """
    cases = [c for c in load_cases() if c.kind == "real"]
    out: list[Triple] = []
    for mode, want in ((Mode.ARGUABLE, True), (Mode.NON_ARGUABLE, False)):
        pool = list(_real_candidates(cases, outcome_field, want))
        for i, (cur, p1, p2) in enumerate(rng.sample(pool, min(n, len(pool)))):
            t = Triple(
                f"real-{mode.value}-{i + 1:03d}",
                mode,
                "real",
                _facts(cur, None),
                _facts(p1, Side.PLAINTIFF),
                _facts(p2, Side.DEFENDANT),
            )
            out.append(t)
    arguable = [t for t in out if t.mode is Mode.ARGUABLE]
    rest = [t for t in out if t.mode is Mode.NON_ARGUABLE]
    return (*arguable, *(reorder(t) for t in arguable), *rest)


def write_jsonl(triples: Iterable[Triple], path: Path) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for t in triples:
            fh.write(json.dumps(t.to_dict()) + "\n")


def read_jsonl(path: Path) -> tuple[Triple, ...]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return tuple(Triple.from_dict(json.loads(line)) for line in lines if line.strip())

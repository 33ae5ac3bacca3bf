"""The CATO factor pack shipped with citeproof: factors and factor-encoded cases."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any


class Side(StrEnum):
    """A party in CATO's convention: the plaintiff is the trade-secret owner."""

    PLAINTIFF = "plaintiff"
    DEFENDANT = "defendant"

    @property
    def other(self) -> Side:
        return Side.DEFENDANT if self is Side.PLAINTIFF else Side.PLAINTIFF


@dataclass(frozen=True, slots=True)
class Factor:
    """One CATO base factor (F1-F27, no F9)."""

    id: str
    name: str
    favors: Side
    description: str


@dataclass(frozen=True, slots=True)
class Case:
    """A case as CATO encodes it; ``outcome`` is the source's, ``court_outcome`` ours."""

    id: str
    name: str
    factors: tuple[str, ...]
    outcome: Side | None
    court_outcome: Side | None
    case_base: str
    kind: str
    citation: str | None = None


def _read_json(name: str) -> Any:
    path = resources.files("citeproof").joinpath("data", "cato", name)
    return json.loads(path.read_text(encoding="utf-8"))


def _side(value: str | None) -> Side | None:
    return Side(value) if value else None


@cache
def load_factors() -> tuple[Factor, ...]:
    """The 26 CATO factors in id order."""
    return tuple(
        Factor(f["id"], f["name"], Side(f["favors"]), f["description"]) for f in _read_json("factors.json")
    )


@cache
def factor_index() -> dict[str, Factor]:
    """Factor id -> factor."""
    return {f.id: f for f in load_factors()}


@cache
def load_cases() -> tuple[Case, ...]:
    """All 49 cases of the pack (CATO/ADF base, HYPO cases, Wyner & Bench-Capon)."""
    return tuple(
        Case(
            id=c["id"],
            name=c["name"],
            factors=tuple(c["factors"]),
            outcome=_side(c["outcome"]),
            court_outcome=_side(c["court_outcome"]),
            case_base=c["case_base"],
            kind=c["kind"],
            citation=c.get("citation"),
        )
        for c in _read_json("cases.json")
    )


def factor_sort_key(factor_id: str) -> int:
    """Numeric order of factor ids ("F2" before "F10"); unknown ids sort last."""
    digits = factor_id[1:]
    return int(digits) if factor_id[:1] == "F" and digits.isdigit() else 10_000

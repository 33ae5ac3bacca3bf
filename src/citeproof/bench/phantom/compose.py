"""Render templated brief excerpts from slots, recording the span of every gold fragment."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from citeproof.bench.phantom.injections import Slot
from citeproof.bench.phantom.schema import GoldCitation, GoldError, Role

QUOTE_LEADS = (
    "As the court explained,",
    "The court put it plainly:",
    "The court observed:",
    "That principle is settled.",
    "The reasoning applies here.",
)
PROPOSITION_SIGNALS = ("See", "See", "See also", "Cf.")
TRAILING_SIGNALS = {
    "catalog": ("See also", "Accord", "See generally"),
    "distractor": ("See also", "Accord", "Cf.", "See, e.g.,"),
}
HEADINGS = (
    "ARGUMENT",
    "I. The governing standard",
    "II. Application",
    "STATEMENT OF THE CASE",
    "B. The authorities support the motion",
)


@dataclass
class Writer:
    """Appends text and remembers where marked pieces landed."""

    parts: list[str] = field(default_factory=list)
    length: int = 0
    errors: list[GoldError] = field(default_factory=list)
    citations: list[GoldCitation] = field(default_factory=list)

    def add(self, text: str) -> tuple[int, int]:
        start = self.length
        self.parts.append(text)
        self.length += len(text)
        return start, self.length

    def error(self, fragment: str, kind: str, span: tuple[int, int], optional: bool = False) -> None:
        self.errors.append(GoldError(fragment, kind, span, optional))

    @property
    def text(self) -> str:
        return "".join(self.parts)


def full_cite(slot: Slot, with_pin: bool = True) -> str:
    r = slot.ref
    pin = f", {slot.pin}" if with_pin and slot.pin is not None else ""
    return f"{r.name}, {r.volume} {r.reporter} {r.page}{pin} {r.paren()}"


def _cite(w: Writer, slot: Slot, cite_kinds: set[str]) -> None:
    text = full_cite(slot)
    span = w.add(text)
    role = Role.HALLUCINATED if slot.kind else Role.DISTRACTOR if slot.role == "distractor" else Role.CORRECT
    w.citations.append(GoldCitation(text, span, role, slot.kind, slot.ref.case_id))
    if slot.kind in cite_kinds:
        w.error(text, slot.kind or "", span)


_CITE_KINDS = {"nonexistent", "name_mismatch", "wrong_pincite"}


def quote_paragraph(w: Writer, slot: Slot, rng: np.random.Generator) -> None:
    assert slot.quote is not None
    w.add(f'{QUOTE_LEADS[int(rng.integers(len(QUOTE_LEADS)))]} "')
    span = w.add(slot.quote)
    if slot.kind == "misquote":
        w.error(slot.quote, "misquote", span)
    w.add('" ')
    _cite(w, slot, _CITE_KINDS)
    w.add(".")


def proposition_paragraph(w: Writer, slot: Slot, rng: np.random.Generator) -> None:
    assert slot.proposition is not None
    span = w.add(slot.proposition)
    if slot.kind == "misrepresentation":
        w.error(slot.proposition, "misrepresentation", span)
    w.add(f" {PROPOSITION_SIGNALS[int(rng.integers(len(PROPOSITION_SIGNALS)))]} ")
    _cite(w, slot, _CITE_KINDS)
    w.add(".")


def trailing_cite(w: Writer, slot: Slot, rng: np.random.Generator) -> None:
    signals = TRAILING_SIGNALS[slot.role]
    w.add(f" {signals[int(rng.integers(len(signals)))]} ")
    _cite(w, slot, _CITE_KINDS)
    w.add(".")


def short_form(w: Writer, slot: Slot, quote: str, pin: int) -> None:
    """A later mention: ``"quote" Name, 359 Ill. App. 3d at 931.`` (optional gold when the
    citation itself was made nonexistent or misnamed)."""
    w.add(f' The court added: "{quote}" ')
    text = f"{slot.short_name}, {slot.ref.volume} {slot.ref.reporter} at {pin}"
    span = w.add(text)
    w.citations.append(GoldCitation(text, span, Role.OTHER, None, slot.ref.case_id))
    if slot.kind in {"nonexistent", "name_mismatch"}:
        w.error(text, slot.kind or "", span, optional=True)
    w.add(".")

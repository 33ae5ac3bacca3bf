"""Render templated brief excerpts from slots, recording the span of every gold fragment.

A claim (quotation or proposition) stands where briefs put it: before its cite, after
it, in a parenthetical, or before an ``Id.`` that follows a full cite of the case."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

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


def _pin_text(slot: Slot) -> str:
    return f"Id. at {slot.pin}" if slot.pin is not None else "Id."


def _id_cite(w: Writer, slot: Slot) -> None:
    """``Id. at PIN`` after a full cite of the same case: a wrong pin is an error here; a
    fabricated or misnamed antecedent makes it optional gold."""
    text = _pin_text(slot)
    span = w.add(text)
    w.citations.append(GoldCitation(text, span, Role.OTHER, None, slot.ref.case_id))
    if slot.kind == "wrong_pincite":
        w.error(text, "wrong_pincite", span)
    elif slot.kind in {"nonexistent", "name_mismatch"}:
        w.error(text, slot.kind or "", span, optional=True)


def _lead_in(w: Writer, slot: Slot) -> None:
    """``The leading case is NAME, CITE.`` (no pin: the claim's pin comes with ``Id.``)."""
    w.add("The leading case is ")
    kind = None if slot.kind == "wrong_pincite" else slot.kind  # the pin error is the Id.'s
    _cite(w, replace(slot, pin=None, kind=kind), _CITE_KINDS)
    w.add(". ")


def _claim_error(w: Writer, slot: Slot, text: str, kind: str) -> None:
    """The claim, gold when it carries ``kind``; optional gold when it is attributed to a
    fabricated or misnamed cite (unverifiable, not required)."""
    span = w.add(text)
    if slot.kind == kind:
        w.error(text, kind, span)
    elif slot.kind in {"nonexistent", "name_mismatch"}:
        w.error(text, slot.kind or "", span, optional=True)


def quote_paragraph(w: Writer, slot: Slot, rng: np.random.Generator) -> None:
    """A quotation before its cite, after it, in a parenthetical, or before ``Id.``."""
    assert slot.quote is not None
    lead = QUOTE_LEADS[int(rng.integers(len(QUOTE_LEADS)))]
    if slot.position == "parenthetical":
        w.add(f"{PROPOSITION_SIGNALS[int(rng.integers(len(PROPOSITION_SIGNALS)))]} ")
        _cite(w, slot, _CITE_KINDS)
        w.add(' ("')
        _claim_error(w, slot, slot.quote, "misquote")
        w.add('").')
    elif slot.position == "after":
        w.add("In ")
        _cite(w, slot, _CITE_KINDS)
        w.add(', the court wrote: "')
        _claim_error(w, slot, slot.quote, "misquote")
        w.add('"')
    elif slot.position == "id":
        _lead_in(w, slot)
        w.add(f'{lead} "')
        _claim_error(w, slot, slot.quote, "misquote")
        w.add('" ')
        _id_cite(w, slot)
        w.add(".")
    else:
        w.add(f'{lead} "')
        _claim_error(w, slot, slot.quote, "misquote")
        w.add('" ')
        _cite(w, slot, _CITE_KINDS)
        w.add(".")


def _as_clause(proposition: str) -> str:
    body = proposition.rstrip(" .")
    return body[:1].lower() + body[1:] if not body[1:2].isupper() else body


def proposition_paragraph(w: Writer, slot: Slot, rng: np.random.Generator) -> None:
    """A proposition before its cite, after it, in a parenthetical, or before ``Id.``."""
    assert slot.proposition is not None
    signal = PROPOSITION_SIGNALS[int(rng.integers(len(PROPOSITION_SIGNALS)))]
    prop = slot.proposition
    if slot.position == "parenthetical":
        w.add(f"{signal} ")
        _cite(w, slot, _CITE_KINDS)
        w.add(" (")
        clause = _as_clause(prop)
        text = clause if clause.startswith("the court ") else f"explaining that {clause}"
        _claim_error(w, slot, text, "misrepresentation")
        w.add(").")
    elif slot.position == "after" and not prop.startswith("In "):
        w.add("In ")
        _cite(w, slot, _CITE_KINDS)
        w.add(", ")
        clause = _as_clause(prop)
        text = clause if clause.startswith("the court ") else f"the court explained that {clause}"
        _claim_error(w, slot, f"{text}.", "misrepresentation")
    elif slot.position == "id":
        _lead_in(w, slot)
        _claim_error(w, slot, prop, "misrepresentation")
        w.add(" ")
        _id_cite(w, slot)
        w.add(".")
    else:
        _claim_error(w, slot, prop, "misrepresentation")
        w.add(f" {signal} ")
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

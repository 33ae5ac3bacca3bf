"""Templated brief excerpts: full-text cases quoted and paraphrased, catalogued cases and
out-of-coverage real citations cited, with the five kinds injected into chosen slots."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np

from citeproof.bench.phantom import compose, textual
from citeproof.bench.phantom.injections import (
    InsideTarget,
    Slot,
    misdirected_cite,
    mismatched_name,
    nonexistent_cite,
    wrong_pin,
)
from citeproof.bench.phantom.paraphrase import faithful
from citeproof.bench.phantom.schema import Excerpt
from citeproof.bench.phantom.sources import CaseRef, FullTextCase, Passage
from citeproof.library.sqlite import SQLiteLibrary

POSITIONS = {
    "quote": ("before", "after", "parenthetical", "id"),
    "proposition": ("before", "after", "parenthetical", "id"),
}


@dataclass(frozen=True, slots=True)
class Pools:
    fulltext: list[FullTextCase]
    catalog: list[CaseRef]
    distractors: list[CaseRef]
    targets: dict[str, list[InsideTarget]]


def _pick(seq: list, rng: np.random.Generator):  # type: ignore[no-untyped-def, type-arg]
    return seq[int(rng.integers(len(seq)))]


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def fulltext_slot(case: FullTextCase, form: str, rng: np.random.Generator) -> Slot:
    passage = _pick(list(case.passages), rng)
    text = passage.text
    retold = faithful(text) if form == "proposition" else None  # draws nothing from ``rng``
    return Slot(
        case.ref,
        "fulltext",
        passage.page,
        text if form == "quote" else None,
        (retold[0] if retold else text) if form == "proposition" else None,
        passage,
        case,
        note=retold[1] if retold else "",
        position=_pick(list(POSITIONS[form]), rng),
    )


def inject(
    slot: Slot, kind: str, pools: Pools, library: SQLiteLibrary, rng: np.random.Generator
) -> Slot | None:
    """The slot with ``kind`` injected, or None when this slot cannot carry it."""
    if kind == "nonexistent":
        ref, note = nonexistent_cite(slot.ref, pools.targets, library, rng)
        pin = None if slot.pin is None else ref.page + max(1, slot.pin - slot.ref.page)
        return replace(slot, ref=ref, pin=pin, kind=kind, note=note)
    if kind == "name_mismatch":
        return _name_mismatch(slot, library, rng)
    if slot.role != "fulltext":
        return None
    if kind == "wrong_pincite":
        pin, note = wrong_pin(slot, rng)
        return replace(slot, pin=pin, kind=kind, note=note)
    if kind == "misquote" and slot.quote:
        return _misquoted(slot, library, rng)
    if kind == "misrepresentation" and slot.proposition:
        return _misrepresented(slot, pools, library, rng)
    return None


def _name_mismatch(slot: Slot, library: SQLiteLibrary, rng: np.random.Generator) -> Slot:
    """Name and cite pointing to two real cases: another case's name on this cite, or the
    cite of another real case under this name (chosen at random; the other if one fails)."""

    def swap_name() -> Slot:
        name, note = mismatched_name(slot.ref, library, rng)
        return replace(
            slot,
            ref=replace(slot.ref, name=name),
            kind="name_mismatch",
            note=f"{note}; real name: {slot.ref.name}",
        )

    def move_cite() -> Slot:
        ref, note = misdirected_cite(slot.ref, library, rng)
        pin = None if slot.pin is None else ref.page + max(1, slot.pin - slot.ref.page)
        return replace(
            slot, ref=ref, pin=pin, kind="name_mismatch", note=f"{note}; real cite: {slot.ref.cite}"
        )

    makers = (swap_name, move_cite) if rng.random() < 0.5 else (move_cite, swap_name)
    try:
        return makers[0]()
    except LookupError:
        return makers[1]()


def _haystack(library: SQLiteLibrary, case_id: str) -> str:
    opinion = library.opinion(case_id)
    assert opinion is not None
    return f" {_words(opinion.text)} "


def _misquoted(slot: Slot, library: SQLiteLibrary, rng: np.random.Generator) -> Slot | None:
    assert slot.source is not None and slot.quote is not None
    haystack = _haystack(library, slot.source.ref.case_id)
    candidates = [slot.passage] + [p for p in slot.source.passages if p != slot.passage]
    for passage in candidates[:6]:
        assert passage is not None
        others = [p.text for p in slot.source.passages if p.page != passage.page]
        other = others[int(rng.integers(len(others)))] if others else None
        for altered, note in textual.misquote(passage.text, other, rng):
            if f" {_words(altered)} " not in haystack:
                return replace(
                    slot,
                    quote=altered,
                    passage=passage,
                    pin=passage.page,
                    kind="misquote",
                    note=f"{note}; real words: {passage.text}",
                )
    return None


def _misrepresented(
    slot: Slot, pools: Pools, library: SQLiteLibrary, rng: np.random.Generator
) -> Slot | None:
    """One of five misrepresentations, tried in a seeded order until one is not what the
    opinion says."""
    assert slot.source is not None and slot.passage is not None
    case = slot.source
    opinion = library.opinion(case.ref.case_id)
    assert opinion is not None
    haystack = f" {_words(opinion.text)} "
    sentence = slot.passage.text
    strangers = [
        p.text
        for i in rng.permutation(len(pools.fulltext))[:60]
        for p in pools.fulltext[int(i)].passages
        if pools.fulltext[int(i)].ref.case_id != case.ref.case_id
    ]
    makers = [
        lambda: textual.paraphrased_reversal(sentence, rng),
        lambda: textual.rejecting_frame(sentence, rng),
        lambda: textual.dicta_as_holding([p.text for p in case.passages]),
        lambda: textual.wrong_party(opinion.text, slot.short_name),
        lambda: textual.same_subject(sentence, strangers),
    ]
    for k in rng.permutation(len(makers)):
        made = makers[int(k)]()
        if made is not None and f" {_words(made[0])} " not in haystack:
            return replace(slot, proposition=made[0], kind="misrepresentation", note=made[1])
    return None


_COMPATIBLE = {"misquote": "quote", "misrepresentation": "proposition"}


def _apply(
    slots: list[Slot], kinds: list[str], pools: Pools, library: SQLiteLibrary, rng: np.random.Generator
) -> list[Slot]:
    for kind in kinds:
        order = [int(i) for i in rng.permutation(len(slots))]
        for i in order:
            s = slots[i]
            if s.kind or s.role == "distractor":
                continue
            need = _COMPATIBLE.get(kind)
            if need and getattr(s, need) is None:
                continue
            try:
                injected = inject(s, kind, pools, library, rng)
            except LookupError:
                continue
            if injected is not None:
                slots[i] = injected
                break
    return slots


def _later_mention(case: FullTextCase, slot: Slot, rng: np.random.Generator) -> Passage | None:
    others = [p for p in case.passages if slot.passage and p.page != slot.passage.page]
    return _pick(others, rng) if others and rng.random() < 0.3 else None


def templated_excerpt(
    filename: str, kinds: list[str], pools: Pools, library: SQLiteLibrary, rng: np.random.Generator
) -> Excerpt:
    count = 2 + int(rng.random() < 0.5)
    chosen = rng.choice(len(pools.fulltext), size=count, replace=False)
    forms = ["quote", "proposition", "quote" if rng.random() < 0.5 else "proposition"]
    slots = [fulltext_slot(pools.fulltext[int(i)], forms[k], rng) for k, i in enumerate(chosen)]
    if pools.catalog and rng.random() < 0.6:
        slots.append(Slot(_pick(pools.catalog, rng), "catalog"))
    for _ in range(1 + int(rng.random() < 0.4) if pools.distractors else 0):
        slots.append(Slot(_pick(pools.distractors, rng), "distractor"))
    slots = _apply(slots, kinds, pools, library, rng)
    return _render(filename, slots, rng)


def _render(filename: str, slots: list[Slot], rng: np.random.Generator) -> Excerpt:
    w = compose.Writer()
    w.add(compose.HEADINGS[int(rng.integers(len(compose.HEADINGS)))] + "\n\n")
    main = [s for s in slots if s.role == "fulltext"]
    trailing = [s for s in slots if s.role != "fulltext"]
    homes = [int(rng.integers(len(main))) for _ in trailing]
    for k, slot in enumerate(main):
        if k:
            w.add("\n\n")
        if slot.quote is not None:
            compose.quote_paragraph(w, slot, rng)
        else:
            compose.proposition_paragraph(w, slot, rng)
        later = _later_mention(slot.source, slot, rng) if slot.source else None
        if later is not None:
            compose.short_form(w, slot, later.text, later.page)
        for t, home in zip(trailing, homes, strict=True):
            if home == k:
                compose.trailing_cite(w, t, rng)
    return Excerpt(
        filename,
        w.text,
        tuple(w.errors),
        tuple(w.citations),
        source="templated",
        meta={"slots": [slot_record(s) for s in slots]},
    )


def slot_record(s: Slot) -> dict[str, object]:
    """What the excerpt says about one authority, and what is true (for audits and tests)."""
    return {
        "role": s.role,
        "kind": s.kind,
        "note": s.note,
        "position": s.position if s.role == "fulltext" else None,
        "case_id": s.source.ref.case_id if s.source else s.ref.case_id,
        "name": s.ref.name,
        "volume": s.ref.volume,
        "reporter": s.ref.reporter,
        "page": s.ref.page,
        "pin": s.pin,
        "quote": s.quote,
        "proposition": s.proposition,
        "passage": s.passage.text if s.passage else None,
        "passage_page": s.passage.page if s.passage else None,
    }

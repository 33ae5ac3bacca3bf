"""Errors injected into existing writing: paragraphs of real opinions, or a user's own
correct briefs. Citations are found by the injector's own finder (`cites`); only those
the library knows by their right name are changed, so that every error is one the
library can settle: a fabricated cite at which no case begins (every later ``VOL
REPORTER at`` short form of it follows), a name and a cite pointing to two real cases
(another case's name, or another real case's cite), a pin moved past the case's last
page, or a quotation right before the cite altered.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from citeproof.bench.phantom import textual
from citeproof.bench.phantom.cites import FoundCite
from citeproof.bench.phantom.injections import misdirected_cite, mismatched_name, nonexistent_cite
from citeproof.bench.phantom.schema import Excerpt, GoldCitation, GoldError, Role
from citeproof.bench.phantom.sources import CaseRef, JudicialPassage, cases_at, in_library, is_out_of_coverage
from citeproof.bench.phantom.templated import Pools
from citeproof.library.sqlite import SQLiteLibrary

Edit = tuple[int, int, str]  # replace text[start:end] with the string
EDIT_KINDS = ("nonexistent", "name_mismatch", "wrong_pincite", "misquote")
_QUOTE_BEFORE = re.compile(r"[\"“]([^\"“”]{40,400})[\"”][^\"“”]{0,20}$")


def _role(c: FoundCite, library: SQLiteLibrary) -> Role:
    if in_library(c, library):
        return Role.CORRECT
    return Role.DISTRACTOR if is_out_of_coverage(c, library) else Role.OTHER


def _map(pos: int, edits: list[Edit]) -> int:
    shift = 0
    for start, end, new in edits:
        if end <= pos:
            shift += len(new) - (end - start)
    return pos + shift


def _apply(text: str, edits: list[Edit]) -> str:
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _ref(c: FoundCite, library: SQLiteLibrary) -> CaseRef:
    case_id = cases_at(library, c.volume, c.reporter, c.page)[0][0]
    return CaseRef(case_id, c.name, c.volume, c.reporter, c.page, "")


def _moved(text: str, c: FoundCite, new: CaseRef) -> list[Edit]:
    """The cite's volume, reporter and page replaced by ``new``'s, in every later ``VOL
    REPORTER at`` short form of it as well."""
    edits: list[Edit] = [(c.head_span[0], c.head_span[1], f"{new.volume} {new.reporter} {new.page}")]
    head = re.escape(f"{c.volume} {c.reporter} at ")
    for m in re.finditer(head, text[c.span[1] :]):  # short forms of the same cite
        start = c.span[1] + m.start()
        edits.append((start, start + len(m.group()), f"{new.volume} {new.reporter} at "))
    return edits


def _nonexistent(
    text: str, c: FoundCite, pools: Pools, library: SQLiteLibrary, rng: np.random.Generator
) -> list[Edit]:
    new, _ = nonexistent_cite(_ref(c, library), pools.targets, library, rng)
    return _moved(text, c, new)


def _name(text: str, c: FoundCite, library: SQLiteLibrary, rng: np.random.Generator) -> list[Edit]:
    """Name and cite pointing to two real cases: another case's name written for this
    cite, or the cite of another real case under this name (chosen at random; the other
    if one fails)."""

    def swap_name() -> list[Edit]:
        new, _ = mismatched_name(_ref(c, library), library, rng)
        return [
            (m.start(), m.end(), new) for m in re.finditer(re.escape(c.name), text) if m.start() >= c.span[0]
        ]

    def move_cite() -> list[Edit]:
        new, _ = misdirected_cite(_ref(c, library), library, rng)
        return _moved(text, c, new)

    makers = (swap_name, move_cite) if rng.random() < 0.5 else (move_cite, swap_name)
    try:
        return makers[0]()
    except LookupError:
        return makers[1]()


def _pin(text: str, c: FoundCite, library: SQLiteLibrary, rng: np.random.Generator) -> list[Edit]:
    """A pin past the case's last known page (only for a cite with a pin)."""
    if c.pin is None:
        return []
    row = library.conn.execute(
        "SELECT coalesce(c.last_page, c.last_star_page) FROM citations ci JOIN cases c ON "
        "c.id = ci.case_id WHERE ci.volume = ? AND ci.reporter = ? AND ci.page_num = ? AND "
        "c.pages_reporter = ci.reporter",
        (c.volume, c.reporter, c.page),
    ).fetchone()
    if row is None or row[0] is None:
        return []
    pin_start = c.span[1] - len(str(c.pin))
    if text[pin_start : c.span[1]] != str(c.pin):  # a pin range ("200-01"): left alone
        return []
    return [(pin_start, c.span[1], str(int(row[0]) + int(rng.integers(2, 12))))]


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def _quote(
    text: str, c: FoundCite, library: SQLiteLibrary, rng: np.random.Generator
) -> tuple[list[Edit], tuple[int, int] | None]:
    """The quotation right before the cite, altered, when the cited opinion's text is in
    the library and holds the real words but not the altered ones; with its span."""
    m = _QUOTE_BEFORE.search(text[: c.span[0]])
    opinion = library.opinion(_ref(c, library).case_id) if m else None
    if m is None or opinion is None:
        return [], None
    haystack = f" {_words(opinion.text)} "
    if f" {_words(m.group(1))} " not in haystack:
        return [], None
    for altered, _ in textual.misquote(m.group(1), None, rng):
        if f" {_words(altered)} " not in haystack:
            return [(m.start(1), m.end(1), altered)], (m.start(1), m.end(1))
    return [], None


def judicial_excerpt(
    filename: str,
    passage: JudicialPassage,
    kinds: list[str],
    pools: Pools,
    library: SQLiteLibrary,
    rng: np.random.Generator,
    source: str = "judicial",
) -> Excerpt:
    text, cites = passage.text, list(passage.citations)
    roles = [_role(c, library) for c in cites]
    injected: dict[int, str] = {}
    quotes: list[tuple[int, int]] = []
    edits: list[Edit] = []
    records: list[dict[str, object]] = []
    for kind in kinds:
        free = [i for i, r in enumerate(roles) if r is Role.CORRECT and i not in injected]
        for i in [free[int(k)] for k in rng.permutation(len(free))]:
            c = cites[i]
            quote_span = None
            try:
                if kind == "nonexistent":
                    made = _nonexistent(text, c, pools, library, rng)
                elif kind == "name_mismatch":
                    made = _name(text, c, library, rng)
                elif kind == "wrong_pincite":
                    made = _pin(text, c, library, rng)
                else:
                    made, quote_span = _quote(text, c, library, rng)
            except LookupError:
                continue
            if made:
                edits += made
                injected[i] = kind
                quotes += [quote_span] if quote_span else []
                records.append(_record(text, c, kind, made[0], library))
                break
    excerpt = _gold(filename, passage, text, cites, roles, injected, edits, quotes, source)
    return replace(excerpt, meta={**excerpt.meta, "injected": records})


def _record(text: str, c: FoundCite, kind: str, edit: Edit, library: SQLiteLibrary) -> dict[str, object]:
    """What was changed and what is true, for the audits: the real case and cite, the
    words replaced and what replaced them."""
    start, end, new = edit
    return {
        "kind": kind,
        "case_id": _ref(c, library).case_id,
        "name": c.name,
        "volume": c.volume,
        "reporter": c.reporter,
        "page": c.page,
        "was": text[start:end],
        "now": new,
    }


def _gold(
    filename: str,
    passage: JudicialPassage,
    text: str,
    cites: list[FoundCite],
    roles: list[Role],
    injected: dict[int, str],
    edits: list[Edit],
    quotes: list[tuple[int, int]],
    source: str,
) -> Excerpt:
    out = _apply(text, edits)
    citations, errors = [], []
    for i, c in enumerate(cites):
        kind = injected.get(i)
        whole = c.whole_span if kind else c.span  # an injected cite's parallels are part of it
        span = (_map(whole[0], edits), _map(whole[1], edits))
        fragment = out[span[0] : span[1]]
        role = Role.HALLUCINATED if kind else roles[i]
        citations.append(GoldCitation(fragment, span, role, kind))
        if kind and kind != "misquote":
            errors.append(GoldError(fragment, kind, span))
            errors += _later_mentions(text, out, c, edits, span[1], kind)
    for start, end in quotes:
        new = next(n for s, e, n in edits if (s, e) == (start, end))
        new_start = _map(start, edits)
        errors.append(GoldError(new, "misquote", (new_start, new_start + len(new))))
    return Excerpt(
        filename, out, tuple(errors), tuple(citations), source=source, meta={"opinion": passage.case_id}
    )


def _later_mentions(
    text: str, out: str, c: FoundCite, edits: list[Edit], after: int, kind: str
) -> list[GoldError]:
    """Later mentions of an injected cite, optional gold: its short forms in any of its
    reporters, as written before and after the edit (``31 N.J., at 201``, ``92 S.Ct. at
    1917``), and ``Id.`` before the next full cite."""
    out_errors = []
    head = out[_map(c.head_span[0], edits) : _map(c.head_span[1], edits)]
    edited = re.fullmatch(r"(\d{1,4}) (.+) \d{1,5}", head)
    heads = c.heads(text) + ([(edited.group(1), edited.group(2))] if edited else [])
    for volume, reporter in dict.fromkeys(heads):
        pattern = re.compile(rf"\b{volume} {re.escape(reporter)},? at \d{{1,5}}")
        found = pattern.finditer(out, after)
        out_errors += [GoldError(m.group(), kind, (m.start(), m.end()), True) for m in found]
    nxt = re.search(r"\b[A-Z][\w.'’&-]* v\. ", out[after:])
    stop = after + nxt.start() if nxt else len(out)
    out_errors += [
        GoldError(m.group(), kind, (m.start(), m.end()), True)
        for m in re.finditer(r"\b[Ii]d\.,? at \d{1,5}", out[:stop])
        if m.start() >= after
    ]
    return out_errors


def judicial_kinds(kinds: list[str]) -> bool:
    return all(k in EDIT_KINDS for k in kinds)

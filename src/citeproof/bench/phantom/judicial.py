"""Excerpts of real judicial writing, with nonexistent cites and wrong names injected into
the citations that the library knows (every occurrence in the excerpt is changed)."""

from __future__ import annotations

import re

import numpy as np

from citeproof.bench.phantom.injections import mismatched_name, nonexistent_cite
from citeproof.bench.phantom.schema import Excerpt, GoldCitation, GoldError, Role
from citeproof.bench.phantom.sources import CaseRef, JudicialPassage, in_library, is_out_of_coverage
from citeproof.bench.phantom.templated import Pools
from citeproof.core.models import Citation, CiteForm
from citeproof.library.sqlite import SQLiteLibrary

Edit = tuple[int, int, str]  # replace text[start:end] with the string
_CITE_HEAD = re.compile(r"(\d+)(\s+.+?\s+)(\d+)")
# A full cite's volume, reporter and page: the page is a whole number ("419 So. 2d 475",
# not "419 So. 2" of it).
_FULL_HEAD = re.compile(r"(\d+)(\s+.+?\s+)(\d+)(?!\w)")


def _role(c: Citation, library: SQLiteLibrary) -> Role:
    if c.form is not CiteForm.FULL:
        return Role.OTHER
    if in_library(c, library):
        return Role.CORRECT
    return Role.DISTRACTOR if is_out_of_coverage(c, library) else Role.OTHER


def _start(c: Citation) -> int:
    return c.case_name_span.start if c.case_name_span else c.span.start


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


def _nonexistent_edits(
    text: str,
    c: Citation,
    later: list[Citation],
    pools: Pools,
    library: SQLiteLibrary,
    rng: np.random.Generator,
) -> list[Edit]:
    ref = CaseRef("", c.case_name or "", c.volume or "", c.reporter or "", int(c.page or 0), "")
    new, _ = nonexistent_cite(ref, pools.targets, library, rng)
    head = _FULL_HEAD.match(text, c.span.start)
    assert head is not None
    reporter = head.group(2) if new.reporter == c.reporter else f" {new.reporter} "
    edits = [(c.span.start, head.end(), f"{new.volume}{reporter}{new.page}")]
    for s in later:  # short forms of the same cite: "410 U.S. at 153"
        m = _CITE_HEAD.match(text, s.span.start) or re.match(r"(\d+)(\s+.+?\s+)", text[s.span.start :])
        if m is not None and s.form is CiteForm.SHORT:
            edits.append(
                (s.span.start, s.span.start + len(m.group(1)) + len(m.group(2)), f"{new.volume}{reporter}")
            )
    return edits


def _name_edits(text: str, c: Citation, pools: Pools, rng: np.random.Generator) -> list[Edit]:
    assert c.case_name_span is not None and c.case_name
    ref = CaseRef("", c.case_name, "", "", 0, "")
    new = mismatched_name(ref, pools.catalog, rng)
    edits: list[Edit] = []
    for m in re.finditer(re.escape(c.case_name), text):
        if m.start() >= c.case_name_span.start:
            edits.append((m.start(), m.end(), new))
    return edits


def judicial_excerpt(
    filename: str,
    passage: JudicialPassage,
    kinds: list[str],
    pools: Pools,
    library: SQLiteLibrary,
    rng: np.random.Generator,
) -> Excerpt:
    text, cites = passage.text, list(passage.citations)
    roles = [_role(c, library) for c in cites]
    open_ = [
        i for i, c in enumerate(cites) if roles[i] is Role.CORRECT and c.case_name_span and not c.parallel_ids
    ]
    injected: dict[int, str] = {}
    edits: list[Edit] = []
    for kind in kinds:
        free = [i for i in open_ if i not in injected]
        if not free:
            break
        i = free[int(rng.integers(len(free)))]
        c = cites[i]
        later = [s for s in cites if s.span.start > c.span.end and s.antecedent_id == c.id]
        edits += (
            _nonexistent_edits(text, c, later, pools, library, rng)
            if kind == "nonexistent"
            else _name_edits(text, c, pools, rng)
        )
        injected[i] = kind
    return _gold(filename, passage, text, cites, roles, injected, edits)


def _gold(
    filename: str,
    passage: JudicialPassage,
    text: str,
    cites: list[Citation],
    roles: list[Role],
    injected: dict[int, str],
    edits: list[Edit],
) -> Excerpt:
    out = _apply(text, edits)
    citations, errors = [], []
    for i, c in enumerate(cites):
        span = (_map(_start(c), edits), _map(c.span.end, edits))
        fragment = out[span[0] : span[1]]
        kind = injected.get(i)
        antecedent = next((j for j, a in enumerate(cites) if a.id == c.antecedent_id), None)
        inherited = injected.get(antecedent) if antecedent is not None else None
        role = Role.HALLUCINATED if kind else roles[i]
        citations.append(GoldCitation(fragment, span, role, kind))
        if kind:
            errors.append(GoldError(fragment, kind, span))
        elif inherited and c.form is not CiteForm.FULL:
            errors.append(GoldError(fragment, inherited, span, optional=True))
    return Excerpt(
        filename, out, tuple(errors), tuple(citations), source="judicial", meta={"opinion": passage.case_id}
    )


def judicial_kinds(kinds: list[str]) -> bool:
    return all(k in {"nonexistent", "name_mismatch"} for k in kinds)

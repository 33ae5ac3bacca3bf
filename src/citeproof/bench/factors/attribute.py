"""Deciding which case each factor expression is asserted of, clause by clause.

Rules, in order:
1. factors in parentheses right after a case reference belong to that case;
2. otherwise a clause's factors go to every case it refers to affirmatively (a name,
   a role phrase, a resolved pronoun, "both cases"), not to cases it denies them of
   ("lacks", "absent from", "unlike X", "X does not");
3. a relative clause without a case ("..., which has F8") refers to the last case named
   before it; a clause with neither case nor pronoun continues the previous clause;
4. a clause naming a case but no factor, opened by "as does", "both of which" or holding
   "the same factors", takes the factors of the previous clause of its sentence;
5. "P2 shares F18" with no other case named also asserts F18 of the current case.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from citeproof.bench.factors.clauses import PREDICATE, Clause
from citeproof.bench.factors.mentions import Hit, Mention, hit_negated, mask, ref_blocked
from citeproof.bench.factors.refs import Ref
from citeproof.bench.factors.triples import Role

_RELATIVE = re.compile(
    r"(?:which|whose|who|neither\s+of\s+which|none\s+of\s+which|"
    r"both\s+of\s+which|all\s+of\s+which)\b",
    re.IGNORECASE,
)
_AS = re.compile(
    r"(?:(?:as|so)\s+(?:does|do|did|had|has|have|was|is|were)|exactly\s+as|"
    r"just\s+as)\b",
    re.IGNORECASE,
)
_SAME = re.compile(
    r"\b(?:the\s+(?:very\s+)?same\s+(?:\w+\s+)?factors?|both\s+factors|"
    r"these\s+factors|those\s+factors)\b",
    re.IGNORECASE,
)
# "it"/"they" as the subject of a case's act ("it concerned a singular article", "they kept the
# formula locked away"): a predicate of possession, any past-tense verb but those that make
# "it" an expletive ("it seemed", "it turned out", "it followed"), or a factor expression
# itself (masked as "§")
_EXPLETIVE = r"(?:seem|appear|follow|matter|remain|happen|turn|mean|sound|prove|emerg)\w*"
_PAST = (
    r"(?:(?!" + _EXPLETIVE + r"\b)[a-z]+ed|kept|took|made|sold|knew|gave|let|left|paid|brought|got|stole|"
    r"built|bought|held|told|put|sent|went|ran|found|drew|wrote|hid|lied|tried)"
)
_PRONOUN = re.compile(
    r"\b(?:(?:it|they)(?=\s+(?:also\s+|too\s+|even\s+|still\s+|instead\s+|then\s+|itself\s+)?(?:(?:had|has|have|"
    r"involves|shares|contains|features|lacks|presents|shows|includes|concerns|" + _PAST + r")\b|§))"
    r"|its|there(?!\s+(?:was|is|were|are)\b))",
    re.IGNORECASE,
)
_BOTH = re.compile(
    r"\b(?:both|each)\b(?!\s+(?:of|factors?|facts?|points?|features?|pro-|F\d|"
    r"precedents))|\bthe\s+two\s+cases\b",
    re.IGNORECASE,
)
_GROUPS = (
    (
        re.compile(
            r"\b(?:(?:all|each\s+of\s+the)\s+three\s+(?:cases|disputes)|in\s+all\s+"
            r"three)\b",
            re.IGNORECASE,
        ),
        frozenset(Role),
    ),
    (re.compile(r"\b(?:both|the\s+two)\s+precedents\b", re.IGNORECASE), frozenset({Role.P1, Role.P2})),
)
_LEAD = " \n\t,;:.-—*"
_VERB_START = re.compile(r"(?:and\s+|but\s+)?(?:also\s+|still\s+|even\s+)?" + PREDICATE, re.IGNORECASE)
_RELATIVE_VERB = re.compile(r"(?:which|who)\s+(?:also\s+)?" + PREDICATE, re.IGNORECASE)
_DISTINGUISH = re.compile(
    r"(?:'s)?\s+(?:is|was)\s+(?:\w+\s+)?(?:distinguishable|different)\b|"
    r"\s+differs\b",
    re.IGNORECASE,
)


_CONTRAST = re.compile(r"(?:but|whereas|although|though|while|however|unlike|yet)\b", re.IGNORECASE)
_DENIAL = re.compile(r"\b(?:not|never|no|lacks?|lacked|absent|without|neither|nor)\b|n't\b", re.IGNORECASE)


def _clause_span(view: _View) -> tuple[int, int]:
    return view.clause.start, view.clause.end


@dataclass(slots=True)
class _State:
    focus: Role | None = None
    recent: list[Role] = field(default_factory=list)
    prev_factors: tuple[Hit, ...] = ()
    prev_last_ref: Role | None = None
    prev_ended_on_factor: bool = False  # "..., a singular article, which ..." (not "X, which ...")
    prev_roles: frozenset[Role] = frozenset()
    prev_sentence: int = -1
    pending_like: frozenset[Role] = frozenset()
    like_used: bool = False


@dataclass(frozen=True, slots=True)
class _View:
    """What one clause holds."""

    clause: Clause
    body: str
    refs: tuple[Ref, ...]
    hits: tuple[Hit, ...]


def _paren_owner(text: str, hit: Hit, refs: Sequence[Ref]) -> Ref | None:
    """The reference a hit belongs to when it sits in "(...)" right after that reference."""
    for ref in refs:
        m = re.match(r"\s*\(([^()]*)\)", text[ref.end :])
        if m and ref.end + m.start(1) <= hit.start and hit.end <= ref.end + m.end(1):
            return ref
    return None


def _span(pattern: re.Pattern[str], view: _View) -> tuple[int, int]:
    m = pattern.search(view.body)
    offset = view.clause.end - len(view.body)
    return (offset + m.start(), offset + m.end()) if m else (offset, offset)


def _both(state: _State) -> set[Role]:
    distinct: list[Role] = []
    for role in reversed(state.recent):
        if role not in distinct:
            distinct.append(role)
    # "X is controlling. In each case ...": with one precedent named so far, the other case
    # of the pair is the one being argued
    if len(distinct) < 2 and Role.CURRENT not in distinct:
        distinct.append(Role.CURRENT)
    return set(distinct[:2])


def _window(view: _View, start: int, end: int) -> tuple[int, int]:
    """The stretch around a reference that is not another reference or factor."""
    items = [*((r.start, r.end) for r in view.refs), *((h.start, h.end) for h in view.hits)]
    lo = max([view.clause.start, *(e for s, e in items if e <= start)])
    hi = min([view.clause.end, *(s for s, _ in items if s >= end)])
    return lo, hi


def _explicit(masked: str, view: _View) -> set[Role]:
    pos = {r.role for r in view.refs if not ref_blocked(masked, r, *_window(view, r.start, r.end))}
    for r in view.refs:
        contrast = _DISTINGUISH.match(masked, r.end)
        if contrast and any(o.role != r.role and o.role in pos and o.start > r.end for o in view.refs):
            pos.discard(r.role)
    return pos


def _pronouns(masked: str, view: _View, state: _State) -> tuple[set[Role], bool]:
    pos: set[Role] = set()
    found = False
    for m in _PRONOUN.finditer(masked, view.clause.start, view.clause.end):
        before = [r for r in view.refs if r.end <= m.start() and not _after_like(masked, r)]
        # in "..., whose owner did nothing to protect its secrets" "its" is the case named
        # just before the relative clause, not the sentence's subject
        relative = _RELATIVE.match(view.body) and state.prev_last_ref is not None
        owner = before[0].role if before else (state.prev_last_ref if relative else state.focus)
        if owner is None:
            continue
        found = True
        if not ref_blocked(masked, Ref(owner, m.start(), m.end()), *_window(view, m.start(), m.end())):
            pos.add(owner)
    return pos, found


_LIKE_BEFORE = re.compile(
    r"(?<!un)\blike\s+(?:the\s+(?:\w+\s+)?(?:owner|plaintiff|defendant|employer|court)s?\s+(?:in|of)\s+)?$",
    re.IGNORECASE,
)


def _after_like(masked: str, ref: Ref) -> bool:
    """The reference follows "like" ("like Valco", "like the owner in Valco")."""
    return bool(_LIKE_BEFORE.search(masked[max(0, ref.start - 40) : ref.start]))


def _both_factors(masked: str, view: _View) -> bool:
    """ "F19 and F23, both absent from X": "both" right after factor expressions is those factors."""
    lo, _ = _span(_BOTH, view)
    return bool(re.search(r"§[\s,]*$", masked[view.clause.start : lo]))


def _affirmed(masked: str, view: _View, state: _State) -> tuple[set[Role], bool]:
    """Cases the clause asserts its factors of, and whether it refers to any case at all."""
    pos = _explicit(masked, view)
    by_pronoun, found = _pronouns(masked, view, state)
    pos |= by_pronoun
    referred = bool(view.refs) or found
    if _BOTH.search(view.body) and not _both_factors(masked, view):
        referred = True
        pos |= _both(state)
    for pattern, roles in _GROUPS:  # "all three cases", "both precedents"
        if pattern.search(view.body) and not ref_blocked(
            masked, Ref(Role.CURRENT, *_span(pattern, view)), *_window(view, *_span(pattern, view))
        ):
            referred = True
            pos |= roles
    subjectless = _VERB_START.match(view.body) or re.match(r"as\s+(?:in|with)\b", view.body, re.IGNORECASE)
    if subjectless and state.focus is not None:
        pos.add(state.focus)
    if _RELATIVE_VERB.match(view.body) and state.prev_last_ref is not None:
        pos.add(state.prev_last_ref)
    return pos, referred


def _clause_mentions(text: str, masked: str, view: _View, state: _State) -> list[Mention]:
    out: list[Mention] = []
    pool: list[Hit] = []
    for hit in view.hits:
        owner = _paren_owner(text, hit, view.refs)
        if owner is not None:
            out.append(Mention(owner.role, hit.factor, hit.start, hit.end))
        elif not hit_negated(masked, hit):
            pool.append(hit)
    pos, referred = _affirmed(masked, view, state)
    same_sentence = state.prev_sentence == view.clause.sentence
    if same_sentence and pool and not (state.like_used and view.refs):
        pos |= state.pending_like  # once used, only for clauses that name no case of their own
    if pool and not referred and not pos:
        # "which" after a case ("Ferranti, which ...") is that case; after a factor
        # expression ("a singular article, which the defendant copied") it is the cases the
        # expression was asserted of
        relative_to_case = not (state.prev_ended_on_factor and state.prev_roles)
        if _RELATIVE.match(view.body) and state.prev_last_ref is not None and relative_to_case:
            pos = {state.prev_last_ref}
        else:
            pos = set(state.prev_roles)
    if (
        pool
        and re.search(r"\bshar(?:e|es|ed|ing)\b(?!.*\bwith\b)", view.body)
        and (len(pos) == 1 and Role.CURRENT not in pos)
    ):
        pos.add(Role.CURRENT)
    if (
        not pool
        and pos
        and same_sentence
        and (_RELATIVE.match(view.body) or _AS.match(view.body) or _SAME.search(view.body))
    ):
        pool = list(state.prev_factors)
    out += [Mention(role, h.factor, h.start, h.end) for h in pool for role in sorted(pos)]
    _advance(state, view, masked, pool, pos)
    return out


def _advance(state: _State, view: _View, masked: str, pool: list[Hit], pos: set[Role]) -> None:
    state.recent += [r.role for r in view.refs]
    affirmed = [r.role for r in view.refs if r.role in pos and not _after_like(masked, r)]
    if _VERB_START.match(view.body):
        pass  # a subject-less predicate keeps the subject it continues
    elif affirmed and not view.body.lower().startswith("unlike"):
        state.focus = affirmed[0]
    elif pos and not view.refs and len(pos) == 1:
        state.focus = next(iter(pos))
    like = frozenset(r.role for r in view.refs if _after_like(masked, r))
    same_sentence = state.prev_sentence == view.clause.sentence
    # "Like X, Y did A, did B and did C": the likeness holds for the sentence, until a clause
    # turns to a contrast or a denial
    if like and not pool:
        state.pending_like, state.like_used = like, False
    elif not same_sentence or _CONTRAST.match(view.body) or _DENIAL.search(masked, *_clause_span(view)):
        state.pending_like, state.like_used = frozenset(), False
    elif pool and state.pending_like:
        state.like_used = True
    state.prev_factors = tuple(pool) if pool else ()
    state.prev_last_ref = view.refs[-1].role if view.refs else state.prev_last_ref
    last_ref = max((r.end for r in view.refs), default=-1)
    state.prev_ended_on_factor = bool(pool) and max(h.end for h in pool) > last_ref
    state.prev_roles = frozenset(pos) if pos else state.prev_roles
    state.prev_sentence = view.clause.sentence


_LABEL = re.compile(
    r"(?:plaintiff|defendant|rebuttal|reply|response)\b[^:\n.]{0,24}(?::\s*|$)", re.IGNORECASE
)
# a sentence that states a rule, not a fact of a case: a condition ("If the information can be
# found in public sources, ..."), a generic case ("Where an employee has promised ..."), the
# courts' practice ("Courts protect ...") or a generic party ("A competitor that pays ...")
_RULE_OPENING = re.compile(
    r"(?:if|unless|whenever|(?:where|when)\s+(?:a|an|any|the\s+same)|courts|"
    r"(?:a|an|any|every|no)\s+(?:[\w-]+\s+){1,2}(?:who|that|which|whose))\b",
    re.IGNORECASE,
)


def rule_sentences(text: str, clauses: Sequence[Clause]) -> frozenset[int]:
    """The sentences (by number) that state a rule of law or a condition, not a case's fact."""
    out: set[int] = set()
    seen: set[int] = set()
    for clause in clauses:
        if clause.sentence in seen:
            continue
        body = text[clause.start : clause.end].lstrip(_LEAD)
        label = _LABEL.match(body)
        if label and not body[label.end() :].strip(_LEAD):
            continue  # "Defendant:" alone: the sentence starts in the next clause
        seen.add(clause.sentence)
        if _RULE_OPENING.match(body, label.end() if label else 0):
            out.add(clause.sentence)
    return frozenset(out)


def attribute(
    text: str, clauses: Sequence[Clause], refs: Sequence[Ref], hits: Sequence[Hit]
) -> list[Mention]:
    """All attributed mentions of a text, in clause order; none from a sentence stating a rule."""
    masked = mask(text, hits)
    rules = rule_sentences(text, clauses)
    state = _State()
    out: list[Mention] = []
    for clause in clauses:
        body = text[clause.start : clause.end].lstrip(_LEAD)
        asserted = clause.sentence not in rules
        view = _View(
            clause,
            body,
            tuple(r for r in refs if clause.start <= r.start < clause.end),
            tuple(h for h in hits if clause.start <= h.start < clause.end and not h.shadow and asserted),
        )
        out += _clause_mentions(text, masked, view, state)
    return out

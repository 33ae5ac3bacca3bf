"""The offline misrepresentation rules, each narrow enough to stand on its own.

A claim (what a brief says a case holds) is compared with what the opinion says, as read at
library build (`structure`) and sentence by sentence (`signatures`):

* ``disposition`` and ``prevailing_party`` (in `disposition_claims`): the claim says the court
  affirmed (granted) where the opinion's own disposition reversed (denied), or a side
  prevailed that lost by it; procedural history never counts.
* ``rejecting_frame``: the claim says the court rejected (declined to hold, refused to accept,
  disapproved, found unpersuasive) what the opinion states; or states what the opinion rejects.
* ``dicta_as_holding`` and ``modal_strengthening`` (in `hedge_rules`): the claim states what
  the opinion only assumed or left undecided, or says "must" where the opinion says "may".
* ``party_swap``: the claim gives the opinion's statement to the other side (plaintiff for
  defendant, employer for employee).
* ``polarity``: every close sentence in the court's voice says the opposite; negation by other
  means ("without", "lacks", "fails to", "absent", "not objectionable") counts on both sides.

Each rule returns a `Hit` naming itself, saying what differs and which sentences show it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from citeproof.core.checking.polarity_scope import (
    affirmed_report,
    citation_run,
    negated_report,
    negates_contrary,
    repeats_fragment,
    scoped_negations,
)
from citeproof.core.checking.roles import sentence_roles
from citeproof.core.checking.signatures import negating, signature, weak_negations, words_of
from citeproof.core.checking.structure import (
    REJECTING_MARKER,
    Role,
)
from citeproof.core.text.context import QUOTATION

SCOPE_SHARE = 0.7  # of the claim's content words that must lie inside a frame's or a marker's scope


@dataclass(frozen=True, slots=True)
class Claim:
    """The part of a claim compared with the opinion: its words, content words and
    negations; ``framed`` when the claim says the court rejected it."""

    text: str
    words: tuple[str, ...]
    content: frozenset[str]  # quotations and the case's name left out
    said: frozenset[str]  # every content word, quotations included
    negations: int
    framed: bool


@dataclass(frozen=True, slots=True)
class Near:
    """An opinion sentence sharing most of the claim's content words."""

    start: int
    end: int
    text: str
    words: tuple[str, ...]
    content: frozenset[str]
    negations: int
    role: int

    def courts_voice(self) -> bool:
        """Says what the court says: not a party's argument, a dissent or dicta (its recital of
        what happened below is its own words)."""
        return not Role(self.role) & (Role.REPORTED | Role.SEPARATE | Role.DICTA)


@dataclass(frozen=True, slots=True)
class Hit:
    rule: str
    explanation: str
    sentences: tuple[tuple[int, int], ...]  # spans of the opinion that show it


_FRAME = re.compile(
    r"\b(?:rejected|rejecting|declined|declining|refused|refusing|disapproved|disapproving|repudiated|"
    r"(?:was|were) (?:not persuaded|unpersuaded)|found (?:\w+ )?(?:unpersuasive|unavailing|without merit|"
    r"meritless)|disagreed with|would not (?:hold|accept|adopt|find))"
    r"(?:\s+to\s+(?:hold|find|accept|adopt|conclude|recognize|extend|apply|follow|endorse|embrace|rule|say|"
    r"agree))?(?:\s+(?:with\s+)?(?:the|an|any)\s+(?:[\w-]+\s+){0,2}?(?:view|argument|contention|proposition|"
    r"notion|claim|position|idea|assertion|suggestion|theory|premise|rule|reading|interpretation|"
    r"conclusion|holding))?\s+(?:that|whether)\s+"
)
# A court that "erred in finding that X" was wrong about X: the sentence rejects X.
_ERRED = re.compile(
    r"\berr(?:ed|s)? (?:in|by) (?:finding|holding|ruling|concluding|determining|deciding|declaring)"
    r"(?: that)?\s+"
)


_CLAUSE_END = re.compile(r";|,\s+(?:and|but|because|since|although|while)\b|\s+because\b|\s+since\b")


def clause_from(text: str, start: int) -> str:
    end = _CLAUSE_END.search(text, start)
    return text[start : end.start() if end else len(text)]


_RETOLD = re.compile(  # "In Smith, the court took the view that": who said it, not what was said
    r"^(?:[^,;]{0,80},\s*)?(?:the|this|that)\s+(?:[\w.'-]+\s+)?(?:court|majority|panel)\s+"
    r"(?:(?:also|further|thus|therefore|correctly|properly|expressly|ultimately|specifically|squarely)\s+)?"
    r"(?:held|holds|reasoned|concluded|explained|noted|observed|stated|recognized|determined|ruled|found|"
    r"emphasized|made clear|took the view|was of the view|acknowledged|announced|said|confirmed)\s+that\s+"
)


_REJECTING_WORD = re.compile(
    r"\b(?:reject\w*|declin\w*|refus\w*|disagree\w*|disapprov\w*|unpersua\w*|unavailing|meritless|"
    r"repudiat\w*)\b|\b(?:without|no|lacks?) merit\b"
)


def frame_scope(low: str) -> tuple[bool, str]:
    """Whether a (lower-cased) text rejects something, and the words it rejects ("the court
    declined to hold that X", "we reject the argument that X", "the trial court erred in
    finding that X": X); "" when it rejects
    something whose words cannot be told apart ("that argument is unavailing")."""
    m = _FRAME.search(low) or REJECTING_MARKER.search(low) or _ERRED.search(low)
    if m is None:
        return bool(_REJECTING_WORD.search(low)), ""
    return True, clause_from(low, m.end())


def read_claim(text: str, case_name: str = "") -> Claim:
    """The claim as compared: after a rejecting frame (``framed``), else after the words that
    say who said it ("the court reasoned that"), else the whole of it. A claim that rejects
    something it does not name is left to no rule (its words are cleared)."""
    low = " ".join(text.lower().replace("’", "'").split())
    framed, scope = frame_scope(low)
    retold = _RETOLD.match(low)
    part = scope if framed else low[retold.end() :] if retold else low
    content = signature(QUOTATION.sub(" ", part))[0] - signature(case_name)[0]
    said, negations = signature(part)
    return Claim(part, tuple(words_of(part)), content, said, negations, framed)


def share(claim: frozenset[str], text: str) -> float:
    return len(claim & signature(text)[0]) / len(claim) if claim else 0.0


# --- polarity and rejecting frames --------------------------------------------------------


def _relation(n: int, c: int) -> str:
    """``opposite`` when one side is plainly affirmative and the other negated an odd number
    of times; ``same`` when both negate alike, or one is affirmative and the other doubly
    negated; else ``unknown`` (`_aligned` may still tell)."""
    if n == c:
        return "same"
    if min(n, c) != 0:
        return "unknown"
    return "opposite" if (n + c) % 2 else "same"


ALIGNED = 0.7  # how closely two word sequences must align for their differences to be compared


def _aligned(a: Sequence[str], b: Sequence[str]) -> str:
    """Where both sides negate: ``opposite`` when the words that differ between two closely
    aligned sentences carry an odd number of negations between them ("need not be
    exhausted" / "need be exhausted"), ``same`` when even ("did not" / "failed to")."""
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    if matcher.ratio() < ALIGNED:
        return "unknown"
    flips = sum(
        sum(map(negating, a[i1:i2])) + sum(map(negating, b[j1:j2]))
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    )
    return "opposite" if flips % 2 else "same"


_CLAUSES = re.compile(
    r"[;:]|,\s+(?:but|yet|while|although|though|whereas)\b|\s+but\s+"
    # "... no issue of fact and the plaintiff is entitled ...": "and" before a new subject and verb
    r"|,?\s+and\s+(?=(?:the|a|an|this|that|such|each|its|his|her|their|he|she|it|they|we)\s+"
    r"(?:\w+\s+){0,3}?(?:is|are|was|were|has|have|had|shall|will|must|may|can|did|does|do)\s)"
)
# "If the witness is not testifying as an expert, his testimony is ...": a condition's own clause
_CONDITION = re.compile(r"\s*(?:\(\w{1,3}\)\s*|\d{1,2}\.\s+)?(?:if|when|unless)\s[^,;:]{1,150},", re.I)


def _clauses(text: str) -> list[str]:
    """The clauses of ``text`` whose negations are counted apart: parted at ``;``, ``:``, a
    contrast ("but", "although"), "and" before a new subject, and after a leading condition."""
    out = []
    for clause in _CLAUSES.split(text):
        head = _CONDITION.match(clause)
        out += [clause[: head.end()], clause[head.end() :]] if head else [clause]
    return out


def _negations(text: str, other: frozenset[str]) -> int:
    """Negations of ``text`` that bear on what the other side says: in each clause, plain
    negations and antonyms governing a word of ``other`` (`scoped_negations`) and weak ones
    ("without", "fails to") doing so. What an opinion says about something else ("..., but it
    did not do so", a witness's quoted words) is not what it says of the claim."""
    return sum(
        scoped_negations(clause, other) + weak_negations(tuple(words_of(clause)), other)
        for clause in _clauses(text)
    )


def _flip(relation: str) -> str:
    return {"opposite": "same", "same": "opposite"}.get(relation, relation)


def _sentence_frame(near: Near, claim: Claim) -> tuple[bool | None, str]:
    """Whether the sentence rejects what the claim says (True, with the words it rejects),
    does not frame it (False), or frames something the claim may or may not lie in (None)."""
    low = " ".join(near.text.lower().replace("’", "'").split())
    framing = near.role & Role.REJECTING or _FRAME.search(low) or _ERRED.search(low)
    framed, scope = frame_scope(low) if framing else (False, "")
    if not framed:
        return False, ""
    return (True, scope) if scope and share(claim.content, scope) >= SCOPE_SHARE else (None, "")


def _denied_report(claim: str, said: str) -> bool:
    """One side denies the report of a holding that the other side makes ("have not held that
    X" / "have held that X"): `_aligned` compares them word by word."""
    return (negated_report(claim) and affirmed_report(said)) or (
        negated_report(said) and affirmed_report(claim)
    )


def relations(claim: Claim, near: Near) -> set[tuple[str, bool]]:
    """The relation of a close sentence to the claim, with whether a frame turned it; two
    when the sentence's frame may or may not cover the claim. A framed sentence's negations
    are counted in the words it rejects, as a framed claim's are."""
    framed, scope = _sentence_frame(near, claim)
    said = scope if framed else near.text
    if repeats_fragment(claim.words, said):
        base = "same"  # the claim repeats the court's words: it cannot be their opposite
    elif _denied_report(claim.text, said):
        base = "unknown"  # "courts have not held that X" against "courts have held that X"
    elif negated_report(claim.text) or negated_report(said):
        return {("unknown", False)}  # "we have never held that X": neither X nor its opposite
    elif negates_contrary(claim.text) or negates_contrary(said):
        base = "unknown"  # "no evidence to the contrary": the opposite of what is not said
    else:
        n = _negations(said, claim.said)
        base = _relation(n, _negations(claim.text, near.content))
    if base == "unknown":
        base = _aligned(tuple(words_of(scope)) if framed else near.words, claim.words)
    options = [False, True] if framed is None else [framed]
    out = set()
    for sentence_framed in options:
        flips = int(claim.framed) + int(sentence_framed)
        out.add((_flip(base) if flips % 2 else base, flips > 0))
    return out


def states_for_the_court(s: Near, claim: Claim) -> bool:
    """The sentence says, in this court's voice, what bears on the claim: not a party's
    argument, dicta or a string of other sources; not what a lower court held ("the Court of
    Appeals held that X", a recital this court may go on to reverse) unless the sentence rejects
    it ("the district court erred in finding that X"); its own frame, if any, covering the claim."""
    framed = _sentence_frame(s, claim)[0]
    voiced = s.courts_voice() or (framed is True and _rejects_in_own_voice(s))
    if not voiced or citation_run(s.text):
        return False
    return framed is True or (framed is False and (not Role(s.role) & Role.HISTORY or _retells(claim, s)))


RETOLD = 0.8  # how closely a claim must follow a recital of history to be retelling it


def _retells(claim: Claim, s: Near) -> bool:
    """The claim retells the very recital of what happened below ("the trial court found that
    ..."): the claim reports that history itself, or follows the sentence nearly word for word."""
    if sentence_roles(claim.text) & Role.HISTORY:
        return True
    return SequenceMatcher(None, s.words, claim.words, autojunk=False).ratio() >= RETOLD


_OWN_REJECTION = re.compile(
    r"^\W*(?:(?:however|but|thus|therefore|accordingly|nevertheless|moreover),?\s+)?(?:we|i|this court)\s+"
    r"(?:(?:therefore|thus|also|further|accordingly|respectfully|simply|,)\s+)*"
    r"(?:reject|decline|refuse|disagree|disapprove|(?:are|am) (?:not|un)persuaded|cannot (?:accept|agree)|"
    r"do not (?:agree|accept))"
)


def _rejects_in_own_voice(s: Near) -> bool:
    """The court opens the sentence rejecting something ("We cannot agree that X, as plaintiffs
    suggest"): its own words, though they name a party's view."""
    if not Role(s.role) & Role.REJECTING or Role(s.role) & (Role.SEPARATE | Role.DICTA):
        return False
    return bool(_OWN_REJECTION.match(" ".join(s.text.lower().replace("’", "'").split())))


def polarity_rule(claim: Claim, near: Sequence[Near]) -> Hit | None:
    """Every close sentence says the opposite, one of them in the court's voice (its own
    frame, if any, covering the claim)."""
    if not near:
        return None
    firing: list[Near] = []
    framed = False
    for s in near:
        found = relations(claim, s)
        if any(r != "opposite" for r, _ in found):
            return None
        if states_for_the_court(s, claim):
            firing.append(s)
            framed = framed or any(f for _, f in found)
    if not firing:
        return None
    spans = tuple((s.start, s.end) for s in firing[:2])
    if not framed:
        return Hit("polarity", "the opinion states the opposite of the proposition", spans)
    if claim.framed:
        return Hit("rejecting_frame", "the brief says the court rejected what the opinion states", spans)
    return Hit("rejecting_frame", "the opinion rejects what the brief says it holds", spans)


# --- dicta and modal strengthening ---------------------------------------------------------

# --- party roles --------------------------------------------------------------------------

_PAIRS = (
    ("plaintiff", "defendant"),
    ("appellant", "appellee"),
    ("petitioner", "respondent"),
    ("employer", "employee"),
    ("landlord", "tenant"),
    ("lessor", "lessee"),
    ("buyer", "seller"),
    ("insurer", "insured"),
    ("creditor", "debtor"),
    ("movant", "nonmovant"),
    ("licensor", "licensee"),
    ("mortgagor", "mortgagee"),
    ("grantor", "grantee"),
    ("prosecution", "defense"),
    ("husband", "wife"),
    ("mother", "father"),
)
COUNTERPART = {**dict(_PAIRS), **{b: a for a, b in _PAIRS}}
_PASSIVE_BY = re.compile(r"\bby\s+(?:the\s+)?(?:\w+\s+)?(?:" + "|".join(COUNTERPART) + r")s?\b")
SWAP_SIMILAR = 0.85  # how closely the claim, its roles swapped back, must read as the sentence


def _role_word(word: str) -> str:
    base = word.removesuffix("'s").removesuffix("s") if word not in COUNTERPART else word
    return base if base in COUNTERPART else ""


def _roles_normal(words: Sequence[str]) -> list[str]:
    return [_role_word(w) or w for w in words]


def swap_rule(claim: Claim, near: Sequence[Near]) -> Hit | None:
    """The claim reads as a close sentence only once its party roles are swapped back."""
    mine = _roles_normal(claim.words)
    if claim.framed or not any(w in COUNTERPART for w in mine) or _PASSIVE_BY.search(claim.text):
        return None
    swapped = [COUNTERPART.get(w, w) for w in mine]
    hits: list[Near] = []
    for s in near:
        theirs = _roles_normal(s.words)
        if not any(w in COUNTERPART for w in theirs) or _PASSIVE_BY.search(s.text.lower()):
            if s.courts_voice():
                return None
            continue
        as_written = SequenceMatcher(None, theirs, mine, autojunk=False).ratio()
        swapped_back = SequenceMatcher(None, theirs, swapped, autojunk=False).ratio()
        if swapped_back >= SWAP_SIMILAR and swapped_back > as_written:
            if s.courts_voice():
                hits.append(s)
        elif s.courts_voice():
            return None  # a close sentence gives the roles as the claim does
    if not hits:
        return None
    theirs = _roles_normal(hits[0].words)
    said = next((w for w in theirs if w in COUNTERPART), "")
    return Hit(
        "party_swap",
        f"the opinion says it of the {said}; the brief gives it to the {COUNTERPART.get(said, 'other side')}",
        tuple((s.start, s.end) for s in hits[:2]),
    )

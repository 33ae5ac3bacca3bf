"""Short forms → the case each repeats: ``id.``, ``ibid.``, ``supra``, ``V Rep. at P``.

`Antecedents` follows a document's case citations in order, as extraction emits them, and
binds each short form to one cite of one case, or abstains with the reason:

* ``id.`` repeats the authority just before it. When that authority is the record, a brief,
  a statute or legislative history (cited between the last case and the ``id.``), the
  ``id.`` is no case citation; when the last case was cited inside another's parenthetical
  (``(quoting X)``), or the words before the ``id.`` name another case by a party's
  possessive and not the last one ("Lewis's analysis"), either may be meant and the pin
  decides.
* ``Name, V Rep. at P`` and a nameless ``V Rep. at P`` pick, among the cases cited in that
  volume, the one named, else the one whose pages hold the pin.
* ``Name, supra`` matches the name by whole words; a ``supra`` without a name refers to
  the document itself.
* Among the parallel cites of a case, a pin follows the reporter the preceding cite used,
  else the one whose pages hold it.

The text alone can rule a case out only by its first page (`pins.PIN_WINDOW`); the pin is
then checked against the library's page range like any other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from citeproof.core.extraction.non_case import cites_a_section, non_case_source, opened_after_cite
from citeproof.core.models import Abstention, Citation, CiteForm, Reason, Span
from citeproof.core.text.context import case_name_before
from citeproof.core.text.pins import pins_fit

# Cases cited this many distinct times back may be what an ``id.`` that fits nothing meant.
_RECENT_CASES = 10
_RECENT_SCAN = 2000  # entries looked back over for them: a bound on the work per binding
# Words that say nothing about which case a name is: connectors, signals, roman numerals
# ("Gales I", a court's own short name for the first of two decisions), generic parties.
_NAME_NOISE = frozenset(
    "v vs in re ex rel parte et al the of and a an see cf accord but also compare contra e g eg "  # noqa: SIM905
    "i ii iii iv vi vii viii ix x us united states state people commonwealth".split()
)
_INITIALS = re.compile(r"\b([A-Z])\.\s?(?=[A-Z]\.)")
_VOLUME_TAIL = re.compile(r",\s*(?P<volume>\d+)\s+[A-Z][\w.' ]*?,?\s*$")  # "Commander, 436 Pa."
# Abbreviations of four letters or more that end a name word, not a sentence ("Corp.").
_NAME_ABBREVIATIONS = frozenset(
    "corp bros assn natl intl dept univ educ hosp auth indus mfrs serv servs comm cnty dist "  # noqa: SIM905
    "mach prod prods elec envtl admin transp assoc sess".split()
)
_SENTENCE_END = re.compile(r"\n|\b(?P<word>[A-Za-z']{4,})[.!?][\"”’)]*\s+(?=[A-Z“\"])")


# The volume, reporter and pins of the cite an ``id.`` runs into.
Hint = tuple[str | None, str | None, tuple[int, ...]]
NAMED_REACH = 300  # characters before an id. read for the name of another case
_POSSESSIVE = re.compile(r"\b([A-Z][A-Za-z]+)['’]s?\b")  # Lewis's, Bivens', Miranda's


@dataclass(frozen=True, slots=True)
class _Written:
    """The name written before a short form: its words, eyecite's one-word guess, and the
    volume a ``Name, 436 Pa., supra`` gives."""

    words: frozenset[str]
    guess: frozenset[str]
    volume: str | None = None


@dataclass(frozen=True, slots=True)
class Binding:
    """What a short form repeats: one cite of a case, or why it repeats none."""

    target: Citation | None = None
    abstention: Abstention | None = None


@dataclass(frozen=True, slots=True)
class _Entry:
    """One emitted citation as the binder sees it."""

    citation: Citation
    cases: tuple[str, ...]  # keys of the case(s) it may refer to: one when bound
    member: Citation | None  # the cite of that case it used (its reporter's pagination)
    host: _Entry | None  # the citation whose parenthetical holds this one
    depth: int  # parentheses still open since the host
    abstention: Abstention | None = None

    @property
    def span_end(self) -> int:
        return self.citation.span.end


class Antecedents:
    """The cases a document has cited so far, and the short forms bound to them."""

    def __init__(self, text: str, non_case_spans: Sequence[Span] = ()) -> None:
        self.text = text
        self.non_case_spans = tuple(non_case_spans)
        self.record_spans: list[Span] = []  # the brief's record cites eyecite read as cases
        self.entries: list[_Entry] = []
        self.members: dict[str, list[Citation]] = {}  # case key → its full cites
        self.names: dict[str, set[frozenset[str]]] = {}  # case key → the names it was cited by
        self.caption: set[str] = set()  # the document's own citation, at its very start
        # Indexes kept as entries and members are added, so that each binding takes time
        # independent of how many citations came before (issue 13: no quadratic path).
        self._recency: dict[str, None] = {}  # case keys of bound entries, latest last
        self._run_starts: list[int] = []  # per entry: where its run of equal ``cases`` starts
        self._key_of_member: dict[str, str] = {}  # member citation id → its case key
        self._keys_by_cite: dict[str, list[str]] = {}  # "V R P" → case keys with that cite
        self._keys_by_volume: dict[tuple[str | None, str | None], set[str]] = {}  # (V, R) → case keys
        self._rank: dict[str, int] = {}  # case key → its place in ``members``

    # -- recording --------------------------------------------------------------------

    def add_full(self, group: Sequence[Citation], trailing: Citation | None = None) -> None:
        """A full cite and its parallels; ``trailing``: the short form it follows as a
        parallel (``Id. at 431, 111 S. Ct. 2382``)."""
        before = self._entry_of(trailing) if trailing is not None else None
        if before is not None and len(before.cases) == 1 and before.abstention is None:
            key, member = before.cases[0], before.member
        else:
            key, member = self._case_key(group), group[0]
        self._merge(key, group)
        if not self.entries and not self.text[: group[0].span.start].strip():
            self.caption.add(key)
        host, depth = self._nesting(group[0].span.start)
        for c in group:
            self._append(_Entry(c, (key,), member, host, depth))

    def add_record(self, span: Span) -> None:
        """A cite to the brief's own record, read as a case's and dropped (`record_cites`)."""
        self.record_spans.append(span)

    def add_short(self, citation: Citation, binding: Binding, cases: tuple[str, ...] = ()) -> None:
        host, depth = self._nesting(citation.span.start)
        target = binding.target
        keys = (self._key_of(target),) if target is not None else cases
        self._append(_Entry(citation, keys, target, host, depth, binding.abstention))

    def _append(self, entry: _Entry) -> None:
        same_run = bool(self.entries) and self.entries[-1].cases == entry.cases
        self._run_starts.append(self._run_starts[-1] if same_run else len(self.entries))
        self.entries.append(entry)
        if entry.abstention is None:
            for key in reversed(entry.cases):  # the entry's first key ends up latest
                self._recency.pop(key, None)
                self._recency[key] = None

    # -- binding ----------------------------------------------------------------------

    def bind(
        self,
        form: CiteForm,
        span: Span,
        pins: tuple[int, ...],
        volume: str | None = None,
        reporter: str | None = None,
        guess: str | None = None,
        then: Hint | None = None,
    ) -> tuple[Binding, tuple[str, ...]]:
        """The binding of a short form at ``span`` (with its pins), and the case keys it was
        chosen from (kept for an ``id.`` that follows an ambiguous one). ``then``: the cite
        an ``id.`` runs into (``Id., 458 U.S. at 801``), whose volume says which case."""
        section = cites_a_section(self.text, span.end)
        if section is not None:
            return Binding(abstention=section), ()
        if form is CiteForm.ID:
            return self._bind_id(span.start, pins, then)
        name = self._written_name(span.start, guess)
        if form is CiteForm.SUPRA:
            return self._bind_supra(name, pins)
        return self._bind_short(volume, reporter, name, pins)

    def _bind_id(
        self, start: int, pins: tuple[int, ...], then: Hint | None
    ) -> tuple[Binding, tuple[str, ...]]:
        if not self.entries:  # no case before it: the record, a brief or a statute may be
            first = non_case_source(self.text, 0, start, self.non_case_spans, self.record_spans)
            return Binding(abstention=first), ()
        prev = self.entries[-1]
        source = non_case_source(
            self.text, prev.citation.span.end, start, self.non_case_spans, self.record_spans
        )
        if source is not None:
            return Binding(abstention=source), ()
        if prev.abstention is not None and (
            prev.abstention.reason is Reason.NOT_A_CASE_CITATION or prev.citation.form is CiteForm.FULL
        ):  # it repeats what no case is (or perhaps the record)
            return Binding(abstention=prev.abstention), ()
        keys = [*(prev.host.cases if prev.host else ()), *prev.cases]
        candidates = tuple(k for k in dict.fromkeys(keys) if k not in self.caption)
        if not candidates:
            return Binding(), ()
        candidates = (*self._named_between(prev.citation.span.end, start, candidates), *candidates)
        preferred = prev.member
        if then is not None and (named := tuple(k for k in candidates if self._member_in(k, *then[:2]))):
            candidates, preferred = named, prev.member if pins else self._member_in(named[0], *then[:2])
            pins = pins or then[2]
        binding = self._choose(candidates, pins, preferred, "id.")
        if binding.target is not None and pins and not self._fits(binding.target, pins):
            skipped = self._skipped_authority(candidates[0], pins)
            if skipped is not None:
                return Binding(abstention=skipped), candidates
        return binding, candidates

    def _named_between(self, end: int, start: int, candidates: tuple[str, ...]) -> tuple[str, ...]:
        """Other cases the words before an ``id.`` name by a party's possessive ("Lewis's
        analysis"), where they do not name the case it follows: then either may be meant."""
        owners = _POSSESSIVE.findall(self.text[max(end, start - NAMED_REACH) : start])
        words = _name_words(" ".join(owners))
        if not words or any(n & words for k in candidates for n in self.names.get(k, ())):
            return ()
        return tuple(
            k
            for k in self._case_order()
            if k not in candidates and k not in self.caption and any(n & words for n in self.names.get(k, ()))
        )

    def _bind_supra(self, name: _Written, pins: tuple[int, ...]) -> tuple[Binding, tuple[str, ...]]:
        if not (name.words or name.guess):
            note = "a supra without a case name refers to the document itself (a note, a part)"
            return Binding(abstention=Abstention(Reason.NOT_A_CASE_CITATION, note)), ()
        named = self._named(self._case_order(), name)
        if not named:
            return Binding(), ()
        return self._choose(named, pins, None, "supra"), named

    def _bind_short(
        self,
        volume: str | None,
        reporter: str | None,
        name: _Written,
        pins: tuple[int, ...],
    ) -> tuple[Binding, tuple[str, ...]]:
        keys = self._keys_by_volume.get((volume, reporter))
        if not keys:
            return Binding(), ()
        in_volume = tuple(k for k in self._case_order() if k in keys)
        if not in_volume:
            return Binding(), ()
        pool = self._named(in_volume, name) or in_volume
        if len(pool) == 1:
            return Binding(target=self._member_in(pool[0], volume, reporter)), pool
        containing = self._containing(pool, volume, reporter, pins)
        if containing is not None:
            return Binding(target=containing), pool
        return self._ambiguous(pool, f"{volume} {reporter} at {', '.join(map(str, pins))}"), pool

    def _choose(
        self, candidates: tuple[str, ...], pins: tuple[int, ...], preferred: Citation | None, what: str
    ) -> Binding:
        """One candidate case whose pages may hold the pins, in the reporter the preceding
        cite used when they fit it; several or none of several → abstain."""
        if not pins:
            if len(candidates) == 1:
                return Binding(target=self._preferred_member(candidates[0], preferred))
            return self._ambiguous(candidates, what)
        fitting = [m for m in (self._fitting_member(k, pins, preferred) for k in candidates) if m]
        if len(fitting) == 1:
            return Binding(target=fitting[0])
        if fitting or len(candidates) > 1:
            return self._ambiguous(candidates, what)
        return Binding(target=self._preferred_member(candidates[0], preferred))

    def _skipped_authority(self, bound: str, pins: tuple[int, ...]) -> Abstention | None:
        """An ``id.`` whose pin lies in no page of the case before it, where an authority
        cited just before that case could hold it: the writer skipped a cite."""
        at = len(self.entries) - 1
        if at > 0 and self.entries[at - 1].cases == (bound,):
            at = self._run_starts[at - 1]  # back to the first cite of the case's latest mention
        for key in self._recent_before(at, bound):
            member = self._fitting_member(key, pins, None)
            if member is not None and key not in self.caption:
                note = f"its pin fits {member.cite} cited earlier, not the case just before it"
                return Abstention(Reason.AMBIGUOUS_SHORT_FORM, note)
        floor = self.entries[at - 1].span_end if at > 0 else 0
        start = self.entries[at].citation.span.start
        source = non_case_source(self.text, floor, start, self.non_case_spans, self.record_spans)
        if source is not None:
            note = f"its pin fits no page of the case before it, which {source.note.removeprefix('it ')}"
            return Abstention(Reason.AMBIGUOUS_SHORT_FORM, note)
        return None

    # -- cases and members -------------------------------------------------------------

    def _merge(self, key: str, group: Sequence[Citation]) -> None:
        """One cite per reporter, the latest (its name was written last), in the order the
        reporters were first cited: the first is the case's primary cite."""
        self._rank.setdefault(key, len(self._rank))
        members = self.members.setdefault(key, [])
        for c in group:
            at = next(
                (i for i, m in enumerate(members) if (m.volume, m.reporter) == (c.volume, c.reporter)), None
            )
            if at is None:
                members.append(c)
                self._keys_by_volume.setdefault((c.volume, c.reporter), set()).add(key)
            elif c.page == members[at].page:
                self._key_of_member.pop(members[at].id, None)
                members[at] = c
            else:
                continue
            self._key_of_member[c.id] = key
            if c.cite and key not in self._keys_by_cite.setdefault(c.cite, []):
                self._keys_by_cite[c.cite].append(key)
        self.names.setdefault(key, set()).update(_name_words(c.case_name) for c in group if c.case_name)

    def _recent_before(self, at: int, bound: str) -> list[str]:
        """Up to _RECENT_CASES case keys other than ``bound`` of the entries before ``at``,
        latest first."""
        recent: dict[str, None] = {}
        for e in reversed(self.entries[max(0, at - _RECENT_SCAN) : at]):
            for k in e.cases:
                if k != bound:
                    recent.setdefault(k)
            if len(recent) >= _RECENT_CASES:
                break
        return list(recent)[:_RECENT_CASES]

    def _case_key(self, group: Sequence[Citation]) -> str:
        """A case cited again keeps its key: one of its cites seen before, under a name
        sharing a word (the same cite under another name is another case as written)."""
        cites = {c.cite for c in group if c.cite}
        name = _name_words(group[0].case_name or "")
        seen = sorted(
            {k for cite in cites for k in self._keys_by_cite.get(cite, ())}, key=self._rank.__getitem__
        )
        for key in seen:
            names = self.names.get(key, set())
            if not name or not names or any(name & n for n in names):
                return key
        return group[0].id

    def _case_order(self) -> list[str]:
        """Case keys by their latest mention, most recent first."""
        return list(reversed(self._recency))

    def _key_of(self, member: Citation) -> str:
        return self._key_of_member[member.id]

    def _entry_of(self, citation: Citation) -> _Entry | None:
        return next((e for e in reversed(self.entries) if e.citation.id == citation.id), None)

    def _member_in(self, key: str, volume: str | None, reporter: str | None) -> Citation | None:
        return next((m for m in self.members[key] if (m.volume, m.reporter) == (volume, reporter)), None)

    def _preferred_member(self, key: str, preferred: Citation | None) -> Citation:
        """The case's cite in the reporter ``preferred`` used, else its primary cite."""
        members = self.members[key]
        if preferred is None:
            return members[0]
        same = (preferred.volume, preferred.reporter)
        return next((m for m in members if (m.volume, m.reporter) == same), members[0])

    def _fitting_member(self, key: str, pins: tuple[int, ...], preferred: Citation | None) -> Citation | None:
        """The case's cite whose pages may hold the pins: the preferred reporter's first,
        a cite with a blank page (``––– U.S. ––––``) only when no numbered one fits."""
        order = (self._preferred_member(key, preferred), *self.members[key])
        numbered = [m for m in order if (m.page or "").isdigit()]
        return next((m for m in numbered if self._fits(m, pins)), None) or next(
            (m for m in order if m not in numbered), None
        )

    @staticmethod
    def _fits(member: Citation, pins: tuple[int, ...]) -> bool:
        return pins_fit(member.page, pins)

    def _containing(
        self, keys: tuple[str, ...], volume: str | None, reporter: str | None, pins: tuple[int, ...]
    ) -> Citation | None:
        """The case of the volume whose pages hold the pins: the one starting last at or
        before the first pin (cases of one volume do not overlap)."""
        if not pins:
            return None
        starts = [m for k in keys if (m := self._member_in(k, volume, reporter)) and (m.page or "").isdigit()]
        before = [m for m in starts if int(m.page or 0) <= min(pins)]
        best = max(before, key=lambda m: int(m.page or 0), default=None)
        return best if best is not None and self._fits(best, pins) else None

    def _ambiguous(self, keys: tuple[str, ...], what: str) -> Binding:
        cites = ", ".join(self.members[k][0].cite or "?" for k in keys[:3])
        note = f"{what} may repeat {cites}; the text does not settle which"
        return Binding(abstention=Abstention(Reason.AMBIGUOUS_SHORT_FORM, note))

    # -- names ------------------------------------------------------------------------

    def _written_name(self, start: int, guess: str | None) -> _Written:
        """The name written before a short form, from its own sentence."""
        floor = min(self.entries[-1].span_end if self.entries else 0, start)
        parsed = case_name_before(self.text, start, floor)
        name = _last_sentence(parsed[0]) if parsed else ""
        tail = _VOLUME_TAIL.search(name)
        volume = tail.group("volume") if tail else None
        words = _name_words(name[: tail.start()] if tail else name)
        fallback = _name_words(guess or "") or _name_words(_last_capital(self.text[floor:start]))
        return _Written(words, fallback, volume)

    def _named(self, keys: Sequence[str], written: _Written) -> tuple[str, ...]:
        """The cases cited under the name written (in the volume written, if any), in
        tiers: exactly that name; a name holding all its words; a name all written in it; a
        name holding the guessed word."""
        words, guess = written.words, written.guess
        if written.volume and (in_volume := [k for k in keys if self._has_volume(k, written.volume)]):
            keys = in_volume
        tiers: tuple[Callable[[frozenset[str]], bool], ...] = (
            lambda n: bool(words) and words == n,
            lambda n: bool(words) and words <= n,
            lambda n: bool(n) and n <= words,
            lambda n: bool(guess) and guess <= n,
        )
        for tier in tiers:
            hit = tuple(k for k in keys if any(tier(n) for n in self.names.get(k, ())))
            if hit:
                return hit
        return ()

    def _has_volume(self, key: str, volume: str) -> bool:
        return any(m.volume == volume for m in self.members[key])

    # -- nesting ----------------------------------------------------------------------

    def _nesting(self, start: int) -> tuple[_Entry | None, int]:
        """The citation whose parenthetical (or ``, quoting`` tail) holds a cite at ``start``."""
        if not self.entries:
            return None, 0
        prev = self.entries[-1]
        gap = self.text[prev.span_end : start]
        if prev.host is not None:
            depth = prev.depth + gap.count("(") - gap.count(")")
            if depth > 0 or (prev.depth == 0 and re.fullmatch(r"\s*;.*", gap, re.S) and ")" not in gap):
                return prev.host, max(depth, 0)
            return None, 0
        depth = opened_after_cite(gap)
        if depth:
            return prev, depth
        if _QUOTING_TAIL.fullmatch(gap):
            return prev, 0
        return None, 0


_QUOTING_TAIL = re.compile(
    r"(?:\s*\((?:[^()]|\([^()]*\))*\))*\s*[,;]\s*(?:quoting|citing|cited\s+in|quoted\s+in)\b[^();]{0,300}",
    re.I,
)


@lru_cache(maxsize=8192)  # pure, and a brief repeats its case names
def _name_words(name: str) -> frozenset[str]:
    """The capitalised words of a name, folded: initials joined ("In re J.G." → jg), plurals
    as singulars ("Appeals"), generic parties and stray letters dropped, so that "on Moorman
    Mfg. Co. v. Bair" is "Moorman Mfg. Co. v. Bair" and "U. S. ex rel. McNamara v. Henkel" is
    "United States ex rel. McNamara v. Henkel"."""
    joined = _INITIALS.sub(r"\1", re.sub(r"['’]", "", name))
    words = (w.lower() for w in re.findall(r"[A-Z0-9][A-Za-z0-9]*", joined))
    return frozenset(
        w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if len(w) > 1 and w not in _NAME_NOISE
    )


def _last_capital(lead: str) -> str:
    """The last capitalised word among the few before a short form, in its clause: "the
    Ledel case, supra" names Ledel; "See supra note 1" names nothing."""
    clause = re.split(r"[.;:()\n]\s", lead)[-1]
    words = re.findall(r"[A-Z][\w'’]*", " ".join(clause.split()[-5:]))
    return next((w for w in reversed(words) if _name_words(w)), "")


def _last_sentence(name: str) -> str:
    """A name parse that ran back over a sentence end keeps only what follows it."""
    cuts = [
        m.end()
        for m in _SENTENCE_END.finditer(name)
        if (m.group("word") or "").lower() not in _NAME_ABBREVIATIONS
    ]
    return name[cuts[-1] :] if cuts else name

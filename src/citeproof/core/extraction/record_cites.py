"""A brief's cites to its own record that read as case citations, told apart by what the text shows.

Briefs cite their appendix, record and transcripts constantly. Some forms are also
reporters' abbreviations, and eyecite reads them as cases: ``(1 App. 12)`` (appendix vol.
1) as Ohio Appellate Reports, ``(3 R. 45)`` (record vol. 3) as Rawle, ``(4 A. 123)`` as the
Atlantic Reporter, ``(2 P. 45)`` as the Pacific. Against an index whose volumes are
complete, such a cite that starts no case would be called a fabrication.

Only a *bare* cite is a candidate: written with one of `RECORD_ABBREVIATIONS`, with no case
name before it, no court or year parenthetical after it, not a parallel of the cite before
it (``, 4 A. 123``, ``[30 P. 813]``, ``(17 S.E.2d 145)``) and not a case's later history.
What else the text shows is weighed (`RecordCites.judgement`):

* beside a record cite no reporter shares, in one cite group (``(4 A. 123; 2 RT 45)``,
  ``J.A. 45; 3 R. 45``), or with a page:line pin (``3 R. 45:3``): 2, a record cite;
* an abbreviation that is only an old or variant name of its reporter (`OLD_OR_VARIANT`:
  ``App.``, ``R.``, ``A.R.``, ``C.``, ``Add.``): 1;
* alone in a parenthetical that does not follow a cite or a case name (``instructed. (4 A.
  123.)``): 1;
* beside another bare cite of a record abbreviation in one group: 1;
* a document that cites its record elsewhere (a record cite of `RECORD_SHAPES`, or another
  bare cite the rules above call the record): 1.

Two or more: the record, not a citation. One: perhaps the record, so the cite is
``unverifiable`` (``ambiguous``), never a fabrication. None: a case citation like any other.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from citeproof.core.models import Abstention, CiteForm, Reason, Span
from citeproof.core.text.context import HISTORY_BEFORE, case_name_before, year_paren_after

# Abbreviations briefs use for their record that eyecite reads as a reporter's (as written).
RECORD_ABBREVIATIONS = frozenset({"App.", "R.", "A.", "P.", "A.R.", "C.", "Add."})
# Of those, the ones that are only a variant name of their reporter (Ohio App., Rawle, A.,
# Cow.) or the name of a reporter of the 1790s (Addison): no court writes a case that way now.
OLD_OR_VARIANT = frozenset({"App.", "R.", "A.R.", "C.", "Add."})

# Record cites that no reporter shares, as federal and state briefs write them.
RECORD_SHAPES = re.compile(
    r"(?:\b\d{1,2}\s+)?(?:"  # a volume
    r"\b(?:\d+-)?(?:S?ER|CER|EOR)-?\s*\d"  # Ninth Circuit excerpts: ER 45, 2-ER-345, 1 SER 45
    r"|\b(?:Supp\.\s*)?(?:CT|RT|C\.T\.|R\.T\.)\s*\d"  # California clerk's / reporter's transcript
    r"|\b(?:RR|CR|CP|V?RP|AA|RA|SA|SPA|JA|PCR)\s?\d"  # Texas, Washington, Nevada, appendices
    r"|\bJ\.\s?A\.\s*\d|\bPet\.\s*App\.|\bApp\.\s*\d+a\b|\bR\.\s?R\.\s*\d+a\b|\bN\.\s?T\.\s*\d"
    r"|\bROA\.\s*\d|\bAppx\s*\d|\bDoc\.\s*(?:No\.\s*)?\d|\bPageID\b|\bECF\s+No\.|\bDkt\.\s*(?:No\.\s*)?\d"
    r"|\b(?:Da|Pa|Ja)\d+\b|\b\d+T\d+-\d+\b|\bTr\.\s*(?:\d|at\b)|\b[PDG]X\s?\d|\bGov[’']t\s+Ex\."
    r"|(?<![A-Za-z]\.\s)(?<![A-Za-z]\.)\bR\.\s*\d+\b|(?<=\()[CT]\.\s*\d"  # R. 45, not A.F.T.R. 2d
    r"|(?:(?<=\()|(?<=[.;]\s))(?:SPA|JA|A)-?\d{1,5}\b"  # Second Circuit: (A123), ". A-123."
    r")"
)
# The rest of a record cite after its shape: pages, lines, ranges, an "at" page, a PageID.
_SHAPE_TAIL = re.compile(r"[\d:\-–a]*(?:\s*(?:,\s*PageID\s*[.#]?|at)\s*[\d:\-–]+)*")
RECORD = 2  # weight at which a bare cite is the record
_PAGE_LINE = re.compile(r"\s*:\s*\d")
_RANGE_TAIL = re.compile(r"(?:[-–]\d+)?")
# Between two cites of one group: a separator, and pins or "at" pages left over.
_GAP = re.compile(r"\s*[;,]\s*(?:(?:at\s+)?[\d:\-–a]+\s*[;,]\s*)*(?:see(?:\s+also)?\s+|cf\.\s+)?", re.I)
_LEFTOVER = re.compile(r"[\s;,.]*(?:(?:see(?:\s+also)?|cf\.|accord|e\.g\.)\s*,?)?[\s;,.]*", re.I)
_NAME_BEFORE = re.compile(r"\bv\.\s|\bIn\s+re\b|\bEx\s+parte\b|\bEstate\s+of\b")
_PAREN_REACH = 300
_PARALLEL_GAP = re.compile(r"\s*[,(\[]\s*")  # ", 4 A. 123", "[30 P. 813]", "(17 S.E.2d 145)"


class ReadCite(Protocol):
    """A cite as eyecite read it (``raw_cites.RawCite``)."""

    @property
    def form(self) -> CiteForm: ...
    @property
    def span(self) -> Span: ...
    @property
    def pin_end(self) -> int: ...
    @property
    def volume(self) -> str | None: ...
    @property
    def page(self) -> str | None: ...
    @property
    def eyecite_name(self) -> str | None: ...
    @property
    def name_start(self) -> int | None: ...


def record_cites(text: str, cites: Sequence[ReadCite]) -> RecordCites:
    """The record cites of ``text``, whose case cites eyecite read as ``cites`` (in order)."""
    candidates: dict[Span, str] = {}
    for k, cite in enumerate(cites):
        before = cites[k - 1] if k else None
        written = written_abbreviation(text, cite.span, cite.volume, cite.page)
        if written not in RECORD_ABBREVIATIONS or cite.form is not CiteForm.FULL:
            continue
        parallel = before is not None and _PARALLEL_GAP.fullmatch(text, before.pin_end, cite.span.start)
        if parallel and Span(before.span.start, before.pin_end) not in candidates:  # type: ignore[union-attr]
            continue
        if _is_bare(text, cite, before.pin_end if before else 0):
            candidates[Span(cite.span.start, cite.pin_end)] = written
    return RecordCites(text, [Span(c.span.start, c.pin_end) for c in cites], candidates)


def _is_bare(text: str, cite: ReadCite, floor: int) -> bool:
    """No case name before it, no court or year after it, not a case's later history."""
    start = cite.span.start
    if case_name_before(text, start, floor) is not None or year_paren_after(text, cite.span.end):
        return False
    if cite.eyecite_name and cite.name_start is not None and cite.name_start >= floor:
        return False
    return not HISTORY_BEFORE.search(text, max(0, start - 60), start)


@dataclass(frozen=True, slots=True)
class Judgement:
    """How strongly the text says a bare cite is the record, and why (for the user)."""

    weight: int
    reasons: tuple[str, ...]

    @property
    def is_record(self) -> bool:
        return self.weight >= RECORD


class RecordCites:
    """The record cites of one text, and the judge of its bare cites.

    ``cites``: the spans (through their pins) of every cite eyecite read;
    ``candidates``: those of them that are bare cites of a record abbreviation, each with
    its abbreviation as written."""

    def __init__(self, text: str, cites: Sequence[Span], candidates: dict[Span, str]) -> None:
        self.text = text
        # each cite through what eyecite leaves of its pages ("2 App. 2" of "2 App. 2-3")
        self._extent = {c: Span(c.start, _through_range(text, c.end)) for c in cites}
        self.cites = sorted(self._extent.values(), key=lambda s: s.start)
        self._cite_ends = {s.end for s in self.cites}
        inside = _Inside(self.cites)
        self.shapes = [
            Span(m.start(), _SHAPE_TAIL.match(text, m.end()).end())  # type: ignore[union-attr]
            for m in RECORD_SHAPES.finditer(text)
            if not inside.overlaps(m.start())
        ]
        self.candidates = dict(candidates)
        self._candidate_extents = {self._extent[c] for c in candidates}
        self._groups = _groups(text, [*((s, True) for s in self.shapes), *((s, False) for s in self.cites)])
        self._groups.update({c: self._groups[whole] for c, whole in self._extent.items()})
        self._own = {c: self._judge(c, written) for c, written in self.candidates.items()}
        self._records = [c for c, judged in self._own.items() if judged.is_record]

    def judgement(self, cite: Span) -> Judgement | None:
        """How strongly the text says the cite at ``cite`` is the record; None for a cite
        that is no candidate."""
        own = self._own.get(cite)
        if own is None or own.is_record:
            return own
        elsewhere = self.shapes[0] if self.shapes else next((c for c in self._records if c != cite), None)
        if elsewhere is None:
            return own
        why = f"the document cites its record ({self._quoted(elsewhere)})"
        return Judgement(own.weight + 1, (*own.reasons, why))

    def _judge(self, cite: Span, written: str) -> Judgement:
        """The weight of what the cite's own text and group say: that the bare cite at
        ``cite``, whose abbreviation is ``written``, cites the record."""
        reasons: list[tuple[int, str]] = []
        whole = self._extent[cite]
        group = self._groups.get(cite, ())
        record = [s for s, shape in group if shape]
        if record:
            reasons.append((2, f"cited beside {self._quoted(record[0])}"))
        if _PAGE_LINE.match(self.text, cite.end):
            reasons.append((2, "its pin is a page and line, as a transcript's"))
        if written in OLD_OR_VARIANT:
            reasons.append(
                (1, f"{written!r} is a record abbreviation and only an old or variant reporter name")
            )
        if self._alone_in_parenthetical(whole, group):
            reasons.append((1, "it stands alone in a parenthetical, after no case"))
        if any(s != whole and s in self._candidate_extents for s, shape in group if not shape):
            reasons.append((1, "beside another bare cite of a record abbreviation"))
        return Judgement(sum(w for w, _ in reasons), tuple(r for _, r in reasons))

    def _quoted(self, span: Span) -> str:
        return f'"{" ".join(span.slice(self.text).split())}"'

    def _alone_in_parenthetical(self, cite: Span, group: Sequence[tuple[Span, bool]]) -> bool:
        opened = _opening(self.text, cite.start)
        if opened is None:
            return False
        close = self.text.find(")" if self.text[opened] == "(" else "]", cite.end)
        if close < 0:
            return False
        members = [s for s, _ in group] or [cite]
        if any(s.start < opened or s.end > close for s in members):
            return False
        inner = list(self.text[opened + 1 : close])
        for s in members:
            inner[s.start - opened - 1 : s.end - opened - 1] = " " * (s.end - s.start)
        if not _LEFTOVER.fullmatch("".join(inner)):
            return False
        reach = max(0, opened - 80)
        before = self.text[reach:opened].rstrip()
        follows_cite = reach + len(before) in self._cite_ends  # a parallel: "64 Cal. 256 [30 P. 813]"
        sentence = re.split(r"[.;]\s", before)[-1]
        return not follows_cite and not _NAME_BEFORE.search(sentence)


def maybe_the_record(judged: Judgement) -> Abstention:
    """Why a bare cite the text may mean as its record is not checked as a case."""
    why = "; ".join(judged.reasons)
    return Abstention(
        Reason.AMBIGUOUS, f"it may cite the brief's record, not a case: no case name or year; {why}"
    )


def _through_range(text: str, end: int) -> int:
    """Past the rest of a page range eyecite leaves after a cite (``-3`` of ``2 App. 2-3``)."""
    m = _RANGE_TAIL.match(text, end)
    return m.end() if m else end


def _opening(text: str, at: int) -> int | None:
    """The parenthesis or bracket still open at ``at`` (within a line's reach), if any."""
    depth = 0
    for i in range(at - 1, max(-1, at - _PAREN_REACH), -1):
        ch = text[i]
        if ch == "\n":
            return None
        if ch in ")]":
            depth += 1
        elif ch in "([":
            if depth == 0:
                return i
            depth -= 1
    return None


def _groups(text: str, items: list[tuple[Span, bool]]) -> dict[Span, tuple[tuple[Span, bool], ...]]:
    """Each cite's group: the cites and record shapes it is strung with by separators alone
    (``; ``, ``, ``, pins left over), each flagged whether it is a record shape."""
    ordered = sorted(items, key=lambda item: (item[0].start, item[0].end))
    groups: list[list[tuple[Span, bool]]] = []
    for item in ordered:
        last = groups[-1][-1][0] if groups else None
        if last is not None and (item[0].start < last.end or _GAP.fullmatch(text, last.end, item[0].start)):
            groups[-1].append(item)
        else:
            groups.append([item])
    return {span: tuple(g) for g in groups for span, _ in g}


class _Inside:
    """Whether an offset lies inside one of a sorted list of spans."""

    def __init__(self, spans: Sequence[Span]) -> None:
        self.starts = [s.start for s in spans]
        self.spans = spans

    def overlaps(self, at: int) -> bool:
        k = bisect_right(self.starts, at) - 1
        return k >= 0 and self.spans[k].start <= at < self.spans[k].end


def written_abbreviation(text: str, cite: Span, volume: str | None, page: str | None) -> str:
    """The reporter's abbreviation as the cite writes it (``App.`` of ``1 App. 12``)."""
    body = cite.slice(text)
    if volume and body.startswith(volume):
        body = body[len(volume) :]
    if page:
        at = body.rfind(page)
        body = body[:at] if at > 0 else body
    return " ".join(body.split()).strip(" ,")

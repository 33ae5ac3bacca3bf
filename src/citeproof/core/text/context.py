"""Pure text helpers around a citation: sentences, case names, year parentheticals and
quotes."""

from __future__ import annotations

import re
from dataclasses import dataclass

from citeproof.core.models import Quote, Span

_NAME_CONNECTORS = {
    "of",
    "the",
    "and",
    "&",
    "for",
    "ex",
    "rel.",
    "de",
    "la",
    "del",
    "du",
    "von",
    "van",
    "in",
    "on",
    "to",
    "a",
    "an",
    "el",
    "los",
    "las",
    "et",
    "al.",
    "d/b/a",
    "by",
    "its",
    "upon",
}
_CASE_NAME_END = re.compile(r",?\s*$")
_YEAR_PAREN = re.compile(
    r"(?P<pins>[\s,]*(?:(?:at\s+)?\*?\d[\dn.\-–—&, *]*)?)\s*"
    r"[(\[](?P<court>[^()\[\]]{0,60}?)\s*(?:(?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)"
    r"[a-z]*\.?\s+\d{1,2},\s*)?(?P<year>1[6-9]\d\d|20\d\d)[)\]]"
)
# subsequent (and prior) history before a cite: it names the same case at another stage
HISTORY_BEFORE = re.compile(
    r"\b(?:aff'?d|rev'?d|aff'?g|rev'?g|vacated|modified|remanded|cert\.\s+(?:denied|granted|dismissed)|"
    r"overruled|abrogated|superseded|withdrawn|amended)\b[^.;()]{0,40}?,?\s*$",
    re.I,
)
_NOT_A_COURT = re.compile(r"^\s*[a-z]|\b\d+\s+[A-Z][\w.' ]*?\s(?:at\s+)?\d")
_QUOTES = (re.compile(r"\"(?P<body>[^\"]{2,2000}?)\""), re.compile(r"“(?P<body>[^“”]{2,2000}?)”"))
# Any quoted words, straight and curly marks mixed, as the checks read a proposition or an
# opinion sentence (group 1: the words); `_QUOTES` above pairs like marks in a brief.
QUOTATION = re.compile(r"[“\"]([^”\"]*)[”\"]")


@dataclass(frozen=True, slots=True)
class YearParen:
    year: int
    court_text: str
    span: Span


class Sentences:
    """Sentence spans of a text (nupunkt's, split again where it missed a boundary)."""

    def __init__(self, text: str) -> None:
        import nupunkt

        self.text = text
        self.spans: list[tuple[int, int]] = [
            piece
            for s, e in nupunkt.sent_spans(text)
            if text[s:e].strip()
            for piece in _split_missed(text, s, e)
        ] or [(0, len(text))]


_MISSED_BOUNDARY = re.compile(r"(?<![A-Za-z'])[a-z]{3,}[.!?][\"”’']?\s+(?=[A-Z])")


def _split_missed(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split where a plain lower-case word ends a sentence that the splitter joined
    (``... inherently equal. Brown, 347 U.S. at 495.``)."""
    pieces, cursor = [], start
    for m in _MISSED_BOUNDARY.finditer(text, start, end):
        pieces.append((cursor, m.end()))
        cursor = m.end()
    pieces.append((cursor, end))
    return pieces


def year_paren_after(text: str, end: int, limit: int = 160) -> YearParen | None:
    """The ``(Court Year)`` parenthetical right after a cite and its pins, if any.

    Not an explanatory parenthetical that happens to end in a number: ``(citing Hensley,
    461 U.S. at 435, 103 S.Ct. 1933)`` starts with a lower-case word and holds a cite.
    """
    m = _YEAR_PAREN.match(text, end, min(len(text), end + limit))
    if not m or _NOT_A_COURT.search(m.group("court")):
        return None
    court = " ".join(m.group("court").split()).strip(" ,")
    return YearParen(int(m.group("year")), court, Span(m.start("pins"), m.end()))


def case_name_before(text: str, cite_start: int, floor: int) -> tuple[str, Span] | None:
    """Parse ``Plaintiff v. Defendant,`` (or ``In re X,``) ending just before a cite.

    ``floor`` is where the previous citation ended: a name never reaches past it, which
    guards against eyecite's party names bleeding between neighbouring citations. Nor
    does a name reach past a sentence end, a parenthesis still open at the cite or a
    footnote marker (`_name_region_start`).
    """
    end_match = _CASE_NAME_END.search(text, floor, cite_start)
    if not end_match or end_match.end() != cite_start:
        return None
    end = end_match.start()
    start = _name_region_start(text, floor, end)
    words = [(m.group(), m.start()) for m in _NAME_WORD.finditer(text[start:end])]
    supra = [i for i, (w, _) in enumerate(words) if w.rstrip(",") == "supra"]
    words = words[: supra[0]] if supra else words  # "In re Cruz (1965) supra, 62 Cal. 2d 307"
    while words and _YEAR_WORD.fullmatch(words[-1][0]):  # "In re Lee (1918) 177 Cal. 690"
        words.pop()
    if words:
        words[-1] = (words[-1][0].rstrip(","), words[-1][1])
    kept = _name_words(words)
    if not kept:
        return None
    first, last = start + kept[0][1], start + kept[-1][1] + len(kept[-1][0])
    return text[first:last], Span(first, last)


_NAME_WORD = re.compile(r"[^\s\u2014]+")  # an em dash parts words: "the base\u2014Gideon v. ..."
_YEAR_WORD = re.compile(r"[(\[]\d{4}[)\]],?")
_FOOTNOTE_MARK = re.compile(r"\[(?:fn\.?\s*)?\d{1,3}\]")
_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n")
_SENTENCE_CLOSERS = "\"”’')]"
_WORD_RUN = re.compile(r"\S+")
_PARENTHESIS = re.compile(r"[()]")


def _name_region_start(text: str, floor: int, end: int) -> int:
    """Where a name ending at ``end`` may begin: after the last sentence end, paragraph
    break (a table's heading cell, a heading without a period), the last parenthesis
    still open at ``end`` and the last footnote marker."""
    start = floor
    for m in reversed(list(_WORD_RUN.finditer(text, floor, end))):  # the last one that closes
        if _closes_sentence(m.group()):
            start = m.end()
            break
    for m in _PARAGRAPH_BREAK.finditer(text, start, end):
        start = m.end()
    for m in _FOOTNOTE_MARK.finditer(text, floor, end):
        start = max(start, m.end())
    depth: list[int] = []  # an editor's "[Co. v. ..." is no parenthetical
    for m in _PARENTHESIS.finditer(text, start, end):
        if m.group() == "(":
            depth.append(m.start())
        elif depth:
            depth.pop()
    return max(start, depth[-1] + 1) if depth else start


def _closes_sentence(word: str) -> bool:
    """A word that ends a sentence or clause: ``;`` or ``:``, ``!``/``?``, or a period
    that is not an abbreviation's (``844.``, ``States.``, ``distinguishable."``)."""
    core = word.rstrip(_SENTENCE_CLOSERS)
    if core[-1:] in (";", ":", "!", "?"):
        return True
    if not core.endswith(".") or _is_abbreviation(core):
        return False
    return len(core) < len(word) or _ends_sentence(core)


def _name_words(words: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The trailing run of words that forms a case name (or [] when there is none)."""
    plain = [w for w, _ in words]
    if _VERSUS & set(plain):
        pivot = max(i for i, w in enumerate(plain) if w in _VERSUS)
        first = pivot
        while first > 0:
            word = plain[first - 1]
            bare = word.lstrip(_OPENERS)
            if _ends_sentence(word) or not bare or _is_cite_remnant(plain, first - 1):
                break
            if not (bare[:1].isupper() or bare[:1].isdigit() or bare.lower() in _NAME_CONNECTORS):
                break
            first -= 1
            if bare != word:  # an opening quote or bracket starts the name
                break
    else:
        starts = [
            i
            for i, w in enumerate(plain)
            if w.lstrip(_OPENERS) in {"In", "Ex", "Matter"}
            and i + 1 < len(plain)
            and plain[i + 1] in {"re", "parte", "of"}
        ]
        if not starts:
            return []
        first = starts[-1]
    cut = [
        i
        for i in range(first, len(plain))
        if plain[i] in _NAME_BREAKERS and not (i + 1 < len(plain) and plain[i + 1] in {"re", "parte"})
    ]
    pivots = [i for i in range(first, len(plain)) if plain[i] in _VERSUS]
    if cut and (not pivots or cut[-1] < pivots[0]):
        first = cut[-1] + 1
    while first < len(plain) - 1 and (
        plain[first].lower().rstrip(",") in _LEADING_NOISE
        or plain[first] in _LEADING_CONNECTORS  # "relied on Petersen v. Iran Air"
        or plain[first].lstrip(_OPENERS).rstrip(",") in _SENTENCE_LEADS  # "Relying on ..."
    ):
        first += 1
    kept = words[first:]
    if kept:
        word, offset = kept[0]
        bare = word.lstrip(_OPENERS)
        kept[0] = (bare, offset + len(word) - len(bare))
    return kept


_REPORTER_WORD = re.compile(r"(?!Nos?\.$)(?:[A-Z][A-Za-z']{0,5}\.\s?){1,4}(?:[2-9]d|\d+th)?")  # not "No. 11,"
_PAGE_WORD = re.compile(r"\d+,")


def _is_cite_remnant(plain: list[str], i: int) -> bool:
    """``L.Ed.2d 1040,`` at ``i`` (the page): the tail of a citation whose volume was lost,
    never part of the next case's name (``Berger v. New York, L.Ed.2d 1040, Katz v. ...``)."""
    return i > 0 and bool(_PAGE_WORD.fullmatch(plain[i]) and _REPORTER_WORD.fullmatch(plain[i - 1]))


def _ends_sentence(word: str) -> bool:
    if word[-1:] in ';:)]"”':
        return True
    if not word.endswith(".") or _is_abbreviation(word):
        return False
    return not (word[:1].isupper() and len(word) <= 6)


def _is_abbreviation(word: str) -> bool:
    """``Co.``, ``rel.``, ``Nat'l``, ``Cal.``, ``U.S.``: a period that ends no sentence."""
    lowered = word.lower().lstrip(_OPENERS)
    return (
        lowered in _ABBREVIATED_NAME_WORDS
        or lowered in _NAME_CONNECTORS
        or lowered.rstrip("s.") + "." in _ABBREVIATED_NAME_WORDS
        or bool(re.fullmatch(r"[a-z]\.", lowered))  # v., initials
        # U.S., N.Y., La.App.; not a section number ("§ 19.35(1)." ends a sentence)
        or ("." in lowered[:-1] and not lowered[:1].isdigit())
        or word.lstrip(_OPENERS)[:-1].isupper()  # INDEPEND. SCHOOL DIST.
    )


_VERSUS = {"v.", "vs.", "v", "vs"}
_OPENERS = "\"“'‘([`"
_NAME_BREAKERS = {
    "in",
    "In",
    "under",
    "Under",
    "See",
    "see",
    "Cf.",
    "cf.",
    "also",
    "quoting",
    "citing",
    "accord",
    "Accord",
    "e.g.,",
    "E.g.,",
    "Compare",
    "and",
    "with",
}
# Lower-case words that join a name's words but never begin a name ("de la Cruz" may).
_LEADING_CONNECTORS = {
    "of",
    "and",
    "&",
    "for",
    "in",
    "on",
    "to",
    "a",
    "an",
    "by",
    "its",
    "upon",
    "ex",
    "rel.",
}
# Words that begin a sentence before a case name and are no party's first word.
_SENTENCE_LEADS = {
    "Relying",
    "Following",
    "Applying",
    "Citing",
    "Quoting",
    "Like",
    "Unlike",
    "Because",
    "Since",
    "After",
    "Before",
    "As",
    "Per",
    "Thus",
    "Moreover",
    "Accordingly",
    "Indeed",
    "Similarly",
    "Likewise",
    "Although",
    "While",
    "When",
    "Where",
    "Here",
    "Also",
    "Pursuant",
}
_LEADING_NOISE = {"the", "see", "also", "cf.", "but", "e.g.", "accord", "compare"}
_ABBREVIATED_NAME_WORDS = {
    "co.",
    "corp.",
    "inc.",
    "ltd.",
    "bd.",
    "educ.",
    "dep't",
    "ass'n",
    "int'l",
    "nat'l",
    "am.",
    "mfg.",
    "sys.",
    "univ.",
    "cnty.",
    "dist.",
    "comm'n",
    "comm'r",
    "gov't",
    "sch.",
    "ins.",
    "bros.",
    "st.",
    "mt.",
    "ft.",
    "u.s.",
    "n.y.",
    "cal.",
    "ill.",
    "tex.",
    "fla.",
    "pa.",
    "l.l.c.",
    "s.a.",
    "n.a.",
    "jr.",
    "sr.",
    "dr.",
    "mr.",
    "mrs.",
    "ms.",
    "no.",
    "hosp.",
    "ctr.",
    "auth.",
    "indus.",
    "elec.",
    "tel.",
    "transp.",
    "fed.",
    "sec.",
    "serv.",
    "servs.",
    "admin.",
    "envtl.",
}


def _table_abbreviations() -> set[str]:
    """Bluebook T6 case-name words and T10 state names, as reporters-db ships them."""
    from reporters_db import CASE_NAME_ABBREVIATIONS, STATE_ABBREVIATIONS

    return {w.lower() for w in [*CASE_NAME_ABBREVIATIONS, *STATE_ABBREVIATIONS] if w.endswith(".")}


_ABBREVIATED_NAME_WORDS |= _table_abbreviations()


def quotes_in(text: str, start: int, end: int, min_words: int = 2) -> tuple[Quote, ...]:
    """Quoted passages of at least ``min_words`` words between ``start`` and ``end``."""
    spans = sorted(
        {(m.start("body"), m.end("body")) for rx in _QUOTES for m in rx.finditer(text, start, end)},
        key=lambda s: (s[0], -s[1]),
    )
    found: list[Quote] = []
    for q_start, q_end in spans:
        if found and q_start < found[-1].span.end:  # nested inside an outer quote
            continue
        body = text[q_start:q_end]
        stripped = body.strip()
        if len(stripped.split()) >= min_words:
            lead = len(body) - len(body.lstrip())
            found.append(Quote(stripped, Span(q_start + lead, q_start + lead + len(stripped))))
    return tuple(found)

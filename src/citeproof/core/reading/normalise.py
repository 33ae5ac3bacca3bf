"""One normaliser at the door: the characters word processors and PDFs put into briefs,
read as the ones citations are written with, and a map back to the original offsets.

Word writes non-breaking and thin spaces between a volume, its reporter and its page,
soft hyphens and zero-width marks inside words, ligatures (``ﬁ``) and typographic
quotes of many shapes; each can hide a citation from eyecite or a name from its match.
`normalised_pieces` replaces them (a space for every Unicode space, nothing for a soft
hyphen, a zero-width mark or a mark that only changes how text is shown — bidirectional
marks, variation selectors, tag characters —, the two letters of a ligature, one of ``“ ” ‘ ’`` for the
rarer quotation marks) and says where each piece of the result comes from, so that a
span of the normalised text still indexes the document the user gave.

Curly and straight quotes are both kept as they are: the attribution grammar reads
either, and a curly quote's direction tells an opening from a closing one. ``§`` and
``§§`` need no rewriting once the spaces around them are plain. eyecite's own
``clean_text`` steps (``all_whitespace``, ``underscores``) return a new string without
an offset map, so the white-space step is done in `layout.reading_text`, with the map.
"""

from __future__ import annotations

import re

_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
_DROPPED = "\u00ad\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff"  # soft hyphen, zero widths
# Marks that change how text is shown or joined, never which characters it holds: bidirectional
# marks and embeddings (LRM, RLM, ALM, LRE-RLO, LRI-PDI), the combining grapheme joiner,
# variation selectors and tag characters. Each hid a citation from the check.
_FORMAT = (
    "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u034f"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0000, 0xE0080))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)
_FILLERS = "\u115f\u1160\u3164\uffa0"  # Hangul fillers: shown as blanks
_LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
}
_QUOTES = {
    "\u201e": "\u201c",  # „ low double quote opens
    "\u201f": "\u201c",  # ‟
    "\u2033": "\u201d",  # ″ double prime, OCR's closing quote
    "\u301d": "\u201c",  # 〝
    "\u301e": "\u201d",  # 〞
    "\uff02": '"',  # fullwidth "
    "\u201a": "\u2018",  # ‚ low single quote opens
    "\u201b": "\u2018",  # ‛
    "\u2032": "\u2019",  # ′ prime
    "\u02bc": "\u2019",  # ʼ modifier letter apostrophe
    "\uff07": "'",  # fullwidth '
}
_OTHERS = {
    "\u2010": "-",  # hyphen
    "\u2011": "-",  # non-breaking hyphen
    "\u2212": "-",  # minus sign
    "\u2024": ".",  # one dot leader ("U․S․" in some PDFs)
    "\uff0e": ".",  # fullwidth full stop
    "\uff0c": ",",  # fullwidth comma
    "\u2028": "\n",  # line separator
    "\u2029": "\n\n",  # paragraph separator
    "\x85": "\n",  # next line
}

REPLACEMENTS: dict[str, str] = {
    **dict.fromkeys(_SPACES, " "),
    **dict.fromkeys(_DROPPED, ""),
    **dict.fromkeys(_FORMAT, ""),
    **dict.fromkeys(_FILLERS, " "),
    **_LIGATURES,
    **_QUOTES,
    **_OTHERS,
    **{chr(0xFF10 + d): str(d) for d in range(10)},  # fullwidth digits
}
# How citations are typed in real filings, read as they are printed: a dash between two
# numbers (a pin range, "490–91"), a Westlaw number run together ("2019WL1493461"), a page
# run into its reporter ("Haw.296"), an apostrophe of another shape inside a reporter's name
# ("Fed. App’x", "Hawaiʻi"); each rewritten only where a citation has it.
_IN_CITATIONS: tuple[tuple[str, str], ...] = (
    (r"(?<=\d)[\u2012\u2013\u2014](?=\d)", "-"),
    (r"(?<=\b\d{4})WL(?=\d{3,}\b)", " WL "),
    (r"(?<=\b[A-Z][a-z])\.(?=\d{1,5}\b)|(?<=[A-Z][a-z]{2})\.(?=\d{1,5}\b)", ". "),
    (r"(?<=App)[’ʼʻ‘`´](?=x\b)|(?<=Hawai)[’ʼʻ‘`´](?=i\b)", "'"),
)
_CONTEXT = re.compile("|".join(f"(?P<c{k}>{pattern})" for k, (pattern, _) in enumerate(_IN_CITATIONS)))
_TO_REPLACE = re.compile(_CONTEXT.pattern + "|[" + "".join(re.escape(c) for c in REPLACEMENTS) + "]")

Piece = tuple[str, int, int]  # (normalised text, its start in the original, its length there)


def normalised_pieces(text: str) -> list[Piece] | None:
    """``text`` normalised, as pieces with their origins; None when nothing changes."""
    pieces: list[Piece] = []
    cursor = 0
    for m in _TO_REPLACE.finditer(text):
        start = m.start()
        if cursor < start:
            pieces.append((text[cursor:start], cursor, start - cursor))
        context = m.lastgroup
        replacement = _IN_CITATIONS[int(context[1:])][1] if context else REPLACEMENTS[m.group()]
        if replacement:  # a dropped character leaves no piece: the next one starts after it
            pieces.append((replacement, start, m.end() - start))
        cursor = m.end()
    if cursor == 0:
        return None
    if cursor < len(text):
        pieces.append((text[cursor:], cursor, len(text) - cursor))
    return pieces


def normalise(text: str) -> str:
    """``text`` normalised (without the map)."""
    pieces = normalised_pieces(text)
    return text if pieces is None else "".join(p for p, _, _ in pieces)

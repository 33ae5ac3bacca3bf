"""One normaliser at the door: the characters word processors and PDFs put into briefs,
read as the ones citations are written with, and a map back to the original offsets.

Word writes non-breaking and thin spaces between a volume, its reporter and its page,
soft hyphens and zero-width marks inside words, ligatures (``ﬁ``) and typographic
quotes of many shapes; each can hide a citation from eyecite or a name from its match.
`normalised_pieces` replaces them (a space for every Unicode space, nothing for every
default-ignorable code point and format character — soft hyphen, zero widths, bidirectional
marks, variation selectors, tag characters and the rest, `INVISIBLE_RANGES` —, the two
letters of a ligature, one of ``“ ” ‘ ’`` for the rarer quotation marks) and says where
each piece of the result comes from, so that a span of the normalised text still indexes
the document the user gave.

Curly and straight quotes are both kept as they are: the attribution grammar reads
either, and a curly quote's direction tells an opening from a closing one. ``§`` and
``§§`` need no rewriting once the spaces around them are plain. eyecite's own
``clean_text`` steps (``all_whitespace``, ``underscores``) return a new string without
an offset map, so the white-space step is done in `layout.reading_text`, with the map.
"""

from __future__ import annotations

import re

_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
# Characters that are not shown, or only change how text is shown or joined: every code point
# Unicode calls Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1: soft
# hyphen, zero widths, bidirectional marks and embeddings, the combining grapheme joiner,
# variation selectors, Hangul fillers, tag characters, reserved ones) and every format
# character (general category Cf, Unicode 15.1: also the Arabic number signs, the interlinear
# annotation marks, the Egyptian hieroglyph format controls). Each is dropped, by rule: inside
# "372 U.S. 335" any one of them hid the citation. A test holds these ranges to Python's own
# Cf and to the regex module's Default_Ignorable_Code_Point.
INVISIBLE_RANGES: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_INVISIBLE_CLASS = "".join(
    re.escape(chr(a)) + (f"-{re.escape(chr(b))}" if b > a else "") for a, b in INVISIBLE_RANGES
)
_FILLERS = "\u115f\u1160\u3164\uffa0"  # Hangul fillers: shown as blanks, so one may stand for a space
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
# C1 control characters where a Windows-1252 text was decoded as Latin-1 (court texts hold
# "\x97" for an em dash, "\x92" for an apostrophe, "\x95" for a bullet): read as the
# characters they stand for ("O\x92Brien", "Fed. App\x92x" are a name and a reporter). The
# five code points Windows-1252 leaves undefined, and NEL (above), are not among them.
_WINDOWS_1252 = {
    chr(code): bytes([code]).decode("cp1252")
    for code in range(0x80, 0xA0)
    if code not in (0x81, 0x85, 0x8D, 0x8F, 0x90, 0x9D)
}

REPLACEMENTS: dict[str, str] = {
    **dict.fromkeys(_SPACES, " "),
    **_LIGATURES,
    **_QUOTES,
    **_OTHERS,
    **_WINDOWS_1252,
    **{chr(0xFF10 + d): str(d) for d in range(10)},  # fullwidth digits
}
# How citations are typed in real filings, read as they are printed: a dash between two
# numbers (a pin range, "490–91", also broken after its dash at a line's end), a Westlaw
# number run together ("2019WL1493461"), a page run into its reporter ("Haw.296"), an
# apostrophe of another shape inside a reporter's name ("Fed. App’x", "Hawaiʻi"), a Hangul
# filler standing for the space between a volume and its reporter or a reporter and its page
# ("372\u3164U.S.", "U.S.\u3164335"); each rewritten only where a citation has it.
_IN_CITATIONS: tuple[tuple[str, str], ...] = (
    (rf"(?<=\d)[{_FILLERS}](?=[A-Za-z])|(?<=[A-Za-z.,])[{_FILLERS}](?=\d)", " "),
    (r"(?<=\d)[\u2012\u2013\u2014](?=\u00ad*\d)", "-"),  # soft hyphens: a range broken at a line's end
    (r"(?<=\b\d{4})WL(?=\d{3,}\b)", " WL "),
    (r"(?<=\b[A-Z][a-z])\.(?=\d{1,5}\b)|(?<=[A-Z][a-z]{2})\.(?=\d{1,5}\b)", ". "),
    (r"(?<=App)[’ʼʻ‘`´\x91\x92](?=x\b)|(?<=Hawai)[’ʼʻ‘`´\x91\x92](?=i\b)", "'"),
)
_CONTEXT = re.compile("|".join(f"(?P<c{k}>{pattern})" for k, (pattern, _) in enumerate(_IN_CITATIONS)))
_TO_REPLACE = re.compile(
    _CONTEXT.pattern
    + "|["
    + "".join(re.escape(c) for c in REPLACEMENTS)
    + "]|(?P<invisible>["
    + _INVISIBLE_CLASS
    + "]+)"
)

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
        if context == "invisible":
            replacement = ""
        elif context:
            replacement = _IN_CITATIONS[int(context[1:])][1]
        else:
            replacement = REPLACEMENTS[m.group()]
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

"""Pin text → the reporter pages it names.

Paragraphs (``¶ 18``), sections (``§ III.G``), notes (``n. 6``, ``nn. 6-7``, ``note 27``,
``fn. 2``) are never pages; ``10,409`` is one page (a looseleaf service's numbering), and a
list of first pages in one volume (``344 U.S. 1, 141, 891``) names no pins at all.
"""

from __future__ import annotations

import re

# How far past a case's first page a pin may lie and still be read as inside it.
PIN_WINDOW = 150

_PIN_NUMBERS = re.compile(r"\*?(\d+)(?:\s*[-–—]\s*(\d+))?")
_THOUSANDS = re.compile(r"\b(\d{1,2}),(\d{3})\b")  # "10,409"; "435, 436" is two pins
_NOT_PAGES = re.compile(r"(?:[¶§]|\bparas?\.).*", re.S)
_NOTES = re.compile(
    r"\b(?:(?:nn|fns)\s*\.|notes|footnotes)\s*\d+(?:\s*(?:[-–—,&]|and)\s*\d+)*"
    r"|\b(?:(?:n|fn)\s*\.|note|footnote)\s*\d+(?:\s*[-–—]\s*\d+)?",
    re.I,
)
_NOTE_NAMED = re.compile(r"\b(?:nn?|fns?)\s*\.|\b(?:notes?|footnotes?)\s+\d", re.I)
_BARE_LIST = re.compile(r"\s*\d+(?:\s*,\s*\d+)+\s*")
_NOTE_PIN = re.compile(
    r"(?P<page>,?\s*(?:at\s+)?\*?\d+(?:\s*[-–—]\s*\d+)?)?,?\s*(?:&\s*)?"
    r"(?:(?:n|fn)\s*\.\s*\d+(?:\s*[-–—]\s*\d+)?"  # n. 6, n. 6-7
    r"|(?:nn|fns)\s*\.\s*\d+(?:\s*(?:[-–—&]|,(?!\s*\d+\s+[A-Z]))\s*\d+)*)"  # nn. 6, 7 (not "6, 97 S. Ct.")
)


def parse_pin_pages(pin: str | None) -> tuple[int, ...]:
    """``"495"``, ``"at 494"``, ``"495-96"``, ``"495 n.5"`` → the pages they name."""
    if not pin:
        return ()
    body = _NOT_PAGES.sub("", pin)
    body = _NOTES.sub(" ", body)
    body = _THOUSANDS.sub(r"\1\2", re.sub(r"\bat\b", " ", body))
    pages: list[int] = []
    for m in _PIN_NUMBERS.finditer(body):
        first = int(m.group(1))
        if m.group(2):
            last = _range_end(first, m.group(2))
            pages.extend(range(first, min(last, first + 60) + 1) if last >= first else [first])
        else:
            pages.append(first)
    return tuple(dict.fromkeys(pages))


def _range_end(first: int, last_digits: str) -> int:
    """``495-96`` ends at 496: a shortened end keeps the first page's leading digits."""
    if len(last_digits) < len(str(first)):
        return int(str(first)[: -len(last_digits)] + last_digits)
    return int(last_digits)


def note_pin_at(text: str, end: int) -> tuple[str, str, int] | None:
    """A pin into a note right at ``end`` (``at 284 n. 6``, `` n. 6``), which eyecite
    leaves out: ``(page part, note part, end)``; the page part may be empty."""
    m = _NOTE_PIN.match(text, end)
    if m is None:
        return None
    page = (m.group("page") or "").strip(" ,")
    return page, text[m.end("page") if m.group("page") else end : m.end()].strip(" ,"), m.end()


def names_a_note(pin: str | None) -> bool:
    """The pin points into a footnote (``284 n. 6``, ``supra note 27``)."""
    return bool(pin and _NOTE_NAMED.search(pin))


def is_first_page_list(page: str | None, pin: str | None) -> bool:
    """``344 U.S. 1, 141, 891``: several cases of one volume cited by their first pages,
    told from pins by a last number too far past the first page to lie in its case."""
    if not (pin and page and page.isdigit() and _BARE_LIST.fullmatch(pin)):
        return False
    return int(pin.rsplit(",", 1)[-1]) > int(page) + PIN_WINDOW


def pins_fit(first_page: str | None, pins: tuple[int, ...]) -> bool:
    """Every pin lies within ``PIN_WINDOW`` pages from a case's first page (a cite
    without a numeric first page cannot rule a pin out)."""
    if not (first_page and first_page.isdigit()):
        return True
    first = int(first_page)
    return all(first <= p <= first + PIN_WINDOW for p in pins)

"""The injector's own finder of full case citations in text: ``Name v. Name, VOL REPORTER
PAGE[, PIN] (COURT YEAR)``, with the reporter one the library holds. It is deliberately
simple and separate from the detector's extraction: what it misses is left unedited."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from citeproof.library.sqlite import SQLiteLibrary

_NAME_WORD = r"(?:[A-Z][A-Za-z.'’&\-]*|of|the|and|for|de|ex|rel\.|&|in|on)"
_FIRST_WORD = r"[A-Z][A-Za-z.'’&\-]*"
_NAME = rf"{_FIRST_WORD}(?: {_NAME_WORD}){{0,7}} v\. (?:{_NAME_WORD} ){{0,9}}{_NAME_WORD}"


@dataclass(frozen=True, slots=True)
class FoundCite:
    """One full citation as written: its name, cite head and spans in the text."""

    name: str
    volume: str
    reporter: str
    page: int
    pin: int | None
    span: tuple[int, int]  # name start to the end of the page or pin
    name_span: tuple[int, int]
    head_span: tuple[int, int]  # "VOL REPORTER PAGE"
    end_with_parallels: int = 0  # the end of the last parallel cite that follows

    @property
    def whole_span(self) -> tuple[int, int]:
        """Name to the end of its parallel cites (``..., 96 S. Ct. 2562, 49 L. Ed. 2d 520``)."""
        return self.span[0], max(self.span[1], self.end_with_parallels)

    def heads(self, text: str) -> list[tuple[str, str]]:
        """(volume, reporter) of the cite and of each parallel cite that follows it."""
        tail = text[self.span[1] : self.whole_span[1]]
        parallels = re.findall(r"(\d{1,4}) ([A-Z][A-Za-z0-9.]*(?: [A-Z0-9][A-Za-z0-9.]*){0,3}) \d{1,5}", tail)
        return [(self.volume, self.reporter), *parallels]

    @property
    def text(self) -> str:
        return f"{self.name}, {self.volume} {self.reporter} {self.page}"


@cache
def _pattern(reporters: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(r) for r in sorted(reporters, key=len, reverse=True))
    return re.compile(
        rf"(?P<name>{_NAME}),? (?P<volume>\d{{1,4}}) (?P<reporter>{alternatives}) (?P<page>\d{{1,5}})"
        rf"(?:, (?P<pin>\d{{1,5}})(?:[-–]\d{{1,5}})?(?![\d\w]| [A-Z]))?(?![\d\w])"
    )


_PARALLEL = re.compile(
    r"(?:,? \d{1,4} [A-Z][A-Za-z0-9.]*(?: [A-Z0-9][A-Za-z0-9.]*){0,3} \d{1,5}"
    r"(?:, \d{1,5}(?:[-–]\d{1,5})?(?! [A-Z]))?(?![\d\w]))+"
)


def library_reporters(library: SQLiteLibrary) -> tuple[str, ...]:
    rows = library.conn.execute("SELECT DISTINCT reporter FROM citations WHERE reporter != 'U.S. LEXIS'")
    return tuple(sorted(r[0] for r in rows))


def find_cites(text: str, reporters: tuple[str, ...]) -> list[FoundCite]:
    out = []
    for m in _pattern(reporters).finditer(text):
        name = m.group("name")
        for signal in ("See also ", "See ", "Cf. ", "In ", "Accord ", "But see ", "Compare "):
            if name.startswith(signal) and not name.startswith("In re "):  # a signal, not the name
                name = name[len(signal) :]
        start = m.end("name") - len(name)
        pin = m.group("pin")
        out.append(
            FoundCite(
                name,
                m.group("volume"),
                m.group("reporter"),
                int(m.group("page")),
                int(pin) if pin else None,
                (start, m.end()),
                (start, m.end("name")),
                (m.start("volume"), m.end("page")),
                (p.end() if (p := _PARALLEL.match(text, m.end())) else m.end()),
            )
        )
    return out

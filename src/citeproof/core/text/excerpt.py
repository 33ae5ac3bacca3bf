"""Words of an opinion shown to a reader: cut at a word, never inside one, and marked as cut."""

from __future__ import annotations

import re

_TERMINAL = re.compile(r"[.!?…]['\"’”)\]]*$")


def excerpt(text: str, limit: int) -> str:
    """``text`` whole when it has at most ``limit`` characters, else its words up to the
    last that fits, followed by an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit + 1]
    words = cut[: cut.rfind(" ")] if " " in cut else text.split(" ")[0]  # one long word: whole
    return text if words == text else words.rstrip(" ,;:") + "…"


def as_sentence(text: str) -> str:
    """``text`` ended with a full stop unless it ends a sentence already (``U.S.``, ``?``)."""
    text = text.rstrip()
    return text if _TERMINAL.search(text) else text + "."

"""Which runs of a DOCX are hidden text: text Word neither shows nor prints.

A run is hidden by ``w:vanish`` or ``w:specVanish`` in its own properties, else by its
character style (``w:rStyle``), else by its paragraph's style (``w:pStyle``, or the default
paragraph style), else by the document's default run properties; each style inherits from
the one it is based on. The first of these that says anything decides (a ``w:val`` of
``0``, ``false`` or ``off`` shows the text).

Hidden text is read, never dropped and never merged with what the reader sees: `docx.py`
places a paragraph's hidden runs after it as a region of kind `HIDDEN_KIND`, so that a
citation in them is checked and every report says it is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
HIDDEN_KIND = "hidden"  # the Region kind of hidden text
_MARKS = (W + "vanish", W + "specVanish")
_OFF = ("0", "false", "off")
_MAX_BASED_ON = 32  # a chain of styles longer than this (or a loop) is cut there


def says_hidden(properties: Any | None) -> bool | None:
    """What run properties (``w:rPr``) say: hidden (True), shown (False) or nothing (None)."""
    if properties is None:
        return None
    said = [m.get(W + "val", "true") not in _OFF for m in properties if m.tag in _MARKS]
    return any(said) if said else None


@dataclass(frozen=True)
class Hiding:
    """The hiding rules of one document: each style's say (``styles``: style id → hidden or
    shown, inherited along ``w:basedOn``), the default paragraph style, the document
    default; and, once bound to a paragraph (`in_paragraph`), that paragraph's say."""

    styles: dict[str, bool] = field(default_factory=dict)
    default_paragraph_style: str | None = None
    default: bool = False
    paragraph: bool = False

    def in_paragraph(self, p: Any) -> Hiding:
        """These rules for the runs of paragraph ``p``."""
        properties = p.find(W + "pPr")
        style = properties.find(W + "pStyle") if properties is not None else None
        style_id = style.get(W + "val") if style is not None else self.default_paragraph_style
        hidden = self.styles.get(style_id, self.default) if style_id else self.default
        return self if hidden == self.paragraph else replace(self, paragraph=hidden)

    def hides(self, run: Any) -> bool:
        """Whether the run ``run`` (a ``w:r``) is hidden text."""
        properties = run.find(W + "rPr")
        said = says_hidden(properties)
        if said is not None:
            return said
        style = properties.find(W + "rStyle") if properties is not None else None
        style_id = style.get(W + "val") if style is not None else None
        if style_id in self.styles:
            return self.styles[style_id]
        return self.paragraph


def hiding_of(document: Any) -> Hiding:
    """The hiding rules of a python-docx ``Document`` (from its styles part)."""
    try:
        root = document.styles.element
    except (KeyError, ValueError, AttributeError):  # no readable styles part: direct formatting only
        return Hiding()
    return hiding_of_styles(root)


def hiding_of_styles(root: Any) -> Hiding:
    """The hiding rules a ``w:styles`` element gives."""
    defaults = root.find(f"{W}docDefaults/{W}rPrDefault/{W}rPr")
    own: dict[str, bool | None] = {}
    based_on: dict[str, str] = {}
    default_paragraph = None
    for style in root.iterchildren(W + "style"):
        style_id = style.get(W + "styleId")
        if not style_id:
            continue
        own[style_id] = says_hidden(style.find(W + "rPr"))
        parent = style.find(W + "basedOn")
        if parent is not None and parent.get(W + "val"):
            based_on[style_id] = parent.get(W + "val")
        if style.get(W + "type") == "paragraph" and style.get(W + "default") in ("1", "true", "on"):
            default_paragraph = style_id
    styles = {}
    for style_id in own:
        said, at = None, style_id
        for _ in range(_MAX_BASED_ON):
            said = own.get(at)
            if said is not None or at not in based_on:
                break
            at = based_on[at]
        if said is not None:
            styles[style_id] = said
    return Hiding(styles, default_paragraph, bool(says_hidden(defaults)))

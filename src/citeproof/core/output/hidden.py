"""Citations in hidden text, said in every report format.

Text a Word document or an HTML page hides from its reader (`docx_hidden.py`, `html.py`) is
read apart from the text shown, as regions of kind ``hidden``, and checked like the rest;
the reports name each citation that stands in it, since what the check read there is not
what the reader sees.
"""

from __future__ import annotations

from collections.abc import Sequence

from citeproof.core.models import Document, Verdict
from citeproof.core.reading.docx_hidden import HIDDEN_KIND

WHY = (
    "text the document hides from its reader (Word hidden text, an HTML element hidden from view), "
    "checked like the rest"
)


def in_hidden_text(document: Document, verdict: Verdict) -> bool:
    """Whether the verdict's citation stands in hidden text."""
    at = verdict.citation.span.start
    return any(r.kind == HIDDEN_KIND and r.span.start <= at < r.span.end for r in document.regions)


def hidden_verdicts(document: Document, verdicts: Sequence[Verdict]) -> list[Verdict]:
    """The verdicts on citations in hidden text, in document order."""
    if not any(r.kind == HIDDEN_KIND for r in document.regions):
        return []
    return [v for v in verdicts if in_hidden_text(document, v)]


def summary_lines(document: Document, verdicts: Sequence[Verdict], bullet: str) -> list[str]:
    """A heading line and one line per citation in hidden text; [] when there is none."""
    hidden = hidden_verdicts(document, verdicts)
    if not hidden:
        return []
    n = len(hidden)
    head = f"hidden: {n} citation{'s' if n != 1 else ''} in {WHY}"
    return [f"{head}:", *(f"{bullet}{v.citation.id} {v.citation.text}: {v.status.value}" for v in hidden)]

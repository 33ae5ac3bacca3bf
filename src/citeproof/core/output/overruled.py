"""Citations of overruled cases, said once per case in every report format.

A citation whose case a later decision overruled carries the treatment beside its verdict
(`core/checking/treatment.py`); the reports list each such case once, with the citations that
name it. The table behind it holds explicit U.S. Supreme Court overrulings only: a case not
listed is not thereby good law (`CAVEAT`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from citeproof.core.models import Authority, Treatment, TreatmentScope, Verdict
from citeproof.core.text.short_names import short_name

if TYPE_CHECKING:  # the models import pydantic, which a check never needs
    from citeproof.core.output.schema import TreatmentJson

CAVEAT = (
    "the table lists explicit overrulings by the U.S. Supreme Court only; no warning is no proof of good law"
)


@dataclass(frozen=True, slots=True)
class OverruledCase:
    """One overruled case the document cites: its name and cite, its overruling, and the
    citations (ids) that name it."""

    case: str
    treatment: Treatment
    citations: tuple[str, ...]

    def line(self) -> str:
        """``Roe v. Wade, 410 U.S. 113: overruled by Dobbs v. ..., 597 U.S. 215 (2022) (c1, c3)``."""
        return f"{self.case}: {self.treatment.describe()} ({', '.join(self.citations)})"


def overruled_cases(verdicts: Sequence[Verdict]) -> tuple[OverruledCase, ...]:
    """Each overruled case cited, in order of first mention."""
    by_case: dict[str, tuple[Authority, Treatment, list[str]]] = {}
    for v in verdicts:
        if v.treatment is not None and v.authority is not None:
            by_case.setdefault(v.authority.id, (v.authority, v.treatment, []))[2].append(v.citation.id)
    return tuple(
        OverruledCase(f"{short_name(case.name_abbreviation)}, {case.citation}", treatment, tuple(ids))
        for case, treatment, ids in by_case.values()
    )


def summary_lines(verdicts: Sequence[Verdict], bullet: str) -> list[str]:
    """A heading line and one line per overruled case; [] when none is cited."""
    cases = overruled_cases(verdicts)
    if not cases:
        return []
    count = sum(len(c.citations) for c in cases)
    head = f"overruled: {count} citation{'s' if count != 1 else ''} name a case a later decision overruled"
    return [f"{head} ({CAVEAT}):", *(f"{bullet}{c.line()}" for c in cases)]


def colleague_note(treatment: Treatment) -> str:
    """The Word comment's words: ``Overruled by Dobbs v. ..., 597 U.S. 215 (2022): ...``."""
    said = treatment.describe()
    said = said[0].upper() + said[1:]
    if treatment.scope is TreatmentScope.IN_PART:
        return f"{said}: check that what the brief relies on still stands."
    return f"{said}: no longer good law."


def treatment_json(t: Treatment | None) -> TreatmentJson | None:
    """A citation's ``treatment`` in the JSON contract (`schema.TreatmentOut`)."""
    if t is None:
        return None
    return {
        "overruled_by": t.overruled_by,
        "name": t.name,
        "year": t.year,
        "scope": t.scope.value,
        "source": t.source,
    }

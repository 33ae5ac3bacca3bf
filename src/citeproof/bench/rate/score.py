"""Judging one answer: its cited cases, each with its verdict and its popularity.

A **cited case** is a full-form case citation with its parallel cites (a parallel group
counts once). It is **conservative**-hallucinated when its kinds include nonexistent or
name mismatch, hallucinated (the **full** rate) when it has any kind, and unverifiable
when every cite of the group is. Its popularity is that of the case its cite resolves to
(`popularity`); a cite that resolves to no case has none.
"""

from __future__ import annotations

from dataclasses import dataclass

from citeproof.bench.rate.answers import Answer
from citeproof.bench.rate.popularity import Popularity
from citeproof.bench.rate.prompts import CourtLevel
from citeproof.core.models import CitationType, CiteForm, ErrorKind, Status, Verdict
from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import document_from_text

CONSERVATIVE = frozenset({ErrorKind.NONEXISTENT, ErrorKind.NAME_MISMATCH})


@dataclass(frozen=True, slots=True)
class CitedCase:
    cite: str  # as written ("347 U.S. 483, 495"), the first cite of its group
    name: str  # the case name as written, "" when none
    status: str  # verified | hallucinated | unverifiable (the group's worst)
    kinds: tuple[str, ...]  # error kinds over the group, sorted
    case_id: str | None  # the case the cite resolves to
    library_name: str  # that case's name in the library, "" when none
    popularity: int | None  # citing opinions of that case; None without a case

    @property
    def conservative(self) -> bool:
        return bool(CONSERVATIVE & set(self.kinds))

    def to_dict(self) -> dict[str, object]:
        return {
            "cite": self.cite,
            "name": self.name,
            "status": self.status,
            "kinds": list(self.kinds),
            "case_id": self.case_id,
            "library_name": self.library_name,
            "popularity": self.popularity,
        }


@dataclass(frozen=True, slots=True)
class AnswerScore:
    model: str
    prompt_id: str
    level: CourtLevel
    cases: tuple[CitedCase, ...]

    @property
    def citations(self) -> int:
        return len(self.cases)

    @property
    def conservative(self) -> int:
        return sum(c.conservative for c in self.cases)

    @property
    def hallucinated(self) -> int:
        return sum(bool(c.kinds) for c in self.cases)

    @property
    def unverifiable(self) -> int:
        return sum(c.status == Status.UNVERIFIABLE for c in self.cases)

    def to_dict(self) -> dict[str, object]:
        return {
            "model": self.model,
            "prompt_id": self.prompt_id,
            "level": str(self.level),
            "citations": self.citations,
            "conservative": self.conservative,
            "hallucinated": self.hallucinated,
            "unverifiable": self.unverifiable,
            "cases": [c.to_dict() for c in self.cases],
        }


def cited_groups(verdicts: tuple[Verdict, ...]) -> list[list[Verdict]]:
    """Full-form case citations, each with the parallel cites that follow it."""
    by_id = {v.citation.id: v for v in verdicts}
    groups = []
    for v in verdicts:
        c = v.citation
        group = [by_id[p] for p in c.parallel_ids if p in by_id]
        if (
            c.type is CitationType.CASE
            and c.form is CiteForm.FULL
            and all(g.citation.span.start > c.span.start for g in group)
        ):
            groups.append([v, *group])
    return groups


def _status(group: list[Verdict]) -> str:
    if any(v.status is Status.HALLUCINATED for v in group):
        return str(Status.HALLUCINATED)
    if all(v.status is Status.UNVERIFIABLE for v in group):
        return str(Status.UNVERIFIABLE)
    return str(Status.VERIFIED)


def cited_case(group: list[Verdict], popularity: Popularity | None) -> CitedCase:
    head = group[0]
    authority = next((v.authority for v in group if v.authority is not None), None)
    case_id = authority.id if authority is not None else None
    return CitedCase(
        head.citation.text,
        head.citation.case_name or "",
        _status(group),
        tuple(sorted({str(e.kind) for v in group for e in v.errors})),
        case_id,
        authority.name_abbreviation if authority is not None else "",
        popularity.of(case_id) if popularity is not None and case_id is not None else None,
    )


def score_answer(
    answer: Answer,
    library: Library,
    popularity: Popularity | None = None,
    level: CourtLevel = CourtLevel.UNSPECIFIED,
) -> AnswerScore:
    report = check_document(document_from_text(answer.answer), library)
    cases = tuple(cited_case(g, popularity) for g in cited_groups(report.verdicts))
    return AnswerScore(answer.model, answer.prompt_id, level, cases)

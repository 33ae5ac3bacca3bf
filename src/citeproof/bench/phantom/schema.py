"""Benchmark records in the published LePhantomCite field layout, plus spans and kinds.

Published fields: ``filename``, ``text``, ``citations_in_segment``,
``list_hallucinations`` and ``list_hallucination_types`` (parallel lists). Ours add
``optional_hallucinations`` / ``optional_hallucination_types`` (later mentions of an
injected citation: credited when found, never penalised when missed), ``spans`` (one
``[start, end)`` per required hallucination, ``null`` when unknown), ``citations``
(every citation with its role) and provenance (``split``, ``source``, ``dataset_version``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

KINDS = ("nonexistent", "name_mismatch", "wrong_pincite", "misquote", "misrepresentation")


class Role(StrEnum):
    """What a citation in an excerpt is, as far as the gold standard knows."""

    CORRECT = "correct"  # in the library and right in every checked respect
    HALLUCINATED = "hallucinated"  # carries an injected error
    DISTRACTOR = "distractor"  # real, but outside the library's coverage: must not be flagged
    OTHER = "other"  # short forms, statutes, ambiguous cites: no claim either way


@dataclass(frozen=True, slots=True)
class GoldError:
    fragment: str
    kind: str
    span: tuple[int, int] | None = None
    optional: bool = False


@dataclass(frozen=True, slots=True)
class GoldCitation:
    text: str
    span: tuple[int, int]
    role: Role
    kind: str | None = None
    case_id: str | None = None


@dataclass(frozen=True, slots=True)
class Excerpt:
    filename: str
    text: str
    errors: tuple[GoldError, ...] = ()
    citations: tuple[GoldCitation, ...] = ()
    citations_in_segment: tuple[str, ...] = ()
    split: str = "test"
    source: str = ""
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def required(self) -> tuple[GoldError, ...]:
        return tuple(e for e in self.errors if not e.optional)

    def to_json(self) -> dict[str, Any]:
        required = self.required
        optional = [e for e in self.errors if e.optional]
        return {
            "filename": self.filename,
            "text": self.text,
            "citations_in_segment": list(self.citations_in_segment or (c.text for c in self.citations)),
            "list_hallucinations": [e.fragment for e in required],
            "list_hallucination_types": [e.kind for e in required],
            "spans": [list(e.span) if e.span else None for e in required],
            "optional_hallucinations": [e.fragment for e in optional],
            "optional_hallucination_types": [e.kind for e in optional],
            "optional_spans": [list(e.span) if e.span else None for e in optional],
            "citations": [
                {
                    "text": c.text,
                    "span": list(c.span),
                    "role": c.role.value,
                    "kind": c.kind,
                    "case_id": c.case_id,
                }
                for c in self.citations
            ],
            "split": self.split,
            "source": self.source,
            **self.meta,
        }


def _span(value: Any) -> tuple[int, int] | None:
    return (int(value[0]), int(value[1])) if isinstance(value, list | tuple) and len(value) == 2 else None


def excerpt_from_json(row: dict[str, Any]) -> Excerpt:
    """Read one record written by :meth:`Excerpt.to_json` (or the published subset of it)."""
    errors = _errors(row, "list_hallucinations", "list_hallucination_types", "spans", False)
    errors += _errors(row, "optional_hallucinations", "optional_hallucination_types", "optional_spans", True)
    citations = tuple(
        GoldCitation(c["text"], _span(c["span"]) or (0, 0), Role(c["role"]), c.get("kind"), c.get("case_id"))
        for c in row.get("citations") or ()
    )
    known = {
        "filename",
        "text",
        "citations_in_segment",
        "list_hallucinations",
        "list_hallucination_types",
        "spans",
        "optional_hallucinations",
        "optional_hallucination_types",
        "optional_spans",
        "citations",
        "split",
        "source",
    }
    return Excerpt(
        str(row["filename"]),
        str(row["text"]),
        errors,
        citations,
        tuple(str(c) for c in row.get("citations_in_segment") or ()),
        str(row.get("split") or "test"),
        str(row.get("source") or ""),
        {k: v for k, v in row.items() if k not in known},
    )


def _errors(
    row: dict[str, Any], frag_key: str, kind_key: str, span_key: str, optional: bool
) -> tuple[GoldError, ...]:
    fragments = list(row.get(frag_key) or ())
    kinds = list(row.get(kind_key) or ())
    spans = list(row.get(span_key) or ())
    kinds += ["unknown"] * (len(fragments) - len(kinds))
    spans += [None] * (len(fragments) - len(spans))
    return tuple(
        GoldError(str(f), str(k), _span(s), optional)
        for f, k, s in zip(fragments, kinds, spans, strict=False)
    )

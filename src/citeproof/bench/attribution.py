"""Score claim attribution against a hand-written gold set of citation–claim links.

A gold text (``tests/data/attribution_gold.jsonl``) lists every link a reader of the brief
would draw: ``(cite, kind, claim)``, kind ``quote`` (a quoted passage of the case) or
``proposition`` (the statement, clause or explanatory parenthetical the cite is offered
for), each with its span. How the links were drawn:

- a citation sentence (``See X, cite.``) is offered for the sentence before it; a cite inside
  a sentence for the clause before it, or for the clause after it when that clause is about
  the case ("X, cite, held that ...", "In X, cite, the court ..."); an explanatory
  parenthetical is a proposition of its own; a lead-in with nothing to say ("The court
  explained:") is no proposition;
- a quotation (two words or more, not a defined term or the name of a test) belongs to the
  case whose words it is said to be: the cite after it, the cite whose clause it ends, the
  parenthetical it stands in, the source of ``quoting``; in a string cite only the first
  authority; a block quote to the cite that ends, follows or introduces it;
- cites in a ``citing`` parenthetical, inside a quotation or in subsequent history are
  offered for nothing, and so is an ``Id.`` that cites the record.
 The extractor's links are each case citation's quotes, its
proposition and its explanatory parenthetical, read off the first cite of each parallel
group. A predicted link matches a gold one of the same kind and citation when their spans
overlap by at least half of each (one to one). Precision and recall come with Wilson 95 %
intervals.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Citation, CitationType, Span
from citeproof.core.reading.read import document_from_text
from citeproof.core.stats import Estimate, wilson

OVERLAP = 0.5


@dataclass(frozen=True, slots=True)
class Link:
    group: int  # index of the citation group (a parallel group counts once)
    kind: str  # "quote" | "proposition"
    span: Span


@dataclass(frozen=True, slots=True)
class TextScore:
    id: str
    style: str
    gold: int
    predicted: int
    matched: int
    missed: tuple[str, ...]  # gold claims not found, for review
    spurious: tuple[str, ...]  # predicted claims not in the gold set


@dataclass(frozen=True, slots=True)
class Score:
    precision: Estimate
    recall: Estimate
    texts: tuple[TextScore, ...]

    def by_style(self) -> dict[str, dict[str, int]]:
        out: dict[str, Counter[str]] = {}
        for t in self.texts:
            row = out.setdefault(t.style, Counter())
            row.update(gold=t.gold, predicted=t.predicted, matched=t.matched)
        return {k: dict(v) for k, v in sorted(out.items())}


def load(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def groups(text: str, citations: Iterable[Citation]) -> list[tuple[Citation, ...]]:
    """Case citations, one tuple per cite as a reader counts them: a cite and the parallels
    that follow it after nothing but ", " or "[" (``347 U.S. 483, 74 S. Ct. 686``, ``186 Cal.
    App. 3d 1513 [231 Cal. Rptr. 455]``) count once."""
    out: list[list[Citation]] = []
    for c in sorted((c for c in citations if c.type is CitationType.CASE), key=lambda c: c.span.start):
        if out and text[out[-1][-1].span.end : c.span.start] in (", ", " [", ", ["):
            out[-1].append(c)
        else:
            out.append([c])
    return [tuple(g) for g in out]


def predicted_links(group_list: list[tuple[Citation, ...]]) -> list[Link]:
    links: list[Link] = []
    for k, members in enumerate(group_list):
        first = members[0]
        links.extend(Link(k, "quote", q.span) for q in first.quotes)
        for span in (first.proposition_span, first.parenthetical_span):
            if span is not None:
                links.append(Link(k, "proposition", span))
    return links


def gold_links(item: dict[str, object], group_list: list[tuple[Citation, ...]]) -> Iterator[Link]:
    """The gold links, each on the group whose cite it names (-1 when nothing was extracted there)."""
    for row in item["links"]:  # type: ignore[attr-defined]
        cite = Span(*row["cite_span"])
        group = next(
            (k for k, ms in enumerate(group_list) if any(_overlap(cite, m.span) for m in ms)),
            -1,
        )
        yield Link(group, row["kind"], Span(*row["claim_span"]))


def _overlap(a: Span, b: Span) -> int:
    return max(0, min(a.end, b.end) - max(a.start, b.start))


def same_claim(gold: Link, predicted: Link) -> bool:
    if (gold.group, gold.kind) != (predicted.group, predicted.kind) or gold.group < 0:
        return False
    shared = _overlap(gold.span, predicted.span)
    return shared >= OVERLAP * _length(gold.span) and shared >= OVERLAP * _length(predicted.span)


def _length(span: Span) -> int:
    return max(1, span.end - span.start)


def score_text(item: dict[str, object]) -> TextScore:
    text = str(item["text"])
    group_list = groups(text, extract_citations(document_from_text(text)))
    gold = list(gold_links(item, group_list))
    predicted = predicted_links(group_list)
    unmatched = list(predicted)
    missed = []
    for g in gold:
        hit = next((p for p in unmatched if same_claim(g, p)), None)
        if hit is None:
            missed.append(_describe(text, g, group_list))
        else:
            unmatched.remove(hit)
    return TextScore(
        id=str(item["id"]),
        style=str(item["style"]),
        gold=len(gold),
        predicted=len(predicted),
        matched=len(gold) - len(missed),
        missed=tuple(missed),
        spurious=tuple(_describe(text, p, group_list) for p in unmatched),
    )


def _describe(text: str, link: Link, group_list: list[tuple[Citation, ...]]) -> str:
    cite = group_list[link.group][0].text if link.group >= 0 else "(not extracted)"
    return f"{cite} | {link.kind} | {link.span.slice(text)[:90]}"


def score(items: Iterable[dict[str, object]]) -> Score:
    texts = tuple(score_text(item) for item in items)
    matched = sum(t.matched for t in texts)
    return Score(
        precision=wilson(matched, sum(t.predicted for t in texts)),
        recall=wilson(matched, sum(t.gold for t in texts)),
        texts=texts,
    )

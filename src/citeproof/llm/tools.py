"""The agent's actions, mapped onto the library: each takes JSON args, returns text."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from citeproof.core.checking.resolve import resolve
from citeproof.core.extraction.extract import extract_citations
from citeproof.core.models import Authority, CitationType, Resolution
from citeproof.core.protocols import Library, LibraryError
from citeproof.core.reading.read import document_from_text
from citeproof.llm.retrieve import search_opinion, window

ACTIONS = (
    "lookup_citation",
    "search_library",
    "search_courtlistener",
    "fetch_opinion",
    "search_opinion",
    "read_page",
    "note",
    "think",
    "finish",
)
ARGS: dict[str, tuple[str, ...]] = {
    "lookup_citation": ("citation",),
    "search_courtlistener": ("citation",),
    "search_library": ("name",),
    "fetch_opinion": ("case_id",),
    "search_opinion": ("case_id", "query"),
    "read_page": ("case_id", "page"),
    "note": ("text",),
    "think": ("text",),
    "finish": (),
}
OBSERVATION_CHARS = 2400


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    args: tuple[tuple[str, str], ...]  # sorted, stringified: two equal actions are one key

    @classmethod
    def of(cls, name: str, args: dict[str, Any]) -> Action:
        wanted = ARGS.get(name, ())
        return cls(
            name,
            tuple(sorted((k, str(v).strip()) for k, v in args.items() if k in wanted or k == "reporter")),
        )

    def arg(self, key: str) -> str:
        return dict(self.args).get(key, "")

    def key(self) -> str:
        return json.dumps([self.name, list(self.args)])


def describe_authority(a: Authority) -> str:
    cites = "; ".join(str(c) for c in a.citations[:4])
    return (
        f"case_id={a.id} | {a.name_abbreviation} ({a.decision_date[:4]}) | {cites} | "
        f"{'full text available' if a.has_text else 'no text'}"
    )


def describe_resolution(r: Resolution) -> str:
    if r.authority is not None:
        return f"found: {describe_authority(r.authority)}"
    extra = f"; {r.note}" if r.note else ""
    return f"{r.status.value} (coverage of that volume: {r.coverage.value}){extra}"


class AgentTools:
    """Runs actions against a library, and a remote one (CourtListener) when configured."""

    def __init__(self, library: Library, remote: Library | None = None) -> None:
        self.library = library
        self.remote = remote
        self.notes: list[str] = []

    def available(self) -> tuple[str, ...]:
        return tuple(a for a in ACTIONS if a != "search_courtlistener" or self.remote is not None)

    def run(self, action: Action) -> str:
        if action.name not in self.available():
            return f"error: unknown or unavailable action {action.name!r}"
        missing = [k for k in ARGS[action.name] if not action.arg(k)]
        if missing:
            return f"error: {action.name} needs {', '.join(missing)}"
        handler: Callable[[Action], str] = getattr(self, "_" + action.name)
        try:
            return handler(action)[:OBSERVATION_CHARS]
        except LibraryError as exc:
            return f"error: the library could not answer ({exc.reason})"

    def _lookup(self, text: str, library: Library) -> str:
        cites = [c for c in extract_citations(document_from_text(text)) if c.type is CitationType.CASE]
        if not cites:
            return f"no case citation recognised in {text!r}"
        return describe_resolution(resolve(cites[0], library))

    def _lookup_citation(self, a: Action) -> str:
        return self._lookup(a.arg("citation"), self.library)

    def _search_courtlistener(self, a: Action) -> str:
        assert self.remote is not None
        return "CourtListener " + self._lookup(a.arg("citation"), self.remote)

    def _search_library(self, a: Action) -> str:
        found = self.library.cases_named(a.arg("name"))
        return "\n".join(describe_authority(x) for x in found) or "no case of that name"

    def _fetch_opinion(self, a: Action) -> str:
        opinion = self.library.opinion(a.arg("case_id"))
        if opinion is None:
            return "no opinion text for that case_id"
        authority = self.library.case(opinion.case_id)
        head = describe_authority(authority) if authority else opinion.case_id
        pages = {r: [b.page for b in opinion.breaks_for(r)] for r in opinion.reporters()}
        spans = "; ".join(f"{r} pages {p[0]}-{p[-1]}" for r, p in pages.items() if p)
        return f"{head}\n{len(opinion.text):,} characters; {spans or 'no page markers'}\n{opinion.text[:800]}"

    def _search_opinion(self, a: Action) -> str:
        opinion = self.library.opinion(a.arg("case_id"))
        if opinion is None:
            return "no opinion text for that case_id"
        reporter = a.arg("reporter") or (opinion.reporters() or ("",))[0]
        found = search_opinion(opinion, self.library, a.arg("query"), reporter, limit=3)
        return (
            "\n\n".join(f"{p.label()} {window(p.text, a.arg('query'), 700)}" for p in found)
            or "no passage matches"
        )

    def _read_page(self, a: Action) -> str:
        opinion = self.library.opinion(a.arg("case_id"))
        if opinion is None:
            return "no opinion text for that case_id"
        reporter = a.arg("reporter") or (opinion.reporters() or ("",))[0]
        page = a.arg("page")
        bounds = opinion.page_text(reporter, int(page)) if page.isdigit() else None
        if bounds is None:
            return f"page {page} of {reporter} is not marked in this opinion"
        return f"[{reporter} page {page}] {opinion.text[bounds[0] : bounds[1]]}"

    def _note(self, a: Action) -> str:
        self.notes.append(a.arg("text"))
        return "noted"

    def _think(self, a: Action) -> str:
        return "ok"

    def _finish(self, a: Action) -> str:
        return "finished"

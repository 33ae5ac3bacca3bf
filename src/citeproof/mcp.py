"""`citeproof mcp`: an MCP server on stdio for drafting agents (official Python SDK, mcp 2.x).

Tools, all offline and read-only against the same library and pipeline as `citeproof check`;
each argument is described and each result is typed (structured content with an output
schema, `citeproof.mcp_results`):

- ``check_text(text, evidence=False)`` — every citation in a draft: verified / hallucinated
  (kind, fragment, explanation, suggested fix) / unverifiable (reason), with the overruling of a
  case a later decision overruled; ``evidence=True`` adds what the opinion says, the case found
  and spans.
- ``lookup_citation(cite, evidence=False)`` — what one citation string resolves to, and its verdict.
- ``get_opinion_page(citation, page)`` — the text printed on one page of an opinion, to
  confirm a pin cite or a quote before using it.
- ``library_info()`` — the library's snapshot and coverage: absence proves nothing outside it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import MAX_BYTES, document_from_text
from citeproof.core.version import __version__
from citeproof.lookup import QueryError, library_info, lookup_citation, opinion_page
from citeproof.mcp_results import (
    CheckResult,
    LibraryInfo,
    LookupResult,
    OpinionPage,
    check_result,
    lookup_result,
)

INSTRUCTIONS = """\
citeproof verifies legal citations against an offline library of real case law.
Before you answer with a legal citation, call check_text on your draft (or lookup_citation
on one cite). Treat "hallucinated" as an error to fix: the error's kind and explanation say
what is wrong (nonexistent cite, name that belongs to another case, pin page that does not
hold the quote, altered quotation, proposition the opinion contradicts); call again with
evidence=true to see what the opinion or the library says. "unverifiable"
means the library cannot tell (its reason says why, e.g. not_in_coverage): do not call
such a citation fake; verify it elsewhere or say it is unverified. A citation with a
"treatment" names a case a later Supreme Court decision overruled (treatment.overruled_by):
whatever its status, do not rely on it as good law without saying so; no treatment is no
proof of good law (the table holds explicit overrulings only). Use get_opinion_page to
read the page you pin-cite, and library_info to see what the library covers."""


READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
EVIDENCE = Field(
    description="also return the evidence: what the opinion or library says for each error, "
    "its confidence, the case found at each cite and spans (a longer reply)"
)
_T = TypeVar("_T")


def build_server(library: Library) -> MCPServer:
    """An MCP server whose tools answer from ``library``."""
    server: MCPServer = MCPServer("citeproof", version=__version__, instructions=INSTRUCTIONS)

    @server.tool(title="Check the citations in a draft", annotations=READ_ONLY)
    def check_text(
        text: Annotated[str, Field(description="the draft: plain text or Markdown, up to 25 MB")],
        evidence: Annotated[bool, EVIDENCE] = False,
    ) -> CheckResult:
        """Check every citation in a draft: each is verified, hallucinated (with the kind of
        error and the words to fix) or unverifiable (with the reason). Call it before you
        answer with legal citations."""
        if not text.strip():
            raise ToolError("empty text: pass the draft to check")
        if len(text.encode("utf-8", "replace")) > MAX_BYTES:
            raise ToolError(f"text is over the {MAX_BYTES:,}-byte limit")
        return check_result(check_document(document_from_text(text), library), evidence)

    @server.tool(name="lookup_citation", title="Look up one citation", annotations=READ_ONLY)
    def lookup_citation_tool(
        cite: Annotated[
            str, Field(description='one citation, e.g. "Brady v. Maryland, 373 U.S. 83, 87 (1963)"')
        ],
        evidence: Annotated[bool, EVIDENCE] = False,
    ) -> LookupResult:
        """Resolve one citation string and give its verdict: the case found at that cite (or
        why none), the library's coverage of the volume, and any error."""
        return lookup_result(_answer(lambda: lookup_citation(library, cite)), evidence)

    @server.tool(title="Read one page of an opinion", annotations=READ_ONLY)
    def get_opinion_page(
        citation: Annotated[str, Field(description='the case\'s citation, e.g. "373 U.S. 83"')],
        page: Annotated[int, Field(description="the reporter page to read, e.g. 87", ge=1)],
        reporter: Annotated[
            str | None,
            Field(description='the pagination to use when the opinion has several, e.g. "S. Ct."'),
        ] = None,
    ) -> OpinionPage:
        """The text printed on one page of the opinion a citation names: read the page you
        pin-cite, or find where a quotation is printed."""
        return OpinionPage.model_validate(_answer(lambda: opinion_page(library, citation, page, reporter)))

    @server.tool(name="library_info", title="What the library covers", annotations=READ_ONLY)
    def info() -> LibraryInfo:
        """The library's name, build date, counts and coverage by reporter. A citation outside
        coverage is unverifiable, never evidence of a hallucination."""
        return LibraryInfo.model_validate(library_info(library))

    return server


def _answer(call: Callable[[], _T]) -> _T:
    try:
        return call()
    except QueryError as exc:
        raise ToolError(str(exc)) from None

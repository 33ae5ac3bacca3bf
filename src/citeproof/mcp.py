"""`citeproof mcp`: an MCP server on stdio for drafting agents (official Python SDK, mcp 2.x).

Tools, all offline against the same library and pipeline as `citeproof check`:

- ``check_text(text)`` — every citation in a draft: verified / hallucinated (kind, fragment,
  evidence) / unverifiable (reason); the JSON contract of ``citeproof check --format json``.
- ``lookup_citation(cite)`` — what one citation string resolves to, and its verdict.
- ``get_opinion_page(citation, page)`` — the text printed on one page of an opinion, to
  confirm a pin cite or a quote before using it.
- ``library_info()`` — the library's snapshot and coverage: absence proves nothing outside it.
"""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from citeproof.core.pipeline import check_document
from citeproof.core.protocols import Library
from citeproof.core.read import MAX_BYTES, document_from_text
from citeproof.core.version import __version__
from citeproof.lookup import QueryError, library_info, lookup_citation, opinion_page

INSTRUCTIONS = """\
citeproof verifies legal citations against an offline library of real case law.
Before you answer with a legal citation, call check_text on your draft (or lookup_citation
on one cite). Treat "hallucinated" as an error to fix: the error's kind and evidence say
what is wrong (nonexistent cite, name that belongs to another case, pin page that does not
hold the quote, altered quotation, proposition the opinion contradicts). "unverifiable"
means the library cannot tell (its reason says why, e.g. not_in_coverage): do not call
such a citation fake; verify it elsewhere or say it is unverified. Use get_opinion_page to
read the page you pin-cite, and library_info to see what the library covers."""


def build_server(library: Library) -> MCPServer:
    """An MCP server whose tools answer from ``library``."""
    server: MCPServer = MCPServer("citeproof", version=__version__, instructions=INSTRUCTIONS)

    @server.tool()
    def check_text(text: str) -> dict[str, Any]:
        """Check every citation in a draft (plain text or Markdown).

        Returns {"citations": [{"id", "text", "span", "case_name", "status": "verified" |
        "hallucinated" | "unverifiable", "reason", "authority", "errors": [{"kind",
        "fragment", "explanation", "evidence"}]}], "summary", "library", ...}.
        """
        if not text.strip():
            raise ToolError("empty text: pass the draft to check")
        if len(text.encode("utf-8", "replace")) > MAX_BYTES:
            raise ToolError(f"text is over the {MAX_BYTES:,}-byte limit")
        return check_document(document_from_text(text), library).to_json()

    @server.tool(name="lookup_citation")
    def lookup_citation_tool(cite: str) -> dict[str, Any]:
        """Resolve one citation string (e.g. "Brady v. Maryland, 373 U.S. 83, 87") and give its
        verdict: the case found at that cite (or why none), coverage, and any error."""
        return _answer(lambda: lookup_citation(library, cite))

    @server.tool()
    def get_opinion_page(citation: str, page: int, reporter: str | None = None) -> dict[str, Any]:
        """The text printed on `page` of the opinion that `citation` names (e.g. "373 U.S. 83",
        page 87). `reporter` picks the pagination when the opinion has several."""
        return _answer(lambda: opinion_page(library, citation, page, reporter))

    @server.tool(name="library_info")
    def info() -> dict[str, Any]:
        """The library's name, build date, counts and coverage by reporter. A citation outside
        coverage is unverifiable, never evidence of a hallucination."""
        return library_info(library)

    return server


def _answer(call: Any) -> dict[str, Any]:
    try:
        result: dict[str, Any] = call()
    except QueryError as exc:
        raise ToolError(str(exc)) from None
    return result

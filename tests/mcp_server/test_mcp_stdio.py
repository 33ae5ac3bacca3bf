"""The MCP server over stdio, driven by the official SDK's client: every tool, CLI verdicts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"
CLI = ["-c", "from citeproof.cli import main; main()"]


def _verdicts(report: dict[str, Any]) -> list[tuple]:
    return [
        (
            c["text"],
            c["status"],
            c["reason"],
            tuple((e["kind"], e["fragment"], e["evidence"]) for e in c["errors"]),
        )
        for c in report["citations"]
    ]


async def _session(library_path: Path) -> dict[str, Any]:
    params = StdioServerParameters(command=sys.executable, args=[*CLI, "mcp", "--library", str(library_path)])
    out: dict[str, Any] = {}
    async with Client(params, read_timeout_seconds=60) as client:
        out["tools"] = {t.name: t for t in (await client.list_tools()).tools}
        calls = {
            "check_text": {"text": SAMPLE.read_text()},
            "lookup_citation": {"cite": "Miranda v. Arizona, 372 U.S. 335 (1963)"},
            "get_opinion_page": {"citation": "Brady v. Maryland, 373 U.S. 83", "page": 87},
            "library_info": {},
            "bad_page": ("get_opinion_page", {"citation": "373 U.S. 83", "page": 999}),
            "bad_cite": ("lookup_citation", {"cite": "no citation here"}),
            "empty": ("check_text", {"text": "  "}),
        }
        for key, call in calls.items():
            name, args = call if isinstance(call, tuple) else (key, call)
            out[key] = await client.call_tool(name, args)
    return out


@pytest.fixture(scope="module")
def session(library_path: Path) -> dict[str, Any]:
    return anyio.run(_session, library_path)


def test_every_tool_is_listed_with_a_description(session):
    tools = session["tools"]
    assert set(tools) == {"check_text", "lookup_citation", "get_opinion_page", "library_info"}
    assert all(len(t.description or "") > 40 for t in tools.values())


def test_check_text_gives_the_cli_verdicts(session, library_path):
    cli = subprocess.run(
        [sys.executable, *CLI, "check", str(SAMPLE), "--format", "json", "--library", str(library_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 1, cli.stderr  # the sample has hallucinated citations
    result = session["check_text"]
    assert not result.is_error
    assert _verdicts(result.structured_content) == _verdicts(json.loads(cli.stdout))
    assert result.structured_content["summary"] == json.loads(cli.stdout)["summary"]


def test_lookup_citation(session):
    result = session["lookup_citation"]
    [cite] = result.structured_content["citations"]
    assert cite["status"] == "hallucinated"
    assert cite["errors"][0]["kind"] == "name_mismatch"
    assert cite["resolved"]["name"] == "Gideon v. Wainwright"
    assert "Miranda v. Arizona, 384 U.S. 436" in cite["errors"][0]["evidence"]


def test_get_opinion_page(session):
    page = session["get_opinion_page"].structured_content
    assert page["case"]["name"] == "Brady v. Maryland"
    assert (page["reporter"], page["page"]) == ("U.S.", 87)
    assert "suppression by the prosecution of evidence favorable to an accused" in page["text"]


def test_library_info(session, library):
    info = session["library_info"].structured_content
    assert info["name"] == library.snapshot().name
    assert info["cases"] == library.snapshot().cases
    assert any(row["reporter"] == "U.S." for row in info["coverage"])


@pytest.mark.parametrize(
    ("key", "message"),
    [("bad_page", "has no page 999"), ("bad_cite", "no citation found"), ("empty", "empty text")],
)
def test_errors_reach_the_agent_as_tool_errors(session, key, message):
    result = session[key]
    assert result.is_error
    assert message in result.content[0].text

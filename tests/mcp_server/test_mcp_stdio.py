"""The MCP server over stdio, driven by the official SDK's client: every tool, typed results
validated against their output schemas, compact replies, CLI verdicts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from jsonschema import Draft202012Validator
from mcp import Client, StdioServerParameters

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"
CLI = ["-c", "from citeproof.cli import main; main()"]


def _verdicts(report: dict[str, Any]) -> list[tuple]:
    return [
        (
            c["text"],
            c["status"],
            c.get("reason"),  # a reply leaves out what is empty (null)
            tuple((e["kind"], e.get("fragment"), e["evidence"]) for e in c["errors"]),
        )
        for c in report["citations"]
    ]


async def _session(library_path: Path) -> dict[str, Any]:
    # the test's own environment (PYTHONPATH included), as the CLI subprocess below gets it: the
    # SDK's default keeps only HOME, PATH, SHELL and TERM, and could start another install
    params = StdioServerParameters(
        command=sys.executable, args=[*CLI, "mcp", "--library", str(library_path)], env=dict(os.environ)
    )
    out: dict[str, Any] = {}
    async with Client(params, read_timeout_seconds=60) as client:
        out["tools"] = {t.name: t for t in (await client.list_tools()).tools}
        calls = {
            "check_text": {"text": SAMPLE.read_text()},
            "check_evidence": ("check_text", {"text": SAMPLE.read_text(), "evidence": True}),
            "lookup_citation": {"cite": "Miranda v. Arizona, 372 U.S. 335 (1963)"},
            "lookup_evidence": (
                "lookup_citation",
                {"cite": "Miranda v. Arizona, 372 U.S. 335", "evidence": True},
            ),
            "get_opinion_page": {"citation": "Brady v. Maryland, 373 U.S. 83", "page": 87},
            "library_info": {},
            "bad_page": ("get_opinion_page", {"citation": "373 U.S. 83", "page": 999}),
            "bad_cite": ("lookup_citation", {"cite": "no citation here"}),
            "empty": ("check_text", {"text": "  "}),
            "check_roe": ("check_text", {"text": "Roe v. Wade, 410 U.S. 113 (1973). Id. at 153."}),
            "lookup_roe": ("lookup_citation", {"cite": "Roe v. Wade, 410 U.S. 113 (1973)"}),
        }
        for key, call in calls.items():
            name, args = call if isinstance(call, tuple) else (key, call)
            out[key] = await client.call_tool(name, args)  # the SDK validates structured content
            if not out[key].is_error:  # and once more, explicitly, as a client would on demand
                await client.session.validate_tool_result(name, out[key])
        tampered = out["check_text"].model_copy(deep=True)
        tampered.structured_content["citations"][0]["status"] = "fake"
        try:
            await client.session.validate_tool_result("check_text", tampered)
        except RuntimeError as exc:
            out["tampered"] = str(exc)
    return out


@pytest.fixture(scope="module")
def session(library_path: Path) -> dict[str, Any]:
    return anyio.run(_session, library_path)


TOOLS = {
    "check_text": "check_text",
    "lookup_citation": "lookup_citation",
    "get_opinion_page": "get_opinion_page",
}
TOOLS |= {
    "library_info": "library_info",
    "check_evidence": "check_text",
    "lookup_evidence": "lookup_citation",
}


def test_every_tool_is_listed_with_a_description(session):
    tools = session["tools"]
    assert set(tools) == {"check_text", "lookup_citation", "get_opinion_page", "library_info"}
    assert all(len(t.description or "") > 40 for t in tools.values())
    assert all(t.annotations.read_only_hint and not t.annotations.open_world_hint for t in tools.values())


def test_every_argument_is_described(session):
    arguments = {
        (name, arg): spec
        for name, tool in session["tools"].items()
        for arg, spec in tool.input_schema.get("properties", {}).items()
    }
    assert set(arguments) == {
        ("check_text", "text"),
        ("check_text", "evidence"),
        ("lookup_citation", "cite"),
        ("lookup_citation", "evidence"),
        ("get_opinion_page", "citation"),
        ("get_opinion_page", "page"),
        ("get_opinion_page", "reporter"),
    }
    assert all(len(spec.get("description", "")) > 15 for spec in arguments.values()), arguments


@pytest.mark.parametrize("key", sorted(TOOLS))
def test_results_are_typed_and_valid_against_the_output_schema(session, key):
    schema = session["tools"][TOOLS[key]].output_schema
    assert schema and schema["type"] == "object" and schema["properties"] and schema["required"]
    Draft202012Validator.check_schema(schema)
    result = session[key]
    assert not result.is_error and result.structured_content
    assert set(schema["required"]) <= set(result.structured_content)
    assert list(Draft202012Validator(schema).iter_errors(result.structured_content)) == []


def test_the_schema_is_strict_enough_to_catch_a_wrong_status(session):
    assert "Invalid structured content returned by tool check_text" in session["tampered"]
    assert "'fake' is not one of" in session["tampered"]


def test_check_text_is_compact_unless_evidence_is_asked(session):
    compact, full = session["check_text"].structured_content, session["check_evidence"].structured_content
    assert len(json.dumps(compact)) < len(json.dumps(full)) * 0.6
    where = {c["text"]: c for c in compact["citations"]}
    unverifiable = [c for c in compact["citations"] if c["status"] == "unverifiable"]
    assert unverifiable and all(c["next_step"]["remedy"] and c.get("check_url") for c in unverifiable)
    assert all("page" not in c for c in where.values())  # pasted text has no pages: left out, not null
    assert all(e.get("evidence") is None for c in compact["citations"] for e in c["errors"])
    assert all(c.get("authority") is None for c in compact["citations"])
    assert compact["summary"] == full["summary"]
    fixes = {e["kind"]: e.get("suggestion") for c in compact["citations"] for e in c["errors"]}
    assert fixes["wrong_pincite"] == "pin cite 373 U.S. 83, 87", fixes  # the fix comes without asking
    strip = [
        (c["text"], c["status"], c.get("reason"), [e["kind"] for e in c["errors"]]) for c in full["citations"]
    ]
    assert [
        (c["text"], c["status"], c.get("reason"), [e["kind"] for e in c["errors"]])
        for c in compact["citations"]
    ] == strip


def test_check_text_gives_the_cli_verdicts(session, library_path):
    cli = subprocess.run(
        [sys.executable, *CLI, "check", str(SAMPLE), "--format", "json", "--library", str(library_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 1, cli.stderr  # the sample has hallucinated citations
    result = session["check_evidence"]
    assert not result.is_error
    assert _verdicts(result.structured_content) == _verdicts(json.loads(cli.stdout))
    assert result.structured_content["summary"] == json.loads(cli.stdout)["summary"]
    keys = ("name", "citation", "court", "date")
    authorities = [c.get("authority") for c in result.structured_content["citations"]]
    assert [a and {k: a[k] for k in keys} for a in authorities] == [
        c["authority"] and {k: c["authority"][k] for k in keys} for c in json.loads(cli.stdout)["citations"]
    ]


def test_lookup_citation(session):
    [cite] = session["lookup_citation"].structured_content["citations"]
    assert cite["status"] == "hallucinated"
    assert cite["errors"][0]["kind"] == "name_mismatch"
    assert cite["resolved"]["name"] == "Gideon v. Wainwright"
    assert "evidence" not in cite["errors"][0]
    [cite] = session["lookup_evidence"].structured_content["citations"]
    assert "Miranda v. Arizona, 384 U.S. 436" in cite["errors"][0]["evidence"]


def test_a_citation_of_an_overruled_case_carries_its_treatment(session):
    reply = session["check_roe"].structured_content  # validated against the output schema
    assert reply["summary"]["overruled"] == 2
    assert [(c["status"], c["treatment"]["overruled_by"]) for c in reply["citations"]] == [
        ("verified", "597 U.S. 215"),
        ("verified", "597 U.S. 215"),
    ]
    [cite] = session["lookup_roe"].structured_content["citations"]
    assert (cite["treatment"]["name"], cite["treatment"]["year"]) == (
        "Dobbs v. Jackson Women's Health Organization",
        2022,
    )


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

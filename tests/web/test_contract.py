"""One contract for the three outputs: the REST API's OpenAPI schema holds the contract's models
as they are, the MCP tools' output schemas are made of the same fields, and what each returns
follows them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from pydantic import BaseModel
from tests.core.output.test_schema import follows

from citeproof import check
from citeproof.core.output import schema
from citeproof.lookup import library_info, lookup_citation
from citeproof.mcp import build_server
from citeproof.web.schemas import CheckResponse, JobOut

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"
REPORT_MODELS = [
    schema.CheckReport,
    schema.DocumentOut,
    schema.SnapshotOut,
    schema.CitationOut,
    schema.AuthorityOut,
    schema.ErrorOut,
    schema.NextStepOut,
    schema.NextStepsOut,
    schema.Summary,
]
LOOKUP_MODELS = [
    schema.LookupResult,
    schema.LookupCitation,
    schema.CaseOut,
    schema.LibraryInfo,
    schema.CoverageRow,
]


def _schema(model: type[BaseModel], refs: str) -> dict[str, Any]:
    return model.model_json_schema(ref_template=refs + "{model}")


def _without_null_defaults(part: dict[str, Any]) -> dict[str, Any]:
    """FastAPI leaves ``"default": null`` out of the properties it publishes."""
    properties = {
        k: {a: b for a, b in v.items() if (a, b) != ("default", None)} for k, v in part["properties"].items()
    }
    return {**part, "properties": properties}


@pytest.fixture(scope="module")
def openapi(live_server) -> dict[str, Any]:
    return httpx.get(f"{live_server.url}/openapi.json", timeout=30).json()["components"]["schemas"]


@pytest.fixture(scope="module")
def tools(library) -> dict[str, dict[str, Any]]:
    listed = anyio.run(build_server(library).list_tools)
    return {t.name: t.output_schema for t in listed}


@pytest.mark.parametrize("model", REPORT_MODELS + LOOKUP_MODELS, ids=lambda m: m.__name__)
def test_the_openapi_schema_holds_each_model_of_the_contract(openapi, model):
    own = _schema(model, "#/components/schemas/")
    own.pop("$defs", None)
    assert openapi[model.__name__] == _without_null_defaults(own)


def _same_field(reply: dict[str, Any], contract: dict[str, Any]) -> bool:
    """A field of a reply is the contract's, or the contract's left out when empty."""
    reply = {k: v for k, v in reply.items() if k != "default"}
    inner = {k: v for k, v in contract.items() if k != "title"}
    titled = {"title": contract["title"]} if "title" in contract else {}
    return reply in (contract, {"anyOf": [inner, {"type": "null"}], **titled})


def _as_mcp(openapi_part: dict[str, Any]) -> dict[str, Any]:
    """An OpenAPI component with its references written as the MCP schema writes them."""
    return dict(json.loads(json.dumps(openapi_part).replace('"#/components/schemas/', '"#/$defs/')))


def _fields_match(reply: dict[str, Any], contract: dict[str, Any], names: list[str]) -> None:
    for name in names:
        assert _same_field(reply["properties"][name], _as_mcp(contract["properties"][name])), name


def test_the_mcp_citation_is_made_of_the_rest_citations_fields(openapi, tools):
    defs = tools["check_text"]["$defs"]
    citation, error = defs["CitationVerdict"], defs["ErrorFound"]
    assert set(citation["properties"]) < set(openapi["CitationOut"]["properties"])
    assert set(error["properties"]) < set(openapi["ErrorOut"]["properties"])
    _fields_match(citation, openapi["CitationOut"], [f for f in citation["properties"] if f != "errors"])
    assert citation["properties"]["errors"]["items"] == {"$ref": "#/$defs/ErrorFound"}
    _fields_match(error, openapi["ErrorOut"], list(error["properties"]))
    for shared in ("Summary", "AuthorityOut", "Status", "Reason", "ErrorKind"):
        assert defs[shared] == _as_mcp(openapi[shared]), shared
    library = tools["check_text"]["properties"]["library"]
    assert library == {**openapi["SnapshotOut"]["properties"]["name"], "title": "Library"}


def test_the_mcp_lookup_and_library_are_the_rest_ones(openapi, tools):
    lookup = tools["lookup_citation"]["$defs"]
    added = ["reporter_page", "resolution", "coverage", "resolution_note", "resolved", "candidates"]
    _fields_match(lookup["LookupVerdict"], openapi["LookupCitation"], added)
    assert lookup["CaseOut"] == _as_mcp(openapi["CaseOut"])
    info = dict(tools["library_info"])
    assert info.pop("$defs") == {"CoverageRow": _as_mcp(openapi["CoverageRow"])}
    assert _without_null_defaults(info)["properties"] == _as_mcp(openapi["LibraryInfo"])["properties"]
    assert tools["get_opinion_page"]["$defs"]["CaseOut"] == lookup["CaseOut"]


def test_what_the_api_and_the_lookups_return_follows_the_contract(live_server, library):
    sample = SAMPLE.read_bytes()
    body = httpx.post(
        f"{live_server.url}/api/v1/check",
        params={"details": "true"},
        files={"file": ("b.md", sample)},
        timeout=60,
    ).json()
    details = body.pop("details")
    follows(schema.CheckReport, body)
    assert body == {**check(SAMPLE, library=library).to_json(), "document": body["document"]}
    CheckResponse.model_validate({**body, "details": details})
    assert JobOut.model_validate(
        {
            "id": "j",
            "status": "done",
            "progress": {"done": 1, "total": 1},
            "report": body,
            "details": details,
            "links": {},
        }
    ).details
    for cite in ("Miranda v. Arizona, 372 U.S. 335", "Roe v. Wade, 410 U.S. 113", "49 F.4th 439", "Id. at 5"):
        follows(schema.LookupResult, lookup_citation(library, cite))
    follows(schema.LibraryInfo, library_info(library))

"""The JSON contract's models describe exactly what `Report.to_json()` writes; the TypedDicts that
type `to_json` are the same objects; a check never imports pydantic."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import types
import typing
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from tests.briefs import docx_brief

from citeproof import check
from citeproof.core.output import schema
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document

SAMPLE = Path(__file__).resolve().parents[3] / "examples" / "sample_brief.md"
TWINS: dict[type[BaseModel], Any] = {
    schema.AuthorityOut: schema.AuthorityJson,
    schema.ErrorOut: schema.ErrorJson,
    schema.NextStepOut: schema.NextStepJson,
    schema.TreatmentOut: schema.TreatmentJson,
    schema.CitationOut: schema.CitationJson,
    schema.DocumentOut: schema.DocumentJson,
    schema.SnapshotOut: schema.SnapshotJson,
    schema.Summary: schema.SummaryJson,
    schema.NextStepsOut: schema.NextStepsJson,
    schema.CheckReport: schema.ReportJson,
}


def _as_written(annotation: Any) -> Any:
    """A model's field type as `to_json` writes it: a model as its TypedDict, an enum as str."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return TWINS[annotation]
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        return str
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Annotated:
        return _as_written(args[0])
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return frozenset(_as_written(a) for a in args)
    if typing.get_origin(annotation) is list:
        return list[_as_written(args[0])]
    return annotation


def _normal(hint: Any) -> Any:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return frozenset(typing.get_args(hint))
    return hint


@pytest.mark.parametrize("model", list(TWINS), ids=lambda m: m.__name__)
def test_each_typed_dict_is_its_model(model: type[BaseModel]):
    hints = typing.get_type_hints(TWINS[model])
    assert list(hints) == list(model.model_fields)  # the same fields, in the same order
    for name, field in model.model_fields.items():
        assert _normal(hints[name]) == _as_written(field.annotation), name


def test_the_typed_dict_check_would_fail_on_a_difference():
    class Other(BaseModel):
        name: str
        court: int

    TWINS[Other] = schema.AuthorityJson
    try:
        with pytest.raises(AssertionError):
            test_each_typed_dict_is_its_model(Other)
    finally:
        del TWINS[Other]


def _extras(model: BaseModel) -> list[str]:
    """Every object of ``model`` carrying a field its class does not declare."""
    found = [f"{type(model).__name__}.{k}" for k in model.model_extra or {}]
    for value in model.__dict__.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, BaseModel):
                found += _extras(item)
    return found


def follows(model: type[BaseModel], data: dict[str, Any]) -> None:
    """``data`` is an instance of ``model``: its fields, in their order, nothing more, same values."""
    parsed = model.model_validate(data)
    assert _extras(parsed) == []
    assert json.dumps(parsed.model_dump(mode="json")) == json.dumps(data)


@pytest.fixture(scope="module")
def docx_report(tmp_path_factory, library):
    doc = read_document(docx_brief(tmp_path_factory.mktemp("docx") / "brief.docx"))
    return check_document(doc, library, as_of=dt.date(2026, 1, 1))


def test_real_reports_follow_the_contract(library, docx_report):
    sample = check(SAMPLE, library=library).to_json()
    for data in (sample, check(SAMPLE.with_suffix(".pdf"), library=library).to_json(), docx_report.to_json()):
        follows(schema.CheckReport, data)
    kinds = {e["kind"] for c in sample["citations"] for e in c["errors"]}
    assert len(kinds) == 5 and any(c["next_step"] for c in sample["citations"])  # every branch is there
    assert any(c["note"] for c in docx_report.to_json()["citations"])


def test_a_report_with_a_field_out_of_place_does_not_follow(library):
    data = check(SAMPLE, library=library).to_json()
    moved = {k: data[k] for k in reversed(list(data))}
    with pytest.raises(AssertionError):
        follows(schema.CheckReport, moved)
    data["citations"][0]["authority"]["extra"] = 1
    with pytest.raises(AssertionError):
        follows(schema.CheckReport, data)


def test_a_check_never_imports_pydantic():
    code = (
        "import sys, citeproof, json; "
        "r = citeproof.check('Brady v. Maryland, 373 U.S. 83, 87 (1963).'); json.dumps(r.to_json()); "
        "print('pydantic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr

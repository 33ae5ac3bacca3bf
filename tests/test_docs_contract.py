"""The JSON contract as docs/interfaces.md writes it is the one the code produces."""

from __future__ import annotations

import re
from pathlib import Path

from citeproof.core.output import schema

DOCS = Path(__file__).resolve().parent.parent / "docs" / "interfaces.md"


def _fields(block: str) -> dict[str, str]:
    """Top-level ``"name"`` entries of a ``{...}`` block, each with its nested block (or "")."""
    out: dict[str, str] = {}
    depth, i = 0, 0
    while i < len(block):
        ch = block[i]
        if ch == "(" and depth == 0:  # a remark: ``"summary" (with "overruled")``
            i = block.index(")", i)
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        elif ch == '"' and depth == 0:
            end = block.index('"', i + 1)
            name, i = block[i + 1 : end], end
            nested = re.match(r"\s*:\s*\[?\{", block[i + 1 :])
            if nested:
                start = i + 1 + nested.end() - 1
                close, level = start, 0
                for close in range(start, len(block)):
                    level += {"{": 1, "}": -1}.get(block[close], 0)
                    if level == 0:
                        break
                out[name], i = block[start + 1 : close], close
                if "[" in nested.group() and block[close + 1 : close + 2] == "]":
                    i += 1  # the list's closing bracket
            else:
                out[name] = ""
        i += 1
    return out


def test_the_documented_report_fields_are_the_real_ones():
    text = " ".join(DOCS.read_text().split())
    start = text.index("The response of `POST /check` is exactly `citeproof check --format json`: `{")
    body = text[text.index("`{", start) + 2 : text.index("}` (`document.path`", start)]
    report = _fields(body)
    assert list(report) == list(schema.CheckReport.model_fields)
    citation = _fields(report["citations"])
    assert list(citation) == list(schema.CitationOut.model_fields)
    assert list(_fields(report["document"])) == list(schema.DocumentOut.model_fields)
    assert list(_fields(citation["errors"])) == list(schema.ErrorOut.model_fields)
    assert list(_fields(citation["authority"])) == list(schema.AuthorityOut.model_fields)
    assert list(_fields(citation["treatment"])) == list(schema.TreatmentOut.model_fields)
    assert list(_fields(report["next_steps"])) == list(schema.NextStepsOut.model_fields)

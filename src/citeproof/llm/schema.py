"""A small JSON-schema subset for validating model replies on receipt.

Supports ``type`` (one or a list), ``enum``, ``properties``, ``required``,
``additionalProperties: false``, ``items``, ``minLength`` and ``maxItems`` — enough for
the schemas this package sends, without a dependency.
"""

from __future__ import annotations

import json
import re
from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "boolean": (bool,),
    "number": (int, float),
    "integer": (int,),
    "null": (type(None),),
}
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.S)


class SchemaError(ValueError):
    """A reply that is not JSON, or not JSON of the expected shape."""


def _type_ok(value: Any, expected: str | list[str]) -> bool:
    names = [expected] if isinstance(expected, str) else expected
    for name in names:
        if isinstance(value, bool) and name in ("number", "integer"):
            continue
        if isinstance(value, _TYPES[name]):
            return True
    return False


def errors(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """Every way ``value`` departs from ``schema`` (empty when it conforms)."""
    if "type" in schema and not _type_ok(value, schema["type"]):
        return [f"{path}: expected {schema['type']}, got {type(value).__name__}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{path}: {value!r} is not one of {schema['enum']}"]
    out: list[str] = []
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        out.append(f"{path}: shorter than {schema['minLength']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out += [f"{path}: missing {k!r}" for k in schema.get("required", ()) if k not in value]
        if schema.get("additionalProperties") is False:
            out += [f"{path}: unexpected {k!r}" for k in value if k not in props]
        for key, sub in props.items():
            if key in value:
                out += errors(value[key], sub, f"{path}.{key}")
    if isinstance(value, list):
        if len(value) > schema.get("maxItems", len(value)):
            out.append(f"{path}: more than {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                out += errors(item, schema["items"], f"{path}[{i}]")
    return out


def parse_json(content: str, schema: dict[str, Any] | None = None) -> Any:
    """Parse a reply (a ```json fence is tolerated) and validate it against ``schema``."""
    fenced = _FENCE.match(content)
    try:
        data = json.loads(fenced.group(1) if fenced else content)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"reply is not JSON: {exc.msg} at char {exc.pos}") from None
    if schema is not None:
        problems = errors(data, schema)
        if problems:
            raise SchemaError("; ".join(problems[:5]))
    return data

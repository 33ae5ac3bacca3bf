"""One error format for every failed request: RFC 9457 problem details.

``{"type": "about:blank", "title": "Not Found", "status": 404, "detail": "one line"}`` with
``application/problem+json``, whatever failed: bad input, an unknown route or job, a wrong
method, a request that does not validate (its field errors under ``errors``), a body over
the limit, or a fault of the server.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

PROBLEM_TYPE = "application/problem+json"
log = logging.getLogger("citeproof.web")


def problem(status: int, detail: str, **extra: Any) -> dict[str, Any]:
    """The body of a problem response."""
    try:
        title = HTTPStatus(status).phrase
    except ValueError:
        title = "Error"
    return {"type": "about:blank", "title": title, "status": status, "detail": detail, **extra}


def problem_bytes(status: int, detail: str) -> bytes:
    return json.dumps(problem(status, detail)).encode()


def _response(
    status: int, detail: str, headers: Mapping[str, str] | None = None, **extra: Any
) -> JSONResponse:
    return JSONResponse(problem(status, detail, **extra), status, headers=headers, media_type=PROBLEM_TYPE)


def _detail(request: Request, exc: HTTPException) -> str:
    if exc.status_code == 404 and exc.detail == "Not Found":
        return f"no such resource: {request.url.path}"
    if exc.status_code == 405 and exc.detail == "Method Not Allowed":
        allowed = (exc.headers or {}).get("allow") or (exc.headers or {}).get("Allow", "")
        return f"{request.method} is not allowed on {request.url.path}" + (
            f" (use {allowed})" if allowed else ""
        )
    return str(exc.detail)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    return _response(exc.status_code, _detail(request, exc), headers=exc.headers)


def _field(error: Any) -> str:
    where = [str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path", "header")]
    kind = next((p for p in error.get("loc", ()) if p in ("body", "query", "path", "header")), "")
    name = ".".join(where) or "request"
    return (
        f"{kind} parameter {name!r}: {error.get('msg', 'invalid')}" if kind else f"{name}: {error.get('msg')}"
    )


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"field": ".".join(str(p) for p in e.get("loc", ())), "message": e.get("msg", "")}
        for e in exc.errors()
    ]
    detail = "; ".join(_field(e) for e in exc.errors()) or "the request does not validate"
    return _response(422, detail, errors=errors)


async def _server_error(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return _response(500, "internal error: the server could not answer this request")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(Exception, _server_error)

"""REST API under ``/api/v1``: check, background jobs with progress, library, lookup."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any, Literal, TypeVar, cast

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from citeproof.audit.manifest import Input
from citeproof.audit.run import make_manifest
from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.models import Document
from citeproof.core.output.report import render_html
from citeproof.lookup import QueryError, library_info, lookup_citation
from citeproof.web.jobs import Job
from citeproof.web.pool import Busy, Cancelled, Task
from citeproof.web.schemas import (
    CHECK_BODY,
    CheckReport,
    CheckResponse,
    JobOut,
    LibraryInfo,
    LookupResult,
    Problem,
)
from citeproof.web.uploads import document_from_request

router = APIRouter(prefix="/api/v1", tags=["api"])
BAD_INPUT: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        400: "no input or malformed input",
        413: "over the upload size limit, or over a limit of docs/limits.md (characters, citations)",
        415: "unsupported file or content type",
        422: "unreadable document (empty, binary, not UTF-8, corrupt PDF/DOCX)",
        408: "the request body did not arrive and read within the deadline",
        503: "the queue is full or the check ran past its deadline; see Retry-After",
    }.items()
}
T = TypeVar("T")


def _state(request: Request) -> Any:
    return request.app.state.citeproof


@router.post(
    "/check",
    response_model=CheckResponse,
    responses=BAD_INPUT,
    openapi_extra={"requestBody": CHECK_BODY},
    summary="Check a document (file upload or text) and return the JSON report",
)
async def check(
    request: Request,
    format: Literal["json", "html"] = "json",
    details: bool = Query(False, description="add per-citation evidence details"),
) -> Response:
    """Synchronous check; the response is the JSON contract of `citeproof check --format json`."""
    state = _state(request)
    client = _client(request)
    _admit(state, client)
    document = await _read(request, state)
    heavy = state.heavy(document)
    limit = state.limits.request_deadline
    bounds = replace(Limits.from_env(), deadline_seconds=limit)

    def run(task: Task) -> bytes:
        report, evidence = state.runner.run(
            document, task, bounds, heavy=heavy, details=details and format != "html"
        )
        if format == "html":
            return render_html(report).encode()
        body = report.to_json()
        if evidence is not None:
            body["details"] = evidence
        task.check()
        return _json_bytes(body)

    task = _submit(state, run, heavy, limit, client)
    try:
        content = await asyncio.wait_for(asyncio.wrap_future(task.future), limit)
    except asyncio.CancelledError:  # the client went away: stop the check too
        task.cancel("the client disconnected")
        raise
    except LimitExceeded as exc:
        if not task.expired():
            raise HTTPException(413, str(exc)) from None
        task.cancel("deadline passed")
        raise _late(limit, state) from None
    except (TimeoutError, Cancelled):
        task.cancel("deadline passed")
        raise _late(limit, state) from None
    media = "text/html; charset=utf-8" if format == "html" else "application/json"
    return Response(content, media_type=media)


def _late(limit: float, state: Any) -> HTTPException:
    return HTTPException(
        503,
        f"the check did not finish within the {limit:.0f}-s deadline; "
        "send a long document as a background job (POST /api/v1/jobs)",
        headers={"Retry-After": str(state.pool.retry_after())},
    )


def _client(request: Request) -> str | None:
    """The client's address: each has its share of the queue (`WorkerPool`)."""
    return request.client.host if request.client else None


def _admit(state: Any, client: str | None) -> None:
    """503 with Retry-After, before the body is read, when no place is left in the queue
    (or the client has its share already)."""
    if state.pool.full(client):
        why = "the server is busy" if state.pool.full() else "this client has its share of the queue"
        raise _busy(Busy(state.pool.retry_after(), why))


def _busy(exc: Busy) -> HTTPException:
    return HTTPException(503, str(exc), headers={"Retry-After": str(exc.retry_after)})


def _submit(state: Any, fn: Any, heavy: bool, deadline: float, client: str | None) -> Task:
    try:
        return cast(Task, state.pool.submit(fn, heavy=heavy, deadline=deadline, client=client))
    except Busy as exc:
        raise _busy(exc) from None


async def _read(request: Request, state: Any) -> Document:
    """The request's document, or 408 when it takes longer than the read deadline."""
    limit = state.limits.read_deadline
    reading: Awaitable[Document] = document_from_request(request, state.upload_root, state.max_bytes)
    try:
        return await asyncio.wait_for(reading, limit)
    except TimeoutError:
        raise HTTPException(408, f"the request was not received and read within {limit:.0f} s") from None


def _json_bytes(body: Any) -> bytes:
    """JSON as `JSONResponse` writes it, made off the event loop by the caller."""
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


@router.post(
    "/jobs",
    response_model=JobOut,
    status_code=202,
    responses=BAD_INPUT,
    openapi_extra={"requestBody": CHECK_BODY},
    summary="Start a check in the background; poll the job for progress",
)
async def start_job(request: Request) -> JSONResponse:
    state = _state(request)
    client = _client(request)
    _admit(state, client)
    document = await _read(request, state)
    try:
        job = state.jobs.submit(document, client)
    except Busy as exc:
        raise _busy(exc) from None
    return JSONResponse(job.as_json(), status_code=202, headers={"Location": f"/api/v1/jobs/{job.id}"})


def _job(request: Request, job_id: str, finished: bool = False) -> Job:
    job = _state(request).jobs.get(job_id)
    if job is None:
        raise HTTPException(404, f"no job {job_id!r} (jobs are kept for an hour)")
    if finished and job.status != "done":
        raise HTTPException(409, f"job {job_id} is {job.status}, not done")
    return cast(Job, job)


@router.get(
    "/jobs/{job_id}",
    response_model=JobOut,
    responses={404: {"model": Problem}},
    summary="Progress of a background check, and its report once done",
)
async def get_job(request: Request, job_id: str) -> Response:
    job = _job(request, job_id)
    return Response(await run_in_threadpool(_json_bytes, job.as_json()), media_type="application/json")


@router.get(
    "/jobs/{job_id}/report.json",
    response_model=CheckReport,
    responses={404: {"model": Problem}, 409: {"model": Problem}},
    summary="Download a finished job's JSON report",
)
async def job_json(request: Request, job_id: str) -> Response:
    job = _job(request, job_id, finished=True)
    return Response(
        await run_in_threadpool(_json_bytes, job.report_json),
        media_type="application/json",
        headers={"Content-Disposition": 'attachment; filename="citeproof-report.json"'},
    )


@router.get(
    "/jobs/{job_id}/report.html",
    response_class=HTMLResponse,
    responses={404: {"model": Problem}, 409: {"model": Problem}},
    summary="Download a finished job's standalone HTML report",
)
async def job_html(request: Request, job_id: str) -> HTMLResponse:
    job = _job(request, job_id, finished=True)
    assert job.report is not None
    return HTMLResponse(
        await run_in_threadpool(render_html, job.report),
        headers={"Content-Disposition": 'attachment; filename="citeproof-report.html"'},
    )


@router.get(
    "/jobs/{job_id}/manifest.json",
    responses={404: {"model": Problem}, 409: {"model": Problem}},
    summary="Download a finished job's run manifest, for `citeproof audit`",
)
def job_manifest(request: Request, job_id: str) -> JSONResponse:
    """Input hash (of the text read), versions, library snapshot hash, options and verdicts."""
    job = _job(request, job_id, finished=True)
    assert job.report is not None
    document = job.report.document
    given = Input.of_text(document.path or "<text>", document.text)
    manifest = make_manifest([(given, job.report)], _state(request).library, None)
    return JSONResponse(
        manifest, headers={"Content-Disposition": 'attachment; filename="citeproof-manifest.json"'}
    )


@router.get(
    "/library",
    response_model=LibraryInfo,
    summary="The library's snapshot (name, date, counts) and coverage by reporter",
)
def get_library(request: Request) -> dict[str, Any]:
    return library_info(_state(request).library)


@router.get(
    "/citations/lookup",
    response_model=LookupResult,
    responses={422: {"model": Problem}},
    summary="Resolve a citation string and give the verdict on it",
)
def lookup(
    request: Request, cite: str = Query(..., max_length=2000, examples=["Brady v. Maryland, 373 U.S. 83"])
) -> dict[str, Any]:
    try:
        return lookup_citation(_state(request).library, cite)
    except QueryError as exc:
        raise HTTPException(422, str(exc)) from None

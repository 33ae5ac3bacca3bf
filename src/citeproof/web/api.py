"""REST API under ``/api/v1``: check, background jobs with progress, library, lookup."""

from __future__ import annotations

from typing import Any, Literal, cast

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.concurrency import run_in_threadpool

from citeproof.audit.manifest import Input
from citeproof.audit.run import make_manifest
from citeproof.core.pipeline import check_document
from citeproof.core.report import render_html
from citeproof.lookup import QueryError, library_info, lookup_citation
from citeproof.web.evidence import report_details
from citeproof.web.jobs import Job
from citeproof.web.schemas import CHECK_BODY, CheckReport, JobOut, LibraryInfo, LookupResult, Problem
from citeproof.web.uploads import document_from_request

router = APIRouter(prefix="/api/v1", tags=["api"])
BAD_INPUT: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem, "description": text}
    for code, text in {
        400: "no input or malformed input",
        413: "over the upload size limit",
        415: "unsupported file or content type",
        422: "unreadable document (empty, binary, not UTF-8, corrupt PDF/DOCX)",
    }.items()
}


def _state(request: Request) -> Any:
    return request.app.state.citeproof


@router.post(
    "/check",
    response_model=CheckReport,
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
    document = await document_from_request(request, state.upload_root, state.max_bytes)
    report = await run_in_threadpool(check_document, document, state.library)
    if format == "html":
        return HTMLResponse(render_html(report))
    body = report.to_json()
    if details:
        body["details"] = await run_in_threadpool(report_details, report.verdicts, state.library)
    return JSONResponse(body)


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
    document = await document_from_request(request, state.upload_root, state.max_bytes)
    job = state.jobs.submit(document)
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
def get_job(request: Request, job_id: str) -> JSONResponse:
    return JSONResponse(_job(request, job_id).as_json())


@router.get(
    "/jobs/{job_id}/report.json",
    response_model=CheckReport,
    responses={404: {"model": Problem}, 409: {"model": Problem}},
    summary="Download a finished job's JSON report",
)
def job_json(request: Request, job_id: str) -> JSONResponse:
    job = _job(request, job_id, finished=True)
    return JSONResponse(
        job.report_json, headers={"Content-Disposition": 'attachment; filename="citeproof-report.json"'}
    )


@router.get(
    "/jobs/{job_id}/report.html",
    response_class=HTMLResponse,
    responses={404: {"model": Problem}, 409: {"model": Problem}},
    summary="Download a finished job's standalone HTML report",
)
def job_html(request: Request, job_id: str) -> HTMLResponse:
    job = _job(request, job_id, finished=True)
    assert job.report is not None
    return HTMLResponse(
        render_html(job.report),
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

"""Turn a request body (upload, JSON or plain text) into a `Document`, or a clear 4xx.

Uploaded files are copied into a fresh directory under the server's upload root, read, and
deleted before the check starts; nothing else is written.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import tempfile
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any, BinaryIO

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from citeproof.core.models import Document
from citeproof.core.reading.read import ReadError, document_from_text, read_document
from citeproof.web.errors import PROBLEM_TYPE, problem_bytes

MAX_JSON_DEPTH = 32  # {"text": "..."} needs 1; deeper input is refused with 400
ALLOWED_SUFFIXES = {".pdf", ".docx", ".txt", ".text", ".md", ".markdown", ".rst", ".html", ".htm", ""}
MULTIPART_OVERHEAD = 1024 * 1024
CHUNK = 256 * 1024
_READ_LOCK = threading.Lock()  # pdfium is not thread-safe
log = logging.getLogger("citeproof.web")


class InputError(HTTPException):
    """Bad input: an HTTP status and one clear line."""


def _safe_name(filename: str) -> str:
    name = Path(filename.replace("\\", "/")).name
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)[-120:].lstrip(".") or "upload"


def _copy_limited(source: BinaryIO, target: Path, max_bytes: int, name: str) -> None:
    size = 0
    with target.open("wb") as out:
        while chunk := source.read(CHUNK):
            size += len(chunk)
            if size > max_bytes:
                raise InputError(413, f"{name}: upload is over the {max_bytes:,}-byte limit")
            out.write(chunk)


def read_upload(source: BinaryIO, filename: str, upload_root: Path, max_bytes: int) -> Document:
    """Copy an upload into a private temp dir, read it, delete it; raise `InputError`."""
    name = _safe_name(filename)
    suffix = Path(name).suffix.lower()
    if suffix not in ALLOWED_SUFFIXES:
        raise InputError(
            415, f"{name}: unsupported file type {suffix!r}; upload PDF, DOCX, HTML, Markdown or plain text"
        )
    upload_root.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="upload-", dir=upload_root))
    try:
        path = workdir / f"document{suffix}"
        _copy_limited(source, path, max_bytes, name)
        with _READ_LOCK:
            document = read_document(path, max_bytes)
    except ReadError as exc:
        message = str(exc).replace(str(path), name)
        status = 413 if "limit" in message else 422
        raise InputError(status, message) from None
    except InputError:
        raise
    except Exception as exc:  # parsers of untrusted files raise many kinds of errors
        log.warning("unreadable upload %s: %r", name, exc)
        raise InputError(422, f"{name}: not a readable document") from None
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return replace(document, path=name)


def read_text(text: str, max_bytes: int) -> Document:
    if len(text.encode("utf-8", "replace")) > max_bytes:
        raise InputError(413, f"text is over the {max_bytes:,}-byte limit")
    if not text.strip():
        raise InputError(400, "no text given: upload a file or paste the text to check")
    return document_from_text(text)


async def document_from_request(request: Request, upload_root: Path, max_bytes: int) -> Document:
    """The document a POST carries: multipart ``file`` or ``text``, JSON ``{"text"}``, or text."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype in {"multipart/form-data", "application/x-www-form-urlencoded"}:
        return await _from_form(request, upload_root, max_bytes)
    if ctype == "application/json":
        body = await run_in_threadpool(parse_json, await request.body())
        if not isinstance(body, dict) or not isinstance(body.get("text"), str):
            raise InputError(400, 'JSON body must be {"text": "..."}')
        return read_text(body["text"], max_bytes)
    if ctype == "text/plain":
        raw = await request.body()
        try:
            return read_text(raw.decode("utf-8"), max_bytes)
        except UnicodeDecodeError:
            raise InputError(422, "text body is not valid UTF-8") from None
    raise InputError(
        415,
        f"unsupported content type {ctype or 'none'!r}: send multipart/form-data "
        "(file or text), a form, application/json or text/plain",
    )


def parse_json(raw: bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """A JSON body, or `InputError` 400 when it is invalid or nested over ``max_depth``."""
    try:
        body = json.loads(raw)
    except RecursionError:  # the parser's own stack limit, far past ours
        raise InputError(400, f"JSON body is nested deeper than {max_depth} levels") from None
    except ValueError:
        raise InputError(400, "body is not valid JSON") from None
    if _depth(body, max_depth) > max_depth:
        raise InputError(400, f"JSON body is nested deeper than {max_depth} levels")
    return body


def _depth(value: Any, limit: int, level: int = 1) -> int:
    """How deep ``value`` nests (arrays and objects), counted no further than ``limit`` + 1."""
    if level > limit or not isinstance(value, dict | list):
        return level if isinstance(value, dict | list) else level - 1
    children = value.values() if isinstance(value, dict) else value
    return max((_depth(child, limit, level + 1) for child in children), default=level)


async def _from_form(request: Request, upload_root: Path, max_bytes: int) -> Document:
    try:
        form = await request.form(max_files=1, max_fields=8, max_part_size=max_bytes)
    except HTTPException as exc:
        status = 413 if "maximum size" in str(exc.detail) else 400
        raise InputError(status, f"bad form data: {exc.detail}") from None
    try:
        upload, text = form.get("file"), form.get("text")
        if isinstance(upload, UploadFile) and (upload.filename or upload.size):
            return await run_in_threadpool(
                read_upload, upload.file, upload.filename or "", upload_root, max_bytes
            )
        if isinstance(text, str):
            return read_text(text, max_bytes)
        raise InputError(400, "no input: send a 'file' field or a 'text' field")
    finally:
        await form.close()


class _TooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: refuse request bodies over ``max_body`` bytes with 413, early."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app, self.max_body = app, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length", b"")
        if length.isdigit() and int(length) > self.max_body:
            await _refuse(send, self.max_body)
            return
        received = 0

        async def limited() -> Any:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.max_body:
                raise _TooLarge
            return message

        started = False

        async def watch(message: Any) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited, watch)
        except _TooLarge:
            if not started:
                await _refuse(send, self.max_body)


async def _refuse(send: Send, max_body: int) -> None:
    body = problem_bytes(413, f"request body is over the {max_body:,}-byte limit")
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", PROBLEM_TYPE.encode()),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})

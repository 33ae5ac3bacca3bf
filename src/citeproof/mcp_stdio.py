"""The MCP server's stdio transport, answering malformed JSON-RPC as the spec says.

The SDK's stdio transport drops a line it cannot read without a word, so a client waits
forever. Here every line is screened first: one that is not JSON gets ``-32700 Parse
error``; JSON that is not a JSON-RPC 2.0 message (a batch, which MCP does not allow; a
``null`` or non-scalar id; no method; a wrong ``jsonrpc``) gets ``-32600 Invalid Request``,
with the request's id when it has a usable one, else ``null``. Well-formed lines go on to
the SDK unchanged. While serving, fd 1 points at stderr and fd 0 at the null device, so
stray output never reaches the wire.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from io import TextIOWrapper
from typing import Any, cast

import anyio
import mcp_types
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server

PARSE_ERROR, INVALID_REQUEST = -32700, -32600


def error_for(line: str) -> dict[str, Any] | None:
    """The JSON-RPC error response ``line`` deserves, or None for a well-formed message."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return _error(None, PARSE_ERROR, "Parse error: the line is not JSON")
    if isinstance(message, list):
        return _error(None, INVALID_REQUEST, "Invalid Request: batches are not supported by MCP")
    if not isinstance(message, dict):
        return _error(None, INVALID_REQUEST, "Invalid Request: a message is a JSON object")
    ident = message.get("id")
    usable = isinstance(ident, str | int) and not isinstance(ident, bool)
    if "id" in message and not usable:
        return _error(None, INVALID_REQUEST, "Invalid Request: the id must be a string or an integer")
    if message.get("jsonrpc") != "2.0":
        return _error(ident if usable else None, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"')
    try:
        mcp_types.jsonrpc_message_adapter.validate_python(message, by_name=False)
    except ValueError:
        return _error(ident if usable else None, INVALID_REQUEST, "Invalid Request: not a JSON-RPC message")
    return None


def _error(ident: str | int | None, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": message}}


class _Wire:
    """The output side: whole lines, one writer at a time (the SDK's and ours)."""

    def __init__(self, stream: anyio.AsyncFile[str]) -> None:
        self.stream, self.lock = stream, anyio.Lock()

    async def write(self, text: str) -> None:
        async with self.lock:
            await self.stream.write(text)

    async def flush(self) -> None:
        async with self.lock:
            await self.stream.flush()


class _Screened:
    """The input side: well-formed lines pass; each malformed one is answered on the wire."""

    def __init__(self, stream: anyio.AsyncFile[str], wire: _Wire) -> None:
        self.stream, self.wire = stream, wire

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in self.stream:
            if not line.strip():
                continue
            error = error_for(line)
            if error is None:
                yield line
            else:
                await self.wire.write(json.dumps(error) + "\n")
                await self.wire.flush()


@contextmanager
def _claimed_stdio() -> Iterator[tuple[TextIOWrapper, TextIOWrapper]]:
    """The wire's stdin and stdout, with fds 0 and 1 pointed elsewhere until exit."""
    wire_in, wire_out = os.dup(0), os.dup(1)
    sys.stdout.flush()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)
    os.close(null)
    reader = TextIOWrapper(os.fdopen(wire_in, "rb"), encoding="utf-8", errors="replace")
    writer = TextIOWrapper(os.fdopen(wire_out, "wb"), encoding="utf-8", write_through=True)
    try:
        yield reader, writer
    finally:
        os.dup2(wire_in, 0)
        os.dup2(wire_out, 1)
        writer.close()
        reader.close()


async def serve_stdio(server: MCPServer) -> None:
    """Run ``server`` on this process's stdin and stdout until stdin closes."""
    with _claimed_stdio() as (reader, writer):
        wire = _Wire(anyio.wrap_file(writer))
        screened = _Screened(anyio.wrap_file(reader), wire)
        stdin, stdout = cast(anyio.AsyncFile[str], screened), cast(anyio.AsyncFile[str], wire)
        async with stdio_server(stdin=stdin, stdout=stdout) as (read_stream, write_stream):
            lowlevel = server._lowlevel_server
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

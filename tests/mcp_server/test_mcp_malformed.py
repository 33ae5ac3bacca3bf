"""Malformed JSON-RPC sent to the real `citeproof mcp` over stdio gets the spec's error
objects (issue 13): before, an unparsable line, a null id or a batch got no answer at all."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

CLI = ["-c", "from citeproof.cli import main; main()"]
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}
LINES = [
    ("parse", "{not json", -32700, None),
    ("null_id", '{"jsonrpc": "2.0", "id": null, "method": "ping"}', -32600, None),
    ("batch", '[{"jsonrpc": "2.0", "id": 7, "method": "ping"}]', -32600, None),
    ("empty_batch", "[]", -32600, None),
    ("object_id", '{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', -32600, None),
    ("not_an_object", '"ping"', -32600, None),
    ("old_version", '{"jsonrpc": "1.0", "id": 8, "method": "ping"}', -32600, 8),
    ("no_method", '{"jsonrpc": "2.0", "id": 9}', -32600, 9),
]
PING = {"jsonrpc": "2.0", "id": 99, "method": "ping"}


@pytest.fixture(scope="module")
def answers(library_path: Path) -> list[dict]:
    """Initialize, every malformed line, then a ping: the server's answers, in order read."""
    lines = [json.dumps(INIT), *(line for _, line, _, _ in LINES), json.dumps(PING)]
    server = subprocess.Popen(
        [sys.executable, *CLI, "mcp", "--library", str(library_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write("\n".join(lines) + "\n")
    server.stdin.flush()
    out: list[dict] = []
    try:
        replies: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(target=lambda: [replies.put(line) for line in server.stdout], daemon=True)
        reader.start()
        while len(out) < len(lines):  # stdin stays open until every line is answered
            try:
                out.append(json.loads(replies.get(timeout=60)))
            except queue.Empty:
                pytest.fail(f"no answer to {len(lines) - len(out)} of the lines after 60 s: {out}")
    finally:
        server.stdin.close()
        assert server.wait(timeout=30) == 0
    reader.join(timeout=30)
    while not replies.empty():
        out.append(json.loads(replies.get()))
    return out


def test_every_line_gets_exactly_one_answer(answers):
    assert len(answers) == 1 + len(LINES) + 1
    assert all(a["jsonrpc"] == "2.0" for a in answers)


def test_the_server_still_works_after_bad_lines(answers):
    by_id = {a["id"]: a for a in answers if "result" in a}
    assert by_id[1]["result"]["serverInfo"]["name"] == "citeproof"
    assert by_id[99]["result"] == {}


@pytest.mark.parametrize(("name", "code", "ident"), [(n, c, i) for n, _, c, i in LINES])
def test_malformed_lines_get_the_spec_error(answers, name, code, ident):
    errors = [a for a in answers if "error" in a]
    assert len(errors) == len(LINES)
    expected = [(c, i) for _, _, c, i in LINES]
    # the transport answers bad lines in the order they came
    assert [(e["error"]["code"], e["id"]) for e in errors] == expected
    index = [n for n, _, _, _ in LINES].index(name)
    assert errors[index]["error"]["code"] == code and errors[index]["id"] == ident
    assert errors[index]["error"]["message"]

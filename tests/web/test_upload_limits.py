"""Uploads get the input limits of issue 13: a DOCX bomb is refused (413) before any XML is
parsed, and UTF-16 text with a byte-order mark is read."""

from __future__ import annotations

import httpx
import pytest
from tests.briefs import docx_bomb

API = "/api/v1"


@pytest.fixture()
def client(live_server):
    with httpx.Client(base_url=live_server.url, timeout=120) as c:
        yield c
    assert list(live_server.upload_root.iterdir()) == [], "an upload was left behind"


def test_a_docx_bomb_upload_is_refused_with_413(client, tmp_path, monkeypatch):
    bomb = tmp_path / "bomb.docx"
    docx_bomb(bomb, 12)  # small enough for the test server's upload limit once compressed
    monkeypatch.setenv("CITEPROOF_MAX_DOCX_BYTES", str(4 * 1024 * 1024))
    resp = client.post(f"{API}/check", files={"file": ("bomb.docx", bomb.read_bytes())})
    assert resp.status_code == 413, resp.text
    detail = resp.json()["detail"]
    assert "bomb.docx" in detail and "inflated DOCX size is over the limit of 4,194,304 bytes" in detail


def test_a_utf16_upload_is_read(client):
    data = "Miranda v. Arizona, 372 U.S. 335 (1963).".encode("utf-16")
    resp = client.post(f"{API}/check", files={"file": ("brief.txt", data)})
    assert resp.status_code == 200, resp.text
    (c,) = resp.json()["citations"]
    assert (c["text"], c["status"]) == ("372 U.S. 335", "hallucinated")

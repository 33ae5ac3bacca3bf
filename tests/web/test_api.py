"""The REST API over real HTTP on loopback: the contract, bad input, concurrency, OpenAPI."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from citeproof import check
from citeproof.core.reading.read import unwrap_same_length
from citeproof.web.schemas import CheckReport, JobOut, LibraryInfo, LookupResult, Problem

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"
API = "/api/v1"


def _stable(report: dict) -> dict:
    report = {k: v for k, v in report.items() if k != "document"}
    return report


@pytest.fixture(scope="module")
def expected(library) -> dict:
    return check(SAMPLE, library=library).to_json()


@pytest.fixture()
def client(live_server):
    with httpx.Client(base_url=live_server.url, timeout=60) as c:
        yield c
    assert list(live_server.upload_root.iterdir()) == [], "an upload was left behind"


def test_upload_returns_the_json_contract(client, expected):
    resp = client.post(f"{API}/check", files={"file": ("sample_brief.md", SAMPLE.read_bytes())})
    assert resp.status_code == 200, resp.text
    body = resp.json()
    CheckReport.model_validate(body)
    assert body["document"] == {"path": "sample_brief.md", "chars": expected["document"]["chars"], "pages": 0}
    assert _stable(body) == _stable(expected)


@pytest.mark.parametrize(
    "send",
    [
        lambda c, t: c.post(f"{API}/check", data={"text": t}),
        lambda c, t: c.post(f"{API}/check", json={"text": t}),
        lambda c, t: c.post(f"{API}/check", content=t.encode(), headers={"content-type": "text/plain"}),
    ],
    ids=["form", "json", "plain"],
)
def test_pasted_text_gives_the_same_verdicts(client, expected, send):
    resp = send(client, SAMPLE.read_text())
    assert resp.status_code == 200, resp.text
    assert resp.json()["document"]["path"] is None
    assert _stable(resp.json()) == _stable(expected)


def test_html_report_and_details(client):
    html = client.post(f"{API}/check?format=html", data={"text": SAMPLE.read_text()})
    assert html.headers["content-type"].startswith("text/html")
    assert '<mark class="hallucinated"' in html.text
    body = client.post(f"{API}/check?details=true", data={"text": SAMPLE.read_text()}).json()
    by_text = {c["text"]: c["id"] for c in body["citations"]}
    details = body["details"]
    misquote = details[by_text["372 U.S. at 344"]]["quotes"][0]
    assert ["delete", "assist"] in misquote["diff"] and ["insert", "help"] in misquote["diff"]
    assert details[by_text["373 U.S. 83, 91"]]["suggestion"] == "373 U.S. 83, 87"
    assert details[by_text["372 U.S. 335"]]["suggestion"] == "Miranda v. Arizona, 384 U.S. 436 (1966)"
    assert "coverage" in details[by_text["49 F.4th 439, 445"]]["why"]
    pin = details[by_text["347 U.S. at 495"]]["pin"]
    assert pin["page"] == 495 and "inherently unequal" in pin["text"]


BAD_UPLOADS = [
    ("empty.txt", b"", 422, "file is empty"),
    ("brief.txt", bytes(range(256)) * 8, 422, "binary"),
    ("brief.pdf", b"%PDF-1.7 this is not really a PDF" * 10, 422, "not a readable PDF"),
    ("brief.docx", b"PK\x03\x04 not a zip", 422, "not a readable DOCX"),
    ("latin1.txt", "Société Générale v. Café, 1 U.S. 1".encode("latin-1"), 422, "not valid UTF-8"),
    ("photo.png", b"\x89PNG\r\n\x1a\n" + b"0" * 100, 415, "unsupported file type"),
    ("tool.exe", b"MZ" + b"0" * 100, 415, "unsupported file type"),
    ("big.txt", b"Roe v. Wade, 410 U.S. 113 (1973). " * 3000, 413, "limit"),
]


@pytest.mark.parametrize(("name", "data", "status", "message"), BAD_UPLOADS, ids=[b[0] for b in BAD_UPLOADS])
def test_bad_uploads_get_a_clear_4xx(client, live_server, name, data, status, message):
    resp = client.post(f"{API}/check", files={"file": (name, data)})
    assert resp.status_code == status, resp.text
    detail = resp.json()["detail"]
    assert message in detail and name in detail
    assert str(live_server.upload_root) not in detail  # no server paths leak


def test_bodies_over_the_limit_are_refused_before_reading(client, live_server):
    huge = b"x" * (live_server.max_bytes + 2 * 1024 * 1024)
    resp = client.post(f"{API}/check", files={"file": ("huge.txt", huge)})
    assert resp.status_code == 413 and "limit" in resp.json()["detail"]

    def chunks():  # no Content-Length: the limit is enforced while streaming
        for _ in range(40):
            yield b"y" * 100_000

    resp = client.post(f"{API}/check", content=chunks(), headers={"content-type": "text/plain"})
    assert resp.status_code == 413


@pytest.mark.parametrize(
    ("kwargs", "status"),
    [
        ({"data": {"other": "x"}, "files": {"nothing": ("a.txt", b"a")}}, 400),
        ({"data": {"text": "   "}}, 400),
        ({"content": b"{not json", "headers": {"content-type": "application/json"}}, 400),
        ({"json": {"txt": "x"}}, 400),
        ({"content": b"x", "headers": {"content-type": "application/xml"}}, 415),
        ({"content": b"\xff\xfe", "headers": {"content-type": "text/plain"}}, 422),
    ],
)
def test_malformed_requests(client, kwargs, status):
    resp = client.post(f"{API}/check", **kwargs)
    assert resp.status_code == status, resp.text
    assert resp.json()["detail"]


def test_concurrent_checks_each_get_their_own_report(client, live_server, library):
    texts = [
        SAMPLE.read_text(),
        "Gideon v. Wainwright, 372 U.S. 335, 344 (1963).",
        "Miranda v. Arizona, 372 U.S. 335 (1963).",
        "Harmon v. Lakeview Holdings, Inc., 359 Ill. App. 3d 927, 931 (2005).",
    ]
    expected = [_stable(check(t, library=library).to_json()) for t in texts]
    jobs = [i % len(texts) for i in range(16)]

    def post(i: int) -> dict:
        with httpx.Client(base_url=live_server.url, timeout=60) as c:
            return c.post(f"{API}/check", data={"text": texts[i]}).json()

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(post, jobs))
    for i, body in zip(jobs, results, strict=True):
        assert _stable(body) == expected[i]


def test_job_reports_progress_then_the_result(client, expected):
    text = (SAMPLE.read_text() + "\n\n") * 12
    start = client.post(f"{API}/jobs", files={"file": ("long.md", text.encode())})
    assert start.status_code == 202, start.text
    job = start.json()
    seen = [job["status"]]
    deadline = time.monotonic() + 60
    while job["status"] not in {"done", "failed"} and time.monotonic() < deadline:
        time.sleep(0.05)
        job = client.get(job["links"]["self"]).json()
        seen.append(job["status"])
    JobOut.model_validate(job)
    assert job["status"] == "done", job
    assert job["progress"]["done"] == job["progress"]["total"] == len(job["report"]["citations"])
    assert job["text"] == unwrap_same_length(text)  # the text the spans index into
    assert job["report"]["summary"] == {k: v * 12 for k, v in expected["summary"].items()}
    assert set(seen) <= {"queued", "extracting", "checking", "done"}
    html = client.get(job["links"]["html"])
    assert "attachment" in html.headers["content-disposition"]
    assert '<mark class="hallucinated"' in html.text
    assert client.get(job["links"]["json"]).json() == job["report"]
    assert client.get(f"{API}/jobs/nope").status_code == 404


def test_library(client, library):
    body = client.get(f"{API}/library").json()
    LibraryInfo.model_validate(body)
    snap = library.snapshot()
    assert (body["name"], body["cases"]) == (snap.name, snap.cases)
    assert any(row["reporter"] == "U.S." for row in body["coverage"])


def test_lookup(client):
    resp = client.get(f"{API}/citations/lookup", params={"cite": "Miranda v. Arizona, 372 U.S. 335"})
    body = resp.json()
    LookupResult.model_validate(body)
    [cite] = body["citations"]
    assert cite["status"] == "hallucinated" and cite["resolved"]["name"] == "Gideon v. Wainwright"
    assert cite["errors"][0]["kind"] == "name_mismatch"
    found = client.get(f"{API}/citations/lookup", params={"cite": "373 U.S. 83"}).json()
    assert found["citations"][0]["resolution"] == "found"
    assert found["citations"][0]["resolved"]["name"] == "Brady v. Maryland"
    outside = client.get(f"{API}/citations/lookup", params={"cite": "49 F.4th 439"}).json()
    assert outside["citations"][0]["status"] == "unverifiable"
    assert outside["citations"][0]["reason"] == "not_in_coverage"
    none = client.get(f"{API}/citations/lookup", params={"cite": "no citation here"})
    assert none.status_code == 422 and "no citation found" in none.json()["detail"]


def test_a_citation_of_an_overruled_case_carries_its_treatment(client):
    body = client.post(f"{API}/check", json={"text": "Roe v. Wade, 410 U.S. 113 (1973).\n"}).json()
    CheckReport.model_validate(body)
    (roe,) = body["citations"]
    assert (roe["status"], roe["treatment"]["overruled_by"], roe["treatment"]["scope"]) == (
        "verified",
        "597 U.S. 215",
        "whole",
    )
    assert body["summary"]["overruled"] == 1
    found = client.get(f"{API}/citations/lookup", params={"cite": "Roe v. Wade, 410 U.S. 113"}).json()
    LookupResult.model_validate(found)
    assert found["citations"][0]["treatment"]["name"] == "Dobbs v. Jackson Women's Health Organization"


def test_openapi_schema(client):
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in [
        "/api/v1/check",
        "/api/v1/jobs",
        "/api/v1/jobs/{job_id}",
        "/api/v1/library",
        "/api/v1/citations/lookup",
        "/api/v1/jobs/{job_id}/report.html",
    ]:
        assert path in paths, path
    body = paths["/api/v1/check"]["post"]["requestBody"]["content"]
    assert {"multipart/form-data", "application/json", "text/plain"} <= set(body)
    assert {"413", "415", "422"} <= set(paths["/api/v1/check"]["post"]["responses"])
    assert "CheckReport" in schema["components"]["schemas"]


def test_page_and_assets_are_served_locally(client):
    page = client.get("/")
    assert page.status_code == 200 and "citeproof" in page.text
    assert 'accept=".docx,.htm,.html,.markdown,.md,.pdf,.rst,.text,.txt"' in page.text  # the server's list
    assert 'href="docs"' in page.text and "{{" not in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # no external asset
    for asset in ["static/app.js", "static/app.css"]:
        resp = client.get(f"/{asset}")
        assert resp.status_code == 200 and "//cdn" not in resp.text


def test_a_job_manifest_is_audited_by_the_cli(client, tmp_path):
    """The page's "download manifest": the CLI re-runs it over the same brief and agrees."""
    from click.testing import CliRunner

    from citeproof.cli import main

    start = client.post(f"{API}/jobs", files={"file": ("brief.md", SAMPLE.read_bytes())})
    job = start.json()
    deadline = time.monotonic() + 60
    while job["status"] not in {"done", "failed"} and time.monotonic() < deadline:
        time.sleep(0.05)
        job = client.get(job["links"]["self"]).json()
    manifest = client.get(job["links"]["manifest"])
    assert manifest.status_code == 200 and "attachment" in manifest.headers["content-disposition"]
    body = manifest.json()
    assert body["inputs"][0]["of"] == "text" and body["library"]["content_hash"].startswith("sha256:")
    assert len(body["verdicts"]) == len(job["report"]["citations"])
    path = tmp_path / "run.json"
    path.write_text(manifest.text)
    result = CliRunner().invoke(main, ["audit", str(path), str(SAMPLE)])
    assert result.exit_code == 0 and "SAME VERDICTS" in result.stdout, result.output


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_api_docs_are_served_from_the_package(client, page):
    resp = client.get(page)
    assert resp.status_code == 200 and "/openapi.json" in resp.text
    assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", resp.text)
    assets += re.findall(r"""url: *["']([^"']+)["']""", resp.text)
    assert assets and all(a.startswith("/") for a in assets), assets  # nothing from another host
    for asset in assets:
        got = client.get(asset)
        assert got.status_code == 200 and len(got.content) > 100, asset


ERRORS = [
    ("no input", lambda c: c.post(f"{API}/check", data={"text": "  "}), 400, "no text given"),
    ("unknown route", lambda c: c.get(f"{API}/nothing-here"), 404, "no such resource: /api/v1/nothing-here"),
    ("unknown job", lambda c: c.get(f"{API}/jobs/0123abcd"), 404, "no job '0123abcd'"),
    ("unknown asset", lambda c: c.get("/static/missing.js"), 404, "/static/missing.js"),
    ("wrong method", lambda c: c.get(f"{API}/check"), 405, "GET is not allowed on /api/v1/check (use POST)"),
    (
        "missing query",
        lambda c: c.get(f"{API}/citations/lookup"),
        422,
        "query parameter 'cite': Field required",
    ),
    ("bad query", lambda c: c.post(f"{API}/check?format=pdf", data={"text": "x"}), 422, "'format'"),
    (
        "no citation",
        lambda c: c.get(f"{API}/citations/lookup", params={"cite": "nothing"}),
        422,
        "no citation",
    ),
    (
        "over the limit",
        lambda c: c.post(
            f"{API}/check", content=b"x" * (3 * 1024 * 1024), headers={"content-type": "text/plain"}
        ),
        413,
        "byte limit",
    ),
    (
        "bad type",
        lambda c: c.post(f"{API}/check", files={"file": ("a.png", b"x")}),
        415,
        "unsupported file type",
    ),
]


@pytest.mark.parametrize(("why", "send", "status", "words"), ERRORS, ids=[e[0] for e in ERRORS])
def test_every_error_has_one_format(client, why, send, status, words):
    resp = send(client)
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"] == "application/problem+json"
    body = resp.json()
    assert Problem.model_validate(body)
    assert body["status"] == status and body["type"] == "about:blank" and body["title"]
    assert isinstance(body["detail"], str) and words in body["detail"], body
    if status == 422 and "errors" in body:
        assert all(set(e) == {"field", "message"} for e in body["errors"])

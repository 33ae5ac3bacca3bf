"""Issue 13 on the command line: bombs and bad input fail loudly with exit 2 and one line,
never exit 1 (hallucinated); the exit code orders hallucinated before failed."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.briefs import docx_bomb

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sample_brief.md"
GOOD = "Brady v. Maryland, 373 U.S. 83, 87 (1963)."
BAD = "Miranda v. Arizona, 372 U.S. 335 (1963)."  # 372 U.S. 335 is Gideon


def run(*args: str, stdin: bytes | None = None, env: dict[str, str] | None = None):
    return subprocess.run(
        [sys.executable, "-m", "citeproof", *args], input=stdin, capture_output=True, timeout=120, env=env
    )


def one_line(stderr: bytes) -> str:
    lines = stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in lines[0], stderr.decode()
    return lines[0]


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in {"good.txt": GOOD, "bad.txt": BAD}.items():
        out[name] = tmp_path / name
        out[name].write_text(text)
    out["empty.txt"] = tmp_path / "empty.txt"
    out["empty.txt"].write_text("")
    return out


def test_exit_one_when_anything_is_hallucinated_even_after_a_failure(files):
    result = run("check", str(files["empty.txt"]), str(files["bad.txt"]), "--format", "json")
    assert result.returncode == 1
    assert json.loads(result.stdout)["summary"]["hallucinated"] == 1
    assert "file is empty" in one_line(result.stderr)


def test_exit_two_when_something_failed_and_nothing_is_hallucinated(files):
    result = run("check", str(files["good.txt"]), str(files["empty.txt"]), str(files["good.txt"]))
    assert result.returncode == 2 and result.stdout.decode().count("1 verified") == 2


def test_a_docx_bomb_is_refused_with_one_line_and_the_next_file_is_checked(tmp_path, files):
    bomb = tmp_path / "bomb.docx"
    docx_bomb(bomb, 256)
    assert bomb.stat().st_size < 2 * 1024 * 1024
    result = run("check", str(bomb), str(files["good.txt"]), "--max-docx-ratio", "0")
    assert result.returncode == 2
    line = one_line(result.stderr)
    assert "inflated DOCX size is over the limit of 104,857,600 bytes" in line and "--max-docx-bytes" in line
    assert "1 verified" in result.stdout.decode()


def test_a_docx_that_inflates_past_a_hundred_times_its_size_is_refused_before_it_is_parsed(tmp_path):
    """Issue 30: a 326 KB DOCX under the size limit took 3.1 GB to read. Reading takes memory
    in proportion to the XML, so the XML may be at most 100 times the file (past 10 MiB)."""
    from citeproof.core.limits import Limits
    from citeproof.core.reading.read import InputTooLarge, read_document

    bomb = tmp_path / "dense.docx"
    docx_bomb(bomb, 12)  # 12 MiB of XML, far under the 100 MiB limit, in a file of some kilobytes
    size = bomb.stat().st_size
    assert 100 * size < 10 * 1024 * 1024
    message = f"inflated DOCX size is over the limit of 100 times its file size of {size:,} bytes (10,485,760"
    with pytest.raises(InputTooLarge, match=re.escape(message)):
        read_document(bomb)
    assert len(read_document(bomb, limits=Limits(max_docx_ratio=0, max_chars=0)).text) > 12_000_000
    result = run("check", str(bomb))
    assert result.returncode == 2 and "--max-docx-ratio or $CITEPROOF_MAX_DOCX_RATIO" in one_line(
        result.stderr
    )


def test_the_inflation_is_streamed_and_stopped_at_the_limit(tmp_path):
    from citeproof.core.limits import LimitExceeded
    from citeproof.core.reading.safe_zip import declared_size, inflate_all

    bomb = tmp_path / "bomb.docx"
    docx_bomb(bomb, 8)
    data = bomb.read_bytes()
    total = inflate_all(data, 0)
    assert total == declared_size(data) > 8 * 1024 * 1024
    with pytest.raises(LimitExceeded, match="[0-9,]+ bytes inflated so far"):
        inflate_all(data, 4 * 1024 * 1024)


def test_a_corrupt_library_fails_the_file_with_exit_two_and_one_line(tmp_path, library_path, files):
    corrupt = tmp_path / "corrupt.sqlite"
    shutil.copy(library_path, corrupt)
    rng = random.Random(13)
    size = corrupt.stat().st_size
    with corrupt.open("r+b") as f:  # interior pages overwritten; the header page is intact
        for start in range(4096 * 2, size, 4096 * 3):
            f.seek(start)
            f.write(rng.randbytes(4096))
    result = run("check", str(SAMPLE), str(files["good.txt"]), "--library", str(corrupt))
    assert result.returncode == 2
    lines = result.stderr.decode().strip().splitlines()
    assert lines and all("Traceback" not in x and "DatabaseError" in x for x in lines)
    debug = run("check", str(SAMPLE), "--library", str(corrupt), "--debug")
    assert debug.returncode == 2 and "Traceback" in debug.stderr.decode()
    info = run("library", "info", "--library", str(corrupt), "--verify")  # any command, not only check
    assert info.returncode == 2 and "DatabaseError" in one_line(info.stderr)
    info = run("--debug", "library", "info", "--library", str(corrupt), "--verify")
    assert info.returncode == 2 and "Traceback" in info.stderr.decode()


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "no input (empty)"),
        (b"\x00" * (1024 * 1024), "binary"),
        (bytes(range(256)) * 64, "binary"),
        (b"   \n\n  ", "no text found"),
    ],
)
def test_stdin_gets_the_checks_a_file_gets(data, message):
    result = run("check", "-", stdin=data)
    assert result.returncode == 2 and message in one_line(result.stderr)


def test_stdin_of_a_hundred_megabytes_of_nuls_is_refused_at_the_size_limit():
    result = run("check", "-", stdin=b"\x00" * (100 * 1024 * 1024))
    assert result.returncode == 2 and "over the limit of 26,214,400" in one_line(result.stderr)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_with_a_byte_order_mark_are_read_from_files_and_streams(tmp_path, encoding):
    import io

    from citeproof.core.reading.read import document_from_stream, read_document

    data = ("" if encoding in ("utf-16", "utf-32") else "\ufeff").encode(encoding) + BAD.encode(encoding)
    path = tmp_path / "brief.txt"
    path.write_bytes(data)
    assert read_document(path).text == BAD
    assert document_from_stream(io.BytesIO(data), "<stdin>").text == BAD


def test_utf16_on_stdin_is_checked():
    result = run("check", "-", "--format", "json", stdin=BAD.encode("utf-16"))
    assert result.returncode == 1, result.stderr
    (c,) = json.loads(result.stdout)["citations"]
    assert c["text"] == "372 U.S. 335" and c["span"] == [20, 32]


def test_limits_come_from_options_and_the_environment(files):
    import os

    over = run("check", str(files["good.txt"]), "--max-citations", "0", "--max-chars", "10")
    assert over.returncode == 2 and "--max-chars or $CITEPROOF_MAX_CHARS" in one_line(over.stderr)
    env = {**os.environ, "CITEPROOF_MAX_CITATIONS": "0"}
    assert run("check", str(files["good.txt"]), env=env).returncode == 0  # 0: no limit
    env["CITEPROOF_MAX_CHARS"] = "10"
    assert run("check", str(files["good.txt"]), env=env).returncode == 2
    assert run("check", str(files["good.txt"]), "--max-chars", "100", env=env).returncode == 0
    env["CITEPROOF_MAX_CHARS"] = "many"
    bad = run("check", str(files["good.txt"]), env=env)
    assert bad.returncode == 2 and "CITEPROOF_MAX_CHARS" in one_line(bad.stderr)


def test_pdf_pages_citations_and_the_deadline_are_limited(tmp_path, library):
    import pypdfium2 as pdfium

    from citeproof.core.limits import LimitExceeded, Limits
    from citeproof.core.pipeline import check_document
    from citeproof.core.reading.read import InputTooLarge, ReadError, document_from_text, read_document

    pdf = pdfium.PdfDocument.new()
    for _ in range(3):
        pdf.new_page(612, 792)
    path = tmp_path / "three.pdf"
    pdf.save(str(path))
    with pytest.raises(InputTooLarge, match="PDF pages: 3 is over the limit of 2"):
        read_document(path, limits=Limits(max_pdf_pages=2))
    with pytest.raises(ReadError, match="no text found"):  # within the limit: read, and it is blank
        read_document(path, limits=Limits(max_pdf_pages=3))
    doc = document_from_text(f"{GOOD} {BAD}")
    with pytest.raises(LimitExceeded, match="citations found: 2 is over the limit of 1"):
        check_document(doc, library, limits=Limits(max_citations=1))
    with pytest.raises(LimitExceeded, match="deadline"):
        check_document(doc, library, limits=Limits(deadline_seconds=1e-9))
    assert len(check_document(doc, library, limits=Limits(max_citations=2)).verdicts) == 2


def test_the_python_api_takes_limits(library, tmp_path):
    import citeproof

    path = tmp_path / "brief.txt"
    path.write_text(f"{GOOD} {BAD}")
    with pytest.raises(citeproof.LimitExceeded, match="characters of text"):
        citeproof.check(path, library=library, limits=citeproof.Limits(max_chars=20))
    with pytest.raises(citeproof.LimitExceeded, match="citations found: 2"):
        citeproof.check(f"{GOOD} {BAD}\n", library=library, limits=citeproof.Limits(max_citations=1))
    assert len(citeproof.check(path, library=library, limits=citeproof.Limits()).verdicts) == 2


@pytest.mark.parametrize(
    "args",
    [
        ("{brief}", "--out", "{brief}"),
        ("{brief}", "--out", "{link}", "--format", "json"),
        ("{brief}", "--jobs", "1", "--out", "{brief}"),
        ("{folder}", "--out", "{brief}"),
        ("{folder}/*.txt", "--out", "{brief}"),
        ("{brief}", "--manifest", "{brief}"),
    ],
    ids=["out", "a link to it", "batch", "a file of the folder", "a file of the glob", "manifest"],
)
def test_no_output_ever_overwrites_an_input(tmp_path, args):
    """--out (or --manifest) naming an input, under any name, in a single check or a batch:
    exit 2 with one clear line, and the brief untouched."""
    folder = tmp_path / "briefs"
    folder.mkdir()
    brief = folder / "brief.txt"
    brief.write_text(BAD)
    (folder / "other.txt").write_text(GOOD)
    (tmp_path / "link.txt").symlink_to(brief)
    names = {"brief": str(brief), "link": str(tmp_path / "link.txt"), "folder": str(folder)}
    result = run("check", *(a.format(**names) for a in args))
    assert result.returncode == 2
    assert "would overwrite" in result.stderr.decode() and "Traceback" not in result.stderr.decode()
    assert brief.read_text() == BAD

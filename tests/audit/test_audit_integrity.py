"""Issue 30 item 2: an audit that recomputes what it reports. A rewritten manifest is caught
without a signature, the library hash is computed (never copied from the library's meta), key
files are trusted only when they are private regular files, reads are bounded, and a
manifest names no absolute path of the machine that made it."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.library_hash import hashed

from citeproof.audit.manifest import canonical, manifest_digest, sha256_hex
from citeproof.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "sample_brief.md"


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _subprocess(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "citeproof", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture
def brief(tmp_path: Path) -> Path:
    path = tmp_path / "brief.md"
    shutil.copy(SAMPLE, path)
    return path


def _manifest(tmp_path: Path, brief: Path, *extra: str, name: str = "run.json") -> dict:
    path = tmp_path / name
    code, _, err = _cli("check", str(brief), "--quiet", "--format", "json", "--manifest", str(path), *extra)
    assert code in (0, 1), err
    return json.loads(path.read_text())


def _forge(manifest: dict) -> int:
    """Every hallucinated verdict rewritten as verified; how many were."""
    flipped = [r for r in manifest["verdicts"] if r["status"] == "hallucinated"]
    for record in flipped:
        record["status"], record["kinds"] = "verified", []
    return len(flipped)


# -- the digests are recomputed ---------------------------------------------------------------


def test_an_unsigned_manifest_with_rewritten_verdicts_is_refused(tmp_path, brief):
    manifest = _manifest(tmp_path, brief)
    assert _forge(manifest) >= 1
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    code, out, err = _cli("audit", str(tmp_path / "run.json"), str(brief))
    assert code == 2, out + err
    assert "SAME" not in out and "verdicts_digest" in err and "does not match" in err


def test_a_signature_stripped_manifest_with_rewritten_verdicts_is_refused(tmp_path, brief):
    key = tmp_path / "court.key"
    assert _cli("keys", "new", str(key))[0] == 0
    manifest = _manifest(tmp_path, brief, "--sign", str(key))
    del manifest["signature"]
    _forge(manifest)
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    code, out, err = _cli("audit", str(tmp_path / "run.json"), str(brief))
    assert code == 2 and "SAME" not in out and "verdicts_digest" in err


def test_a_changed_field_outside_the_verdicts_fails_the_digest(tmp_path, brief):
    manifest = _manifest(tmp_path, brief)
    manifest["library"]["cases"] += 1  # the digest covers everything but time, place, signature
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    code, out, err = _cli("audit", str(tmp_path / "run.json"), str(brief), "--format", "json")
    assert code == 2 and out == "" and "digest" in err and "does not match" in err


def test_a_forgery_with_both_digests_recomputed_still_differs(tmp_path, brief):
    manifest = _manifest(tmp_path, brief)
    flipped = _forge(manifest)
    manifest["verdicts_digest"] = sha256_hex(canonical(manifest["verdicts"]))
    manifest["digest"] = manifest_digest(manifest)
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    code, out, _ = _cli("audit", str(tmp_path / "run.json"), str(brief))
    assert code == 1 and f"DIFFERENT: {flipped} citation(s) changed verdict" in out


# -- the library's hash is computed when the manifest is written -------------------------------


def _drop_a_verified_case(path: Path, manifest: dict) -> None:
    """Delete one case the check verified, leaving the library's recorded hash as it was."""
    case_id = next(r["authority"] for r in manifest["verdicts"] if r["status"] == "verified")
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM citations WHERE case_id = ?", (case_id,))
    conn.execute("DELETE FROM cases WHERE id = ?", (case_id,))
    conn.commit()
    conn.close()


def test_a_check_against_an_edited_library_names_it_in_the_manifest(tmp_path, brief, library_path):
    genuine = _manifest(tmp_path, brief, name="genuine.json")
    edited = tmp_path / "edited.sqlite"
    shutil.copy(library_path, edited)
    _drop_a_verified_case(edited, genuine)
    path = tmp_path / "edited.json"
    code, _, err = _cli("check", str(brief), "--quiet", "--library", str(edited), "--manifest", str(path))
    assert code == 1
    manifest = json.loads(path.read_text())
    assert manifest["library"]["content_hash"] == hashed(edited) != genuine["library"]["content_hash"]
    assert manifest["library"]["built_hash"] == genuine["library"]["content_hash"]
    assert "edited.sqlite was changed after it was built" in err  # said at check time
    # the audit of the manifest names the edit, whatever library it is re-run on
    code, out, _ = _cli("audit", str(path), str(brief), "--library", str(edited))
    assert code == 0 and "SAME VERDICTS" in out and "changed after it was built" in out


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(tmp_path, brief, library_path):
    copy = tmp_path / "lib.sqlite"
    shutil.copy(library_path, copy)
    first = _manifest(tmp_path, brief, "--library", str(copy), name="first.json")
    assert "built_hash" not in first["library"]  # remembered for this file as it is now
    before = copy.stat()
    _drop_a_verified_case(copy, first)
    os.utime(copy, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (copy.stat().st_size, copy.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    second = _manifest(tmp_path, brief, "--library", str(copy), name="second.json")
    assert second["library"]["content_hash"] == hashed(copy) != first["library"]["content_hash"]


# -- no place of the machine in a manifest ----------------------------------------------------


def test_a_manifest_names_no_absolute_path(tmp_path, brief, library_path):
    _manifest(tmp_path, brief)
    text = (tmp_path / "run.json").read_text()
    assert str(tmp_path) not in text and str(library_path.parent) not in text
    manifest = json.loads(text)
    assert manifest["inputs"][0]["name"] == "brief.md"
    assert manifest["where"] == {"library_file": library_path.name}
    code, out, _ = _cli("audit", str(tmp_path / "run.json"), str(brief))  # the default library
    assert code == 0 and "SAME VERDICTS" in out


# -- keys and bounded reads -------------------------------------------------------------------


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another user")
def test_a_private_key_owned_by_another_user_is_refused(tmp_path, brief):
    key = tmp_path / "court.key"
    assert _cli("keys", "new", str(key))[0] == 0
    os.chown(key, 65534, 65534)  # mode 0600, but not this user's
    manifest = tmp_path / "m.json"
    code, _, err = _cli("check", str(brief), "--quiet", "--manifest", str(manifest), "--sign", str(key))
    assert code == 2 and "owned by another user" in err and not manifest.exists()


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_a_fifo_as_the_manifest_fails_fast(tmp_path, brief):
    result = _subprocess("audit", str(_fifo(tmp_path / "run.json")), str(brief), timeout=60)
    assert result.returncode == 2 and "not a regular file" in result.stderr


def test_dev_zero_as_the_manifest_fails_fast(brief):
    result = _subprocess("audit", "/dev/zero", str(brief), timeout=60)
    assert result.returncode == 2 and "not a regular file" in result.stderr


def test_a_manifest_larger_than_any_manifest_is_refused(tmp_path, brief):
    manifest = _manifest(tmp_path, brief)
    big = tmp_path / "big.json"
    with big.open("w") as fh:  # valid JSON: the manifest after 80 MB of spaces
        fh.write(" " * (80 << 20))
        json.dump(manifest, fh)
    code, _, err = _cli("audit", str(big), str(brief))
    assert code == 2 and "too large for a manifest" in err


def test_a_fifo_as_an_audited_input_is_not_reproducible(tmp_path, brief):
    _manifest(tmp_path, brief)
    fifo = _fifo(tmp_path / "input.md")  # open() would wait for a writer forever
    result = _subprocess("audit", str(tmp_path / "run.json"), str(fifo), timeout=60)
    assert result.returncode == 2 and "NOT REPRODUCIBLE" in result.stdout
    assert "not a regular file" in result.stdout


def test_a_bad_signing_key_fails_before_the_check(tmp_path, brief):
    key = tmp_path / "court.key"
    assert _cli("keys", "new", str(key))[0] == 0
    key.chmod(0o644)
    code, out, err = _cli("check", str(brief), "--manifest", str(tmp_path / "m.json"), "--sign", str(key))
    assert code == 2 and "can be read by others" in err
    assert out == ""  # no report made and then left without its manifest


def test_a_manifest_path_that_is_a_link_is_refused_before_the_check(tmp_path, brief):
    victim = tmp_path / "notes.txt"
    victim.write_text("the user's own notes\n")
    link = tmp_path / "run.json"
    link.symlink_to(victim)
    code, out, err = _cli("check", str(brief), "--quiet", "--format", "json", "--manifest", str(link))
    assert code == 2 and "symbolic link" in err
    assert out == ""  # refused before any report
    assert victim.read_text() == "the user's own notes\n" and link.is_symlink()


def test_a_manifest_is_written_whole_and_leaves_no_temporary_file(tmp_path, brief):
    (tmp_path / "run.json").write_text("an older manifest")
    manifest = _manifest(tmp_path, brief)
    assert manifest["verdicts"] and (tmp_path / "run.json").stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brief.md", "run.json"]


def test_a_link_planted_after_the_check_started_is_not_followed(tmp_path):
    from citeproof.audit.files import UnsafeFile
    from citeproof.audit.manifest import write_manifest

    victim = tmp_path / "victim"
    victim.write_text("keep")
    (tmp_path / "m.json").symlink_to(victim)
    with pytest.raises(UnsafeFile, match="symbolic link"):
        write_manifest({"manifest_version": 1}, tmp_path / "m.json")
    assert victim.read_text() == "keep"

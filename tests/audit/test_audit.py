"""Issue 19: snapshot hashes, run manifests, signatures and ``citeproof audit``, end to end."""

from __future__ import annotations

import json
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from citeproof.audit.manifest import manifest_digest
from citeproof.cli import main
from citeproof.library.build import build_library
from citeproof.library.content_hash import content_hash
from citeproof.library.default import bundled_data_dir
from citeproof.library.sqlite import SQLiteLibrary

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "sample_brief.md"


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def brief(tmp_path: Path) -> Path:
    path = tmp_path / "brief.md"
    shutil.copy(SAMPLE, path)
    return path


@pytest.fixture
def keys(tmp_path: Path) -> tuple[Path, Path]:
    private = tmp_path / "court.key"
    code, out, err = _cli("keys", "new", str(private))
    assert code == 0, err
    return private, Path(str(private) + ".pub")


def _manifest(tmp_path: Path, brief: Path, *extra: str, name: str = "run.json") -> dict:
    path = tmp_path / name
    code, _, err = _cli("check", str(brief), "--quiet", "--format", "json", "--manifest", str(path), *extra)
    assert code in (0, 1), err
    return json.loads(path.read_text())


def test_the_same_data_gives_the_same_hash_whatever_the_name_or_build_time(tmp_path, library):
    other = tmp_path / "other.sqlite"
    build_library([bundled_data_dir()], other, name="another-name")
    again = SQLiteLibrary(other).snapshot()
    assert again.content_hash == library.snapshot().content_hash
    assert again.content_hash.startswith("sha256:") and len(again.content_hash) == 7 + 64
    assert again.name != library.snapshot().name


def test_the_hash_is_in_every_output_format(brief, library):
    snap = library.snapshot().content_hash
    for fmt in ("text", "markdown", "html"):
        _, out, _ = _cli("check", str(brief), "--quiet", "--format", fmt)
        assert snap[:19] in out, fmt
    _, out, _ = _cli("check", str(brief), "--quiet", "--format", "json")
    assert json.loads(out)["library"]["content_hash"] == snap
    _, out, _ = _cli("library", "info", "--format", "json")
    assert json.loads(out)["content_hash"] == snap


def test_the_html_report_links_its_manifest(tmp_path, brief, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = _cli("check", str(brief), "--quiet", "--format", "html", "--manifest", "run.json")
    assert code in (0, 1)
    footer = out[out.index("<footer>") : out.index("</footer>")]
    assert "href='run.json' download" in footer and "sha256:" in footer


def test_same_inputs_give_the_same_manifest_digest(tmp_path, brief, library):
    first = _manifest(tmp_path, brief, name="a.json")
    second = _manifest(tmp_path, brief, name="b.json")
    assert first["digest"] == second["digest"]
    assert first["verdicts_digest"] == second["verdicts_digest"]
    assert first["library"]["content_hash"] == library.snapshot().content_hash
    assert first["inputs"][0]["sha256"].startswith("sha256:")
    assert set(first["versions"]) == {"citeproof", "eyecite", "reporters-db", "courts-db"}
    assert len(first["verdicts"]) >= 10


def test_audit_reproduces_an_offline_run_exactly(tmp_path, brief, keys):
    private, public = keys
    _manifest(tmp_path, brief, "--sign", str(private))
    code, out, err = _cli("audit", str(tmp_path / "run.json"), str(brief), "--key", str(public))
    assert code == 0, out + err
    assert "SAME VERDICTS" in out and "signature valid" in out


def _verified_case(manifest: dict) -> tuple[str, str]:
    record = next(r for r in manifest["verdicts"] if r["status"] == "verified" and r["authority"])
    return record["authority"], record["text"]


def _drop_case(path: Path, case_id: str, rehash: bool) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM citations WHERE case_id = ?", (case_id,))
    conn.execute("DELETE FROM cases WHERE id = ?", (case_id,))
    if rehash:  # as a rebuild from different data would record it
        conn.execute("UPDATE meta SET value = ? WHERE key = 'content_hash'", (content_hash(conn),))
    conn.commit()
    conn.close()


def test_a_changed_library_has_another_hash_and_audit_names_it(tmp_path, brief, library_path):
    manifest = _manifest(tmp_path, brief)
    case_id, cite_text = _verified_case(manifest)
    changed = tmp_path / "changed.sqlite"
    shutil.copy(library_path, changed)
    _drop_case(changed, case_id, rehash=True)
    assert SQLiteLibrary(changed).snapshot().content_hash != manifest["library"]["content_hash"]
    code, out, _ = _cli("audit", str(tmp_path / "run.json"), str(brief), "--library", str(changed))
    assert code == 1, out
    assert "DIFFERENT" in out and cite_text in out and "verified" in out
    assert "library: snapshot " + manifest["library"]["content_hash"] in out


def test_a_library_edited_after_its_build_is_named_as_such(tmp_path, brief, library_path):
    manifest = _manifest(tmp_path, brief)
    case_id, _ = _verified_case(manifest)
    edited = tmp_path / "edited.sqlite"
    shutil.copy(library_path, edited)
    _drop_case(edited, case_id, rehash=False)
    code, out, _ = _cli("audit", str(tmp_path / "run.json"), str(brief), "--library", str(edited))
    assert code == 1 and "was changed after it was built" in out
    code, out, _ = _cli("library", "info", "--library", str(edited), "--verify")
    assert code == 1 and "MISMATCH" in out
    code, out, _ = _cli("library", "info", "--library", str(library_path), "--verify")
    assert code == 0 and "matches" in out


def test_a_tampered_manifest_fails_verification(tmp_path, brief, keys):
    private, public = keys
    manifest = _manifest(tmp_path, brief, "--sign", str(private))
    flipped = next(r for r in manifest["verdicts"] if r["status"] == "hallucinated")
    flipped["status"] = "verified"
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    code, out, err = _cli("audit", str(tmp_path / "run.json"), str(brief))
    assert code == 2
    assert "changed after it was signed" in err and "SAME" not in out


def test_a_wrong_key_fails_verification(tmp_path, brief, keys):
    private, _ = keys
    _manifest(tmp_path, brief, "--sign", str(private))
    other = tmp_path / "other.key"
    assert _cli("keys", "new", str(other))[0] == 0
    code, _, err = _cli("audit", str(tmp_path / "run.json"), str(brief), "--key", str(other) + ".pub")
    assert code == 2 and "signed with another key" in err


def test_an_unsigned_manifest_fails_when_a_signer_is_required(tmp_path, brief, keys):
    _, public = keys
    _manifest(tmp_path, brief)
    code, _, err = _cli("audit", str(tmp_path / "run.json"), str(brief), "--key", str(public))
    assert code == 2 and "not signed" in err


def test_keys_are_private_and_never_overwritten(keys):
    private, public = keys
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert private.read_text().startswith("-----BEGIN PRIVATE KEY-----")
    assert public.read_text().startswith("-----BEGIN PUBLIC KEY-----")
    before = private.read_bytes()
    code, _, err = _cli("keys", "new", str(private))
    assert code == 2 and "refusing to overwrite" in err and private.read_bytes() == before


def test_another_input_is_not_reproducible(tmp_path, brief):
    _manifest(tmp_path, brief)
    other = tmp_path / "other.md"
    other.write_text(brief.read_text() + "\nOne more line.\n")
    code, out, _ = _cli("audit", str(tmp_path / "run.json"), str(other))
    assert code == 2 and "NOT REPRODUCIBLE" in out and "is not the recorded input" in out


def test_a_run_with_an_llm_judge_needs_it_to_be_re_run(tmp_path, brief):
    manifest = _manifest(tmp_path, brief)
    manifest["options"]["llm"] = {"model": "some-model", "endpoint": "llm.example"}
    manifest["digest"] = manifest_digest(manifest)  # as a run with that judge would record it
    (tmp_path / "run.json").write_text(json.dumps(manifest))
    code, out, _ = _cli("audit", str(tmp_path / "run.json"), str(brief))
    assert code == 2 and "some-model" in out and "--llm" in out


def test_a_file_that_is_not_a_manifest_is_a_clear_error(tmp_path, brief):
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    code, _, err = _cli("audit", str(bad), str(brief))
    assert code == 2 and "missing" in err and "Traceback" not in err
    bad.write_text("not json")
    code, _, err = _cli("audit", str(bad), str(brief))
    assert code == 2 and "not a JSON manifest" in err


def test_sign_without_manifest_is_a_usage_error(brief, keys):
    code, _, err = _cli("check", str(brief), "--sign", str(keys[0]))
    assert code == 2 and "--sign needs --manifest" in err


def test_a_private_key_others_can_read_is_refused(tmp_path, brief, keys):
    private, _ = keys
    private.chmod(0o644)
    code, _, err = _cli(
        "check", str(brief), "--quiet", "--manifest", str(tmp_path / "m.json"), "--sign", str(private)
    )
    assert code == 2 and "can be read by others (mode 644)" in err
    assert not (tmp_path / "m.json").exists()


def test_a_key_that_is_not_a_regular_file_is_refused(tmp_path, brief):
    code, _, err = _cli(
        "check", str(brief), "--quiet", "--manifest", str(tmp_path / "m.json"), "--sign", "/dev/zero"
    )
    assert code == 2 and "not a regular file" in err


def test_a_new_public_key_is_never_written_through_a_link(tmp_path):
    target = tmp_path / "elsewhere.txt"
    (tmp_path / "court.key.pub").symlink_to(target)  # dangling: Path.exists() is False
    code, _, err = _cli("keys", "new", str(tmp_path / "court.key"))
    assert code == 2 and "refusing to overwrite" in err
    assert not target.exists() and not (tmp_path / "court.key").exists()

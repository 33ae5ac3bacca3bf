"""`library download courtlistener` against a fake bulk-data bucket over real loopback HTTP."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from citeproof.cli import main as cli
from citeproof.core.models import ReporterCite
from citeproof.library.courtlistener.bulk.bucket import list_bulk_files, newest_snapshot
from citeproof.library.courtlistener.bulk.download import (
    RESUME,
    DownloadError,
    download_file,
    download_snapshot,
)
from citeproof.library.courtlistener.fakes.bucket import OTHER_TABLES, DumpCase, FakeBucket, dump_files
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.net.retry import Policy

BROWN = DumpCase(
    105221,
    "Brown v. Board of Education",
    "1954-05-17",
    (ReporterCite("347", "U.S.", "483"), ReporterCite("74", "S. Ct.", "686")),
)
GIDEON = DumpCase(106545, "Gideon v. Wainwright", "1963-03-18", (ReporterCite("372", "U.S.", "335"),))


def _filler(n: int) -> list[DumpCase]:
    """Enough cases that the citations file spans several download chunks' worth of bytes."""
    return [
        DumpCase(
            500_000 + i,
            f"Party{i} v. Other{i}",
            "1990-01-01",
            (ReporterCite(str(1 + i % 50), "F.2d", str(i)),),
        )
        for i in range(n)
    ]


@pytest.fixture
def bucket() -> Iterator[tuple[FakeBucket, str]]:
    files = dump_files(
        [BROWN, GIDEON, *_filler(3000)], "2024-12-31", [("scotus", "Supreme Court of the United States")]
    )
    files.update(dump_files([GIDEON], "2024-10-31"))  # an older dump
    files["bulk-data/citations-2025-01-31.csv.bz2"] = files[
        "bulk-data/citations-2024-12-31.csv.bz2"
    ]  # newer, incomplete
    for other in OTHER_TABLES:
        files[f"bulk-data/{other}-2024-12-31.csv.bz2"] = b"not read"
    fake = FakeBucket(files, page_size=3)
    with fake.serve() as url:
        yield fake, url


def test_listing_follows_continuation_and_picks_the_newest_complete_dump(
    bucket: tuple[FakeBucket, str],
) -> None:
    fake, url = bucket
    with httpx.Client() as client:
        files = list_bulk_files(client, url)
    assert fake.listings > 3  # page size 3: the listing came in several pages
    assert {f.stem for f in files} == {"citations", "opinion-clusters", "courts", "opinions"}
    chosen = newest_snapshot(files)
    assert [f.name for f in chosen] == [
        "citations-2024-12-31.csv.bz2",
        "opinion-clusters-2024-12-31.csv.bz2",
        "courts-2024-12-31.csv.bz2",
    ]
    assert [f.name for f in newest_snapshot(files, with_text=True)][2] == "opinions-2024-12-31.csv.bz2"
    assert all(f.size == len(fake.files[f.key]) for f in chosen)


def test_a_dropped_connection_resumes_with_a_range(bucket: tuple[FakeBucket, str], tmp_path: Path) -> None:
    fake, url = bucket
    key = "bulk-data/citations-2024-12-31.csv.bz2"
    fake.drop_after[key] = 1000
    sleeps: list[float] = []
    with httpx.Client() as client:
        target = next(f for f in list_bulk_files(client, url) if f.key == key)
        path = download_file(client, url, target, tmp_path, sleep=sleeps.append)
    assert path.read_bytes() == fake.files[key]
    requests = [r for k, r in fake.ranges if k == key]
    assert requests == [None, "bytes=1000-"]
    assert sleeps == []  # bytes had arrived before the drop: no backoff
    assert not list(tmp_path.glob("*.part"))


def test_an_interrupted_download_is_kept_and_resumed_by_the_next_run(
    bucket: tuple[FakeBucket, str], tmp_path: Path
) -> None:
    fake, url = bucket
    key = "bulk-data/citations-2024-12-31.csv.bz2"
    total = len(fake.files[key])

    def interrupt(_name: str, have: int, _total: int) -> None:
        if have < total:
            raise KeyboardInterrupt

    fake.drop_after[key] = total // 2
    with httpx.Client() as client:
        target = next(f for f in list_bulk_files(client, url) if f.key == key)
        with pytest.raises(KeyboardInterrupt):
            download_file(client, url, target, tmp_path, progress=interrupt)
        kept = (tmp_path / f"{target.name}.{target.identity}.part").stat().st_size
        assert 0 < kept < total
        path = download_file(client, url, target, tmp_path)
    assert path.read_bytes() == fake.files[key]
    assert [r for k, r in fake.ranges if k == key][-1] == f"bytes={kept}-"


def test_a_connection_that_keeps_dropping_gives_up_keeping_the_bytes(
    bucket: tuple[FakeBucket, str], tmp_path: Path
) -> None:
    fake, url = bucket
    key = "bulk-data/courts-2024-12-31.csv.bz2"
    sleeps: list[float] = []
    with httpx.Client() as client:
        target = next(f for f in list_bulk_files(client, url) if f.key == key)
        for _ in range(4):
            fake.drop_after[key] = 0
        original = fake.take_drop
        fake.take_drop = lambda k: 0 if k == key else original(k)  # type: ignore[method-assign]
        with pytest.raises(DownloadError, match="run the command again to resume"):
            download_file(client, url, target, tmp_path, policy=Policy(attempts=4), sleep=sleeps.append)
    assert sleeps == [1.0, 2.0, 4.0]  # three waits, then the fourth drop is final


def test_the_download_waits_as_the_one_retry_policy_says(
    bucket: tuple[FakeBucket, str], tmp_path: Path
) -> None:
    """Its waits are the policy's own `delay` (backoff doubled, capped); its default keeps
    the old schedule: eight waits of 1, 2, 4 ... 60 s, the ninth drop final."""
    fake, url = bucket
    key = "bulk-data/courts-2024-12-31.csv.bz2"
    policy = Policy(attempts=5, backoff=0.5, max_backoff=1.5)
    sleeps: list[float] = []
    with httpx.Client() as client:
        target = next(f for f in list_bulk_files(client, url) if f.key == key)
        fake.take_drop = lambda k: 0 if k == key else None  # type: ignore[method-assign]
        with pytest.raises(DownloadError, match="kept dropping"):
            download_file(client, url, target, tmp_path, policy=policy, sleep=sleeps.append)
    assert sleeps == [policy.delay(n) for n in range(1, 5)] == [0.5, 1.0, 1.5, 1.5]
    assert [RESUME.delay(n) for n in range(1, RESUME.attempts)] == [1, 2, 4, 8, 16, 32, 60, 60]


def test_download_and_import_end_to_end(bucket: tuple[FakeBucket, str], tmp_path: Path) -> None:
    fake, url = bucket
    fake.drop_after["bulk-data/opinion-clusters-2024-12-31.csv.bz2"] = 777
    runner = CliRunner()
    result = runner.invoke(
        cli, ["library", "download", "courtlistener", "--mirror", url, "--dest", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    library_file = tmp_path / "courtlistener-2024-12-31.sqlite"
    lib = SQLiteLibrary(library_file)
    assert [a.name_abbreviation for a in lib.cases_at("347", "U.S.", 483)] == ["Brown v. Board of Education"]
    assert lib.meta()["snapshot_date"] == "2024-12-31"
    assert lib.meta()["courts"] == "1"
    assert not list(tmp_path.glob("*.bz2*"))  # files removed after the import
    info = runner.invoke(cli, ["library", "info", "--library", str(library_file), "--format", "json"])
    assert json.loads(info.output)["snapshot_date"] == "2024-12-31"
    text = runner.invoke(cli, ["library", "info", "--library", str(library_file)])
    assert "data of   2024-12-31" in text.output


def test_download_snapshot_with_text(bucket: tuple[FakeBucket, str], tmp_path: Path) -> None:
    _, url = bucket
    with httpx.Client() as client:
        chosen, paths = download_snapshot(client, url, tmp_path, with_text=True)
    assert [p.name for p in paths] == [f.name for f in chosen]
    assert all(p.stat().st_size == f.size for p, f in zip(paths, chosen, strict=True))


def test_a_bucket_without_a_dump_is_a_clear_error(tmp_path: Path) -> None:
    fake = FakeBucket({"bulk-data/dockets-2024-12-31.csv.bz2": b"x"})
    with fake.serve() as url:
        result = CliRunner().invoke(
            cli, ["library", "download", "courtlistener", "--mirror", url, "--dest", str(tmp_path)]
        )
    assert result.exit_code == 2
    assert "no complete CourtListener dump" in result.output

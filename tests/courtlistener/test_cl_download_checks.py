"""A download that verifies what it imports (issue 30, item 5), over loopback against the fake
bucket, which answers as S3 does (ETag and LastModified in the listing and on each object,
``If-Match`` answered 412 for another version, ``Range`` 206/416).

Before: a resume across a changed object spliced two versions (the bz2 reader ignored the
trailing bytes: 50 cases instead of 2,942, exit 0); a body longer than listed looped for
ever; a drip-fed mirror never timed out; a planted ``.part`` link received the bytes; a
0-case dump imported with exit 0 and left its ``.tmp`` behind; a mirror missing 35% of a
volume kept it complete.
"""

from __future__ import annotations

import bz2
import hashlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from citeproof.core.models import Coverage, ReporterCite, Status
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import document_from_text
from citeproof.library.courtlistener.bulk.bucket import BucketFile, list_bulk_files
from citeproof.library.courtlistener.bulk.download import DownloadError, Stall, download_file
from citeproof.library.courtlistener.bulk.importer import (
    CITATION_COLUMNS,
    CLUSTER_COLUMNS,
    copy_line,
    import_bulk,
)
from citeproof.library.courtlistener.fakes.bucket import DumpCase, FakeBucket, dump_files
from citeproof.library.records import RecordError
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.net.retry import Policy

DATE = "2024-12-31"
CITATIONS = f"bulk-data/citations-{DATE}.csv.bz2"
CLUSTERS = f"bulk-data/opinion-clusters-{DATE}.csv.bz2"


def _cases(n: int, first: int = 0) -> list[DumpCase]:
    return [
        DumpCase(
            700_000 + i,
            f"Alpha{i} v. Beta{i}",
            "1995-01-01",
            (ReporterCite(str(1 + i % 20), "F.3d", str(i)),),
        )
        for i in range(first, first + n)
    ]


def _listed(client: httpx.Client, url: str, key: str) -> BucketFile:
    return next(f for f in list_bulk_files(client, url) if f.key == key)


def _interrupt_at_half(total: int) -> Callable[[str, int, int], None]:
    def progress(_name: str, have: int, _total: int) -> None:
        if have < total:
            raise KeyboardInterrupt

    return progress


def test_a_resume_across_a_changed_object_starts_that_file_again(tmp_path: Path) -> None:
    old, new = dump_files(_cases(3000), DATE), dump_files(_cases(50, first=5000), DATE)
    fake = FakeBucket(old)
    fake.drop_after[CITATIONS] = len(old[CITATIONS]) // 2
    with fake.serve() as url, httpx.Client() as client:
        with pytest.raises(KeyboardInterrupt):
            download_file(client, url, _listed(client, url, CITATIONS), tmp_path, _interrupt_at_half(10**9))
        assert list(tmp_path.glob("*.part"))  # half of the old version kept
        fake.put(CITATIONS, new[CITATIONS])  # a new dump under the same name
        path = download_file(client, url, _listed(client, url, CITATIONS), tmp_path)
    assert path.read_bytes() == new[CITATIONS]  # was: old bytes, then the new one's tail
    assert [r for k, r in fake.ranges if k == CITATIONS][-1] is None  # asked whole, not resumed
    assert not list(tmp_path.glob("*.part"))


def test_a_stale_listing_cannot_resume_another_version(tmp_path: Path) -> None:
    """The listing names version A; the bucket now holds B: the resume's If-Match gets 412,
    the whole object then comes with B's ETag, and nothing of either is kept."""
    files = dump_files(_cases(3000), DATE)
    fake = FakeBucket(files)
    fake.drop_after[CITATIONS] = len(files[CITATIONS]) // 2
    with fake.serve() as url, httpx.Client() as client:
        listed = _listed(client, url, CITATIONS)
        with pytest.raises(KeyboardInterrupt):
            download_file(client, url, listed, tmp_path, _interrupt_at_half(10**9))
        fake.put(CITATIONS, dump_files(_cases(3000, first=1), DATE)[CITATIONS])
        with pytest.raises(DownloadError, match="changed since the bucket was listed"):
            download_file(client, url, listed, tmp_path, sleep=lambda _s: None)
    assert fake.conditions[-2] == f'"{listed.etag}"'  # the resume asked for version A only
    assert not list(tmp_path.glob("*.part"))


def test_a_body_longer_than_listed_is_refused_after_one_request(tmp_path: Path) -> None:
    files = dump_files(_cases(300), DATE)
    fake = FakeBucket(files)
    fake.listed_size[CITATIONS] = len(files[CITATIONS]) - 100
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            with httpx.Client() as client:
                download_file(client, url, _listed(client, url, CITATIONS), tmp_path, sleep=lambda _s: None)
        except BaseException as exc:
            outcome.append(exc)

    with fake.serve() as url:
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        worker.join(30)
        assert not worker.is_alive()  # was: a tight loop of re-downloads, for ever
    [error] = outcome
    assert isinstance(error, DownloadError) and "the listing and the file disagree" in str(error)
    assert len([k for k, _ in fake.ranges if k == CITATIONS]) == 1
    assert not list(tmp_path.glob("*.part"))


def test_a_drip_fed_mirror_stalls_and_gives_up_keeping_its_bytes(tmp_path: Path) -> None:
    files = dump_files(_cases(3000), DATE)
    fake = FakeBucket(files)
    fake.drip[CITATIONS] = 0.02  # the whole file would take minutes, each byte well within a read timeout
    with fake.serve() as url, httpx.Client() as client:
        listed = _listed(client, url, CITATIONS)
        with pytest.raises(DownloadError, match="stalled"):
            download_file(
                client,
                url,
                listed,
                tmp_path,
                policy=Policy(attempts=2),
                sleep=lambda _s: None,
                stall=Stall(window=0.5, min_bytes=4096),
            )
    kept = tmp_path / f"{listed.name}.{listed.identity}.part"
    assert 0 < kept.stat().st_size < 4096  # what came is kept for the next run


@pytest.mark.parametrize("planted", ["NAME.part", "NAME.IDENTITY.part"])
def test_a_planted_part_link_is_never_followed(tmp_path: Path, planted: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    files = dump_files(_cases(30), DATE)
    fake = FakeBucket(files)
    with fake.serve() as url, httpx.Client() as client:
        listed = _listed(client, url, CITATIONS)
        name = planted.replace("NAME", listed.name).replace("IDENTITY", listed.identity)
        (tmp_path / name).symlink_to(victim)
        path = download_file(client, url, listed, tmp_path)
    assert victim.read_bytes() == b"precious"  # was: the download appended to it
    assert path.read_bytes() == files[CITATIONS] and not path.is_symlink()


def test_a_part_file_is_opened_without_following_a_link(tmp_path: Path) -> None:
    from citeproof.library.courtlistener.bulk.download import _open_part

    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    (tmp_path / "x.part").symlink_to(victim)
    with pytest.raises(DownloadError, match="cannot write"):
        _open_part(tmp_path / "x.part", append=True)


def test_bytes_that_are_not_the_listed_md5_are_refused(tmp_path: Path) -> None:
    files = dump_files(_cases(300), DATE)
    fake = FakeBucket(files)
    genuine = '"' + hashlib.md5(files[CITATIONS]).hexdigest() + '"'
    tampered = bytearray(files[CITATIONS])
    tampered[len(tampered) // 2] ^= 0xFF
    fake.files[CITATIONS] = bytes(tampered)  # the same size, another byte inside
    fake.etag = lambda key: genuine if key == CITATIONS else FakeBucket.etag(fake, key)  # type: ignore[method-assign]
    refused = pytest.raises(DownloadError, match="MD5 is not the ETag")
    with fake.serve() as url, httpx.Client() as client, refused:
        download_file(client, url, _listed(client, url, CITATIONS), tmp_path)
    assert not list(tmp_path.iterdir())


def _write(folder: Path, key: str, data: bytes) -> Path:
    path = folder / key.rsplit("/", 1)[-1]
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("damage", ["trailing", "missing"])
def test_a_bulk_file_with_bytes_trailing_or_missing_is_refused(tmp_path: Path, damage: str) -> None:
    """The splice the old resume made: a whole small dump, then the tail of a larger one."""
    small, large = dump_files(_cases(50), DATE), dump_files(_cases(2942, first=100), DATE)
    body = (
        small[CITATIONS] + large[CITATIONS][len(small[CITATIONS]) :]
        if damage == "trailing"
        else large[CITATIONS][:-7]
    )
    paths = [_write(tmp_path, CITATIONS, body), _write(tmp_path, CLUSTERS, large[CLUSTERS])]
    with pytest.raises(RecordError, match="cannot decompress"):
        import_bulk(paths, tmp_path / "lib.sqlite", complete=True)  # was: 50 cases, no error
    assert not (tmp_path / "lib.sqlite").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no .tmp, no .stage


def test_a_dump_without_cases_is_an_error_and_leaves_nothing_behind(tmp_path: Path) -> None:
    citations = copy_line(CITATION_COLUMNS, True)
    clusters = copy_line(CLUSTER_COLUMNS, True)
    paths = [
        _write(tmp_path, CITATIONS, bz2.compress(citations.encode())),
        _write(tmp_path, CLUSTERS, bz2.compress(clusters.encode())),
    ]
    with pytest.raises(RecordError, match="holds no case"):
        import_bulk(paths, tmp_path / "lib.sqlite", complete=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)


def test_an_endless_line_is_refused_without_holding_it(tmp_path: Path) -> None:
    """A few KB of bzip2 that decompress to one line of 80 MB after a valid header."""
    header = copy_line(CITATION_COLUMNS, True).encode()
    bomb = bz2.compress(header + b"`1`,`" + b"9" * (80 << 20))
    paths = [
        _write(tmp_path, CITATIONS, bomb),
        _write(tmp_path, CLUSTERS, dump_files(_cases(5), DATE)[CLUSTERS]),
    ]
    assert len(bomb) < 100_000
    with pytest.raises(RecordError, match="longer than"):
        import_bulk(paths, tmp_path / "lib.sqlite", complete=True)  # was: a 0-case library, exit 0


def _volume_dump(cut_citations: int = 0, cut_clusters: int = 0) -> dict[str, bytes]:
    """F.3d volumes 901-930, 40 cases each, a page step of 30; volume 915 loses the first
    ``cut_citations`` of its citation rows, or the first ``cut_clusters`` of its clusters."""
    cases, lost = [], set()
    for volume in range(901, 931):
        for k in range(40):
            cluster = volume * 1000 + k
            cases.append(
                DumpCase(
                    cluster,
                    f"Party{cluster} v. Other{cluster}",
                    "2019-06-01",
                    (ReporterCite(str(volume), "F.3d", str(1 + 30 * k)),),
                )
            )
            if volume == 915 and k < max(cut_citations, cut_clusters):
                lost.add(cluster)
    kept = [c for c in cases if c.cluster_id not in lost]
    files = dump_files(kept if cut_citations else cases, DATE)
    if cut_clusters:  # the clusters file lacks them; their citations stay
        files[CLUSTERS] = dump_files(kept, DATE)[CLUSTERS]
    return files


@pytest.mark.parametrize(("cut_citations", "cut_clusters"), [(14, 0), (0, 14)], ids=["citations", "clusters"])
def test_a_volume_missing_a_third_of_its_cases_stays_partial(
    tmp_path: Path, cut_citations: int, cut_clusters: int
) -> None:
    files = _volume_dump(cut_citations, cut_clusters)
    paths = [_write(tmp_path, k, v) for k, v in files.items() if "citations" in k or "clusters" in k]
    counts = import_bulk(paths, tmp_path / "lib.sqlite", complete=True)
    library = SQLiteLibrary(tmp_path / "lib.sqlite")
    assert library.coverage("F.3d", "915") is Coverage.PARTIAL  # was: complete
    assert library.coverage("F.3d", "914") is Coverage.COMPLETE
    assert counts["volumes_held_back"] == 1
    assert library.meta()["coverage_held_back"].startswith("915 F.3d")
    real_but_missing = "Party915003 v. Other915003, 915 F.3d 91 (5th Cir. 2019)."
    (verdict,) = check_document(document_from_text(real_but_missing), library).verdicts
    assert verdict.status is Status.UNVERIFIABLE  # was: hallucinated, nonexistent


def test_an_untouched_dump_keeps_every_dense_volume_complete(tmp_path: Path) -> None:
    paths = [_write(tmp_path, k, v) for k, v in _volume_dump().items() if "citations" in k or "clusters" in k]
    counts = import_bulk(paths, tmp_path / "lib.sqlite", complete=True)
    library = SQLiteLibrary(tmp_path / "lib.sqlite")
    assert counts["volumes_held_back"] == 0
    assert {library.coverage("F.3d", str(v)) for v in range(901, 931)} == {Coverage.COMPLETE}


def test_os_nofollow_exists_here() -> None:
    assert getattr(os, "O_NOFOLLOW", 0)  # the link refusal above rests on it


def test_bytes_past_the_listed_size_are_never_written(tmp_path: Path) -> None:
    """A server that sends no length (chunked) and more than the listing gives."""
    transport = httpx.MockTransport(
        lambda _request: httpx.Response(200, stream=httpx.ByteStream(b"x" * 2000))
    )
    listed = BucketFile(CITATIONS, 1000, "citations", DATE)
    with (
        httpx.Client(transport=transport) as client,
        pytest.raises(DownloadError, match="more than the 1,000"),
    ):
        download_file(client, "http://mirror.test", listed, tmp_path)
    assert not list(tmp_path.iterdir())


def test_the_command_names_the_volumes_it_holds_back(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from citeproof.cli import main

    fake = FakeBucket(_volume_dump(cut_citations=14))
    with fake.serve() as url:
        result = CliRunner().invoke(
            main, ["library", "download", "courtlistener", "--mirror", url, "--dest", str(tmp_path)]
        )
    assert result.exit_code == 0, result.output
    assert (
        "1 volume stays partial" in result.stderr
        and "915 F.3d: 65% of its neighbours' cases" in result.stderr
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"courtlistener-{DATE}.sqlite"]  # nothing else left


def test_a_dump_without_cases_fails_the_command(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from citeproof.cli import main

    empty = {
        CITATIONS: bz2.compress(copy_line(CITATION_COLUMNS, True).encode()),
        CLUSTERS: bz2.compress(copy_line(CLUSTER_COLUMNS, True).encode()),
    }
    with FakeBucket(empty).serve() as url:
        result = CliRunner().invoke(
            main, ["library", "download", "courtlistener", "--mirror", url, "--dest", str(tmp_path)]
        )
    assert result.exit_code == 2  # was: 0, and a library of no case
    assert "holds no case" in result.stderr
    assert not list(tmp_path.glob("*.sqlite")) and not list(tmp_path.glob(".*"))


def test_answers_that_end_short_without_an_error_are_bounded_faults(tmp_path: Path) -> None:
    """A server that answers 200 with an empty chunked body, again and again."""
    calls: list[int] = []

    def empty(_request: httpx.Request) -> httpx.Response:
        calls.append(1)
        return httpx.Response(200, stream=httpx.ByteStream(b""))

    listed = BucketFile(CITATIONS, 1000, "citations", DATE)
    sleeps: list[float] = []
    with httpx.Client(transport=httpx.MockTransport(empty)) as client, pytest.raises(DownloadError):
        download_file(
            client, "http://mirror.test", listed, tmp_path, policy=Policy(attempts=3), sleep=sleeps.append
        )
    assert len(calls) == 3 and sleeps == [1.0, 2.0]

"""The words of each opinion sentence, read once at build time: the same as reading them in
the check, for every opinion the bundled library ships; ignored when read under other
rules or damaged, with the same verdicts."""

from __future__ import annotations

import lzma
import shutil
import sqlite3
import zlib
from pathlib import Path

import pytest

from citeproof.core.checking.signatures import PREPARED_KEY, _sign, _unpack, signed_sentences
from citeproof.core.models import Opinion
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document
from citeproof.library.prebuilt import NAME, prebuilt_dir
from citeproof.library.sqlite import SQLiteLibrary

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "sample_brief.md"


def _opinions(library: SQLiteLibrary) -> list[Opinion]:
    ids = [r[0] for r in library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id")]
    return [o for o in map(library.opinion, ids) if o is not None]


def test_the_shipped_library_holds_the_words_the_check_would_read(tmp_path: Path) -> None:
    shipped = tmp_path / "shipped.sqlite"
    shipped.write_bytes(lzma.decompress((prebuilt_dir() / NAME).read_bytes()))
    opinions = _opinions(SQLiteLibrary(shipped))
    assert len(opinions) == 382
    stale = [o.case_id for o in opinions if o.prepared is None]
    assert not stale, "words read under other rules: run python scripts/prebuild_library.py"
    for opinion in opinions:
        assert signed_sentences(opinion) == _sign(opinion), opinion.case_id


def test_a_built_library_keeps_the_words_under_the_current_key(library_path: Path) -> None:
    library = SQLiteLibrary(library_path)
    keys = {r[0] for r in library.conn.execute("SELECT DISTINCT key FROM sentence_words")}
    assert keys == {PREPARED_KEY}
    opinions = _opinions(library)[:40]
    assert all(_unpack(o) is not None for o in opinions)  # what the check reads, unpacked
    read_now = [Opinion(o.case_id, o.text, o.page_breaks) for o in opinions]  # nothing stored
    assert [signed_sentences(o) for o in opinions] == [signed_sentences(o) for o in read_now]


def _altered(library_path: Path, tmp_path: Path, statement: str, *args: object) -> SQLiteLibrary:
    copy = tmp_path / "altered.sqlite"
    shutil.copy(library_path, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute(statement, args)
    return SQLiteLibrary(copy)


def _lines(sentences: int, line: str) -> bytes:
    return zlib.compress("\n".join([line] * sentences).encode())


ALTERATIONS = {  # name: (statement, its argument from the number of sentences)
    "other-key": ("UPDATE sentence_words SET key = ?", lambda n: "read-by-older-rules"),
    "not-compressed": ("UPDATE sentence_words SET words = ?", lambda n: b"not zlib"),
    "wrong-count": ("UPDATE sentence_words SET words = ?", lambda n: _lines(n + 1, "0\tword\tword")),
    "malformed-line": ("UPDATE sentence_words SET words = ?", lambda n: _lines(n, "not three fields")),
    "no-number": ("UPDATE sentence_words SET words = ?", lambda n: _lines(n, "x\tword\tword")),
    "no-table": ("DROP TABLE sentence_words", None),
}


@pytest.mark.parametrize("alteration", ALTERATIONS)
def test_words_that_do_not_fit_are_read_again_with_the_same_verdicts(
    library_path: Path, tmp_path: Path, alteration: str
) -> None:
    kept = SQLiteLibrary(library_path)
    case_id = kept.conn.execute("SELECT case_id FROM sentence_words LIMIT 1").fetchone()[0]
    opinion = kept.opinion(case_id)
    assert opinion is not None and opinion.sentences is not None
    statement, argument = ALTERATIONS[alteration]
    args = () if argument is None else (argument(len(opinion.sentences)),)
    altered = _altered(library_path, tmp_path, statement, *args)
    again = altered.opinion(case_id)
    assert again is not None
    assert signed_sentences(again) == signed_sentences(opinion) == _sign(opinion)
    document = read_document(SAMPLE)
    with_words = check_document(document, kept).to_json()["citations"]
    assert check_document(document, altered).to_json()["citations"] == with_words
    assert any(c["status"] == "hallucinated" for c in with_words)  # the planted errors are read

"""Sentence spans split once at build time: the same spans as splitting in the check, and
the same verdicts from a library built before they were kept."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from citeproof.core.checking.signatures import split_sentences
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document
from citeproof.library.sqlite import SQLiteLibrary
from citeproof.library.tables import pack_spans, unpack_spans

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "sample_brief.md"


def test_spans_round_trip_through_their_packed_form():
    spans = ((0, 12), (13, 2_000_000), (2_000_001, 2_000_001))
    assert unpack_spans(pack_spans(spans)) == spans
    assert unpack_spans(pack_spans(())) == ()


def test_the_library_keeps_the_spans_the_check_would_split(library_path: Path):
    library = SQLiteLibrary(library_path)
    ids = [r[0] for r in library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id LIMIT 25")]
    assert len(ids) == 25
    for case_id in ids:
        opinion = library.opinion(case_id)
        assert opinion is not None and opinion.sentences is not None
        assert opinion.sentences == split_sentences(opinion.text)


def test_damaged_spans_are_split_again(library_path: Path, tmp_path: Path):
    damaged = tmp_path / "damaged.sqlite"
    shutil.copy(library_path, damaged)
    with sqlite3.connect(damaged) as conn:
        case_id = conn.execute("SELECT case_id FROM sentences LIMIT 1").fetchone()[0]
        conn.execute("UPDATE sentences SET spans = ? WHERE case_id = ?", (b"\x01\x02\x03", case_id))
    opinion = SQLiteLibrary(damaged).opinion(case_id)
    assert opinion is not None and opinion.sentences is None


def test_a_library_without_kept_spans_gives_the_same_verdicts(library_path: Path, tmp_path: Path):
    old = tmp_path / "old.sqlite"
    shutil.copy(library_path, old)
    with sqlite3.connect(old) as conn:
        conn.execute("DROP TABLE sentences")
    kept, split_now = SQLiteLibrary(library_path), SQLiteLibrary(old)
    case_id = kept.conn.execute("SELECT case_id FROM opinions LIMIT 1").fetchone()[0]
    opinion = split_now.opinion(case_id)
    assert opinion is not None and opinion.sentences is None  # split during the check instead
    document = read_document(SAMPLE)
    with_spans = check_document(document, kept).to_json()["citations"]
    without = check_document(document, split_now).to_json()["citations"]
    assert with_spans == without
    assert any(c["status"] == "hallucinated" for c in with_spans)  # the planted errors are read

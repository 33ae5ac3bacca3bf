"""Each opinion's content words turned round (word → sentences), built once at library build:
the same as what the check would build from the opinion's words, for every opinion the bundled
library ships; read again, with the same verdicts, when stored under other rules, damaged, or
absent (a library built before the index was kept)."""

from __future__ import annotations

import lzma
import shutil
import sqlite3
from pathlib import Path

import pytest

from citeproof.core.checking.alignment import (
    _SYNONYMS_OF,
    STEM,
    SUFFIXES,
    content_words,
    stem,
    stems,
    variants,
)
from citeproof.core.checking.memo import opinion_memo
from citeproof.core.checking.signatures import _sign, sign_sentence
from citeproof.core.checking.word_index import (
    INDEX_KEY,
    pack_word_index,
    unpack_word_index,
    word_index,
)
from citeproof.core.models import Opinion
from citeproof.core.pipeline import check_document
from citeproof.core.reading.read import read_document
from citeproof.library.prebuilt import NAME, prebuilt_dir
from citeproof.library.sqlite import SQLiteLibrary

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "examples" / "sample_brief.md"


def _opinions(library: SQLiteLibrary, limit: int = 10_000) -> list[Opinion]:
    ids = [
        r[0] for r in library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id LIMIT ?", (limit,))
    ]
    return [o for o in map(library.opinion, ids) if o is not None]


def _expected(opinion: Opinion) -> dict[str, tuple[int, ...]]:
    """Word → sentences, straight from the opinion's words read now."""
    out: dict[str, list[int]] = {}
    for number, (_, _, content, _, _) in enumerate(_sign(Opinion(opinion.case_id, opinion.text, ()))):
        for word in content:
            out.setdefault(word, []).append(number)
    return {w: tuple(ns) for w, ns in out.items()}


def _read(opinion: Opinion, words: list[str]) -> dict[str, tuple[int, ...]]:
    with opinion_memo():
        index = word_index(opinion)
        return {w: index.sentences_with(w) for w in words}


def test_the_shipped_library_holds_the_index_the_check_would_build(tmp_path: Path) -> None:
    shipped = tmp_path / "shipped.sqlite"
    shipped.write_bytes(lzma.decompress((prebuilt_dir() / NAME).read_bytes()))
    opinions = _opinions(SQLiteLibrary(shipped))
    assert len(opinions) == 382
    stale = [o.case_id for o in opinions if o.word_index is None or unpack_word_index(o.word_index) is None]
    assert not stale, "index built under other rules: run python scripts/prebuild_library.py"
    for opinion in opinions:
        expected = _expected(opinion)
        assert _read(opinion, sorted(expected)) == expected, opinion.case_id
        assert _read(opinion, ["nosuchword", ""]) == {"nosuchword": (), "": ()}


def test_a_sentence_read_alone_reads_as_in_the_whole_opinion(library: SQLiteLibrary) -> None:
    """`sign_sentence` (a rule asking for one sentence) against the whole opinion's reading,
    sentence by sentence, including those with "not only" and text lower-casing lengthens."""
    opinions = _opinions(library)
    odd = Opinion("odd", "İstanbul is not only far. It is not merely far; it is not near. No.", ())
    phrased = 0
    for opinion in [*opinions, odd]:
        for start, end, content, negations, _ in _sign(opinion):
            assert sign_sentence(opinion.text, start, end) == (content, negations), opinion.case_id
            phrased += "not only" in opinion.text[start:end].lower()
    assert phrased > 10  # the phrase case is exercised by real opinions, not only the made-up one


def _reference_variants(claim: frozenset[str], written: frozenset[str]) -> dict[str, str]:
    """The words standing for a claim's stems, generated as the rule defines them."""
    out = {s + ending: s for s in claim if len(s) == STEM for ending in SUFFIXES}
    out.update((s, s) for s in claim if len(s) < STEM)
    for s in claim & _SYNONYMS_OF.keys():
        out.update(dict.fromkeys(_SYNONYMS_OF[s], s))
    for w in written:
        out.setdefault(w, stem(w))
    return out


@pytest.mark.parametrize(
    "claim",
    [
        "A defendant is required to exhaust administrative remedies before filing suit.",
        "The statute's requirements were not satisfied; the installments paid were void.",
        "The court held that due process entitles a tenant to notice and a hearing.",
        "An employer is obliged to pay wages for the required payment period.",
    ],
)
def test_a_claims_words_are_found_by_prefix_as_the_rule_generates_them(
    library: SQLiteLibrary, claim: str
) -> None:
    claim_stems, written = stems(claim), content_words(claim)
    matched = 0
    with opinion_memo():
        for opinion in _opinions(library, 60):
            index = word_index(opinion)
            reference = _reference_variants(claim_stems, written)
            expected = {w: s for w, s in reference.items() if w in index}
            assert variants(claim_stems, index, written) == expected, opinion.case_id
            matched += len(expected)
    assert matched > 100


def _altered(library_path: Path, tmp_path: Path, statement: str, *args: object) -> SQLiteLibrary:
    copy = tmp_path / "altered.sqlite"
    shutil.copy(library_path, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute(statement, args)
    return SQLiteLibrary(copy)


ALTERATIONS = {  # name: (statement, its argument from the number of sentences)
    "other-key": ("UPDATE word_index SET key = ?", lambda n: "built-by-older-rules"),
    "not-text": ("UPDATE word_index SET postings = ?", lambda n: b"\xff\xfe\x00 not an index"),
    "wrong-count": ("UPDATE word_index SET postings = ?", lambda n: f"{n + 1}\fword\f0".encode()),
    "not-numbers": ("UPDATE word_index SET postings = ?", lambda n: f"{n}\fword\fx y".encode()),
    "uneven": ("UPDATE word_index SET postings = ?", lambda n: f"{n}\fa\nb\f0".encode()),
    "no-table": ("DROP TABLE word_index", None),  # a library built before migration 8
}


@pytest.mark.parametrize("alteration", ALTERATIONS)
def test_an_index_that_does_not_fit_is_built_again_with_the_same_verdicts(
    library_path: Path, tmp_path: Path, alteration: str
) -> None:
    kept = SQLiteLibrary(library_path)
    keys = {r[0] for r in kept.conn.execute("SELECT DISTINCT key FROM word_index")}
    assert keys == {INDEX_KEY}
    case_id = kept.conn.execute("SELECT case_id FROM word_index LIMIT 1").fetchone()[0]
    opinion = kept.opinion(case_id)
    assert opinion is not None and opinion.sentences is not None
    statement, argument = ALTERATIONS[alteration]
    args = () if argument is None else (argument(len(opinion.sentences)),)
    altered = _altered(library_path, tmp_path, statement, *args)
    again = altered.opinion(case_id)
    assert again is not None
    if again.word_index is not None:
        assert unpack_word_index(again.word_index) is None or alteration == "wrong-count"
    expected = _expected(opinion)
    assert _read(again, sorted(expected)) == _read(opinion, sorted(expected)) == expected
    document = read_document(SAMPLE)
    with_index = check_document(document, kept).to_json()["citations"]
    assert check_document(document, altered).to_json()["citations"] == with_index
    assert any(c["status"] == "hallucinated" for c in with_index)  # the planted errors are read


def test_a_packed_index_unpacks_to_the_same_sentences() -> None:
    text = "The statute applies. The statute does not apply to tenants. Tenants may sue."
    opinion = Opinion("x", text, ())
    signed = _sign(opinion)
    unpacked = unpack_word_index(pack_word_index(signed))
    assert unpacked is not None
    sentences, words, postings = unpacked
    assert sentences == len(signed) == 3
    assert words == sorted(postings)
    assert postings["statute"] == b"0 1" and postings["tenants"] == b"1 2"

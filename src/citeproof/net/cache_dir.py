"""Where citeproof keeps what it fetched or built: ``$XDG_CACHE_HOME/citeproof``, else
``~/.cache/citeproof`` (the bundled library, CourtListener's answers and bulk files, the
model's replies)."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "citeproof"

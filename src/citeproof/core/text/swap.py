"""A reference-counted scope that points a module-level name of a library at our own function.

eyecite 2.6 calls some of its helpers by their module-level name, with no seam to pass
another; inside the scope that name points at the replacement, and when the last
(possibly concurrent, possibly nested) scope exits, the library's own function is back.
"""

from __future__ import annotations

import importlib
import threading


class Swap:
    """``with swap:`` replaces ``module.attribute`` by ``replacement`` for the scope's life."""

    def __init__(self, module: str, attribute: str, replacement: object) -> None:
        self.module, self.attribute, self.replacement = module, attribute, replacement
        self._lock = threading.Lock()
        self._depth = 0
        self._original: object = None

    def __enter__(self) -> None:
        target = importlib.import_module(self.module)
        with self._lock:
            if self._depth == 0:
                self._original = getattr(target, self.attribute)
                setattr(target, self.attribute, self.replacement)
            self._depth += 1

    def __exit__(self, *exc: object) -> None:
        target = importlib.import_module(self.module)
        with self._lock:
            self._depth -= 1
            if self._depth == 0:
                setattr(target, self.attribute, self._original)
                self._original = None

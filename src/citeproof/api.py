"""The one-call Python API: check a file or a text against a library (the bundled one by default)."""

from __future__ import annotations

from pathlib import Path

from citeproof.core.limits import Limits
from citeproof.core.pipeline import Progress, SupportJudge, check_document
from citeproof.core.protocols import Library
from citeproof.core.read import document_from_text, read_document
from citeproof.core.report import Report
from citeproof.library.default import default_library


def check(
    source: str | Path,
    library: Library | None = None,
    progress: Progress | None = None,
    judge: SupportJudge | None = None,
    limits: Limits | None = None,
) -> Report:
    """Check a file (path) or a text; uses the bundled library unless one is given.
    ``limits``: what the check accepts (default `Limits.from_env`; docs/limits.md); past
    one, `LimitExceeded` is raised."""
    if library is None:
        library = default_library()
    if isinstance(source, Path) or ("\n" not in source and len(source) < 4096 and Path(source).is_file()):
        document = read_document(source, limits=limits)
    else:
        document = document_from_text(str(source))
    return check_document(document, library, progress, judge, limits=limits)

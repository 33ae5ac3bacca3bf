"""citeproof: catch hallucinated citations in legal writing.

The names below load on first use, so that importing one module (``citeproof.core.models``)
does not import the libraries, the API and everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from citeproof.api import check, check_file, check_text
    from citeproof.core.limits import LimitExceeded, Limits
    from citeproof.core.models import ErrorKind, Reason, Status
    from citeproof.core.output.report import Report
    from citeproof.core.pipeline import check_document
    from citeproof.core.reading.errors import ReadError
    from citeproof.core.version import __version__

__all__ = [
    "ErrorKind",
    "LimitExceeded",
    "Limits",
    "ReadError",
    "Reason",
    "Report",
    "Status",
    "__version__",
    "check",
    "check_document",
    "check_file",
    "check_text",
]


def __getattr__(name: str) -> Any:
    """The public names, each imported from its home on first use (plain imports: the
    architecture test reads them)."""
    if name not in __all__:  # first: submodule imports below ask this function too
        raise AttributeError(f"module 'citeproof' has no attribute {name!r}")
    from citeproof import api
    from citeproof.core import limits, models, pipeline, version
    from citeproof.core.output import report
    from citeproof.core.reading import errors

    homes = (api, limits, models, pipeline, version, report, errors)
    value = next(getattr(home, name) for home in homes if hasattr(home, name))
    globals()[name] = value
    return value

"""citeproof: catch hallucinated citations in legal writing."""

from citeproof.api import check, check_file, check_text
from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.pipeline import check_document
from citeproof.core.read import ReadError
from citeproof.core.report import Report
from citeproof.core.version import __version__

__all__ = [
    "LimitExceeded",
    "Limits",
    "ReadError",
    "Report",
    "__version__",
    "check",
    "check_document",
    "check_file",
    "check_text",
]

"""citeproof: catch hallucinated citations in legal writing."""

from citeproof.api import check
from citeproof.core.limits import LimitExceeded, Limits
from citeproof.core.pipeline import check_document
from citeproof.core.report import Report
from citeproof.core.version import __version__

__all__ = ["LimitExceeded", "Limits", "Report", "__version__", "check", "check_document"]

"""citeproof: catch hallucinated citations in legal writing."""

__version__ = "0.1.0"

from .pipeline import Report, check, check_document  # noqa: E402

__all__ = ["Report", "__version__", "check", "check_document"]

"""citeproof: catch hallucinated citations in legal writing."""

__version__ = "0.1.0"

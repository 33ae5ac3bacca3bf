"""Statute citations: US (U.S.C., C.F.R., federal rules) and Ukrainian codes with their registry."""

from citeproof.core.extraction.statutes.us import StatuteCite, find_statutes

__all__ = ["StatuteCite", "find_statutes"]

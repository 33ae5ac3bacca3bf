"""Statute citations (US codes and rules; Ukrainian codes with their registry)."""

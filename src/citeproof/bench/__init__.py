"""Benchmark builders and scorers."""

"""Factor-based 3-ply legal arguments over CATO trade-secret cases (issue 7)."""

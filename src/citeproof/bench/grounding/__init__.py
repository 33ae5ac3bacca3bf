"""Citation grounding: statute citations, coverage-aware oracles, CG/CQ metrics."""

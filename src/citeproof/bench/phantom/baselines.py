"""Degenerate predictions every phantom report prints beside a system: what a scorer
gives for flagging everything, so that no figure is read without its floor."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from citeproof.bench.phantom.schema import Excerpt
from citeproof.bench.phantom.scorer import score_excerpt, summarise
from citeproof.core.stats import Estimate


def _citations(e: Excerpt) -> list[str]:
    return list(e.citations_in_segment or (c.text for c in e.citations))


BASELINES: dict[str, Callable[[Excerpt], list[str]]] = {
    "baseline: whole excerpt": lambda e: [e.text],
    "baseline: every citation string": _citations,
    'baseline: "v."': lambda e: ["v."],
}


def baseline_summaries(excerpts: Sequence[Excerpt], seed: int) -> dict[str, dict[str, Estimate]]:
    """Each baseline's figures on ``excerpts``, under both scorers."""
    return {
        name: summarise([score_excerpt(e, predict(e)) for e in excerpts], seed=seed)
        for name, predict in BASELINES.items()
    }

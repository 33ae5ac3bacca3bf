"""Markdown renderings of grounding results; every score carries n, an interval and
the oracle's snapshot."""

from __future__ import annotations

import math

from citeproof.bench.grounding.adjudicate import Adjudicated, AdjudicationSummary
from citeproof.bench.grounding.dpo import Leakage
from citeproof.bench.grounding.dpo_split import SplitLeakage
from citeproof.bench.grounding.metrics import ScoreReport
from citeproof.bench.grounding.oracle import OracleSnapshot
from citeproof.bench.grounding.separability import Separability
from citeproof.bench.grounding.sweep import SweepPoint
from citeproof.core.extraction.statutes.ua import CheckedCite
from citeproof.core.stats import Estimate


def est(e: Estimate) -> str:
    if e.n == 0 or math.isnan(e.value):
        return "n/a (n=0)"
    return f"{e.value:.3f} [{e.low:.3f}, {e.high:.3f}] (n={e.n})"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])


def extract_md(cites: list[CheckedCite]) -> str:
    rows = [
        [
            c.cite.text,
            f"{c.cite.span.start}–{c.cite.span.end}",
            c.cite.code or "?",
            c.cite.article,
            str(c.check.status),
            c.check.evidence,
        ]
        for c in cites
    ]
    return table(["citation", "span", "code", "article", "status", "evidence"], rows)


def score_md(report: ScoreReport) -> str:
    rows = [
        [
            s.system,
            str(s.citations),
            str(s.flags),
            est(s.cg),
            est(s.cg_micro),
            est(s.cr),
            est(s.ct),
            est(s.cq),
            est(s.cq_response),
        ]
        for s in report.scores
    ]
    head = ["system", "citations", "flags", "CG (macro)", "CG (micro)", "CR", "CT", "CQ", "CQ (response)"]
    return (
        f"Oracle: {report.oracle.label()}; registry snapshot {report.registry_snapshot}; "
        f"bootstrap seed {report.seed}\n\n" + table(head, rows)
    )


def sweep_md(
    points: tuple[SweepPoint, ...],
    systems: tuple[str, ...],
    snapshot: OracleSnapshot,
    thresholds: dict[float, float | None],
) -> str:
    head = ["fraction", "records", "decisions"] + [f"{s} CG (analytic)" for s in systems]
    rows = [
        [f"{pt.fraction:g}", f"{pt.records:,.0f}", f"{pt.decisions:,.0f}"]
        + [f"{c:.3f} ({a:.3f})" for c, a in zip(pt.cg, pt.analytic, strict=True)]
        for pt in points
    ]
    stable = "; ".join(
        f"within {t:g}: {'—' if r is None else f'{r:,.0f} records'}" for t, r in thresholds.items()
    )
    return (
        f"Oracle: {snapshot.label()}; {points[0].mode} subsampling\n\n"
        + table(head, rows)
        + f"\n\nEvery system within its full-coverage CG: {stable}"
    )


def separability_md(results: list[tuple[OracleSnapshot, Separability]]) -> str:
    parts = []
    for snap, sep in results:
        sys_rows = [[n, est(e)] for n, e in zip(sep.names, sep.systems, strict=True)]
        pair_rows = [
            [f"{p.a} vs {p.b}", f"{p.p_a_greater:.3f}", est(p.diff), "yes" if p.separable else "no"]
            for p in sep.pairs
        ]
        parts.append(
            f"### {snap.label()}\n\nseparable pairs: {sep.separable_pairs} of "
            f"{len(sep.pairs)} (B={sep.resamples}, seed={sep.seed})\n\n"
            + table(["system", "mean CG"], sys_rows)
            + "\n\n"
            + table(["pair", "Pr[A > B]", "A − B", "separable"], pair_rows)
        )
    return "\n\n".join(parts)


def adjudication_md(
    snapshot: OracleSnapshot, summary: AdjudicationSummary, items: tuple[Adjudicated, ...], limit: int = 20
) -> str:
    counts = ", ".join(f"{k}: {v}" for k, v in summary.counts.items())
    rows = [
        [a.flag.system, a.flag.query_id, f"{a.flag.code}:{a.flag.article}", str(a.verdict), a.evidence]
        for a in items[:limit]
    ]
    return (
        f"Oracle: {snapshot.label()}\n\nflags: {summary.flags} ({counts}); "
        f"flag precision {est(summary.precision)}\n\n"
        + table(["system", "query", "article", "verdict", "evidence"], rows)
    )


def leakage_md(report: tuple[Leakage, ...]) -> str:
    rows = [[r.strategy, r.feature, est(r.accuracy)] for r in report]
    return (
        "Surface-form leakage (held-out accuracy of the best single-feature stump; "
        "0.5 = no shortcut)\n\n" + table(["strategy", "feature", "accuracy"], rows)
    )


def check_md(check: list[SplitLeakage]) -> str:
    rows = [
        [r.split, str(r.pairs), str(r.prompts), str(r.shared_prompts), str(r.near_duplicate_prompts)]
        for r in check
    ]
    return (
        "Leakage across splits (prompts of this split also in, or near-duplicated in, another)\n\n"
        + table(["split", "pairs", "prompts", "shared prompts", "near-duplicate prompts"], rows)
    )


def split_md(counts: dict[str, dict[str, object]], check: list[SplitLeakage]) -> str:
    """The split's n per split and origin, then the leakage check."""
    rows = []
    for name, c in counts.items():
        origins = c["by_origin"]
        assert isinstance(origins, dict)
        rows.append(
            [name, str(c["pairs"]), str(origins.get("statute_text", 0)), str(origins.get("decision_text", 0))]
        )
    return (
        table(["split", "pairs", "from statute texts", "from decision texts"], rows)
        + "\n\n"
        + check_md(check)
    )

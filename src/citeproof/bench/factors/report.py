"""JSON, Markdown and PNG renderings of factor-argument scores and extractor validation."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from citeproof.bench.factors.breakdown import FactorRecall, TwinConfusion
from citeproof.bench.factors.gold import Validation
from citeproof.bench.factors.runner import ModelReport
from citeproof.core.stats import Estimate

HEADLINE = (("acch", "AccH"), ("recu", "RecU"), ("abstention_any", "Abstention"))
COLUMNS = (
    ("acch", "AccH (non-abstained)"),
    ("acch_naive", "AccH (naive, empty=1)"),
    ("recu", "RecU"),
    ("abstention_exact", "Abstain exact"),
    ("abstention_near_miss", "Abstain near-miss"),
    ("abstention_any", "Abstain any"),
    ("false_abstention", "False abstain"),
    ("invented_rate", "Invented"),
    ("misattributed_rate", "Misattributed"),
)


def _cell(e: Estimate) -> str:
    if e.n == 0 or math.isnan(e.value):
        return "n/a (n=0)"
    return f"{e.value:.3f} [{e.low:.3f}, {e.high:.3f}] n={e.n}"


def scores_json(reports: Sequence[ModelReport], meta: dict[str, Any]) -> str:
    return json.dumps({**meta, "models": [r.to_dict() for r in reports]}, indent=2)


def scores_markdown(reports: Sequence[ModelReport], meta: dict[str, Any]) -> str:
    lines = [
        f"# Factor-argument scores ({meta.get('extractor', '')} extractor)",
        "",
        "Values are point estimate [95% interval] n=...; AccH and RecU use a seeded "
        "bootstrap over outputs, rates a Wilson interval.",
        "",
    ]
    header = "| model | mode | " + " | ".join(label for _, label in COLUMNS) + " |"
    lines += [header, "|" + " --- |" * (len(COLUMNS) + 2)]
    for r in reports:
        for mode, m in (("all", r.overall), *r.by_mode):
            cells = " | ".join(_cell(getattr(m, key)) for key, _ in COLUMNS)
            lines.append(f"| {r.model} | {mode} | {cells} |")
    return "\n".join(lines) + "\n"


def validation_json(
    rows: Sequence[Validation], factors: Sequence[FactorRecall] = (), twins: Sequence[TwinConfusion] = ()
) -> str:
    return json.dumps(
        {
            "rows": [r.to_dict() for r in rows],
            "factor_recall": [f.to_dict() for f in factors],
            "twin_confusion": [t.to_dict() for t in twins],
        },
        indent=2,
    )


def validation_markdown(
    rows: Sequence[Validation], factors: Sequence[FactorRecall] = (), twins: Sequence[TwinConfusion] = ()
) -> str:
    lines = [
        "| extractor | split/style | arguments | precision | recall |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append(
            f"| {r.extractor} | {r.style} | {r.arguments} | {_cell(r.precision)} | {_cell(r.recall)} |"
        )
    columns = list(dict.fromkeys((f.extractor, f.split) for f in factors))
    if columns:
        cells = {(f.extractor, f.split, f.factor): f.recall for f in factors}
        lines += ["", "Recall per factor (both styles; n = gold mentions):", ""]
        lines.append("| factor | " + " | ".join(f"{e} {s}" for e, s in columns) + " |")
        lines.append("|" + " --- |" * (len(columns) + 1))
        for factor in dict.fromkeys(f.factor for f in factors):
            row = [_cell(cells[(e, s, factor)]) if (e, s, factor) in cells else "" for e, s in columns]
            lines.append(f"| {factor} | " + " | ".join(row) + " |")
    if twins:
        lines += ["", "Pro/con twins: gold factor reported as its twin instead (n = gold mentions):", ""]
        lines += ["| extractor | split | gold | reported as | rate |", "| --- | --- | --- | --- | --- |"]
        for t in twins:
            lines.append(f"| {t.extractor} | {t.split} | {t.gold} | {t.predicted} | {_cell(t.rate)} |")
    return "\n".join(lines) + "\n"


def chart(reports: Sequence[ModelReport], path: Path) -> None:
    """A PNG of AccH, RecU and abstention per model with their intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(HEADLINE), figsize=(4 * len(HEADLINE), 3.5), sharey=True)
    models = [r.model for r in reports]
    for ax, (key, label) in zip(axes, HEADLINE, strict=True):
        est = [getattr(r.overall, key) for r in reports]
        values = [0.0 if math.isnan(e.value) else e.value for e in est]
        lows = [0.0 if math.isnan(e.low) else v - e.low for v, e in zip(values, est, strict=True)]
        highs = [0.0 if math.isnan(e.high) else e.high - v for v, e in zip(values, est, strict=True)]
        ax.bar(models, values, yerr=[lows, highs], capsize=4, color="#4c72b0")
        ax.set_title(label)
        ax.set_ylim(0, 1.05)
        for i, e in enumerate(est):
            ax.text(i, 0.02, f"n={e.n}", ha="center", fontsize=8, color="white")
        ax.tick_params(axis="x", rotation=30)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)

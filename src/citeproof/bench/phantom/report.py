"""Report: JSON with everything, a Markdown table (the system under both scorers, with the
degenerate baselines beside it) and, in a table of their own, the published figures; a
PNG chart. A run of the scripted stand-in model is labelled a plumbing check, not a model
result, in every one of them, and no target is judged on it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from citeproof.bench.phantom.schema import KINDS
from citeproof.core.stats import Estimate

# Published on LePhantomCite's own 390-excerpt test split (P / R / F1, %), as quoted in
# citeproof issue 3; per-kind recall was not given row by row.
PUBLISHED = (
    ("GPT-5 agent", 40.8, 84.4, 55.0),
    ("Claude Code (Opus)", 76.1, 62.8, 68.8),
    ("Gemini 2.5 Flash agent", 16.9, 66.9, 27.0),
    ("Qwen3-8B agent", 12.0, 41.1, 18.6),
)
TARGETS = {
    "precision": 0.90,
    "recall": 0.85,
    "recall_nonexistent": 0.98,
    "recall_name_mismatch": 0.98,
    "recall_misquote": 0.95,
    "recall_wrong_pincite": 0.85,
    "flag_rate_distractor": 0.01,
}
_KIND_LABEL = {
    "nonexistent": "nonexist.",
    "name_mismatch": "name",
    "wrong_pincite": "pincite",
    "misquote": "misquote",
    "misrepresentation": "misrep.",
}


MEASURED = "measured"
PLUMBING = "plumbing check, not a model result"
PUBLISHED_NOTE = (
    "published figures: LePhantomCite's authors' own, on their 390-excerpt test split with their "
    "scorer; not produced by this run and not comparable with its rows"
)


def plumbing_note(system: str) -> str:
    return (
        f"{system} answers with citeproof's scripted stand-in model (deterministic rules behind a fake "
        "chat endpoint on loopback; no language model): the figures show that the pipeline runs end to "
        "end, they say nothing of how any model detects hallucinations, and no target is judged on them."
    )


SCORERS = {
    "guarded": "guarded scorer: a prediction containing a gold fragment may be at most "
    "2 x its length + 40 characters; recall = gold fragments hit / gold fragments; a prediction "
    "hitting only optional gold is left out (neither true nor false positive)",
    "paper": "paper-faithful scorer (LePhantomCite's definitions): lenient substring match; "
    "a prediction hitting optional gold is a true positive; recall = predictions that hit a gold "
    "fragment / required gold fragments (may exceed 1)",
}


def report_json(
    system: str,
    dataset: str,
    summary: dict[str, Estimate],
    extra: dict[str, Any],
    baselines: dict[str, dict[str, Estimate]] | None = None,
    plumbing: bool = False,
) -> dict[str, Any]:
    """Everything of a run; with ``plumbing`` (the scripted stand-in answered) a status and
    note saying so, and ``targets`` null."""
    targets = {k: {"target": t, "met": _met(k, summary.get(k), t)} for k, t in TARGETS.items()}
    return {
        "system": system,
        "dataset": dataset,
        "status": PLUMBING if plumbing else MEASURED,
        **({"note": plumbing_note(system)} if plumbing else {}),
        "scorers": SCORERS,
        "metrics": {k: v.to_dict() for k, v in summary.items()},
        "baselines": {
            name: {k: v.to_dict() for k, v in figures.items()} for name, figures in (baselines or {}).items()
        },
        "targets": None if plumbing else targets,
        "published": {
            "note": PUBLISHED_NOTE,
            "rows": [
                dict(zip(("system", "precision", "recall", "f1"), row, strict=True)) for row in PUBLISHED
            ],
        },
        **extra,
    }


def _met(key: str, est: Estimate | None, target: float) -> bool | None:
    if est is None or est.n == 0 or math.isnan(est.value):
        return None
    return est.value <= target if key.startswith("flag_rate") else est.value >= target


def _pct(e: Estimate | None, intervals: bool = True) -> str:
    if e is None or e.n == 0 or math.isnan(e.value):
        return "n/a (n=0)"
    if not intervals:
        return f"{100 * e.value:.1f}"
    return f"{100 * e.value:.1f} [{100 * e.low:.1f}, {100 * e.high:.1f}] n={e.n}"


def _row(label: str, dataset: str, summary: dict[str, Estimate]) -> str:
    secs = summary.get("seconds_per_excerpt")
    per_kind = " | ".join(_pct(summary.get(f"recall_{k}")) for k in KINDS)
    return (
        f"| {label} | {dataset} | {_pct(summary['precision'])} | {_pct(summary['recall'])} | "
        f"{_pct(summary['f1'])} | {_pct(summary.get('paper_precision'))} | "
        f"{_pct(summary.get('paper_recall'))} | {_pct(summary.get('paper_f1'))} | {per_kind} | "
        f"{_pct(summary.get('flag_rate_distractor'))} | "
        f"{f'{secs.value:.2f}' if secs and secs.n else 'n/a'} |"
    )


def markdown(
    system: str,
    dataset: str,
    summary: dict[str, Estimate],
    baselines: dict[str, dict[str, Estimate]] | None = None,
    plumbing: bool = False,
) -> str:
    kinds = " | ".join(f"R {_KIND_LABEL[k]}" for k in KINDS)
    head = (
        f"| system | data | P | R | F1 | paper P | paper R | paper F1 | {kinds} | "
        "FP out-of-coverage | s/excerpt |"
    )
    lines = [f"> **{PLUMBING[:1].upper()}{PLUMBING[1:]}.** {plumbing_note(system)}", ""] if plumbing else []
    lines += [head, "|" + " --- |" * (head.count("|") - 1)]
    lines.append(_row(f"**{system}** ({PLUMBING if plumbing else MEASURED})", dataset, summary))
    for name, figures in (baselines or {}).items():
        lines.append(_row(name, dataset, figures))
    lines += [
        "",
        "Percentages with [95% bootstrap interval over excerpts] and n (predictions for P, "
        "gold fragments for R, citations for FP). P, R, F1, per-kind R and FP: the "
        f"{SCORERS['guarded']}. paper P/R/F1: the {SCORERS['paper']}. Baselines flag the whole "
        'excerpt, every citation string, or "v." in every excerpt.',
        "",
        "Published figures (a table of their own: " + PUBLISHED_NOTE.split(": ", 1)[1] + "):",
        "",
        "| system (published figures) | P | R | F1 |",
        "| --- | --- | --- | --- |",
    ]
    lines += [f"| {name} | {p} | {r} | {f} |" for name, p, r, f in PUBLISHED]
    return "\n".join(lines) + "\n"


def chart(system: str, summary: dict[str, Estimate], path: Path, plumbing: bool = False) -> Path:
    """Per-kind recall with 95% intervals, as a PNG (needs the ``bench`` extra)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = [summary.get(f"recall_{k}") for k in KINDS]
    ys = [v.value if v and v.n else 0.0 for v in values]
    lo = [max(0.0, y - v.low) if v and v.n else 0.0 for y, v in zip(ys, values, strict=True)]
    hi = [max(0.0, v.high - y) if v and v.n else 0.0 for y, v in zip(ys, values, strict=True)]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    ax.bar(range(len(KINDS)), ys, yerr=[lo, hi], capsize=4, color="#4c72b0")
    labels = [f"{k}\n(n={v.n if v else 0})" for k, v in zip(KINDS, values, strict=True)]
    ax.set_xticks(range(len(KINDS)), labels, fontsize=8)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("recall")
    what = f" ({PLUMBING})" if plumbing else ""
    ax.set_title(f"{system}{what}: per-kind recall, 95% bootstrap intervals", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path

"""The study's figures as PNG, drawn from its JSON alone (needs matplotlib: the ``plot`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from citeproof.bench.rate.report import LEVEL_NAMES

FIGURES = ("rates.png", "popularity.png")


def _bar(e: dict[str, Any] | None) -> tuple[float, float, float] | None:
    """(value, error below, error above) in percent; None where undefined (not drawn)."""
    if e is None or not e["n"] or e["value"] is None or e["low"] is None:
        return None
    v = 100 * e["value"]
    return v, max(0.0, v - 100 * e["low"]), max(0.0, 100 * e["high"] - v)


def _defined(xs: list[float], estimates: list[dict[str, Any] | None]) -> tuple[list[float], list[float], Any]:
    """The x positions, values and error bars of the defined estimates."""
    kept = [(x, b) for x, e in zip(xs, estimates, strict=True) if (b := _bar(e)) is not None]
    return [x for x, _ in kept], [b[0] for _, b in kept], [[b[1] for _, b in kept], [b[2] for _, b in kept]]


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def rates_figure(result: dict[str, Any], path: Path) -> Path:
    """Conservative and full rates per model, one panel per court level, 95% intervals."""
    plt = _pyplot()
    levels = list(dict.fromkeys(r["level"] for r in result["rates"]))
    models = list(dict.fromkeys(r["model"] for r in result["rates"]))
    fig, axes = plt.subplots(1, len(levels), figsize=(3.2 * len(levels) + 1, 3.8), sharey=True, squeeze=False)
    for ax, level in zip(axes[0], levels, strict=True):
        rows = {r["model"]: r for r in result["rates"] if r["level"] == level}
        for k, (field, label) in enumerate((("conservative", "conservative"), ("hallucinated", "full"))):
            xs, ys, err = _defined(
                [i + (k - 0.5) * 0.38 for i in range(len(models))],
                [rows[m][field] if m in rows else None for m in models],
            )
            ax.bar(xs, ys, 0.38, yerr=err, capsize=3, label=label, color=f"C{k}")
        ax.set_xticks(range(len(models)), models, rotation=30, ha="right", fontsize=7)
        n = sum(rows[m]["citations"] for m in rows)
        ax.set_title(f"{LEVEL_NAMES.get(level, level)} (cited cases: {n})", fontsize=8)
        ax.grid(axis="y", alpha=0.3)
    axes[0][0].set_ylabel("hallucinated cited cases (%)")
    axes[0][0].legend(fontsize=7)
    fig.suptitle(f"Hallucination rates, 95% bootstrap over prompts (B={result['resamples']})", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def popularity_figure(result: dict[str, Any], path: Path) -> Path:
    """Per popularity bin: the share of each model's cited cases, and their full rate."""
    plt = _pyplot()
    rows = result["popularity_table"]
    bins = list(dict.fromkeys(r["bin"] for r in rows))
    models = list(dict.fromkeys(r["model"] for r in rows))
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.8))
    width = 0.8 / max(1, len(models))
    for k, model in enumerate(models):
        mine = {r["bin"]: r for r in rows if r["model"] == model}
        xs = [i + (k - (len(models) - 1) / 2) * width for i in range(len(bins))]
        left.bar(xs, [100 * (mine[b]["share"] or 0.0) for b in bins], width, label=model, color=f"C{k}")
        px, py, err = _defined(xs, [mine[b]["hallucinated"] for b in bins])
        right.errorbar(px, py, yerr=err, fmt="o", capsize=3, label=model, color=f"C{k}")
    for ax in (left, right):
        ax.set_xticks(range(len(bins)), bins, fontsize=8)
        ax.set_xlim(-0.5, len(bins) - 0.5)
        ax.set_xlabel("citing opinions in the library (popularity)")
        ax.grid(axis="y", alpha=0.3)
    left.set_ylabel("share of cited cases (%)")
    right.set_ylabel("full hallucination rate (%), where cited")
    left.legend(fontsize=7)
    pop = result["popularity"] or {"opinions": 0}
    fig.suptitle(f"Cited-case popularity over {pop['opinions']} opinions with text", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


def write_figures(result: dict[str, Any], folder: Path) -> list[str]:
    """Both figures into ``folder``; their file names."""
    rates_figure(result, folder / FIGURES[0])
    popularity_figure(result, folder / FIGURES[1])
    return list(FIGURES)

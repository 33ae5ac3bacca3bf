"""PNG plot of a coverage sweep: empirical CG per system over the analytic curve."""

from __future__ import annotations

from pathlib import Path

from citeproof.bench.grounding.oracle import OracleSnapshot
from citeproof.bench.grounding.sweep import SweepPoint


def plot_sweep(
    points: tuple[SweepPoint, ...], systems: tuple[str, ...], snapshot: OracleSnapshot, path: str | Path
) -> Path:
    """Write the sweep as a PNG (log record axis); needs matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=120)
    x = [pt.records for pt in points]
    for s, name in enumerate(systems):
        line = ax.plot(x, [pt.cg[s] for pt in points], "o", label=f"{name} (empirical)")
        ax.plot(
            x,
            [pt.analytic[s] for pt in points],
            "-",
            color=line[0].get_color(),
            alpha=0.6,
            label=f"{name}: 1 − (1 − p)^k",
        )
    ax.set_xscale("log")
    ax.set_xlabel(f"oracle records ({points[0].mode} subsampling)")
    ax.set_ylabel("CG (macro over responses)")
    ax.set_ylim(0, 1.02)
    ax.set_title(f"Coverage sweep against {snapshot.label()}", fontsize=8)
    ax.legend(fontsize=6, ncol=2, loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out)
    plt.close(fig)
    return out

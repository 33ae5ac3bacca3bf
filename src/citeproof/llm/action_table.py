"""What an agent did over a run of excerpts, as the paper's Tables A7/A9 report it: the
share of each action, the mean steps per excerpt, and the share of repeated lookups.
Intervals are seeded bootstraps over excerpts (the actions of one excerpt go together)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from citeproof.core.stats import Estimate, bootstrap, ratio_bootstrap
from citeproof.llm.likelihoods import ACTIONS
from citeproof.llm.tools import Action


@dataclass(frozen=True, slots=True)
class ActionTable:
    counts: tuple[tuple[str, int], ...]  # per action name, in `ACTIONS` order, then any other
    shares: tuple[tuple[str, Estimate], ...]  # each action's share of all actions
    actions: int
    excerpts: int
    repeats: int  # actions equal to one taken earlier on the same excerpt
    repeated: Estimate  # repeats / actions
    steps_per_excerpt: Estimate

    def to_dict(self) -> dict[str, Any]:
        return {
            "excerpts": self.excerpts,
            "actions": self.actions,
            "counts": dict(self.counts),
            "shares": {name: e.to_dict() for name, e in self.shares},
            "steps_per_excerpt": self.steps_per_excerpt.to_dict(),
            "repeats": self.repeats,
            "repeated_lookups": self.repeated.to_dict(),
        }

    def markdown(self, title: str = "agent actions") -> str:
        s = self.steps_per_excerpt
        counts = dict(self.counts)
        lines = [
            f"{title}: {self.actions} actions over {self.excerpts} excerpts",
            "",
            "| action | count | share % [95% CI] |",
            "| --- | --- | --- |",
            *(f"| {name} | {counts[name]} | {_pct(e)} |" for name, e in self.shares),
            "",
            f"steps per excerpt: {s.value:.2f} [{s.low:.2f}, {s.high:.2f}] (n={s.n} excerpts)"
            if s.n
            else "steps per excerpt: n/a (n=0)",
            f"repeated lookups: {self.repeats} of {self.actions} actions, {_pct(self.repeated)} %",
        ]
        return "\n".join(lines)


def _pct(e: Estimate) -> str:
    if e.n == 0 or e.value != e.value:
        return "n/a"
    return f"{100 * e.value:.1f} [{100 * e.low:.1f}, {100 * e.high:.1f}]"


def action_table(runs: Sequence[Sequence[Action]], seed: int = 0, resamples: int = 2000) -> ActionTable:
    """The table of ``runs`` (the actions of each excerpt, in order)."""
    counts = Counter(a.name for run in runs for a in run)
    names = [n for n in ACTIONS if n in counts] + sorted(set(counts) - set(ACTIONS))
    sizes = [float(len(run)) for run in runs]
    repeats = [float(len(run) - len({a.key() for a in run})) for run in runs]
    shares = tuple(
        (name, ratio_bootstrap([sum(a.name == name for a in run) for run in runs], sizes, seed, resamples))
        for name in names
    )
    return ActionTable(
        tuple((n, counts[n]) for n in names),
        shares,
        int(sum(sizes)),
        len(runs),
        int(sum(repeats)),
        ratio_bootstrap(repeats, sizes, seed, resamples),
        bootstrap(sizes, seed, resamples),
    )

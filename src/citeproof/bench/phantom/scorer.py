"""Fragment scoring, two ways, one excerpt at a time, then aggregate: pure functions.

Both scorers normalise case, quotes and whitespace and read a prediction as matching a
gold fragment when one is a substring of the other; they differ in two places.

- **Paper-faithful** (``paper_*``), LePhantomCite's own definitions: any substring
  either way matches, precision = predictions that hit a gold fragment (optional or
  required) / predictions, and *recall = predictions that hit a gold fragment / required
  gold fragments* (so several predictions inside one gold fragment count several times,
  and recall may exceed 1).
- **Guarded** (the unprefixed figures): a prediction that *contains* a gold fragment
  matches only if it is at most ``2 × len(gold) + 40`` characters long (the whole
  excerpt does not "find" every error in it), a prediction *inside* a gold fragment
  only if it is at least 8 characters long (``"v."`` does not find every case name: our
  addition to the issue's guard, after the ``"v."`` baseline reached 86% recall without
  it), and recall = gold fragments hit / gold fragments. Per-kind recall and per-role
  flag rates use this scorer.

``optional`` gold fragments (later mentions of an injected citation; the published
``optional`` spans) never count toward either recall's denominator. A prediction that hits
one is a **true positive for the paper-faithful scorer** (as LePhantomCite counts it: in
its precision and in its recall's numerator); the **guarded scorer leaves it out** (neither
a true nor a false positive: dropped from precision, never toward recall), so that its
figures are about required gold only. Exact duplicate predictions count once; empty
predictions are ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from citeproof.bench.phantom.schema import KINDS, Excerpt, Role
from citeproof.bench.systems import Detection
from citeproof.core.stats import NAN, Estimate, bootstrap, bootstrap_statistic, ratio_bootstrap

_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"})
_EDGE = " \t\n\"'.,;:()[]"
GUARD_FACTOR, GUARD_SLACK, MIN_INSIDE = 2, 40, 8


def normalise_fragment(text: str) -> str:
    return " ".join(text.translate(_QUOTES).casefold().split()).strip(_EDGE)


def fragments_match(predicted: str, gold: str) -> bool:
    """The paper's lenient rule: either is a substring of the other."""
    p, g = normalise_fragment(predicted), normalise_fragment(gold)
    return bool(p) and bool(g) and (p in g or g in p)


def guarded_match(predicted: str, gold: str) -> bool:
    """Lenient, except that a prediction containing the gold fragment may be at most
    ``2 × len(gold) + 40`` characters (normalised) long, and one inside it must be at
    least 8 (or the whole gold fragment)."""
    p, g = normalise_fragment(predicted), normalise_fragment(gold)
    if not p or not g:
        return False
    if p in g:
        return len(p) >= min(MIN_INSIDE, len(g))
    return g in p and len(p) <= GUARD_FACTOR * len(g) + GUARD_SLACK


def unique_predictions(fragments: Iterable[str]) -> tuple[str, ...]:
    """Non-empty predictions, each normalised form once, in order."""
    seen: dict[str, str] = {}
    for f in fragments:
        key = normalise_fragment(f)
        if key and key not in seen:
            seen[key] = f
    return tuple(seen.values())


@dataclass(frozen=True, slots=True)
class ExcerptScore:
    """Counts for one excerpt; every metric is a ratio of sums of these."""

    filename: str
    predictions: int  # guarded: predictions counted for precision (optional-only hits left out)
    matched_predictions: int
    gold: int  # required gold fragments
    matched_gold: int  # guarded: gold fragments hit
    kind_gold: tuple[int, ...]  # per KINDS
    kind_hit: tuple[int, ...]
    role_total: tuple[int, ...]  # per Role
    role_flagged: tuple[int, ...]
    paper_predictions: int = 0  # paper-faithful: predictions counted for precision (all of them)
    paper_matched: int = 0  # paper-faithful: predictions that hit a gold fragment, optional ones too


def _precision_counts(
    preds: Sequence[str], excerpt: Excerpt, match: Callable[[str, str], bool], optional_hits: bool
) -> tuple[int, int]:
    """(predictions counted, true positives). A prediction that hits only optional gold is
    a true positive with ``optional_hits`` (the paper's count), else not counted at all."""
    counted = matched = 0
    for p in preds:
        required = any(match(p, g.fragment) for g in excerpt.required)
        optional = any(match(p, g.fragment) for g in excerpt.errors if g.optional)
        if required or not optional or optional_hits:
            counted += 1
            matched += int(required or optional)
    return counted, matched


def score_excerpt(excerpt: Excerpt, fragments: Sequence[str]) -> ExcerptScore:
    preds = unique_predictions(fragments)
    gold = excerpt.required
    counted, matched = _precision_counts(preds, excerpt, guarded_match, optional_hits=False)
    paper_counted, paper_matched = _precision_counts(preds, excerpt, fragments_match, optional_hits=True)
    hit = [any(guarded_match(p, g.fragment) for p in preds) for g in gold]
    kind_gold = [0] * len(KINDS)
    kind_hit = [0] * len(KINDS)
    for g, h in zip(gold, hit, strict=True):
        if g.kind in KINDS:
            kind_gold[KINDS.index(g.kind)] += 1
            kind_hit[KINDS.index(g.kind)] += int(h)
    roles = list(Role)
    role_total = [0] * len(roles)
    role_flagged = [0] * len(roles)
    for cit in excerpt.citations:
        i = roles.index(cit.role)
        role_total[i] += 1
        role_flagged[i] += int(any(guarded_match(p, cit.text) for p in preds))
    return ExcerptScore(
        excerpt.filename,
        counted,
        matched,
        len(gold),
        sum(hit),
        tuple(kind_gold),
        tuple(kind_hit),
        tuple(role_total),
        tuple(role_flagged),
        paper_counted,
        paper_matched,
    )


def ratio(num: Sequence[float], den: Sequence[float], seed: int, resamples: int = 2000) -> Estimate:
    """sum(num) / sum(den) with a bootstrap over the excerpts whose denominator is > 0.

    ``n`` is the denominator (items: predictions, gold fragments, citations); NaN when 0.
    """
    numer, denom = np.asarray(num, dtype=float), np.asarray(den, dtype=float)
    keep = denom > 0
    numer, denom = numer[keep], denom[keep]
    if denom.size == 0:
        return Estimate(NAN, 0, NAN, NAN, "bootstrap over excerpts")
    est = ratio_bootstrap(numer, denom, seed, resamples)
    return replace(
        est, n=int(denom.sum()), method=f"bootstrap over {denom.size} excerpts (B={resamples}, seed={seed})"
    )


def f1(scores: Sequence[ExcerptScore], seed: int, resamples: int = 2000, paper: bool = False) -> Estimate:
    """Harmonic mean of micro precision and recall, bootstrapped over excerpts (the
    paper-faithful pair with ``paper``)."""
    rows = np.array(
        [
            (s.paper_matched, s.paper_predictions, s.paper_matched, s.gold)
            if paper
            else (s.matched_predictions, s.predictions, s.matched_gold, s.gold)
            for s in scores
            if s.predictions or s.paper_predictions or s.gold
        ],
        dtype=float,
    ).reshape(-1, 4)
    if rows.shape[0] == 0 or rows[:, 1].sum() == 0 or rows[:, 3].sum() == 0:
        return Estimate(NAN, rows.shape[0], NAN, NAN, "bootstrap over excerpts")

    def stat(idx: np.ndarray) -> np.ndarray:
        r = rows[idx].sum(axis=-2)
        with np.errstate(invalid="ignore", divide="ignore"):
            p, rec = r[..., 0] / r[..., 1], r[..., 2] / r[..., 3]
            out = np.where(p + rec > 0, 2 * p * rec / (p + rec), 0.0)
        return np.nan_to_num(out, nan=0.0)

    return bootstrap_statistic(
        stat,
        rows.shape[0],
        seed,
        resamples,
        method=(f"bootstrap over {rows.shape[0]} excerpts (B={resamples}, seed={seed})"),
    )


def mean(values: Sequence[float], seed: int, resamples: int = 2000) -> Estimate:
    est = bootstrap(values, seed, resamples)
    return replace(est, method=f"bootstrap over {len(values)} excerpts (B={resamples}, seed={seed})")


def summarise(
    scores: Sequence[ExcerptScore], costs: Sequence[Detection] = (), seed: int = 0
) -> dict[str, Estimate]:
    """Every figure of a run, each an :class:`Estimate` (NaN with n = 0 when undefined)."""
    out = {
        "precision": ratio([s.matched_predictions for s in scores], [s.predictions for s in scores], seed),
        "recall": ratio([s.matched_gold for s in scores], [s.gold for s in scores], seed),
        "f1": f1(scores, seed),
        "paper_precision": ratio(
            [s.paper_matched for s in scores], [s.paper_predictions for s in scores], seed
        ),
        "paper_recall": ratio([s.paper_matched for s in scores], [s.gold for s in scores], seed),
        "paper_f1": f1(scores, seed, paper=True),
    }
    for i, kind in enumerate(KINDS):
        out[f"recall_{kind}"] = ratio([s.kind_hit[i] for s in scores], [s.kind_gold[i] for s in scores], seed)
    for i, role in enumerate(Role):
        out[f"flag_rate_{role.value}"] = ratio(
            [s.role_flagged[i] for s in scores], [s.role_total[i] for s in scores], seed
        )
    if costs:
        for name in ("seconds", "calls", "prompt_tokens", "completion_tokens", "steps"):
            out[f"{name}_per_excerpt"] = mean([float(getattr(c, name)) for c in costs], seed)
        # agents: share of requested actions that repeated an earlier one (n = actions),
        # and share of excerpts that ended at the step budget (n = excerpts)
        out["repeated_action_rate"] = ratio(
            [c.repeats for c in costs], [c.steps + c.repeats for c in costs], seed
        )
        out["budget_exhausted_rate"] = mean([float(c.exhausted) for c in costs], seed)
    return out

"""Preference pairs ready to train: a grouped split, its leakage check, and the export.

**Groups.** Pairs are joined into one group when they share a prompt, a source text (a
statute article; an opinion paragraph, whose neighbouring citations see each other's
text) or a near-duplicate prompt: Jaccard similarity of their word-trigram sets at least
``threshold`` (default 0.6), after lower-casing, masking digits and dropping
punctuation ("статті 625" and "статті 626" read alike). A group goes to one split whole:
no prompt, and no near-duplicate of one, is on two sides.

**Split.** Groups in a seeded random order, the largest first, each to the split
furthest below its share of pairs (``ratios``, default 0.8 / 0.1 / 0.1).

**Check.** `leakage_check` reads any splits (these, or a split made elsewhere) and counts,
per split, its prompts also in another split and its prompts with a near duplicate in
another split, by the same similarity.

**Export.** ``<split>.jsonl`` with exactly ``prompt``, ``chosen`` and ``rejected`` (the
standard preference format TRL's DPOTrainer and similar trainers read), a line-aligned
``<split>.meta.jsonl`` with each pair's strategy, origin, source and cites, and a
``manifest.json`` with the seed, ratios, counts and the check.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from citeproof.bench.grounding.dpo import Pair

SPLITS = ("train", "validation", "test")
RATIOS = (0.8, 0.1, 0.1)
THRESHOLD = 0.6
COMMON_SHINGLE = 500  # a trigram in more prompts than this is boilerplate: not used to find candidates


def normalise(prompt: str) -> str:
    text = re.sub(r"\d", "0", prompt.lower())
    return " ".join(re.findall(r"\w+", text))


def shingles(prompt: str) -> frozenset[str]:
    """Word trigrams of the normalised prompt (the whole of it when shorter)."""
    words = normalise(prompt).split()
    if len(words) < 3:
        return frozenset({" ".join(words)})
    return frozenset(" ".join(words[i : i + 3]) for i in range(len(words) - 2))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def near_duplicates(prompts: Sequence[str], threshold: float = THRESHOLD) -> list[tuple[int, int]]:
    """Index pairs (i < j) of distinct prompts whose trigram sets reach ``threshold``."""
    sets = [shingles(p) for p in prompts]
    index: dict[str, list[int]] = {}
    for i, s in enumerate(sets):
        for g in s:
            index.setdefault(g, []).append(i)
    found = set()
    for i, s in enumerate(sets):
        candidates = {j for g in s if len(index[g]) <= COMMON_SHINGLE for j in index[g] if j > i}
        found |= {(i, j) for j in candidates if jaccard(s, sets[j]) >= threshold}
    return sorted(found)


class _Groups:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, i: int, j: int) -> None:
        self.parent[self.find(i)] = self.find(j)


def groups(pairs: Sequence[Pair], threshold: float = THRESHOLD) -> list[int]:
    """A group number per pair: shared prompt, shared source or near-duplicate prompt."""
    g = _Groups(len(pairs))
    prompts = sorted({normalise(p.prompt) for p in pairs})
    number = {p: i for i, p in enumerate(prompts)}
    first: dict[tuple[str, str], int] = {}
    for k, p in enumerate(pairs):
        for key in (("prompt", normalise(p.prompt)), ("source", f"{p.origin}:{p.source}")):
            g.join(k, first.setdefault(key, k))
    holder = {number[normalise(p.prompt)]: k for k, p in enumerate(pairs)}
    for i, j in near_duplicates(prompts, threshold):
        g.join(holder[i], holder[j])
    roots: dict[int, int] = {}
    return [roots.setdefault(g.find(k), len(roots)) for k in range(len(pairs))]


def split(
    pairs: Sequence[Pair],
    seed: int = 0,
    ratios: Sequence[float] = RATIOS,
    threshold: float = THRESHOLD,
) -> dict[str, list[Pair]]:
    """Train / validation / test with no group on two sides."""
    if len(ratios) != len(SPLITS) or any(r < 0 for r in ratios) or sum(ratios) <= 0:
        raise ValueError(f"ratios: three shares, not negative, e.g. 0.8,0.1,0.1 (got {list(ratios)})")
    share = np.asarray(ratios, dtype=float) / sum(ratios)
    group_of = groups(pairs, threshold)
    members: dict[int, list[int]] = {}
    for k, gid in enumerate(group_of):
        members.setdefault(gid, []).append(k)
    order = np.random.default_rng(seed).permutation(len(members))
    ranked = sorted((int(i) for i in order), key=lambda gid: -len(members[gid]))  # stable: ties stay shuffled
    filled = np.zeros(len(SPLITS))
    side: dict[int, int] = {}
    for gid in ranked:
        deficit = share * (filled.sum() + len(members[gid])) - filled
        side[gid] = int(np.argmax(np.where(share > 0, deficit, -np.inf)))
        filled[side[gid]] += len(members[gid])
    out: dict[str, list[Pair]] = {name: [] for name in SPLITS}
    for k, p in enumerate(pairs):
        out[SPLITS[side[group_of[k]]]].append(p)
    return out


@dataclass(frozen=True, slots=True)
class SplitLeakage:
    split: str
    pairs: int
    prompts: int  # distinct (normalised) prompts
    shared_prompts: int  # of them, also a prompt of another split
    near_duplicate_prompts: int  # of them, with a near duplicate in another split

    def to_dict(self) -> dict[str, object]:
        return {
            "split": self.split,
            "pairs": self.pairs,
            "prompts": self.prompts,
            "shared_prompts": self.shared_prompts,
            "near_duplicate_prompts": self.near_duplicate_prompts,
        }


def leakage_check(splits: Mapping[str, Sequence[str]], threshold: float = THRESHOLD) -> list[SplitLeakage]:
    """Per split (name → its pairs' prompts): prompts shared with, or near-duplicated in,
    another split."""
    mine = {name: sorted({normalise(p) for p in prompts}) for name, prompts in splits.items()}
    everything = sorted({p for ps in mine.values() for p in ps})
    owners: dict[str, set[str]] = {}
    for name, ps in mine.items():
        for p in ps:
            owners.setdefault(p, set()).add(name)
    near: dict[str, set[str]] = {}
    for i, j in near_duplicates(everything, threshold):
        a, b = everything[i], everything[j]
        near.setdefault(a, set()).update(owners[b])
        near.setdefault(b, set()).update(owners[a])
    return [
        SplitLeakage(
            name,
            len(splits[name]),
            len(ps),
            sum(len(owners[p]) > 1 for p in ps),
            sum(bool(near.get(p, set()) - {name}) for p in ps),
        )
        for name, ps in mine.items()
    ]


def leaks(report: Iterable[SplitLeakage]) -> int:
    return sum(r.shared_prompts + r.near_duplicate_prompts for r in report)


def write_splits(
    splits: Mapping[str, Sequence[Pair]], out: Path, manifest: dict[str, object]
) -> dict[str, Path]:
    """``<split>.jsonl`` (prompt, chosen, rejected), ``<split>.meta.jsonl``, ``manifest.json``."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, pairs in splits.items():
        paths[name] = out / f"{name}.jsonl"
        with (
            paths[name].open("w", encoding="utf-8") as data,
            (out / f"{name}.meta.jsonl").open("w", encoding="utf-8") as meta,
        ):
            for p in pairs:
                row = p.to_dict()
                data.write(
                    json.dumps({k: row.pop(k) for k in ("prompt", "chosen", "rejected")}, ensure_ascii=False)
                )
                data.write("\n")
                meta.write(json.dumps(row, ensure_ascii=False) + "\n")
    (out / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    return paths


def read_prompts(path: Path) -> list[str]:
    """The prompts of a preference JSONL file (any file with a ``prompt`` per line)."""
    prompts = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                prompts.append(str(json.loads(line)["prompt"]))
            except (json.JSONDecodeError, KeyError, TypeError):
                raise ValueError(f"{path.name} line {number}: not a JSON object with a 'prompt'") from None
    return prompts


def counts(splits: Mapping[str, Sequence[Pair]]) -> dict[str, dict[str, object]]:
    """Per split: pairs, and pairs by origin and by strategy."""
    return {
        name: {
            "pairs": len(pairs),
            "by_origin": dict(sorted(Counter(p.origin for p in pairs).items())),
            "by_strategy": dict(sorted(Counter(str(p.strategy) for p in pairs).items())),
        }
        for name, pairs in splits.items()
    }

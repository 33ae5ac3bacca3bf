"""Build the benchmark: deterministic from a seed, 70/30 train/test, JSONL in the published
field layout plus spans, kinds and citation roles."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from citeproof.bench.phantom.allocation import allocate, until
from citeproof.bench.phantom.cites import find_cites, library_reporters
from citeproof.bench.phantom.injections import inside_targets
from citeproof.bench.phantom.judicial import EDIT_KINDS, judicial_excerpt, judicial_kinds
from citeproof.bench.phantom.schema import KINDS, Excerpt
from citeproof.bench.phantom.sources import (
    JudicialPassage,
    catalog_cases,
    full_text_cases,
    in_library,
    paragraph_spans,
    real_citations,
)
from citeproof.bench.phantom.templated import Pools, templated_excerpt
from citeproof.core.reading.read import ReadError, read_document
from citeproof.library.sqlite import SQLiteLibrary

DATASET_VERSION = "citeproof-phantom-2.2"  # 2.0: the injector independent of the detector; 2.1: a
# cite at another real case's first page is a name mismatch, exactly half of each split injected;
# 2.2: faithful propositions paraphrased as well (bench/phantom/paraphrase.py)
# LePhantomCite does not publish per-kind proportions we could read; injected kinds are
# drawn uniformly.
KIND_WEIGHTS = dict.fromkeys(KINDS, 0.2)


@dataclass(frozen=True, slots=True)
class BuildConfig:
    seed: int = 0
    excerpts: int = 1300
    test_fraction: float = 0.3
    injected_fraction: float = 0.5  # excerpts that carry at least one injection
    judicial_fraction: float = 0.3  # of the excerpts that can be real judicial writing
    source_opinions: int | None = None  # opinions scanned for real citations (None: all)


def load_pools(
    library: SQLiteLibrary, config: BuildConfig, progress: Callable[[str], None] | None = None
) -> tuple[Pools, list]:  # type: ignore[type-arg]
    say = progress or (lambda _m: None)
    say("reading full-text opinions")
    fulltext = full_text_cases(library)
    say("reading the catalogue")
    catalog = catalog_cases(library)
    ids = [r[0] for r in library.conn.execute("SELECT case_id FROM opinions ORDER BY case_id")]
    if config.source_opinions is not None:
        rng = np.random.default_rng(config.seed)
        ids = sorted(
            str(i) for i in rng.choice(ids, size=min(len(ids), config.source_opinions), replace=False)
        )
    say(f"reading citations in {len(ids)} opinions")
    distractors, judicial = real_citations(library, ids)
    return Pools(fulltext, catalog, distractors, inside_targets(library)), judicial


def build(
    library: SQLiteLibrary, config: BuildConfig, progress: Callable[[str], None] | None = None
) -> list[Excerpt]:
    """``config.excerpts`` excerpts; in each split exactly ``round(injected_fraction ×
    size)`` carry an injected error (`allocation`), the others none."""
    pools, judicial = load_pools(library, config, progress)
    rng = np.random.default_rng(config.seed)
    n = config.excerpts
    plan = allocate(n, config.test_fraction, config.injected_fraction, rng)
    kinds_p = np.array(list(KIND_WEIGHTS.values()))

    def make(i: int) -> Excerpt:
        kinds = (
            [str(k) for k in rng.choice(KINDS, size=1 + int(rng.random() < 0.4), p=kinds_p / kinds_p.sum())]
            if i in plan.injected
            else []
        )
        real = judicial and judicial_kinds(kinds) and rng.random() < config.judicial_fraction
        name = f"cp{i:05d}_{'judicial' if real else 'templated'}.txt"
        if real:
            passage = judicial[int(rng.integers(len(judicial)))]
            return judicial_excerpt(name, passage, kinds, pools, library, rng)
        return templated_excerpt(name, kinds, pools, library, rng)

    out = []
    for i in range(n):
        carries = partial(_carries, i in plan.injected)
        excerpt = until(partial(make, i), carries, f"excerpt {i}")
        out.append(
            replace(
                excerpt,
                split=plan.split(i),
                meta={**excerpt.meta, "dataset_version": DATASET_VERSION, "seed": config.seed},
            )
        )
    return out


def _carries(injected: bool, excerpt: Excerpt) -> bool:
    return bool(excerpt.required) == injected


BRIEF_SUFFIXES = {".pdf", ".docx", ".txt", ".text", ".md"}


def brief_passages(
    library: SQLiteLibrary, folder: Path, progress: Callable[[str], None] | None = None
) -> list[JudicialPassage]:
    """Paragraphs of the briefs in ``folder`` (PDF, DOCX, text) that cite at least one case
    the library knows by its right name; unreadable files are reported and skipped."""
    say = progress or (lambda _m: None)
    reporters = library_reporters(library)
    out = []
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in BRIEF_SUFFIXES)
    if not files:
        raise ValueError(f"no briefs (.pdf, .docx, .txt, .md) in {folder}")
    for n, path in enumerate(files, 1):
        say(f"reading brief {n}/{len(files)}: {path.name}")
        try:
            text = read_document(path).text
        except (ReadError, OSError, ValueError) as exc:
            say(f"skipped {path.name}: {exc}")
            continue
        for _, para in paragraph_spans(text):
            cites = find_cites(para, reporters)
            if 80 <= len(para) <= 3000 and any(in_library(c, library) for c in cites):
                out.append(JudicialPassage(path.name, para, tuple(cites)))
    return out


def _brief_excerpt(
    i: int,
    passage: JudicialPassage,
    carries: bool,
    pools: Pools,
    library: SQLiteLibrary,
    rng: np.random.Generator,
) -> Excerpt | None:
    """The passage clean, or with one error: the kinds tried in a seeded order until one
    takes (None if none does)."""
    name = f"brief{i:05d}_{passage.case_id}"
    if not carries:
        return judicial_excerpt(name, passage, [], pools, library, rng, source="brief")
    for k in rng.permutation(len(EDIT_KINDS)):
        e = judicial_excerpt(name, passage, [EDIT_KINDS[int(k)]], pools, library, rng, source="brief")
        if e.required:
            return e
    return None


def build_from_briefs(
    library: SQLiteLibrary,
    config: BuildConfig,
    folder: Path,
    progress: Callable[[str], None] | None = None,
) -> list[Excerpt]:
    """Excerpts of a user's own correct briefs, with errors injected into the citations the
    library knows (nonexistent, name, pin past the case's end, misquote): the way the
    seed benchmark was built from real briefs. Same layout, manifest and audits; in each
    split exactly ``round(injected_fraction × size)`` paragraphs carry an error (one that
    can carry none gives its place to a clean paragraph of its split that can)."""
    passages = brief_passages(library, folder, progress)
    if not passages:
        raise ValueError(f"no paragraph of the briefs in {folder} cites a case the library knows")
    pools = Pools([], [], [], inside_targets(library))
    rng = np.random.default_rng(config.seed)
    plan = allocate(len(passages), config.test_fraction, config.injected_fraction, rng)
    made = {i: _brief_excerpt(i, p, i in plan.injected, pools, library, rng) for i, p in enumerate(passages)}
    for i in [i for i, e in made.items() if e is None]:
        spare = [
            j for j, e in made.items() if plan.split(j) == plan.split(i) and e is not None and not e.required
        ]
        for j in [spare[int(k)] for k in rng.permutation(len(spare))]:
            moved = _brief_excerpt(j, passages[j], True, pools, library, rng)
            if moved is not None:
                made[i], made[j] = _brief_excerpt(i, passages[i], False, pools, library, rng), moved
                break
        else:
            raise ValueError(
                f"too few paragraphs of the {plan.split(i)} split of {folder} can carry an error "
                f"for {config.injected_fraction:.0%} of them to carry one"
            )
    out = []
    for i, e in made.items():
        assert e is not None
        meta = {
            **e.meta,
            "dataset_version": DATASET_VERSION,
            "seed": config.seed,
            "brief": passages[i].case_id,
        }
        out.append(replace(e, split=plan.split(i), meta=meta))
    return out


def manifest(excerpts: list[Excerpt], library: SQLiteLibrary, config: BuildConfig) -> dict[str, Any]:
    snap = library.snapshot()
    per_split: dict[str, Any] = {}
    for split in ("train", "test"):
        rows = [e for e in excerpts if e.split == split]
        kinds = Counter(g.kind for e in rows for g in e.required)
        roles = Counter(c.role.value for e in rows for c in e.citations)
        per_split[split] = {
            "excerpts": len(rows),
            "with_injections": sum(1 for e in rows if e.errors),
            "hallucinations": dict(kinds),
            "citations": dict(roles),
            "sources": dict(Counter(e.source for e in rows)),
        }
    return {
        "dataset_version": DATASET_VERSION,
        "config": config.__dict__
        if hasattr(config, "__dict__")
        else {f: getattr(config, f) for f in config.__slots__},
        "kind_weights": KIND_WEIGHTS,
        "library": {
            "name": snap.name,
            "built_at": snap.built_at,
            "cases": snap.cases,
            "opinions_with_text": snap.opinions_with_text,
        },
        "splits": per_split,
    }


def write(excerpts: list[Excerpt], out_dir: Path, info: dict[str, Any]) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {}
    for split in ("train", "test"):
        path = out_dir / f"{split}.jsonl"
        with path.open("w", encoding="utf-8") as fh:
            for e in excerpts:
                if e.split == split:
                    fh.write(json.dumps(e.to_json(), ensure_ascii=False) + "\n")
        paths[split] = path
    (out_dir / "manifest.json").write_text(json.dumps(info, indent=2, ensure_ascii=False))
    return paths

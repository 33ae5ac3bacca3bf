"""Preference pairs ready to train: the grouped split, its leakage check and the export."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from click.testing import CliRunner

from citeproof.bench.grounding.dpo import Pair, load_citing, make_pairs
from citeproof.bench.grounding.dpo_split import (
    SPLITS,
    groups,
    leakage_check,
    leaks,
    near_duplicates,
    normalise,
    split,
    write_splits,
)
from citeproof.cli.grounding import grounding

pytestmark = pytest.mark.without_library  # statute pairs: the registry only


@pytest.fixture(scope="module")
def pairs(registry):
    return make_pairs(load_citing()[:500], registry, seed=2)


def _prompts(splits):
    return {name: [p.prompt for p in ps] for name, ps in splits.items()}


def test_no_prompt_and_no_source_is_on_two_sides(pairs):
    splits = split(pairs, seed=5)
    sides = {}
    for name, ps in splits.items():
        for p in ps:
            for key in (normalise(p.prompt), p.source):
                assert sides.setdefault(key, name) == name, (key, name)
    assert sum(len(ps) for ps in splits.values()) == len(pairs)
    assert leaks(leakage_check(_prompts(splits))) == 0


def test_the_check_catches_the_leaks_of_a_split_by_pair(pairs):
    """The split the data had before: pairs drawn at random, so one prompt lands on several sides."""
    side = np.random.default_rng(0).choice(3, size=len(pairs), p=[0.8, 0.1, 0.1])
    random_split = {name: [pairs[k] for k in np.flatnonzero(side == i)] for i, name in enumerate(SPLITS)}
    report = {r.split: r for r in leakage_check(_prompts(random_split))}
    assert report["test"].shared_prompts > report["test"].prompts / 2
    assert leaks(report.values()) > 0


def test_shares_follow_the_ratios_within_one_group(pairs):
    sizes = Counter(groups(pairs)).values()
    for ratios in ((0.8, 0.1, 0.1), (0.6, 0.2, 0.2)):
        splits = split(pairs, seed=1, ratios=ratios)
        for name, share in zip(SPLITS, ratios, strict=True):
            assert abs(len(splits[name]) - share * len(pairs)) <= max(sizes)
    assert split(pairs, seed=1, ratios=(1, 0, 0))["test"] == []
    with pytest.raises(ValueError, match="three shares"):
        split(pairs, ratios=(0.5, 0.5))


def test_the_split_is_seeded(pairs):
    assert split(pairs, seed=3) == split(pairs, seed=3)
    assert split(pairs, seed=3)["test"] != split(pairs, seed=4)["test"]


def _pair(prompt: str, source: str) -> Pair:
    return Pair(prompt, "статті 625 ЦК України.", "статті 1625 ЦК України.", "out_of_range", source, "a", "b")


def test_near_duplicate_prompts_are_grouped_and_reported():
    a = "Боржник, який прострочив виконання грошового зобов'язання, на вимогу кредитора сплачує згідно зі "
    b = a.replace("Боржник", "Кредитор")  # one word of fourteen changed
    c = "Суд розглядає справу в межах заявлених вимог і на підставі доказів, поданих сторонами, згідно зі "
    assert normalise("статті 625,") == normalise("Статті 626") == "статті 000"
    assert near_duplicates([a, b, c]) == [(0, 1)]
    assert near_duplicates([a, b, c], threshold=0.9) == []
    group = groups([_pair(a, "s1"), _pair(b, "s2"), _pair(c, "s3")])
    assert group[0] == group[1] != group[2]
    report = leakage_check({"train": [a, c], "test": [b]})
    assert [(r.split, r.prompts, r.shared_prompts, r.near_duplicate_prompts) for r in report] == [
        ("train", 2, 0, 1),
        ("test", 1, 0, 1),
    ]
    assert leaks(leakage_check({"train": [a, c], "test": [b]}, threshold=0.9)) == 0


def test_the_export_is_the_standard_preference_format(pairs, tmp_path):
    splits = split(pairs, seed=0)
    paths = write_splits(splits, tmp_path, {"seed": 0})
    for name, path in paths.items():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        meta = [json.loads(line) for line in (tmp_path / f"{name}.meta.jsonl").read_text().splitlines()]
        assert len(rows) == len(meta) == len(splits[name])
        assert all(set(r) == {"prompt", "chosen", "rejected"} for r in rows)
        assert [(r["prompt"], m["strategy"]) for r, m in zip(rows, meta, strict=True)] == [
            (p.prompt, p.strategy) for p in splits[name]
        ]
    assert json.loads((tmp_path / "manifest.json").read_text()) == {"seed": 0}


def test_cli_splits_exports_and_checks(tmp_path):
    out = tmp_path / "dpo"
    args = ["dpo", "--source", "statutes", "--out", str(out), "--ratios", "0.7,0.15,0.15", "--format", "json"]
    result = CliRunner().invoke(grounding, args)
    assert result.exit_code == 0, result.output
    manifest = json.loads(result.output)
    assert manifest["pairs"] == sum(s["pairs"] for s in manifest["splits"].values()) > 4000
    for name in SPLITS:
        lines = (out / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        assert len(lines) == manifest["splits"][name]["pairs"] > 0
    assert all(r["shared_prompts"] == r["near_duplicate_prompts"] == 0 for r in manifest["leakage_check"])
    assert manifest["ratios"] == {"train": 0.7, "validation": 0.15, "test": 0.15}
    checked = CliRunner().invoke(grounding, ["dpo-check", str(out)])
    assert checked.exit_code == 0 and "| test |" in checked.output


def test_cli_check_exits_1_on_a_leaky_split_and_2_on_bad_input(tmp_path):
    row = {"prompt": "Відповідно до ", "chosen": "статті 16", "rejected": "статті 9999"}
    for name in ("train", "test"):
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(row, ensure_ascii=False) + "\n")
    leaky = CliRunner().invoke(grounding, ["dpo-check", str(tmp_path), "--format", "json"])
    assert leaky.exit_code == 1
    assert [r["shared_prompts"] for r in json.loads(leaky.output)] == [1, 1]
    (tmp_path / "test.jsonl").write_text("[1, 2]\n")
    bad = CliRunner().invoke(grounding, ["dpo-check", str(tmp_path)])
    assert bad.exit_code == 2 and "test.jsonl line 1: not a JSON object with a 'prompt'" in bad.output
    assert CliRunner().invoke(grounding, ["dpo", "--ratios", "0.9,0.1"]).exit_code == 2

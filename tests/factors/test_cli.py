"""The click group on pre-generated outputs: no model needed."""

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from citeproof.bench.factors.triples import Mode, read_jsonl, synthetic_triples, write_jsonl
from citeproof.cli.factors import factors


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    triples = synthetic_triples(random.Random(2), 3)
    tpath, opath = tmp_path / "t.jsonl", tmp_path / "o.jsonl"
    write_jsonl(triples, tpath)
    rows = []
    for t in triples:
        if t.mode is Mode.NON_ARGUABLE:
            rows.append({"triple_id": t.id, "model": "abstainer", "output": "NO ARGUMENT POSSIBLE"})
            rows.append(
                {
                    "triple_id": t.id,
                    "model": "talker",
                    "output": f"The current case has {t.current.factors[0]}.",
                }
            )
        else:
            rows.append({"triple_id": t.id, "model": "abstainer", "output": ""})
            rows.append(
                {
                    "triple_id": t.id,
                    "model": "talker",
                    "output": f"Precedent 1 has {', '.join(t.p1.factors)}.",
                }
            )
    opath.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return tpath, opath


def test_score_json_per_model(files):
    tpath, opath = files
    result = CliRunner().invoke(
        factors, ["score", "--triples", str(tpath), "--outputs", str(opath), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    models = {m["model"]: m for m in json.loads(result.output)["models"]}
    ab, talk = models["abstainer"], models["talker"]
    assert ab["abstention_exact"] == pytest.approx(
        {"value": 1.0, "n": 3, "low": ab["abstention_exact"]["low"], "high": 1.0, "method": "wilson"}
    )
    assert ab["acch"]["n"] == 0 and ab["acch"]["value"] is None  # JSON null, never NaN
    assert ab["recu"]["value"] == 0.0 and ab["recu"]["n"] == 6
    assert talk["acch"]["value"] == 1.0 and talk["abstention_any"]["value"] == 0.0
    assert set(talk["by_mode"]) == {"arguable", "reordered", "non_arguable"}


def test_score_markdown_and_chart(files, tmp_path: Path):
    tpath, opath = files
    png = tmp_path / "chart.png"
    result = CliRunner().invoke(
        factors, ["score", "--triples", str(tpath), "--outputs", str(opath), "--chart", str(png)]
    )
    assert result.exit_code == 0, result.output
    assert "| abstainer | all |" in result.output and "n/a (n=0)" in result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_score_rejects_unknown_triples(files, tmp_path: Path):
    tpath, _ = files
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"triple_id": "nope", "model": "m", "output": "x"}) + "\n")
    result = CliRunner().invoke(factors, ["score", "--triples", str(tpath), "--outputs", str(bad)])
    assert result.exit_code != 0 and "nope" in result.output


def test_triples_command_writes_jsonl(tmp_path: Path):
    out = tmp_path / "real.jsonl"
    result = CliRunner().invoke(
        factors, ["triples", "--source", "real", "--n", "5", "--seed", "1", "--out", str(out)]
    )
    assert result.exit_code == 0
    made = read_jsonl(out)
    assert len(made) == 15 and all(t.source == "real" for t in made)


def test_validate_extractor_json():
    result = CliRunner().invoke(factors, ["validate-extractor", "--format", "json"])
    assert result.exit_code == 0
    report = json.loads(result.output)
    rows = {r["style"]: r for r in report["rows"]}
    assert {"dev/code", "dev/paraphrase", "heldout/code", "heldout/paraphrase"} <= set(rows)
    assert {r["extractor"] for r in report["rows"]} == {"hybrid"}
    f6 = {r["split"]: r["recall"] for r in report["factor_recall"] if r["factor"] == "F6"}
    assert f6["dev"]["n"] > 0 and 0.0 <= f6["dev"]["value"] <= 1.0
    twins = {(t["split"], t["gold"], t["predicted"]) for t in report["twin_confusion"]}
    assert ("dev", "F6", "F19") in twins and ("dev", "F19", "F6") in twins
    per_set = [r for s, r in rows.items() if s.endswith("/all") and s != "all/all"]
    assert rows["all/all"]["arguments"] == sum(r["arguments"] for r in per_set)
    for r in rows.values():
        assert 0.0 <= r["precision"]["value"] <= 1.0 and r["recall"]["n"] == r["gold"]


_TRIPLE = {
    "id": "t1",
    "mode": "arguable",
    "source": "synthetic",
    "current": {"name": "Ellison v. Abbott", "factors": ["F6", "F15"], "outcome": None},
    "p1": {"name": "Ingram Corp. v. Yardley", "factors": ["F6", "F4"], "outcome": "plaintiff"},
    "p2": {"name": "Sherwood Labs v. Quimby", "factors": ["F19"], "outcome": "defendant"},
}
_GOLD = """# a tiny gold file
=== m1
triple: t1
style: code
tags:
current: F6 F15
p1: F6
p2:
---
Ellison has F6 and F15, as does Ingram.

=== m2
triple: t1
style: paraphrase
tags: negation
current: F6
p1: F4
p2: F19
---
Ingram had a nondisclosure agreement. Sherwood took no security measures. Ellison kept the plans secret.
"""


@pytest.fixture
def gold_files(tmp_path: Path) -> tuple[Path, Path]:
    gold, triples = tmp_path / "mini.txt", tmp_path / "mini.jsonl"
    gold.write_text(_GOLD)
    triples.write_text(json.dumps(_TRIPLE) + "\n")
    return gold, triples


def test_validate_extractor_on_a_given_gold_file(gold_files):
    gold, triples = gold_files
    result = CliRunner().invoke(
        factors, ["validate-extractor", "--format", "json", "--gold", str(gold), "--triples", str(triples)]
    )
    assert result.exit_code == 0, result.output
    rows = {r["style"]: r for r in json.loads(result.output)["rows"]}
    assert set(rows) == {"mini/code", "mini/paraphrase", "mini/all"}
    # m1's annotation deliberately leaves out Ingram's F15 ("as does Ingram" asserts both),
    # so the numbers must come from the file: precision 3/4 on code, all found otherwise.
    assert (rows["mini/code"]["tp"], rows["mini/code"]["predicted"], rows["mini/code"]["gold"]) == (3, 4, 3)
    assert rows["mini/paraphrase"]["tp"] == rows["mini/paraphrase"]["gold"] == 3
    assert rows["mini/all"]["arguments"] == 2


def test_validate_extractor_mixes_named_sets_and_files(gold_files):
    gold, triples = gold_files
    result = CliRunner().invoke(
        factors,
        [
            "validate-extractor",
            "--format",
            "json",
            "--set",
            "heldout",
            "--gold",
            str(gold),
            "--triples",
            str(triples),
        ],
    )
    assert result.exit_code == 0, result.output
    styles = [r["style"] for r in json.loads(result.output)["rows"]]
    assert styles[:3] == ["heldout/code", "heldout/paraphrase", "heldout/all"]
    assert "mini/all" in styles and "all/all" in styles and "dev/all" not in styles


def test_validate_extractor_rejects_bad_gold(gold_files, tmp_path: Path):
    gold, triples = gold_files
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({**_TRIPLE, "id": "t2"}) + "\n")
    runner = CliRunner()
    bad = runner.invoke(factors, ["validate-extractor", "--gold", str(gold), "--triples", str(other)])
    assert bad.exit_code != 0 and "unknown triple t1" in bad.output
    unpaired = runner.invoke(
        factors,
        [
            "validate-extractor",
            "--gold",
            str(gold),
            "--gold",
            str(gold),
            "--triples",
            str(triples),
            "--triples",
            str(triples),
            "--triples",
            str(triples),
        ],
    )
    assert unpaired.exit_code != 0 and "--triples" in unpaired.output


@pytest.mark.parametrize("blind", ["heldout4", "heldout5"])
def test_a_blind_set_is_scored_by_one_command_once_its_two_files_are_dropped_in(
    monkeypatch, tmp_path: Path, blind: str
):
    """The wiring for the blind held-out sets, exercised with held-out 2's files under their names."""
    from citeproof.bench.factors import gold

    real = gold._gold_dir()
    monkeypatch.setattr(gold, "_gold_dir", lambda: tmp_path)
    for cached in (gold._load_gold, gold.gold_triples):
        cached.cache_clear()
    runner = CliRunner()
    try:
        missing = runner.invoke(factors, ["validate-extractor", "--set", blind])
        assert missing.exit_code != 0
        assert f"arguments_{blind}.txt and triples_{blind}.jsonl not found" in missing.output
        assert blind not in gold.available_sets()
        for name in ("arguments_heldout2.txt", "triples_heldout2.jsonl"):
            text = real.joinpath(name).read_text(encoding="utf-8")
            (tmp_path / name.replace("heldout2", blind)).write_text(text, encoding="utf-8")
            (tmp_path / name).write_text(text, encoding="utf-8")
        assert blind in gold.available_sets()
        args = ["validate-extractor", "--extractor", "deterministic", "--format", "json"]
        four = runner.invoke(factors, [*args, "--set", blind])
        two = runner.invoke(factors, [*args, "--set", "heldout2"])
        assert four.exit_code == 0 and two.exit_code == 0, four.output
        rows4 = {r["style"]: r for r in json.loads(four.output)["rows"]}
        rows2 = {r["style"]: r for r in json.loads(two.output)["rows"]}
        for style in ("code", "paraphrase"):
            got, want = rows4[f"{blind}/{style}"], rows2[f"heldout2/{style}"]
            assert got["arguments"] > 0 and got["precision"]["n"] > 0
            assert got["precision"]["low"] <= got["precision"]["value"] <= got["precision"]["high"]
            assert (got["precision"], got["recall"]) == (want["precision"], want["recall"])
        table = runner.invoke(factors, [*args[:3], "--set", blind])
        assert f"{blind}/paraphrase" in table.output and f"{blind}/code" in table.output
    finally:
        for cached in (gold._load_gold, gold.gold_triples):
            cached.cache_clear()

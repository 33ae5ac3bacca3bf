"""--nli-model: an ONNX NLI model run with onnxruntime, offline. The test builds its own tiny
model (a word-level tokenizer and a graph that sums one row of weights per token into three
logits) in the layout the runner reads: model.onnx, tokenizer.json, config.json."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

onnx = pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")
tokenizers = pytest.importorskip("tokenizers")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from citeproof.cli import main  # noqa: E402
from citeproof.core.checking.support import check_support  # noqa: E402
from citeproof.llm.nli import NLIModelError, OnnxNLI  # noqa: E402

# Each word pushes one logit; the outputs are ordered as roberta-large-mnli orders them
# (contradiction, neutral, entailment), so the runner must read the order from id2label.
WEIGHTS = {
    "[PAD]": 0,
    "[UNK]": 0,
    "[CLS]": 0,
    "[SEP]": 0,
    "agrees": (2, 8),
    "opposes": (0, 8),
    "reversed": (2, 6),
}
ID2LABEL = {"0": "CONTRADICTION", "1": "NEUTRAL", "2": "ENTAILMENT"}


def build_model(folder: Path, weights: dict[str, object] = WEIGHTS) -> Path:
    """A tiny ONNX NLI model: logits = sum over tokens (masked) of a weight row per token."""
    from tokenizers import Tokenizer, models, pre_tokenizers, processors

    vocab = {word: i for i, word in enumerate(weights)}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])],
    )
    folder.mkdir(parents=True, exist_ok=True)
    tokenizer.save(str(folder / "tokenizer.json"))
    table = np.zeros((len(vocab), 3), dtype=np.float32)
    for word, push in weights.items():
        if isinstance(push, tuple):
            table[vocab[word], push[0]] = push[1]
    nodes = [
        helper.make_node("Gather", ["table", "input_ids"], ["rows"]),
        helper.make_node("Cast", ["attention_mask"], ["mask"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask", "last"], ["mask3"]),
        helper.make_node("Mul", ["rows", "mask3"], ["kept"]),
        helper.make_node("ReduceSum", ["kept", "tokens_axis"], ["logits"], keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "tiny-nli",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, [1, None]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, [1, None]),
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, [1, 3])],
        initializer=[
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(np.array([2], dtype=np.int64), "last"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "tokens_axis"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, str(folder / "model.onnx"))
    (folder / "config.json").write_text(json.dumps({"id2label": ID2LABEL}), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_model(tmp_path_factory.mktemp("nli") / "tiny-nli")


@pytest.mark.without_library
def test_the_runner_reads_the_label_order_from_the_config(model_dir: Path):
    nli = OnnxNLI(model_dir)
    agrees = nli("the opinion agrees", "the brief")
    assert agrees.entailment > 0.99 and agrees.contradiction < 0.01
    opposes = nli("the opinion opposes", "the brief")
    assert opposes.contradiction > 0.99
    plain = nli("nothing known here", "the brief")
    assert plain.entailment == pytest.approx(1 / 3) and plain.neutral == pytest.approx(1 / 3)


@pytest.mark.without_library
def test_a_folder_without_a_model_is_refused_with_what_is_missing(tmp_path: Path, model_dir: Path):
    with pytest.raises(NLIModelError, match="no model.onnx, tokenizer.json, config.json"):
        OnnxNLI(tmp_path)
    broken = tmp_path / "broken"
    build_model(broken)
    (broken / "config.json").write_text(json.dumps({"id2label": {"0": "yes", "1": "no"}}))
    with pytest.raises(NLIModelError, match="names no 'entailment' output"):
        OnnxNLI(broken)


def test_the_model_vetoes_a_rule_finding_it_reads_as_entailed(model_dir: Path, library):
    from tests.core.checking.test_misrep import HARRIS, claim

    opinion = library.opinion(library.cases_at("359", "Ill. App. 3d", 931)[0].id)
    # the tiny model reads "reversed" as entailment: the disposition rule's finding is withdrawn
    c = claim("The court reversed the trial court's judgment.", HARRIS)
    assert check_support(c, opinion).rule == "disposition"
    vetoed = check_support(c, opinion, OnnxNLI(model_dir))
    assert vetoed.outcome.value == "unknown"
    assert vetoed.explanation == "the NLI model tiny-nli reads the opinion as supporting the proposition"


BRIEF = "The court reversed the trial court's judgment. People v. Harris, 359 Ill. App. 3d 931 (2005).\n"


def test_check_takes_an_nli_model_and_refuses_a_folder_without_one(model_dir: Path, tmp_path: Path):
    brief = tmp_path / "brief.txt"
    brief.write_text(BRIEF, encoding="utf-8")
    runner = CliRunner()
    plain = runner.invoke(main, ["check", str(brief), "--format", "json", "--quiet"])
    assert plain.exit_code == 1, plain.output
    errors = [e for c in json.loads(plain.output)["citations"] for e in c["errors"]]
    assert [e["kind"] for e in errors] == ["misrepresentation"]
    assert errors[0]["explanation"] == "the opinion affirmed; the brief says it reversed (rule: disposition)"
    with_model = runner.invoke(
        main, ["check", str(brief), "--format", "json", "--quiet", "--nli-model", str(model_dir)]
    )
    assert with_model.exit_code == 0, with_model.output
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = runner.invoke(main, ["check", str(brief), "--nli-model", str(empty)])
    assert refused.exit_code == 2 and "no model.onnx" in refused.output

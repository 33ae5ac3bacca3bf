"""The factor-argument study end to end, scored by the old and the new extractor on the same outputs.

    python benchmarks/factor_study.py [--n 30] [--seed 0]

Writes benchmarks/results/factor_study.json and factor_study.md. Scripted models answer
on a loopback OpenAI-compatible endpoint; ``citeproof factors run`` asks each for an
argument per triple (``--n`` synthetic triples per mode), and ``citeproof factors score``
scores the same outputs twice: ``--extractor deterministic`` (the lexicon alone, the
extractor before issue 18) and ``--extractor hybrid``. The models read only the prompt:

- ``fake-code``: states every factor of every case by code and name; abstains exactly
  on non-arguable triples.
- ``scripted-paraphrase``: the same facts in plain words (no codes, no factor names), in
  wording written for this benchmark, not taken from the lexicon or the reference
  descriptions; abstains exactly.
- ``scripted-misattributing``: plain words, credits the current case with precedent 1's
  factors and never abstains.
- ``scripted-near-miss``: plain words; on non-arguable triples refuses in its own words.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from citeproof.bench.factors.prompts import ABSTAIN_PHRASE
from citeproof.cli.factors import factors
from citeproof.llm.fake_endpoint import FakeChatEndpoint, Reply, completion_reply

RESULTS = Path(__file__).resolve().parent / "results"
PLAIN = {
    "F1": "the owner let the other side see the secret while they were working out a licence",
    "F2": "the rival slipped cash to one of the owner's engineers to get him to move over",
    "F3": "the man accused of taking the know-how had invented all of it himself while on the payroll",
    "F4": "the accused party had put its signature on a pledge of secrecy",
    "F5": "the secrecy pledge never pinned down which material it covered",
    "F6": "the owner kept the blueprints in a locked room with a sign-in log",
    "F7": "a departing engineer carried the owner's drawings and jigs over to the rival",
    "F8": "the rival reached the market years sooner and far more cheaply thanks to the owner's work",
    "F10": "the owner passed the specifications to its dealers and parts makers",
    "F11": "the supposed secret was just a list of the owner's buyers, who naturally knew their own orders",
    "F12": "every dealer who saw the specifications had first signed a confidentiality undertaking",
    "F13": "the engineer had agreed he would not join a competing firm",
    "F14": "the rival built its device from papers it had been handed on a confidential basis",
    "F15": "nobody else in the country made such a machine",
    "F16": "a competent engineer could have pulled the machine apart and learned its workings",
    "F17": "the rival's own laboratory arrived at the design by separate research",
    "F18": "the rival's machine was a part-for-part copy of the owner's",
    "F19": "the owner left the blueprints lying around with no lock or rule of any kind",
    "F20": "other firms in the trade were already familiar with the method",
    "F21": "the rival was well aware the owner treated the material as secret",
    "F22": "the rival sent someone over the fence at night to photograph the plant",
    "F23": "the owner told the rival it need not treat the material as confidential",
    "F24": "the same data could be looked up in trade directories and patents",
    "F25": "the rival bought a machine, stripped it down and copied what it found",
    "F26": "the rival posed as a prospective buyer to get a look at the plans",
    "F27": "the owner had described the method in a trade magazine",
}
# not the instructed phrase, nor seed 002's or the prompt's own wording (those are exact abstentions)
NEAR_MISS = "I am unable to build a 3-ply argument here: these cases have nothing in common."


def _cases(prompt: str) -> dict[str, tuple[str, list[str]]]:
    out: dict[str, tuple[str, list[str]]] = {}
    label = ""
    for line in prompt.splitlines():
        head = re.match(r"(Current case|Precedent 1|Precedent 2): (.*) \((?:decided|undecided)", line)
        if head:
            label = head.group(1)
            out[label] = (head.group(2), [])
        elif line.strip().startswith("- F") and label:
            out[label][1].append(line.split()[1])
    return out


def _plain(name: str, ids: list[str]) -> str:
    said = [PLAIN[f] for f in ids if f in PLAIN]
    return f"In {name}, " + "; and ".join(said) + "." if said else ""


def _arguable(cases: dict[str, tuple[str, list[str]]]) -> bool:
    cur = set(cases["Current case"][1])
    return bool(cur & (set(cases["Precedent 1"][1]) | set(cases["Precedent 2"][1])))


def fake_code(cases: dict[str, tuple[str, list[str]]]) -> str:
    if not _arguable(cases):
        return ABSTAIN_PHRASE
    parts = [f"{name} has {', '.join(ids)}." for name, ids in cases.values() if ids]
    return "Plaintiff: " + parts[0] + " Defendant: " + " ".join(parts[1:])


def paraphrase(cases: dict[str, tuple[str, list[str]]]) -> str:
    if not _arguable(cases):
        return ABSTAIN_PHRASE
    (cur, p1, p2) = cases.values()
    return f"Plaintiff: {_plain(*cur)} {_plain(*p1)} Defendant: {p2[0]} points the other way. {_plain(*p2)}"


def misattributing(cases: dict[str, tuple[str, list[str]]]) -> str:
    (cur, p1, _) = cases.values()
    return f"Plaintiff: {_plain(cur[0], p1[1])} The plaintiff should therefore win, as in {p1[0]}."


def near_miss(cases: dict[str, tuple[str, list[str]]]) -> str:
    return paraphrase(cases) if _arguable(cases) else NEAR_MISS


MODELS: dict[str, Callable[[dict[str, tuple[str, list[str]]]], str]] = {
    "fake-code": fake_code,
    "scripted-paraphrase": paraphrase,
    "scripted-misattributing": misattributing,
    "scripted-near-miss": near_miss,
}


def _answer(request: dict[str, Any]) -> Reply:
    """The reply of the model the request names, to the triple in its last message."""
    return completion_reply(MODELS[request["model"]](_cases(request["messages"][-1]["content"])))


def _invoke(args: list[str]) -> str:
    result = CliRunner().invoke(factors, args, catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"citeproof factors {' '.join(args)} failed:\n{result.output}")
    return result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    # the scripted models change with this script: answers cached by an earlier run (the
    # response cache is keyed by model and prompt, in the user's cache folder) would be stale
    os.environ["CITEPROOF_LLM_CACHE"] = "off"
    with tempfile.TemporaryDirectory() as tmp, FakeChatEndpoint(_answer) as endpoint:
        triples, outputs = Path(tmp, "triples.jsonl"), Path(tmp, "outputs.jsonl")
        _invoke(
            [
                "triples",
                "--source",
                "synthetic",
                "--n",
                str(args.n),
                "--seed",
                str(args.seed),
                "--out",
                str(triples),
            ]
        )
        lines = []
        for model in MODELS:
            out = Path(tmp, f"{model}.jsonl")
            _invoke(
                [
                    "run",
                    "--triples",
                    str(triples),
                    "--model",
                    model,
                    "--base-url",
                    endpoint.base_url,
                    "--out",
                    str(out),
                ]
            )
            lines += out.read_text().splitlines()
        outputs.write_text("\n".join(lines) + "\n")
        scored: dict[str, Any] = {}
        for extractor in ("deterministic", "hybrid"):
            common = ["--triples", str(triples), "--outputs", str(outputs), "--seed", str(args.seed)]
            scored[extractor] = json.loads(
                _invoke(["score", *common, "--format", "json", "--extractor", extractor])
            )
    result = {
        "command": f"python benchmarks/factor_study.py --n {args.n} --seed {args.seed}",
        "triples_per_mode": args.n,
        "scores": scored,
    }
    (RESULTS / "factor_study.json").write_text(json.dumps(result, indent=2) + "\n")
    (RESULTS / "factor_study.md").write_text(markdown(result))
    print(markdown(result))


def _fmt(e: dict[str, Any]) -> str:
    return "n/a" if not e["n"] else f"{e['value']:.3f} [{e['low']:.3f}, {e['high']:.3f}] n={e['n']}"


def markdown(result: dict[str, Any]) -> str:
    old = {m["model"]: m for m in result["scores"]["deterministic"]["models"]}
    new = {m["model"]: m for m in result["scores"]["hybrid"]["models"]}
    lines = [
        f"Reproduce: `{result['command']}` (all triple modes pooled; bootstrap / Wilson 95% intervals).",
        "",
        "| model | metric | lexicon (old) | hybrid (new) | change |",
        "| --- | --- | --- | --- | --- |",
    ]
    for model in old:
        for key in ("acch", "recu", "abstention_exact", "abstention_any", "misattributed_rate"):
            a, b = old[model][key], new[model][key]
            change = f"{b['value'] - a['value']:+.3f}" if a["n"] and b["n"] else "n/a"
            lines.append(f"| {model} | {key} | {_fmt(a)} | {_fmt(b)} | {change} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

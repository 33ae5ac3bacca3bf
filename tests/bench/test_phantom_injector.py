"""The injector's own parts on hand-made text: its citation finder, its misquotes and
misrepresentations, and ``bench phantom build --from-briefs`` over a user's briefs."""

from __future__ import annotations

import json

import numpy as np
from click.testing import CliRunner

from citeproof.bench.phantom import textual
from citeproof.bench.phantom.cites import find_cites
from citeproof.bench.phantom.words import ANTONYM_OF
from citeproof.cli import main

REPORTERS = ("U.S.", "S. Ct.", "So. 2d", "F.3d")
RNG = np.random.default_rng(0)
SENTENCE = "The court must consider only the evidence that was properly admitted at the first trial."


def test_finder_reads_name_cite_and_pin_but_not_a_parallel_volume():
    text = (
        "See Aguilar v. Texas, 378 U.S. 108, 84 S. Ct. 1509 (1964); In re Gault, 387 U.S. 1, 13 (1967); "
        "and Smith v. Jones, 12 F.3d 40, 44."
    )
    found = [(c.name, c.volume, c.reporter, c.page, c.pin) for c in find_cites(text, REPORTERS)]
    assert found == [
        ("Aguilar v. Texas", "378", "U.S.", 108, None),
        ("Smith v. Jones", "12", "F.3d", 40, 44),
    ]  # "In re Gault" has no "v.": not a two-party name the finder reads
    aguilar = find_cites(text, REPORTERS)[0]
    assert text[aguilar.head_span[0] : aguilar.head_span[1]] == "378 U.S. 108"


def test_each_misquote_changes_the_words():
    made = dict(
        (note, text)
        for text, note in textual.misquote(
            SENTENCE, "Another sentence of the opinion that runs on for a good many words here.", RNG
        )
    )
    assert set(made) == {
        "near synonym",
        "number changed",
        '"only" dropped',
        "word order changed",
        "two sentences spliced",
    }
    assert all(text != SENTENCE for text in made.values())
    assert "second trial" in made["number changed"]
    assert " only " not in made['"only" dropped']


def test_a_reversal_without_antonyms_and_dicta_made_a_holding():
    framed, _ = textual.rejecting_frame(SENTENCE, RNG)
    assert SENTENCE.rstrip(".")[1:] in framed and not any(w in ANTONYM_OF for w in framed.lower().split())
    reversed_, note = textual.paraphrased_reversal(SENTENCE, RNG)
    assert " not " in reversed_ and note == "paraphrased reversal"
    holding, _ = textual.dicta_as_holding(
        ["Evidence of that kind may be excluded when it misleads the jury."]
    )
    assert holding == "The court held that evidence of that kind must be excluded when it misleads the jury."


def test_wrong_party_and_same_subject():
    made, note = textual.wrong_party("... For these reasons the judgment is\nAffirmed.", "Smith")
    assert "reversed" in made and "affirmed" in note
    best, _ = textual.same_subject(
        "The statute of limitations begins when the injury is discovered.",
        [
            "Custody turns on the child's best interests.",
            "A limitations period begins on discovery of the injury.",
        ],
    )
    assert best.startswith("A limitations period")


def test_build_from_briefs(tmp_path, library_path):
    import docx

    briefs = tmp_path / "briefs"
    briefs.mkdir()
    (briefs / "motion.txt").write_text(
        "ARGUMENT\n\nA sentence will not be set aside as excessive absent a manifest abuse of "
        "discretion. State v. Lanclos, 419 So. 2d 475 (La. 1982).\n\nCounsel must be present at "
        "every critical stage of the proceedings against the accused. "
        "Brookhart v. Janis, 384 U.S. 1, 4 (1966).\n"
    )
    document = docx.Document()
    document.add_paragraph(
        "The right to confront witnesses is fundamental, and a waiver must be knowing. "
        "Brookhart v. Janis, 384 U.S. 1, 4 (1966)."
    )
    document.save(str(briefs / "reply.docx"))
    (briefs / "notes.bin").write_bytes(b"\x00\x01")  # not a brief: ignored
    out = tmp_path / "bench"
    args = ["bench", "phantom", "build", "--from-briefs", str(briefs), "--out", str(out), "--seed", "1"]
    res = CliRunner().invoke(main, [*args, "--library", str(library_path)])
    assert res.exit_code == 0, res.output
    rows = [
        json.loads(line) for f in ("train", "test") for line in (out / f"{f}.jsonl").read_text().splitlines()
    ]
    assert len(rows) == 3 and {r["source"] for r in rows} == {"brief"}
    assert {r["brief"] for r in rows} == {"motion.txt", "reply.docx"}
    for r in rows:
        for fragment, span in zip(r["list_hallucinations"], r["spans"], strict=True):
            assert r["text"][span[0] : span[1]] == fragment
        assert len(r["injected"]) == len(r["list_hallucinations"])  # each edit recorded for the audits
        assert all(edit["now"] in r["text"] and edit["was"] not in r["text"] for edit in r["injected"])
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["dataset_version"].startswith("citeproof-phantom-2")
    for split, info in manifest["splits"].items():  # half of each split, rounded, by construction
        assert info["with_injections"] == round(0.5 * info["excerpts"])
        assert sum(1 for r in rows if r["split"] == split and r["list_hallucinations"]) == round(
            0.5 * info["excerpts"]
        )
    empty = tmp_path / "empty"
    empty.mkdir()
    res = CliRunner().invoke(
        main,
        [
            "bench",
            "phantom",
            "build",
            "--from-briefs",
            str(empty),
            "--out",
            str(out),
            "--library",
            str(library_path),
        ],
    )
    assert res.exit_code == 2 and "no briefs" in res.output

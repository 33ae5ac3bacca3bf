"""Answers: asked of models, saved as they come, and read back from files or folders.

A saved answer is one JSON object a line, ``{"model", "prompt_id", "answer"}``. A folder
holds any number of such files (``*.jsonl``, ``*.jsonl.gz``), say one per model or one per
published run; a record without ``model`` takes its file's name. Saving appends and
flushes each answer as it arrives, and a second run with the same target asks only what
is missing, so an interrupted sweep loses nothing.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from citeproof.bench.rate.prompts import Prompt
from citeproof.llm.client import ChatModel

SYSTEM = (
    "You are a careful legal research assistant. Answer with a short memorandum that "
    "cites United States case law with full reporter citations (volume, reporter, page, "
    "pin page and year)."
)
SUFFIXES = (".jsonl", ".jsonl.gz")


@dataclass(frozen=True, slots=True)
class Answer:
    model: str
    prompt_id: str
    answer: str

    def to_dict(self) -> dict[str, str]:
        return {"model": self.model, "prompt_id": self.prompt_id, "answer": self.answer}


def answer_files(path: str | Path) -> list[Path]:
    """``path`` itself, or the answer files of the folder ``path`` (sorted by name)."""
    source = Path(path)
    if source.is_dir():
        files = sorted(p for p in source.iterdir() if p.is_file() and p.name.endswith(SUFFIXES))
        if not files:
            raise ValueError(f"{source}: no answer files (*.jsonl, *.jsonl.gz) in this folder")
        return files
    return [source]


def _stem(path: Path) -> str:
    name = path.name
    for suffix in sorted(SUFFIXES, key=len, reverse=True):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def _lines(path: Path) -> Iterator[str]:
    if path.name.endswith(".gz"):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            yield from fh
    else:
        with path.open(encoding="utf-8") as fh:
            yield from fh


def read_answers(paths: Iterable[str | Path]) -> list[Answer]:
    """Every answer of the files and folders ``paths``; a ``ValueError`` naming the file and
    line for a malformed record or an answer given twice (same model and prompt)."""
    answers: list[Answer] = []
    where_of: dict[tuple[str, str], str] = {}
    for path in (f for p in paths for f in answer_files(p)):
        for number, line in enumerate(_lines(path), 1):
            if not line.strip():
                continue
            where = f"{path.name} line {number}"
            answer = _answer(line, _stem(path), where)
            key = (answer.model, answer.prompt_id)
            if key in where_of:
                raise ValueError(
                    f"{where}: {answer.model} answered {answer.prompt_id} already at {where_of[key]}"
                )
            where_of[key] = where
            answers.append(answer)
    return answers


def _answer(line: str, default_model: str, where: str) -> Answer:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(record, dict) or "prompt_id" not in record or "answer" not in record:
        raise ValueError(f"{where}: an answer needs 'prompt_id' and 'answer'")
    if not isinstance(record["answer"], str):
        raise ValueError(f"{where}: 'answer' must be text")
    return Answer(str(record.get("model") or default_model), str(record["prompt_id"]), record["answer"])


def safe_name(model: str) -> str:
    """A model's name as a file name: ``org/model:tag`` → ``org_model_tag``."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", model).strip("._") or "model"


class AnswerLog:
    """Where answers are saved: one file (a path ending ``.jsonl``), else a folder with one
    ``<model>.jsonl`` per model. ``saved()`` is what an earlier run left there."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.single = self.path.name.endswith(".jsonl")

    def _file(self, model: str) -> Path:
        return self.path if self.single else self.path / f"{safe_name(model)}.jsonl"

    def saved(self) -> list[Answer]:
        exists = self.path.is_file() if self.single else self.path.is_dir() and any(self.path.glob("*.jsonl"))
        return read_answers([self.path]) if exists else []

    def append(self, answer: Answer) -> None:
        target = self._file(answer.model)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(answer.to_dict(), ensure_ascii=False) + "\n")


Progress = Callable[[int, int, str], None]


def generate(
    models: Mapping[str, ChatModel],
    prompts: Sequence[Prompt],
    skip: frozenset[tuple[str, str]] = frozenset(),
    progress: Progress | None = None,
) -> Iterator[Answer]:
    """One answer per model (by its label) and prompt, in order, leaving out the
    ``(label, prompt id)`` pairs of ``skip``; ``progress(done, total, label)`` after each."""
    todo = [(label, p) for label in models for p in prompts if (label, p.id) not in skip]
    for done, (label, prompt) in enumerate(todo, 1):
        messages = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt.prompt}]
        yield Answer(label, prompt.id, models[label].chat(messages).content)
        if progress is not None:
            progress(done, len(todo), label)

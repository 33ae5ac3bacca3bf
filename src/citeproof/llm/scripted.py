"""A deterministic stand-in for a model, for offline runs and tests.

It reads only what a real model would be shown — the proposition and the retrieved
passages in the prompt — and never any gold label; asked about a citation without
passages (the agent's ``verdict`` question), it is unsure: it remembers no case.
Its judgement is the polarity rule of `support.py` applied to the best matching
retrieved sentence (sentences as the check splits a document, whole across
"Mrs.", "Co." or "v."): ``contradicted`` when the polarity differs, ``supported`` when it
agrees; ``not_supported`` when no retrieved sentence carries even a quarter of the
proposition's content words (the opinion's best-matching passages do not discuss it);
unless the proposition's final clause alone (often all a citation at its end vouches
for) is supported; ``not_enough_text`` in between, for a proposition too short to
compare, and when the best sentence only asks a question the proposition does not (a
question asserts nothing).
The thresholds were fixed from their meaning, not fitted to any excerpt or label.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from citeproof.core.checking.signatures import signature, split_sentences
from citeproof.core.checking.support import MIN_CONTENT_WORDS
from citeproof.llm.client import ChatReply, ModelInfo
from citeproof.llm.schema import parse_json

SCRIPTED = "scripted"  # the name of the stand-in model, wherever it answers
MATCH = 0.6  # share of the proposition's content words a sentence must hold
UNRELATED = 0.25  # below this share in every retrieved sentence: not supported
_PASSAGE = re.compile(r"^\[(?:(?P<reporter>[^\]]+?) page (?P<page>\d+)|unpaged)\] ", re.M)
_ENDED = re.compile(r"[.!?][\"”’')\]]*\s*$")
_QUESTION = re.compile(r"\?|\bwhether\b", re.I)


def _unquoted(text: str) -> str:
    return re.sub(r"[“\"][^”\"]*[”\"]", " ", text)


def _passages(text: str) -> list[tuple[int | None, str]]:
    marks = list(_PASSAGE.finditer(text))
    return [
        (
            int(m["page"]) if m["page"] else None,
            text[m.end() : marks[i + 1].start() if i + 1 < len(marks) else len(text)],
        )
        for i, m in enumerate(marks)
    ]


def sentences(text: str) -> list[str]:
    """Sentences of ``text``, by the document's own splitter (`split_sentences`); a last
    piece with no end mark was cut off by the passage's window, and is no sentence (its
    last word may be cut too, so it could not be quoted)."""
    found = [text[start:end] for start, end in split_sentences(text)]
    return found[:-1] if found and not _ENDED.search(found[-1]) else found


def final_clause(proposition: str) -> str:
    """The shortest ending of ``proposition`` after a comma, semicolon, colon or "that"
    holding enough content words: often all a citation at its end vouches for."""
    parts = re.split(r"[,;:]\s+|\bthat\s+", _unquoted(proposition))
    for i in range(len(parts) - 1, 0, -1):
        tail = " ".join(parts[i:])
        if len(signature(tail)[0]) >= MIN_CONTENT_WORDS:
            return tail
    return proposition


def decide(
    proposition: str,
    case_name: str,
    passages: Sequence[tuple[int | None, str]],
) -> tuple[str, str, int | None, float]:
    """``(verdict, quote, page, overlap)`` from the best-matching retrieved sentence."""
    verdict = _decide(proposition, case_name, passages)
    tail = final_clause(proposition)
    if verdict[0] == "not_supported" and tail != proposition:  # the end may be all it claims
        ending = _decide(tail, case_name, passages)
        return ending if ending[0] == "supported" else verdict
    return verdict


def _decide(
    proposition: str,
    case_name: str,
    passages: Sequence[tuple[int | None, str]],
) -> tuple[str, str, int | None, float]:
    claim, polarity = signature(_unquoted(proposition))
    claim -= signature(case_name)[0]
    best: tuple[float, str, int | None, int] = (0.0, "", None, polarity)
    agreeing: tuple[float, str, int | None] = (0.0, "", None)  # best of the same polarity
    for page, text in passages:
        for sentence in sentences(text):
            words, pol = signature(sentence)
            score = len(claim & words) / len(claim) if claim else 0.0
            if score > best[0]:
                best = (score, sentence.strip(), page, pol)
            if pol == polarity and score > agreeing[0] and not _QUESTION.search(sentence):
                agreeing = (score, sentence.strip(), page)
    score, quote, page, pol = best
    if len(claim) < MIN_CONTENT_WORDS:
        return "not_enough_text", "", None, score
    if score < UNRELATED:
        return ("not_supported", quote, page, score) if quote else ("not_enough_text", "", None, score)
    asks = bool(_QUESTION.search(quote)) and not _QUESTION.search(proposition)
    if score < MATCH or asks:  # a question asserts nothing
        return "not_enough_text", "", None, score
    if pol != polarity and agreeing[0] >= score:  # a sentence as close that agrees
        return "supported", agreeing[1], agreeing[2], score
    return ("contradicted" if pol != polarity else "supported"), quote, page, score


def _field(text: str, key: str) -> str:
    m = re.search(rf"^{key}: (.*)$", text, re.M)
    return m.group(1) if m else ""


def judge_reply(user: str) -> dict[str, Any]:
    field = {k: _field(user, k) for k in ("Case", "Pin pages", "Proposition")}
    passages = _passages(user.split("Passages:\n", 1)[-1])
    verdict, quote, page, _ = decide(field["Proposition"], field["Case"].split(",")[0], passages)
    pins = {int(p) for p in re.findall(r"\d+", field["Pin pages"])}
    pin = "not_applicable"
    if pins and verdict == "supported":
        on_pins = [(p, t) for p, t in passages if p in pins]
        if page in pins or (on_pins and decide(field["Proposition"], "", on_pins)[0] == "supported"):
            pin = "supports"
        elif on_pins:
            pin = "does_not_support"
    return {
        "verdict": verdict,
        "quote": quote,
        "pin_page": pin,
        "explanation": "decided from the best-matching retrieved sentence",
    }


def respond(messages: list[dict[str, str]], name: str) -> str:
    user = messages[-1]["content"]
    if name == "support":
        return json.dumps(judge_reply(user))
    if name == "verdict":  # the agent's question without passages: it knows no case by heart
        return json.dumps({"verdict": "unsure", "explanation": "no opinion text to decide from"})
    if name == "final":
        return json.dumps({"belief": []})  # no passages, no actions: nothing to decide from
    return "I cannot draft without a model."


class ScriptedModel:
    """A `ChatModel` answering in-process; tokens are estimated at 4 characters each."""

    name = SCRIPTED

    def describe(self) -> ModelInfo:
        return ModelInfo(SCRIPTED)

    def chat(
        self,
        messages: list[dict[str, str]],
        schema: dict[str, Any] | None = None,
        name: str = "answer",
        seed: int | None = None,
    ) -> ChatReply:
        content = respond(messages, name)
        prompt = sum(len(m["content"]) for m in messages)
        return ChatReply(
            content, parse_json(content, schema) if schema else None, prompt // 4, len(content) // 4
        )


def completion(request: dict[str, Any]) -> dict[str, Any]:
    """An OpenAI chat-completion response body for ``request``."""
    fmt = request.get("response_format") or {}
    name = fmt.get("json_schema", {}).get("name", "answer")
    content = respond(request["messages"], name)
    prompt = sum(len(m["content"]) for m in request["messages"])
    return {
        "id": "scripted",
        "object": "chat.completion",
        "model": request.get("model"),
        "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}
        ],
        "usage": {"prompt_tokens": prompt // 4, "completion_tokens": len(content) // 4},
    }

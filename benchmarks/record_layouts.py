"""A brief that cites its own record: the text with record citations after its sentences.

Registered in `layouts.py` as ``record``: ``(text, folder, rng) -> path`` (a text file).

Appellate briefs support each statement of fact, and much of the argument, with a cite to
the record: the appendix, the record on appeal, transcripts by page and line, docket
entries, exhibits. Each court has its conventions; a document here takes two of them
(seeded) and cites the record after sentences that carry no citation of their own, in
a parenthetical (``… instructed. (1 App. 12; 3 R. 45.)``, state practice) or as a sentence
of its own (``… instructed. J.A. 45.``, federal practice), sometimes followed by an ``Id.``
that repeats the record cite. Several forms are also reporters' abbreviations: ``1 App.
12`` (Ohio App.), ``3 R. 45`` (Rawle), ``4 A. 123`` (Atlantic), ``2 P. 45`` (Pacific),
``2 C. 45`` (Cowen).

Record cites are not citations of authority: the laid-out document should be checked as
its source is, each inserted ``Id.`` aside, which repeats the record (``unverifiable:
not_a_case_citation``). So a record cite is placed only where it cannot change what the
text's own citations repeat or say: after a sentence ending with a full stop, whose own
words and the next sentence's carry no citation, when no ``id.`` follows before the next
full cite.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

Form = Callable[[random.Random], tuple[str, int | None]]  # (the cite, its page for an id.)


def _vol(rng: random.Random) -> int:
    return rng.randint(1, 9)


def _page(rng: random.Random) -> int:
    return rng.randint(2, 990)


def _paged(pattern: str) -> Form:
    """A form with a volume ``{v}``, a page ``{p}`` (which an ``Id.`` may repeat), the next
    page ``{q}``, a line ``{l}`` and a docket number ``{n}``."""

    def form(rng: random.Random) -> tuple[str, int | None]:
        p = _page(rng)
        values = {"v": _vol(rng), "p": p, "q": p + 1, "l": rng.randint(1, 25), "n": rng.randint(5, 240)}
        return pattern.format(**values), p if "{p}" in pattern else None

    return form


# Each court's conventions: (the forms, whether they stand in parentheses).
CONVENTIONS: dict[str, tuple[tuple[str, ...], bool]] = {
    # state practice: volume-prefixed appendix and record (abbreviations reporters share)
    "appendix volumes": (("{v} App. {p}", "{v} App. {p}-{q}", "{v} A. {p}", "{v} P. {p}"), True),
    "record volumes": (("{v} R. {p}", "R. {p}", "C. {p}", "{v} C. {p}", "{v} R. {p}:{l}"), True),
    "california": (("{v} CT {p}", "{v} RT {p}", "Supp. CT {p}", "{v} RT {p}-{q}"), True),
    "texas": (("{v} RR {p}", "CR {p}", "{v} RR {p}-{q}"), True),
    "washington": (("CP {p}", "RP {p}", "{v} VRP {p}"), True),
    "nevada": (("{v} AA {p}", "{v} RA {p}"), True),
    "pennsylvania": (("R.R. {p}a", "N.T. {p}", "{v} R.R. {p}a"), True),
    "new jersey": (("Da{p}", "Pa{p}", "{v}T{p}-{l}"), True),
    # federal practice
    "ninth circuit": (("ER {p}", "{v} ER {p}", "{v}-ER-{p}", "{v} SER {p}"), False),
    "supreme court": (("J.A. {p}", "Pet. App. {p}a", "App. {p}a", "JA {p}"), False),
    "fifth and federal circuits": (("ROA.{p}", "Appx{p}", "A{p}"), False),
    "district courts": (
        (
            "ECF No. {n} at {p}",
            "Doc. {n} at {p}",
            "Dkt. {n}",
            "ECF No. {n}, PageID.{p}",
            "R. {n}, PageID #{p}",
        ),
        False,
    ),
    "transcripts and exhibits": (
        (
            "Tr. {p}:{l}-{q}:{l}",
            "{v} Tr. {p}:{l}",
            "Hr'g Tr. {p}:{l}",
            "Ex. {v} at {p}",
            "PX {p}",
            "Gov't Ex. {v}",
        ),
        False,
    ),
}

_SENTENCE_END = re.compile(r"(?<=[a-z]{3}[.])(?=[ \t]+[A-Z][a-z])")
_CITE_LIKE = re.compile(r"\d+\s+[A-Z][\w.'’ ]{0,20}?\s*\d|\bv\.\s|§|\bsupra\b|\b(?:id|ibid)\.", re.I)
_WORD_END = re.compile(r"(?:^|\s)[a-z]{3,}\.$")  # a sentence's last word, lower case
_ID = re.compile(r"\b(?:id|ibid)\.", re.I)
_FULL_CITE = re.compile(r"\b\d+\s+(?:[A-Z][\w.'’]*\s?){1,5}\d+")
_SHARE = 0.35  # of the eligible sentence ends that get a record cite
_ID_SHARE = 0.3  # of single record cites followed, at the next such end, by an id.


def _sentences(para: str) -> list[str]:
    cuts = [m.start() for m in _SENTENCE_END.finditer(para)]
    return [para[a:b] for a, b in zip([0, *cuts], [*cuts, len(para)], strict=True)]


def _eligible(text: str, at: int, before: str, after: str) -> bool:
    """A record cite may follow ``before`` (ending at ``at`` in ``text``) and precede ``after``."""
    if not _WORD_END.search(before) or before.count("(") != before.count(")"):
        return False  # "7 Wash." or "Inc." ends no sentence
    if _CITE_LIKE.search(before + after):
        return False
    next_id, next_full = _ID.search(text, at), _FULL_CITE.search(text, at)
    return next_id is None or (next_full is not None and next_full.start() < next_id.start())


def _group(rng: random.Random, forms: tuple[str, ...]) -> tuple[str, int | None]:
    cites = [_paged(rng.choice(forms))(rng) for _ in range(1 if rng.random() < 0.65 else 2)]
    return "; ".join(c for c, _ in cites), cites[0][1] if len(cites) == 1 else None


def with_record_cites(text: str, rng: random.Random) -> str:
    """``text`` with record cites after some of its sentences, in two courts' conventions."""
    conventions = [CONVENTIONS[k] for k in rng.sample(sorted(CONVENTIONS), 2)]
    out, offset, pending = [], 0, None
    paragraphs = re.split(r"(\n\s*\n)", text)
    for para in paragraphs:
        sentences = _sentences(para)
        for k, sentence in enumerate(sentences):
            out.append(sentence)
            at = offset + sum(map(len, sentences[: k + 1]))
            after = sentences[k + 1] if k + 1 < len(sentences) else ""
            if not _eligible(text, at, sentence, after):
                pending = None
                continue
            forms, in_parens = conventions[0] if rng.random() < 0.5 else conventions[1]
            if pending is not None:
                cite, page = f"Id. at {pending[0] + 1}", None
                in_parens = pending[1]
            elif rng.random() < _SHARE:
                cite, page = _group(rng, forms)
            else:
                continue
            out.append(f" ({cite}.)" if in_parens else f" {cite}.")
            pending = (page, in_parens) if page is not None and rng.random() < _ID_SHARE else None
        offset += len(para)
    return "".join(out)


def record(text: str, folder: Path, rng: random.Random) -> Path:
    path = folder / "record.txt"
    path.write_text(with_record_cites(text, rng), encoding="utf-8")
    return path

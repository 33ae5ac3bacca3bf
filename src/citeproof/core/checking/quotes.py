"""Find a quoted passage in an opinion: exact after normalising, else the nearest wording."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

import numpy as np
from rapidfuzz import fuzz

from citeproof.core.checking.memo import per_opinion

_WORD = re.compile(r"[a-z0-9]+")
_TOKEN = re.compile(r"\S+")
_NOT_ALNUM = re.compile(r"[^a-z0-9]+")
_RAW_WORD = re.compile(r"(?:[A-Za-z0-9]|\[[A-Za-z]\])+")
_ELLIPSIS = re.compile(r"\s*(?:\.\s*\.\s*\.(?:\s*\.)?|…)\s*")
_INSERTION = re.compile(r"\[[^\]]{2,}\]")
_TRAILERS = re.compile(
    r"\((?:cleaned up|internal quotation marks?(?: and citations?)? omitted|emphasis (?:added|"
    r"in original|omitted)|alterations? in original|citations? omitted)[^)]*\)",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?;:]")
NEAR_MATCH_SCORE = 80.0
MAX_EDGE_CHANGE = 2  # words changed at a quote's edge that the real passage still covers
MIN_WORDS = 3


@dataclass(frozen=True, slots=True, eq=False)
class NormalText:
    """Lower-case words of a text joined by single spaces, with each word's original offsets."""

    joined: str
    starts: np.ndarray  # where each word begins and ends in the original text
    ends: np.ndarray
    bounds: np.ndarray  # where each word begins in ``joined``, the space before it included

    def word_at(self, index: int) -> int:
        """The number of the word at ``index`` in ``joined`` (a space belongs to the next word)."""
        return int(np.searchsorted(self.bounds, index, side="right")) - 1


def normalise(text: str, *, join_hyphens: bool = False) -> NormalText:
    """The words of ``_RAW_WORD`` (ASCII letters and digits, and ``[t]``-style bracketed
    letters), lower-cased with the brackets dropped, found with array operations: an
    opinion has tens of thousands of words and a check reads hundreds of opinions.
    ``join_hyphens``: a hyphen between two letters joins them into one word ("non-forcible"
    reads "nonforcible"), every offset kept."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    folded = codes | 32  # A-Z -> a-z; no other code lands in a-z
    letter = (folded >= 97) & (folded <= 122)
    word = letter | ((codes >= 48) & (codes <= 57))
    bracket = np.zeros(len(codes), dtype=bool)  # characters inside a word that are dropped
    if len(codes) > 2:
        opens = np.flatnonzero((codes[:-2] == 91) & letter[1:-1] & (codes[2:] == 93))  # [t]
        bracket[opens] = bracket[opens + 2] = True
        word[opens] = word[opens + 2] = True
        if join_hyphens:
            dash = (codes[1:-1] == 45) | (codes[1:-1] == 0xAD)
            joins = np.flatnonzero(dash & letter[:-2] & letter[2:]) + 1
            bracket[joins] = word[joins] = True
    edges = np.diff(word.astype(np.int8), prepend=np.int8(0), append=np.int8(0))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    kept = word & ~bracket
    kept_before = np.concatenate(([0], np.cumsum(kept)))
    lengths = kept_before[ends] - kept_before[starts]
    words_before = np.cumsum(edges[:-1] == 1) - 1  # the number of the word each character is in
    out = np.full(int(lengths.sum()) + max(len(starts) - 1, 0), 32, dtype=np.uint8)
    out[(kept_before[:-1] + words_before)[kept]] = np.where(letter, folded, codes)[kept]
    bounds = np.concatenate(([0], np.cumsum(lengths[:-1] + 1) - 1)) if len(starts) else lengths
    return NormalText(out.tobytes().decode("ascii"), starts, ends, bounds)


@per_opinion
def normalise_cached(text: str) -> NormalText:
    return normalise(text)


@per_opinion
def normalise_joined_cached(text: str) -> NormalText:
    return normalise(text, join_hyphens=True)


def fragments(quote: str, *, join_hyphens: bool = False) -> list[str]:
    """The pieces of a quote that must each appear, in order (split at ellipses/insertions);
    ``join_hyphens`` as in `normalise`."""
    body = _TRAILERS.sub(" ", quote)
    body = re.sub(r"\[(\w)\]", r"\1", body)
    if join_hyphens:
        body = re.sub(r"(?<=[A-Za-z])[-\u00ad](?=[A-Za-z])", "", body)
    pieces = [p for part in _ELLIPSIS.split(body) for p in _INSERTION.split(part)]
    return [" ".join(_WORD.findall(p.lower().replace("’", "'"))) for p in pieces if _WORD.search(p.lower())]


@dataclass(frozen=True, slots=True)
class QuoteMatch:
    found: bool
    start: int | None = None  # offsets into the opinion text
    end: int | None = None
    score: float = 0.0
    real_wording: str = ""
    diff: str = ""
    occurrences: tuple[tuple[int, int], ...] = ()  # every place the quote is found (start, end)


def _offsets(norm: NormalText, start: int, end: int) -> tuple[int, int]:
    first = norm.word_at(start)
    last = norm.word_at(max(start, end - 1))
    return int(norm.starts[first]), int(norm.ends[last])


MAX_OCCURRENCES = 50


def locate(quote: str, opinion_text: str) -> QuoteMatch | None:
    """Where ``quote`` occurs in ``opinion_text``; None when it is too short to judge.

    Every occurrence is kept (a phrase an opinion repeats may be cited at any of them);
    an elided quote's occurrence is the tightest run of its pieces, not the one that
    starts at the first place its first piece appears. ``start``/``end`` give the first.
    """
    pieces = fragments(quote)
    if sum(len(p.split()) for p in pieces) < MIN_WORDS:
        return None
    norm = normalise_cached(opinion_text)
    found = _occurrences(pieces, f" {norm.joined} ")
    if not found and ("-" in quote or "-" in opinion_text):
        # a hyphen one side has and the other lacks ("non-" | "forcible" closed up by a
        # document's line break, "nonforcible" in the opinion) is not an altered word
        norm = normalise_joined_cached(opinion_text)
        found = _occurrences(fragments(quote, join_hyphens=True), f" {norm.joined} ")
        norm = norm if found else normalise_cached(opinion_text)
    if not found:
        return _nearest(" ".join(pieces), norm, opinion_text)
    spans = tuple(_offsets(norm, a, b) for a, b in found)
    start, end = spans[0]
    return QuoteMatch(True, start, end, 100.0, opinion_text[start:end], occurrences=spans)


def _occurrences(pieces: list[str], haystack: str) -> list[tuple[int, int]]:
    """``(start, end)`` in the normalised text of each tightest in-order run of ``pieces``."""
    runs: list[tuple[int, int]] = []
    found = [-1] * len(pieces)  # where each piece was last found: reused while still ahead
    at = haystack.find(f" {pieces[0]} ")
    while at >= 0 and len(runs) < MAX_OCCURRENCES:
        found[0] = at
        end = _run_end(pieces, haystack, found)
        if end is None:
            break  # no later start can complete the run either
        if runs and runs[-1][1] == end:
            runs[-1] = (at, end)  # a later start of the same run is tighter
        else:
            runs.append((at, end))
        at = haystack.find(f" {pieces[0]} ", at + 1)
    return runs


def _run_end(pieces: list[str], haystack: str, found: list[int]) -> int | None:
    cursor = found[0] + len(pieces[0]) + 1
    for k in range(1, len(pieces)):
        if found[k] < cursor:
            found[k] = haystack.find(f" {pieces[k]} ", cursor)
            if found[k] < 0:
                return None
        cursor = found[k] + len(pieces[k]) + 1
    return cursor - 1


def _nearest(wanted: str, norm: NormalText, opinion_text: str) -> QuoteMatch:
    if not norm.joined:
        return QuoteMatch(False)
    align = fuzz.partial_ratio_alignment(wanted, norm.joined)
    if align is None or align.score < NEAR_MATCH_SCORE:
        return QuoteMatch(False, score=align.score if align else 0.0)
    first, last = _tighten(wanted.split(), norm, align.dest_start, align.dest_end, opinion_text)
    start, end = int(norm.starts[first]), int(norm.ends[last])
    real = opinion_text[start:end]
    return QuoteMatch(False, start, end, align.score, real, word_diff(wanted, real))


def _tighten(wanted: list[str], norm: NormalText, start: int, end: int, text: str) -> tuple[int, int]:
    """Word range of the real passage: the aligned window trimmed to matching words."""
    words = norm.joined.split(" ")
    lo = max(0, norm.word_at(start) - len(wanted))
    hi = min(len(words), norm.word_at(max(start, end - 1)) + len(wanted) + 1)
    matcher = difflib.SequenceMatcher(a=words[lo:hi], b=wanted, autojunk=False)
    blocks = [b for b in matcher.get_matching_blocks() if b.size]
    if not blocks:
        return norm.word_at(start), norm.word_at(max(start, end - 1))
    first, last = lo + blocks[0].a, lo + blocks[-1].a + blocks[-1].size - 1
    # a quote's first or last word or two changed ("not conveniences" for "not luxuries"):
    # the real passage runs as many words further, within the sentence (more words than
    # that, at an edge, are words the opinion does not have there)
    leading, trailing = blocks[0].b, len(wanted) - blocks[-1].b - blocks[-1].size
    leading, trailing = (n if n <= MAX_EDGE_CHANGE else 0 for n in (leading, trailing))
    return first - _reach(norm, text, first, -leading), last + _reach(norm, text, last, trailing)


def _reach(norm: NormalText, text: str, word: int, count: int) -> int:
    """How many of ``count`` words past ``word`` (before it, for a negative count) stand in
    the same sentence of the original text."""
    step = 1 if count > 0 else -1
    reached = 0
    while reached < abs(count):
        nxt = word + step * (reached + 1)
        if not 0 <= nxt < len(norm.starts):
            break
        gap = (norm.ends[nxt - 1], norm.starts[nxt]) if step > 0 else (norm.ends[nxt], norm.starts[nxt + 1])
        if _SENTENCE_END.search(text, int(gap[0]), int(gap[1])):
            break
        reached += 1
    return reached


def word_diff_ops(written: str, real: str, word: re.Pattern[str] = _TOKEN) -> list[list[str]]:
    """``[op, words]`` pairs turning the opinion's wording into the quote as written, compared
    word by word (``word`` matches one), case and punctuation ignored: the one word diff, for
    the evidence text and the web page.

    ``op`` is ``equal`` (then a third item holds the words as written), ``delete`` (in the
    opinion, not in the quote) or ``insert`` (in the quote, not in the opinion).
    """
    a, b = word.findall(real), word.findall(written)
    key_a = [_NOT_ALNUM.sub("", w.lower()) for w in a]
    key_b = [_NOT_ALNUM.sub("", w.lower()) for w in b]
    ops: list[list[str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=key_a, b=key_b, autojunk=False).get_opcodes():
        if op == "equal":
            ops.append(["equal", " ".join(a[i1:i2]), " ".join(b[j1:j2])])
            continue
        if i2 > i1:
            ops.append(["delete", " ".join(a[i1:i2])])
        if j2 > j1:
            ops.append(["insert", " ".join(b[j1:j2])])
    return ops


_PLAIN_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")  # a word as written, its case kept
_READS = re.compile(r'^the opinion reads: "(?P<real>.*)"; changes: ', re.S)


def misquote_evidence(real: str, diff: str) -> str:
    """The evidence of an altered quotation: the opinion's words, then the word diff."""
    return f'the opinion reads: "{real}"; changes: {diff}'


def real_wording_in(evidence: str) -> str | None:
    """The opinion's words from `misquote_evidence` text; None for other evidence."""
    m = _READS.match(evidence)
    return m.group("real") if m else None


def plain_changes(quoted: str, real: str) -> str:
    """The quote's changes in words: ``has "conveniences" where the opinion has
    "necessities"; leaves out "not"``; "" when only case or punctuation differ."""
    ops = word_diff_ops(quoted, real, _PLAIN_WORD)
    out: list[str] = []
    i = 0
    while i < len(ops):
        op = ops[i]
        if op[0] == "delete" and i + 1 < len(ops) and ops[i + 1][0] == "insert":
            out.append(f"has \u201c{ops[i + 1][1]}\u201d where the opinion has \u201c{op[1]}\u201d")
            i += 2
            continue
        if op[0] == "delete":
            out.append(f"leaves out \u201c{op[1]}\u201d")
        elif op[0] == "insert":
            out.append(f"adds \u201c{op[1]}\u201d")
        i += 1
    return "; ".join(out)


def word_diff(quoted: str, real: str) -> str:
    """``[-real-]{+quoted+}`` marks for the words that differ, over lowercased words."""
    marks = {"equal": "{}", "delete": "[-{}-]", "insert": "{{+{}+}}"}
    ops = word_diff_ops(quoted.lower(), real.lower(), _WORD)
    return " ".join(marks[op[0]].format(op[1]) for op in ops)

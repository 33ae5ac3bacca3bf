"""Work done once per opinion within one check, and forgotten after it.

An opinion's normalised words, sentences and their signatures cost far more than any one
citation's check, and a brief cites the same opinion many times. Inside an
``opinion_memo()`` scope each ``@per_opinion`` function runs once per text; the pipeline
opens one scope per opinion while it checks that opinion's citations, so memory holds one
opinion's preparation at a time however many opinions a brief cites. Outside a scope every
call computes afresh (nothing is kept between checks). The scope is a context variable:
threads and concurrent checks each see their own.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from citeproof.core.models import Opinion

T = TypeVar("T")
A = TypeVar("A", str, Opinion)
_Memo = dict[tuple[object, str], object]
_memo: ContextVar[_Memo | None] = ContextVar("citeproof_opinion_memo", default=None)


@contextmanager
def opinion_memo() -> Iterator[None]:
    """A scope in which each ``@per_opinion`` function computes once per text."""
    token = _memo.set({})
    try:
        yield
    finally:
        _memo.reset(token)


def per_opinion(fn: Callable[[A], T]) -> Callable[[A], T]:
    """``fn(text)`` or ``fn(opinion)``, remembered by text for the current ``opinion_memo()`` scope."""

    @functools.wraps(fn)
    def remembered(arg: A) -> T:
        memo = _memo.get()
        if memo is None:
            return fn(arg)
        key = (fn, arg if isinstance(arg, str) else arg.text)
        if key not in memo:
            memo[key] = fn(arg)
        return memo[key]  # type: ignore[return-value]

    return remembered

"""Checking: each citation → the real case it points to (`resolve`), then pure checks of
existence, name, pin page, quotations and support → `Finding`s, and a suggestion where one fails."""

from citeproof.core.checking.checks import (
    check_existence,
    check_name,
    check_parallel,
    check_pincite,
    check_quotes,
    check_statute,
)
from citeproof.core.checking.resolve import resolve
from citeproof.core.checking.suggest import suggest
from citeproof.core.checking.support import check_support

__all__ = [
    "check_existence",
    "check_name",
    "check_parallel",
    "check_pincite",
    "check_quotes",
    "check_statute",
    "check_support",
    "resolve",
    "suggest",
]

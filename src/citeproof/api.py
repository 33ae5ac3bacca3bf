"""The Python API: check a text or a file against a library (the bundled one by default).

``check_text`` and ``check_file`` say what their argument is; ``check`` guesses, and refuses
to guess wrong: a one-line string that looks like a path (a document suffix, or a path with
a separator and no spaces) must name an existing file.
"""

from __future__ import annotations

import re
from pathlib import Path

from citeproof.core.limits import Limits
from citeproof.core.output.report import Report
from citeproof.core.pipeline import Progress, SupportJudge, check_document
from citeproof.core.protocols import Library
from citeproof.core.reading.read import ReadError, document_from_text, read_document
from citeproof.library.registry import open_library

_DOCUMENT_SUFFIX = re.compile(r"\.(?:pdf|docx|txt|text|md|markdown|rst|html?)$", re.IGNORECASE)
_PATH_LIKE = re.compile(r"^(?:~|\.{0,2}[/\\]|[A-Za-z]:[/\\])?(?:[^\s/\\]+[/\\])+[^\s/\\]*$")


def check_text(
    text: str,
    library: Library | None = None,
    progress: Progress | None = None,
    judge: SupportJudge | None = None,
    limits: Limits | None = None,
) -> Report:
    """Check every citation in ``text`` (plain text or Markdown) and return the `Report`.

    Args:
        text: the brief's text; offsets in the report (``span``) index into it.
        library: where cases are looked up; default: the bundled library, or the one
            ``$CITEPROOF_LIBRARY`` names (see `citeproof.library.registry.open_library`).
        progress: called as ``progress(done, total)`` while citations are checked.
        judge: an LLM judge for support and pin pages without a quote (`citeproof.llm`);
            None keeps the check offline.
        limits: what the check accepts (default `Limits.from_env`); past one,
            `LimitExceeded` is raised.

    Each citation comes out ``verified``, ``hallucinated`` (with its errors and evidence) or
    ``unverifiable`` (with the reason); `Report.to_json` is the documented JSON contract.

    Example::

        report = check_text("Gideon v. Wainwright, 372 U.S. 335, 344 (1963).")
        report.count("hallucinated"), report.kind_counts()
    """
    document = document_from_text(text)
    return check_document(document, library or open_library(), progress, judge, limits=limits)


def check_file(
    path: str | Path,
    library: Library | None = None,
    progress: Progress | None = None,
    judge: SupportJudge | None = None,
    limits: Limits | None = None,
) -> Report:
    """Check every citation in the file at ``path`` (PDF, DOCX, HTML, Markdown or text).

    Raises `ReadError` (one clear line) when the file is missing or unreadable.
    """
    document = read_document(path, limits=limits)
    return check_document(document, library or open_library(), progress, judge, limits=limits)


def looks_like_path(source: str) -> bool:
    """A one-line string ending in a document suffix, or a path of words joined by separators."""
    line = source.strip()
    if not line or "\n" in line or len(line) > 4096:
        return False
    return bool(_DOCUMENT_SUFFIX.search(line) or _PATH_LIKE.match(line))


def _is_file(source: str) -> bool:
    try:
        return Path(source).is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        return False


def check(
    source: str | Path,
    library: Library | None = None,
    progress: Progress | None = None,
    judge: SupportJudge | None = None,
    limits: Limits | None = None,
) -> Report:
    """Check a file (a `Path`, or a string naming an existing file) or a text.

    A string that looks like a path but names no file raises `ReadError` rather than being
    checked as a one-line text; use `check_text` or `check_file` to say which you mean.
    ``limits``: what the check accepts (default `Limits.from_env`; docs/limits.md); past one,
    `LimitExceeded` is raised.
    """
    if isinstance(source, Path) or ("\n" not in source and _is_file(source)):
        return check_file(source, library, progress, judge, limits)
    if looks_like_path(source):
        raise ReadError(
            f"{source.strip()}: no such file (to check this string as text, call citeproof.check_text)"
        )
    return check_text(source, library, progress, judge, limits)

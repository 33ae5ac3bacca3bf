"""One way to open a library from what a user typed: ``--library``, a re-run audit, the server.

A spec is one of:

- nothing (None or ``""``) or ``default``: ``$CITEPROOF_LIBRARY`` if set, else the
  bundled sample;
- ``citeproof-us-sample`` (`DEFAULT_NAME`): the bundled sample, whatever the environment says;
- ``sqlite:PATH``: the library file at PATH;
- ``courtlistener``: the default library, then CourtListener's REST API for what it cannot
  settle (what ``check --courtlistener`` asks): its address and token from the environment
  (``COURTLISTENER_API_URL``, ``COURTLISTENER_API_TOKEN``), its cache from the config file
  (`citeproof.library.courtlistener.config`);
- any other PATH: the library file there (a name that is neither one of the above nor an
  existing file, and has no directory or suffix to be a path, is an error).

A name wins over a file of the same name (write ``./courtlistener`` or ``sqlite:courtlistener``
for the file). A spec that names nothing raises `LibraryError` with one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from citeproof.core.protocols import Library, LibraryError
from citeproof.library.default import DEFAULT_NAME, bundled_library, default_library
from citeproof.library.sqlite import SQLiteLibrary

Kind = Literal["default", "bundled", "file", "courtlistener"]
SQLITE_PREFIX = "sqlite:"
_NAMES: dict[str, Kind] = {"default": "default", DEFAULT_NAME: "bundled", "courtlistener": "courtlistener"}
FILE_FORMS = f"a library file, sqlite:PATH, default or {DEFAULT_NAME}"
FORMS = f"a library file, sqlite:PATH, default, {DEFAULT_NAME} or courtlistener"


@dataclass(frozen=True, slots=True)
class LibrarySpec:
    """What a spec names: a kind, and the file for ``file``."""

    kind: Kind
    path: Path | None = None


def parse_spec(spec: str | Path | None) -> LibrarySpec:
    """What ``spec`` names (see the module's docstring); `LibraryError` when it names nothing."""
    if isinstance(spec, Path):
        return LibrarySpec("file", spec)
    if not spec:
        return LibrarySpec("default")
    if spec in _NAMES:
        return LibrarySpec(_NAMES[spec])
    if spec.startswith(SQLITE_PREFIX):
        if spec == SQLITE_PREFIX:
            raise LibraryError(f"{spec!r} names no file: write sqlite:PATH")
        return LibrarySpec("file", Path(spec.removeprefix(SQLITE_PREFIX)))
    path = Path(spec)
    if path.exists() or len(path.parts) > 1 or path.suffix:
        return LibrarySpec("file", path)  # a missing file is said by SQLiteLibrary, as before
    raise LibraryError(f"no library {spec!r}: give {FORMS}")


def open_library(spec: str | Path | None = None) -> Library:
    """The library ``spec`` names, opened (the bundled one built on first use)."""
    parsed = parse_spec(spec)
    if parsed.kind == "courtlistener":
        from citeproof.library.courtlistener.config import with_courtlistener

        return with_courtlistener(default_library(), True)
    return _local(parsed)


def open_library_file(spec: str | Path | None = None) -> SQLiteLibrary:
    """The local library file ``spec`` names, for what needs the file itself (a batch's
    workers, ``library info``, building a benchmark): every spec but ``courtlistener``."""
    parsed = parse_spec(spec)
    if parsed.kind == "courtlistener":
        raise LibraryError(f"courtlistener is a remote library; this needs {FILE_FORMS}")
    return _local(parsed)


def _local(spec: LibrarySpec) -> SQLiteLibrary:
    if spec.path is not None:
        return SQLiteLibrary(spec.path)
    return bundled_library() if spec.kind == "bundled" else default_library()

"""Libraries of real case law: the `Library` seam and its backends."""

from citeproof.core.protocols import CasePages, Library, LibraryError
from citeproof.library.default import default_library
from citeproof.library.registry import open_library
from citeproof.library.sqlite import SQLiteLibrary

__all__ = ["CasePages", "Library", "LibraryError", "SQLiteLibrary", "default_library", "open_library"]

"""Libraries of real case law: the `Library` seam and its backends."""

from .base import CasePages, Library, LibraryError
from .default import default_library, open_library
from .sqlite import SQLiteLibrary

__all__ = ["CasePages", "Library", "LibraryError", "SQLiteLibrary", "default_library",
           "open_library"]

"""`citeproof serve`: a page that shows a checked brief, and the REST API under /api/v1."""

from citeproof.web.app import create_app

__all__ = ["create_app"]
